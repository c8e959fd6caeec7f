import { Hono, type Context } from 'hono';
import {
  agentNameSchema,
  availableQuerySchema,
  channelQuerySchema,
  channelsQuerySchema,
  phoneIdSchema,
  humanizeMessage,
  phoneMessages,
  putAssignBodySchema,
  syncRequestSchema,
  unassignBodySchema,
} from '@parley/api-client';
import type { AppEnv, Services } from '../lib/env';
import { check, HttpError, readJson } from '../lib/http';
import { managers, membershipsOf, requireMembership, requireRole } from '../lib/tenancy';
import { requireMembershipByKey } from '../lib/orgKey';
import { sharedProvidersServe } from '../lib/sharedProviders';
import { publicUrlOf, telephonyFor } from '../telephony/resolve';
import { webhookTargets } from '../telephony/provider';
import type { TwilioOptions } from '../telephony/twilio';
import { resolveOrgAgentName } from '../agents/agentKey';
import {
  assignNumber,
  findNumberForUser,
  listNumbers,
  syncNumbers,
  unassignNumber,
} from './numbers';

/**
 * The voice backend's phone-number calls (spec channels-and-shell §7), under /voice/phone-numbers:
 * list by organization, available numbers, sync from the telephony provider, assign, and the
 * four unassign forms the console tries in order.
 */
