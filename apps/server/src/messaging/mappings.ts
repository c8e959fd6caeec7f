import { Hono, type Context } from 'hono';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import {
  receivingMappingRequestSchema,
  smsMessages,
  whatsappMappingRequestSchema,
  whatsappMappingMessages,
  type ReceivingMapping,
} from '@parley/api-client';
import type { AppEnv, Services } from '../lib/env';
import { HttpError } from '../lib/http';
import type { Db } from '../db/client';
import { agents, phoneNumbers } from '../db/schema';
import {
  assignNumber,
  channelAgentOf,
  channelColumns,
  channelSet,
  enabledColumn,
  heldElsewhereSql,
  type NumberRow,
} from '../phone-numbers/numbers';
import { orgOf, readFields, validate } from './routes';
import { agentOfMappingForm } from '../agents/store';
import { sql } from 'drizzle-orm';

type Channel = 'sms' | 'whatsapp';
type AgentRow = typeof agents.$inferSelect;

const channelLabel: Record<Channel, string> = { sms: 'SMS', whatsapp: 'WhatsApp' };
const words = {
  sms: {
    created: smsMessages.mappingCreated,
    updated: smsMessages.mappingUpdated,
    deleted: smsMessages.mappingDeleted,
  },
  whatsapp: whatsappMappingMessages,
} as const;

/** An Agent URL compared loosely: no trailing slash, no `/chat-messages`. */
const normalUrl = (url: string) =>
  url
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/chat-messages$/, '');

/**
 * The agent a mapping names: `agent_api_key` is the agent's key (its chatbot_key), and
 * `agent_url` its Agent URL (its chatbot_api) or `agent:{agent id}`. Only this organization's
 * agents: anything else is 400 naming the field, nothing written.
 */
async function agentOfMapping(
  db: Db,
  orgId: string,
  form: { agent_url: string; agent_api_key: string },
): Promise<AgentRow> {
  const { agent, named } = await agentOfMappingForm(db, orgId, form.agent_url, form.agent_api_key);
  if (!agent) {
    throw named
      ? new HttpError(400, "agent_url: is not one of this organization's agents")
      : new HttpError(400, "agent_api_key: is not the key of one of this organization's agents");
  }
  if (named) {
    if (agent.chatbotKey && agent.chatbotKey !== form.agent_api_key)
      throw new HttpError(400, "agent_api_key: is not this agent's key");
    return agent;
  }
  if (agent.chatbotApi && normalUrl(agent.chatbotApi) !== normalUrl(form.agent_url))
    throw new HttpError(400, "agent_url: is not this agent's Agent URL");
  return agent;
}

/** The organization's number enabled for the channel (400 naming receiving_number otherwise). */
async function receivingNumber(db: Db, orgId: string, channel: Channel, number: string) {
  const [row] = await db
    .select()
    .from(phoneNumbers)
    .where(
      and(
        eq(phoneNumbers.organizationId, orgId),
        eq(phoneNumbers.phoneNumber, number),
        eq(enabledColumn(channel), true),
      ),
    )
    .limit(1);
  if (!row)
    throw new HttpError(
      400,
      `receiving_number: is not one of this organization's ${channelLabel[channel]}-enabled numbers`,
    );
  return row;
}

/** A mapping by id (the number's id) of the organization, with an agent on the channel; else 404. */
async function mappingRow(db: Db, orgId: string, channel: Channel, id: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
    throw new HttpError(404, `${channelLabel[channel]} mapping not found`);
  const [row] = await db
    .select()
    .from(phoneNumbers)
    .where(
      and(
        eq(phoneNumbers.id, id),
        eq(phoneNumbers.organizationId, orgId),
        isNotNull(channelColumns(channel).agent),
      ),
    )
    .limit(1);
  if (!row) throw new HttpError(404, `${channelLabel[channel]} mapping not found`);
  return row;
}

