import { Hono, type Context } from 'hono';
import {
  createScheduledRequestSchema,
  doNotCallRequestSchema,
  sandboxOutcomeRequestSchema,
  scheduledListQuerySchema,
  schedulingSettingsSchema,
  updateScheduledRequestSchema,
} from '@parley/api-client';
import type { AppEnv, Services } from '../lib/env';
import { check, HttpError, readJson } from '../lib/http';
import {
  managers,
  membershipsOf,
  requireMembership,
  requireRole,
  type Membership,
} from '../lib/tenancy';
import { telephonyFor } from '../telephony/resolve';
import type { TwilioOptions } from '../telephony/twilio';
import type { Clock } from './clock';
import {
  createEvent,
  deleteEvent,
  findEvent,
  listEvents,
  requireFuture,
  toWire,
  updateEvent,
} from './events';
import {
  addDoNotCall,
  getSettings,
  listDoNotCall,
  listSandboxOutcomes,
  putSettings,
  removeDoNotCall,
  resumeDialing,
  setSandboxOutcome,
} from './settings';
import { listOptOuts } from './optOutList';
import { resolveOrgAgentName } from '../agents/agentKey';

/** The organization named by id or by name, among the user's own; else 404. */
export async function orgOf(services: Pick<Services, 'db'>, userId: string, org: string) {
  try {
    return await requireMembership(services.db, userId, org);
  } catch (error) {
    const byName = (await membershipsOf(services.db, userId)).find((m) => m.orgName === org);
    if (byName) return byName;
    throw error;
  }
}

/**
 * Changing the settings, Resume and removing a number from the do-not-call list are the owner's
 * and admins' (403 naming the roles, as every route of docs/roles.md); every member reads them.
 */
async function requireManager(db: Services['db'], userId: string, m: Membership, action: string) {
  await requireRole(db, userId, m.orgId, managers, action);
}

/**
 * Scheduled outbound calls (spec channels-and-shell §7) under /voice/scheduled: create, update,
 * list with filters, delete; the organization's dialling settings and breaker, its do-not-call
 * list and the sandbox's outcome control.
 */
export function scheduledRoutes(
  services: Services,
  options: { clock: Clock; wake?: () => void; twilioOptions?: TwilioOptions },
) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  app.use('*', services.requireSession);
  const now = () => options.clock.now();
  const userOrg = (c: Context<AppEnv>) => orgOf(services, c.get('user').id, c.req.param('org')!);
  const userOrgIds = async (c: Context<AppEnv>) =>
    (await membershipsOf(db, c.get('user').id)).map((m) => m.orgId);

  app.post('/create', async (c) => {
    const body = await readJson(c, createScheduledRequestSchema);
    const scheduledTime = new Date(body.scheduled_time);
    requireFuture(scheduledTime, now());
    const { orgId } = await orgOf(services, c.get('user').id, body.organization_id);
    // The agent's id, or its name (the prefix §3 keys agents by); stored by its id.
    const agentName = await resolveOrgAgentName(db, orgId, body.agent_id);
    const row = await createEvent(db, {
      orgId,
      agentName,
      recipientPhone: body.recipient_phone,
      scheduledTime,
      flexibleTimeMinutes: body.flexible_time_minutes,
      maxRetries: body.max_retries,
      messageTemplate: body.message_template?.trim() || null,
    });
    options.wake?.();
    return c.json(toWire(row), 201);
  });

  app.put('/:id', async (c) => {
    const body = await readJson(c, updateScheduledRequestSchema);
    const row = await findEvent(db, await userOrgIds(c), c.req.param('id'));
    const agentId = body.agent_id
      ? await resolveOrgAgentName(db, row.organizationId, body.agent_id)
      : undefined;
    const updated = await updateEvent(db, row, { ...body, agent_id: agentId }, now());
    options.wake?.();
    return c.json(toWire(updated));
  });

  app.delete('/:id', async (c) => {
    const row = await findEvent(db, await userOrgIds(c), c.req.param('id'));
    const result = await deleteEvent(db, row);
    return c.json({ success: true, scheduled_id: row.id, ...result });
  });

  app.get('/organization/:org/schedules', async (c) => {
    const query = check(scheduledListQuerySchema, c.req.query(), 'query');
    const { orgId } = await userOrg(c);
    const [{ rows, total }, settings, telephony] = await Promise.all([
      listEvents(db, orgId, query),
      getSettings(db, orgId),
      telephonyFor(services, orgId, options.twilioOptions),
    ]);
    return c.json({
      scheduled_events: rows.map(toWire),
      total,
      dialing_paused: settings.dialing_paused,
      sandbox: telephony.status.sandbox,
    });
  });

  app.get('/organization/:org/settings', async (c) => {
    const m = await userOrg(c);
    return c.json(await getSettings(db, m.orgId));
  });
  app.put('/organization/:org/settings', async (c) => {
    const body = await readJson(c, schedulingSettingsSchema);
    if (body.calling_window_start === body.calling_window_end)
      throw new HttpError(
        400,
        'calling_window_end: must be another time than the start (the window would never open)',
      );
    const m = await userOrg(c);
    await requireManager(db, c.get('user').id, m, 'change dialling settings');
    const saved = await putSettings(db, m.orgId, body);
    options.wake?.();
    return c.json(saved);
  });
  app.post('/organization/:org/resume', async (c) => {
    const m = await userOrg(c);
    await requireManager(db, c.get('user').id, m, 'resume dialling');
    const saved = await resumeDialing(db, m.orgId);
    options.wake?.();
    return c.json(saved);
  });

  app.get('/organization/:org/do-not-call', async (c) => {
    const { orgId } = await userOrg(c);
    const [numbers, optOuts] = await Promise.all([
      listDoNotCall(db, orgId),
      listOptOuts(db, orgId),
    ]);
    return c.json({ numbers, opt_outs: optOuts });
  });
  app.post('/organization/:org/do-not-call', async (c) => {
    const body = await readJson(c, doNotCallRequestSchema);
    const { orgId } = await userOrg(c);
    await addDoNotCall(db, orgId, body.phone_number, body.reason ?? '');
    return c.json({ numbers: await listDoNotCall(db, orgId) });
  });
  app.delete('/organization/:org/do-not-call/:number', async (c) => {
    const m = await userOrg(c);
    await requireManager(db, c.get('user').id, m, 'remove numbers from the do-not-call list');
    await removeDoNotCall(db, m.orgId, c.req.param('number'));
    return c.json({ numbers: await listDoNotCall(db, m.orgId) });
  });

  app.get('/organization/:org/sandbox-outcomes', async (c) => {
    const { orgId } = await userOrg(c);
    return c.json({ outcomes: await listSandboxOutcomes(db, orgId) });
  });
  app.put('/organization/:org/sandbox-outcomes', async (c) => {
    const body = await readJson(c, sandboxOutcomeRequestSchema);
    const { orgId } = await userOrg(c);
    const { status } = await telephonyFor(services, orgId, options.twilioOptions);
    if (!status.sandbox)
      throw new HttpError(409, 'outcome: the organization dials through Twilio, not the sandbox');
    await setSandboxOutcome(db, orgId, body.phone_number, body.outcome);
    return c.json({ outcomes: await listSandboxOutcomes(db, orgId) });
  });
  return app;
}
