import { Hono, type Context } from 'hono';
import { and, eq, inArray } from 'drizzle-orm';
import {
  toValidationError,
  webhookCreateRequestSchema,
  webhookDeliveriesQuerySchema,
  webhookLimits,
  webhookUpdateRequestSchema,
  auditSecretMask,
} from '@parley/api-client';
import { agents, webhooks } from '../db/schema';
import type { AppEnv, Services } from '../lib/env';
import { HttpError, readJson } from '../lib/http';
import { managers, requireMembership, requireRole } from '../lib/tenancy';
import { deliveryLimits, webhookAllowHosts } from './config';
import { newSigningSecret } from './secret';
import {
  countWebhooks,
  listDeliveries,
  listWebhooks,
  replayDelivery,
  sendTest,
  tooMany,
  updateWebhook,
  webhookOf,
  webhookWire,
  type WebhookChanges,
} from './store';
import { checkWebhookUrl } from './urlCheck';
import type { Db } from '../db/client';
import { audit, changesBetween } from '../audit/log';

const action = 'manage webhooks';

/** A URL for the audit log: its query (it may hold a token) as '••••', credentials left out. */
function auditedUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}${u.search ? `?${auditSecretMask}` : ''}`;
  } catch {
    return auditSecretMask;
  }
}

/** What the audit log keeps of a webhook (never its signing secret). */
const audited = (w: ReturnType<typeof webhookWire>) => ({
  url: auditedUrl(w.url),
  events: w.events,
  agent_names: w.agent_names,
  description: w.description,
  enabled: w.enabled,
});

/** The delivery log's query string; bad → 400 naming the field. */
function deliveriesQuery(c: Context) {
  const parsed = webhookDeliveriesQuerySchema.safeParse(c.req.query());
  if (parsed.success) return parsed.data;
  const body = toValidationError(parsed.error);
  throw new HttpError(400, body.error, { issues: body.issues });
}

/** Agent names that are not agents of the organization → 400 naming the first. */
async function checkAgentNames(db: Db, orgId: string, names: string[] | null | undefined) {
  if (!names?.length) return null;
  const unique = [...new Set(names)];
  const found = await db
    .select({ name: agents.agentName })
    .from(agents)
    .where(and(eq(agents.organizationId, orgId), inArray(agents.agentName, unique)));
  const known = new Set(found.map((f) => f.name));
  const missing = unique.find((n) => !known.has(n));
  if (missing !== undefined) {
    const message = `There is no agent named ${JSON.stringify(missing)} in this organization`;
    throw new HttpError(400, `agent_names: ${message}`, {
      issues: [{ field: 'agent_names', message }],
    });
  }
  return unique;
}

/**
 * /api/org/{orgId}/webhooks (session): the organization's endpoints and their delivery logs.
 * Any member sees them (never a secret); owners and admins create, change, delete, test,
 * rotate and replay (docs/roles.md).
 */
export function webhookRoutes(services: Services) {
  const { db, secrets, env } = services;
  const allowHost = webhookAllowHosts(env);
  const app = new Hono<AppEnv>();
  app.use('*', services.requireSession);
  const userOf = (c: Context<AppEnv>) => c.get('user').id;
  const member = (c: Context<AppEnv>) => requireMembership(db, userOf(c), c.req.param('orgId')!);
  const manager = (c: Context<AppEnv>) =>
    requireRole(db, userOf(c), c.req.param('orgId')!, managers, action);
  const hookOf = (c: Context<AppEnv>, orgId: string) => webhookOf(db, orgId, c.req.param('id')!);

  app.get('/:orgId/webhooks', async (c) => {
    const { orgId } = await member(c);
    return c.json({ webhooks: (await listWebhooks(db, orgId)).map(webhookWire) });
  });

  app.post('/:orgId/webhooks', async (c) => {
    const { orgId } = await manager(c);
    const body = await readJson(c, webhookCreateRequestSchema);
    const url = await checkWebhookUrl(body.url, allowHost);
    const agentNames = await checkAgentNames(db, orgId, body.agent_names);
    if ((await countWebhooks(db, orgId)) >= webhookLimits.perOrganization) throw tooMany();
    const secret = newSigningSecret();
    const [row] = await db
      .insert(webhooks)
      .values({
        organizationId: orgId,
        url,
        events: body.events,
        agentNames,
        description: body.description ?? '',
        secret: secrets.encrypt(secret),
        createdBy: userOf(c),
      })
      .returning();
    await audit(c, services, orgId, {
      action: 'webhook.create',
      target: { type: 'webhook', id: row!.id },
      changes: changesBetween(null, audited(webhookWire(row!))),
    });
    return c.json({ webhook: { ...webhookWire(row!), secret } }, 201);
  });

  app.get('/:orgId/webhooks/:id', async (c) => {
    const { orgId } = await member(c);
    return c.json({ webhook: webhookWire(await hookOf(c, orgId)) });
  });

  app.put('/:orgId/webhooks/:id', async (c) => {
    const { orgId } = await manager(c);
    const hook = await hookOf(c, orgId);
    const body = await readJson(c, webhookUpdateRequestSchema);
    const changes: WebhookChanges = {};
    if (body.url !== undefined) changes.url = await checkWebhookUrl(body.url, allowHost);
    if (body.events !== undefined) changes.events = body.events;
    if (body.agent_names !== undefined)
      changes.agentNames = await checkAgentNames(db, orgId, body.agent_names);
    if (body.description !== undefined) changes.description = body.description;
    if (body.enabled !== undefined) changes.enabled = body.enabled;
    const updated = webhookWire(await updateWebhook(db, hook, changes));
    await audit(c, services, orgId, {
      action: 'webhook.update',
      target: { type: 'webhook', id: hook.id },
      changes: changesBetween(audited(webhookWire(hook)), audited(updated)),
    });
    return c.json({ webhook: updated });
  });

  app.delete('/:orgId/webhooks/:id', async (c) => {
    const { orgId } = await manager(c);
    const hook = await hookOf(c, orgId);
    await db.delete(webhooks).where(eq(webhooks.id, hook.id));
    await audit(c, services, orgId, {
      action: 'webhook.delete',
      target: { type: 'webhook', id: hook.id },
      changes: changesBetween(audited(webhookWire(hook)), null),
    });
    return c.json({ success: true });
  });

  app.post('/:orgId/webhooks/:id/test', async (c) => {
    const { orgId } = await manager(c);
    const delivery = await sendTest(db, await hookOf(c, orgId));
    return c.json({ delivery }, 202);
  });

  app.post('/:orgId/webhooks/:id/rotate-secret', async (c) => {
    const { orgId } = await manager(c);
    const hook = await hookOf(c, orgId);
    const secret = newSigningSecret();
    const [row] = await db
      .update(webhooks)
      .set({
        secret: secrets.encrypt(secret),
        // The old secret signs too for a day, so receivers can switch without losing events.
        previousSecret: hook.secret,
        previousSecretUntil: new Date(Date.now() + deliveryLimits.previousSecretMs),
        updatedAt: new Date(),
      })
      .where(eq(webhooks.id, hook.id))
      .returning();
    await audit(c, services, orgId, {
      action: 'webhook.rotate_secret',
      target: { type: 'webhook', id: hook.id },
      changes: [{ field: 'secret', before: auditSecretMask, after: auditSecretMask }],
    });
    return c.json({ webhook: { ...webhookWire(row!), secret } });
  });

  app.get('/:orgId/webhooks/:id/deliveries', async (c) => {
    const { orgId } = await member(c);
    const hook = await hookOf(c, orgId);
    return c.json(await listDeliveries(db, hook.id, deliveriesQuery(c)));
  });

  app.post('/:orgId/webhooks/:id/deliveries/:deliveryId/replay', async (c) => {
    const { orgId } = await manager(c);
    const hook = await hookOf(c, orgId);
    const delivery = await replayDelivery(db, hook, c.req.param('deliveryId'));
    return c.json({ delivery }, 202);
  });

  return app;
}