function mappingToWire(row: NumberRow, channel: Channel, agent: AgentRow | null): ReceivingMapping {
  const at = channel === 'sms' ? row.smsAssignedAt : row.whatsappAssignedAt;
  const agentId = channelAgentOf(row, channel);
  return {
    id: row.id,
    receiving_number: row.phoneNumber,
    agent_url: agent?.chatbotApi || `agent:${agentId}`,
    agent_api_key: agent?.chatbotKey ?? '',
    agent_id: agentId,
    agent_name: agent ? (agent.name ?? agent.agentName) : null,
    phone_number_id: row.providerId,
    channel,
    created_at: at?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

async function mappingsOf(db: Db, orgId: string, channel: Channel) {
  const column = channelColumns(channel).agent;
  const rows = await db
    .select({ number: phoneNumbers, agent: agents })
    .from(phoneNumbers)
    .innerJoin(agents, eq(agents.agentName, column))
    .where(and(eq(phoneNumbers.organizationId, orgId), sql`not ${heldElsewhereSql()}`))
    .orderBy(asc(phoneNumbers.phoneNumber));
  return rows.map((r) => mappingToWire(r.number, channel, r.agent));
}

async function wireById(db: Db, orgId: string, channel: Channel, id: string) {
  const row = await mappingRow(db, orgId, channel, id);
  const [agent] = await db
    .select()
    .from(agents)
    .where(eq(agents.agentName, channelAgentOf(row, channel)!))
    .limit(1);
  return mappingToWire(row, channel, agent ?? null);
}

/**
 * §7's mapping calls under /messaging: list, create, update and delete the agent of a receiving
 * number for SMS (and list and create for WhatsApp). A mapping is one channel of one of the
 * organization's numbers (its id is the number's id); each channel is mapped on its own, so
 * mapping or deleting the SMS agent leaves the number's voice and WhatsApp agents as they are.
 */
export function mappingRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  app.use('*', services.requireSession);

  const create = async (c: Context<AppEnv>, channel: Channel) => {
    const fields = await readFields(c);
    const orgId = await orgOf(c, db, fields);
    const form = validate(
      channel === 'sms' ? receivingMappingRequestSchema : whatsappMappingRequestSchema,
      fields,
    );
    const agent = await agentOfMapping(db, orgId, form);
    const number = await receivingNumber(db, orgId, channel, form.receiving_number);
    await assignNumber(db, number, agent.agentName, [channel], 'receiving_number');
    return c.json({
      success: true,
      message: words[channel].created,
      data: await wireById(db, orgId, channel, number.id),
    });
  };

  for (const channel of ['sms', 'whatsapp'] as const) {
    app.get(`/${channel}/mappings`, async (c) => {
      const orgId = await orgOf(c, db);
      const mappings = await mappingsOf(db, orgId, channel);
      return c.json({ success: true, mappings, total_mappings: mappings.length });
    });
    app.post(`/${channel}/map-receiving-number-agent`, (c) => create(c, channel));

    app.post(`/${channel}/mappings/:id`, async (c) => {
      const fields = await readFields(c);
      const orgId = await orgOf(c, db, fields);
      const current = await mappingRow(db, orgId, channel, c.req.param('id'));
      const form = validate(
        channel === 'sms' ? receivingMappingRequestSchema : whatsappMappingRequestSchema,
        fields,
      );
      const agent = await agentOfMapping(db, orgId, form);
      const target =
        form.receiving_number === current.phoneNumber
          ? current
          : await receivingNumber(db, orgId, channel, form.receiving_number);
      await assignNumber(db, target, agent.agentName, [channel], 'receiving_number');
      // Moved to another number: the old number's channel is free again.
      if (target.id !== current.id)
        await db
          .update(phoneNumbers)
          .set({ ...channelSet(channel, null, null), updatedAt: new Date() })
          .where(eq(phoneNumbers.id, current.id));
      return c.json({
        success: true,
        message: words[channel].updated,
        data: await wireById(db, orgId, channel, target.id),
      });
    });

    app.delete(`/${channel}/mappings/:id`, async (c) => {
      const orgId = await orgOf(c, db);
      const row = await mappingRow(db, orgId, channel, c.req.param('id'));
      await db
        .update(phoneNumbers)
        .set({ ...channelSet(channel, null, null), updatedAt: new Date() })
        .where(eq(phoneNumbers.id, row.id));
      return c.json({ success: true, message: words[channel].deleted });
    });
  }
  return app;
}