export function phoneNumberRoutes(services: Services, twilioOptions: TwilioOptions = {}) {
  const { db, env } = services;
  const app = new Hono<AppEnv>();
  app.use('*', services.requireSession);

  /** Organizations among these that the shared provider resources do not serve. */
  const unserved = async (orgIds: string[]) => {
    const out: string[] = [];
    for (const id of orgIds) if (!(await sharedProvidersServe(db, env, id))) out.push(id);
    return out;
  };

  // The organization's id or its name serves as the key (§6).
  app.get('/organization/:org', async (c) => {
    const { orgId } = await requireMembershipByKey(db, c.get('user').id, c.req.param('org'));
    const { status } = await telephonyFor(services, orgId, twilioOptions);
    const numbers = await listNumbers(db, [orgId], {
      unservedOrgIds: status.shared?.served ? [] : [orgId],
    });
    return c.json({
      ...status,
      phone_numbers: numbers,
      count: numbers.length,
      total_count: numbers.length,
    });
  });

  app.get('/status/available', async (c) => {
    const query = check(availableQuerySchema, c.req.query(), 'query');
    const { channel } = check(channelQuerySchema, { channel: c.req.query('channel') }, 'query');
    const userId = c.get('user').id;
    const orgIds = query.organization_id
      ? [(await requireMembershipByKey(db, userId, query.organization_id)).orgId]
      : (await membershipsOf(db, userId)).map((m) => m.orgId);
    // Available for a channel: no agent on it, and the number has it (an SMS-only number is
    // never offered for voice).
    const numbers = await listNumbers(db, orgIds, {
      availableOnly: true,
      channel,
      enabledFor: channel ?? 'voice',
      unservedOrgIds: await unserved(orgIds),
    });
    return c.json({ phone_numbers: numbers, count: numbers.length, total_count: numbers.length });
  });

  app.post('/sync-all-providers', async (c) => {
    const body = await readJson(c, syncRequestSchema);
    const userId = c.get('user').id;
    const orgId = body.organization_id
      ? (await requireMembership(db, userId, body.organization_id)).orgId
      : (await membershipsOf(db, userId))[0]?.orgId;
    if (!orgId) throw new HttpError(404, 'Organization not found');
    await requireRole(db, userId, orgId, managers, 'sync numbers from the provider');
    const { provider, status } = await telephonyFor(services, orgId, twilioOptions);
    const publicUrl = publicUrlOf(env);
    const webhooks =
      provider.name === 'twilio' && publicUrl && body.configure_webhooks !== false
        ? webhookTargets(publicUrl)
        : null;
    let result;
    try {
      result = await syncNumbers(db, orgId, provider, webhooks);
    } catch (error) {
      services.logger.warn({ err: error, orgId }, 'phone number sync failed');
      // The spec's form, with the provider's reason in words ('Could not reach api.twilio.com',
      // not 'getaddrinfo ENOTFOUND api.twilio.com').
      const reason = humanizeMessage(error instanceof Error ? error.message : String(error));
      throw new HttpError(503, phoneMessages.syncFailedProvider(reason));
    }
    return c.json({
      success: true,
      message: phoneMessages.syncSuccess,
      organization_id: orgId,
      ...status,
      synced: result.synced,
      added: result.added,
      removed: result.removed,
      webhooks_configured: result.webhooksConfigured,
    });
  });

  const numberOf = async (c: Context<AppEnv>) => {
    const phoneId = check(phoneIdSchema, c.req.param('phoneId'), 'phone_id');
    return findNumberForUser(db, c.get('user').id, phoneId);
  };
  const agentParam = (c: Context<AppEnv>, name: string) =>
    check(agentNameSchema, c.req.param(name), 'agent_id');

  /** `?channel=` (voice, sms, whatsapp; default voice): the channel an unassign is about. */
  const channelOf = (c: Context<AppEnv>) =>
    check(channelQuerySchema, { channel: c.req.query('channel') }, 'query').channel ?? 'voice';
  /** `?channels=voice,sms` or `?channel=`: the channels an assign sets (default voice). */
  const channelsOf = (c: Context<AppEnv>) => {
    const q = check(
      channelsQuerySchema,
      { channel: c.req.query('channel'), channels: c.req.query('channels') },
      'query',
    );
    return q.channels ?? [q.channel ?? 'voice'];
  };
  const assigned = (wire: Awaited<ReturnType<typeof assignNumber>>) => ({
    success: true as const,
    message: phoneMessages.assigned(wire.phone_number),
    phone_number: wire,
  });

  app.post('/:phoneId/assign/:agentName', async (c) => {
    const key = check(agentNameSchema, c.req.param('agentName'), 'agent_name');
    const channels = channelsOf(c);
    const { number } = await numberOf(c);
    // The agent's id, or its name (the prefix §3 keys agents by).
    const agentName = await resolveOrgAgentName(db, number.organizationId, key);
    return c.json(assigned(await assignNumber(db, number, agentName, channels)));
  });

  // The four unassign forms (§7), in the order the console tries them; each unassigns one
  // channel (`?channel=`, default voice) and leaves the others' agents.
  app.post('/:phoneId/unassign/:agentId', async (c) => {
    const agentId = agentParam(c, 'agentId');
    const channel = channelOf(c);
    const { number } = await numberOf(c);
    return c.json(await unassignNumber(db, number, agentId, channel));
  });
  app.delete('/:phoneId/unassign/:agentId', async (c) => {
    const agentId = agentParam(c, 'agentId');
    const channel = channelOf(c);
    const { number } = await numberOf(c);
    return c.json(await unassignNumber(db, number, agentId, channel));
  });
  app.post('/:phoneId/unassign', async (c) => {
    const phoneId = check(phoneIdSchema, c.req.param('phoneId'), 'phone_id');
    const channel = channelOf(c);
    const body = await readJson(c, unassignBodySchema);
    const { number } = await findNumberForUser(db, c.get('user').id, phoneId);
    return c.json(await unassignNumber(db, number, body.agent_id, channel));
  });
  app.put('/:phoneId/assign', async (c) => {
    const phoneId = check(phoneIdSchema, c.req.param('phoneId'), 'phone_id');
    const channel = channelOf(c);
    const body = await readJson(c, putAssignBodySchema);
    const { number } = await findNumberForUser(db, c.get('user').id, phoneId);
    if (body.agent_id === null) return c.json(await unassignNumber(db, number, null, channel));
    const key = check(agentNameSchema, body.agent_id, 'agent_id');
    const agentName = await resolveOrgAgentName(db, number.organizationId, key);
    return c.json(assigned(await assignNumber(db, number, agentName, [channel])));
  });
  return app;
}
