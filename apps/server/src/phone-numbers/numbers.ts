import {
  and,
  asc,
  eq,
  inArray,
  isNull,
  ne,
  notInArray,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  agentDisplayName as displayName,
  numberChannels,
  numberInUseMessage,
  phoneMessages,
  type NumberChannel,
  type PhoneNumberWire,
} from '@parley/api-client';
import type { Db } from '../db/client';
import { agents, member, phoneNumbers } from '../db/schema';
import { HttpError, notFound } from '../lib/http';
import type { TelephonyProvider, WebhookTargets } from '../telephony/provider';

export type NumberRow = typeof phoneNumbers.$inferSelect;

/** The channels as people name them. */
const channelNames: Record<NumberChannel, string> = {
  voice: 'voice',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};

/** The columns of one channel's assignment. */
export function channelColumns(channel: NumberChannel) {
  switch (channel) {
    case 'voice':
      return { agent: phoneNumbers.voiceAgentName, at: phoneNumbers.voiceAssignedAt };
    case 'sms':
      return { agent: phoneNumbers.smsAgentName, at: phoneNumbers.smsAssignedAt };
    case 'whatsapp':
      return { agent: phoneNumbers.whatsappAgentName, at: phoneNumbers.whatsappAssignedAt };
  }
}

/** The values that set one channel's agent (null: unassign). */
export function channelSet(
  channel: NumberChannel,
  agentName: string | null,
  at: Date | null,
): Partial<typeof phoneNumbers.$inferInsert> {
  switch (channel) {
    case 'voice':
      return { voiceAgentName: agentName, voiceAssignedAt: at };
    case 'sms':
      return { smsAgentName: agentName, smsAssignedAt: at };
    case 'whatsapp':
      return { whatsappAgentName: agentName, whatsappAssignedAt: at };
  }
}

/** The agent a channel of the number is assigned to (null: none). */
export function channelAgentOf(row: NumberRow, channel: NumberChannel): string | null {
  return channel === 'voice'
    ? row.voiceAgentName
    : channel === 'sms'
      ? row.smsAgentName
      : row.whatsappAgentName;
}

const assignedAtOf = (row: NumberRow, channel: NumberChannel) =>
  channel === 'voice'
    ? row.voiceAssignedAt
    : channel === 'sms'
      ? row.smsAssignedAt
      : row.whatsappAssignedAt;

/** The number's agent for readers of one agent per number: voice, else SMS, else WhatsApp. */
export function mainChannel(row: NumberRow): NumberChannel | null {
  return numberChannels.find((c) => channelAgentOf(row, c)) ?? null;
}

/** Channel enabled on the number? */
export function channelEnabled(row: NumberRow, channel: NumberChannel): boolean {
  return channel === 'voice'
    ? row.voiceEnabled
    : channel === 'sms'
      ? row.smsEnabled
      : row.whatsappEnabled;
}

/** Any channel of the number has an agent. */
export const anyAgentSql = (
  t: {
    voiceAgentName: AnyColumn;
    smsAgentName: AnyColumn;
    whatsappAgentName: AnyColumn;
  } = phoneNumbers,
) =>
  sql`(${t.voiceAgentName} is not null or ${t.smsAgentName} is not null or ${t.whatsappAgentName} is not null)`;

const others = alias(phoneNumbers, 'other_org_number');

/**
 * A number of a shared account that another organization holds (has an agent on any channel).
 * Such a number is not offered to anyone else: it is left out of lists and refused (409).
 */
export const heldElsewhereSql = (): SQL =>
  sql`(${phoneNumbers.shared} and exists (select 1 from ${phoneNumbers} ${others} where ${others.shared} and ${others.provider} = ${phoneNumbers.provider} and ${others.providerAccount} = ${phoneNumbers.providerAccount} and ${others.phoneNumber} = ${phoneNumbers.phoneNumber} and ${others.organizationId} <> ${phoneNumbers.organizationId} and ${anyAgentSql(others)}))`;

const voiceAgents = alias(agents, 'voice_agent');
const smsAgents = alias(agents, 'sms_agent');
const whatsappAgents = alias(agents, 'whatsapp_agent');
const numberColumns = {
  number: phoneNumbers,
  voiceName: voiceAgents.name,
  smsName: smsAgents.name,
  whatsappName: whatsappAgents.name,
};
type Named = { voiceName: string | null; smsName: string | null; whatsappName: string | null };

export function numberToWire(row: NumberRow, names: Partial<Named> = {}): PhoneNumberWire {
  const agentOf = (channel: NumberChannel, name: string | null | undefined) => {
    const id = channelAgentOf(row, channel);
    return { id, name: id ? displayName({ id, name: name ?? null }) : null };
  };
  const voice = agentOf('voice', names.voiceName);
  const sms = agentOf('sms', names.smsName);
  const whatsapp = agentOf('whatsapp', names.whatsappName);
  const main = mainChannel(row);
  const first =
    main === 'voice' ? voice : main === 'sms' ? sms : main === 'whatsapp' ? whatsapp : null;
  return {
    phone_id: row.id,
    phone_number: row.phoneNumber,
    friendly_name: row.friendlyName,
    agent_id: first?.id ?? null,
    agent_name: first?.name ?? null,
    voice_agent_id: voice.id,
    voice_agent_name: voice.name,
    sms_agent_id: sms.id,
    sms_agent_name: sms.name,
    whatsapp_agent_id: whatsapp.id,
    whatsapp_agent_name: whatsapp.name,
    shared: row.shared,
    organization_id: row.organizationId,
    status: main ? 'assigned' : 'available',
    provider: row.provider as PhoneNumberWire['provider'],
    voice_enabled: row.voiceEnabled,
    sms_enabled: row.smsEnabled,
    whatsapp_enabled: row.whatsappEnabled,
    inbound_enabled: row.inboundEnabled,
    outbound_enabled: row.outboundEnabled,
    assigned_at: main ? (assignedAtOf(row, main)?.toISOString() ?? null) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Numbers with their agents' display names, for a condition. */
export async function selectNumbers(db: Db, where: SQL | undefined) {
  return db
    .select(numberColumns)
    .from(phoneNumbers)
    .leftJoin(voiceAgents, eq(voiceAgents.agentName, phoneNumbers.voiceAgentName))
    .leftJoin(smsAgents, eq(smsAgents.agentName, phoneNumbers.smsAgentName))
    .leftJoin(whatsappAgents, eq(whatsappAgents.agentName, phoneNumbers.whatsappAgentName))
    .where(where)
    .orderBy(asc(phoneNumbers.phoneNumber));
}

export interface ListOptions {
  /** Only numbers whose channel (default voice) has no agent. */
  availableOnly?: boolean;
  channel?: NumberChannel;
  /** Only numbers enabled for this channel. */
  enabledFor?: NumberChannel;
  /** Organizations the shared provider resources do not serve: their shared numbers are left out. */
  unservedOrgIds?: string[];
}

/**
 * The numbers of some organizations, by number. A number of a shared account held by another
 * organization is not listed (it is not theirs to use while held).
 */
export async function listNumbers(
  db: Db,
  orgIds: string[],
  options: ListOptions = {},
): Promise<PhoneNumberWire[]> {
  if (orgIds.length === 0) return [];
  const channel = options.channel ?? 'voice';
  const rows = await selectNumbers(
    db,
    and(
      inArray(phoneNumbers.organizationId, orgIds),
      options.availableOnly ? isNull(channelColumns(channel).agent) : undefined,
      options.enabledFor ? eq(enabledColumn(options.enabledFor), true) : undefined,
      options.unservedOrgIds?.length
        ? or(
            eq(phoneNumbers.shared, false),
            notInArray(phoneNumbers.organizationId, options.unservedOrgIds),
          )
        : undefined,
      sql`not ${heldElsewhereSql()}`,
    ),
  );
  return rows.map((r) => numberToWire(r.number, r));
}

export function enabledColumn(channel: NumberChannel) {
  return channel === 'voice'
    ? phoneNumbers.voiceEnabled
    : channel === 'sms'
      ? phoneNumbers.smsEnabled
      : phoneNumbers.whatsappEnabled;
}

/** A number of one of the user's organizations; anything else is 404. */
export async function findNumberForUser(db: Db, userId: string, phoneId: string) {
  const [row] = await db
    .select({ number: phoneNumbers })
    .from(phoneNumbers)
    .innerJoin(
      member,
      and(eq(member.organizationId, phoneNumbers.organizationId), eq(member.userId, userId)),
    )
    .where(eq(phoneNumbers.id, phoneId))
    .limit(1);
  if (!row) throw notFound('Phone number');
  return row;
}

export interface SyncResult {
  synced: number;
  added: number;
  removed: number;
  webhooksConfigured: number;
}

/**
 * Brings an organization's numbers in line with its provider: new numbers are added, flags and
 * names refreshed (assignments kept), numbers the provider no longer lists are removed. With
 * `webhooks`, each number's voice and messaging webhooks are pointed at this server first.
 */
export async function syncNumbers(
  db: Db,
  orgId: string,
  provider: TelephonyProvider,
  webhooks: WebhookTargets | null = null,
): Promise<SyncResult> {
  const listed = await provider.listNumbers();
  const webhooksConfigured = webhooks ? await provider.configureWebhooks(listed, webhooks) : 0;
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ phoneNumber: phoneNumbers.phoneNumber })
      .from(phoneNumbers)
      .where(and(eq(phoneNumbers.organizationId, orgId), eq(phoneNumbers.provider, provider.name)));
    const known = new Set(existing.map((r) => r.phoneNumber));
    const now = new Date();
    for (const n of listed) {
      const values = {
        providerAccount: provider.account,
        providerId: n.providerId,
        friendlyName: n.friendlyName,
        voiceEnabled: n.voice,
        smsEnabled: n.sms,
        whatsappEnabled: n.whatsapp,
        shared: provider.shared ?? false,
        updatedAt: now,
      };
      await tx
        .insert(phoneNumbers)
        .values({
          organizationId: orgId,
          provider: provider.name,
          phoneNumber: n.phoneNumber,
          ...values,
        })
        .onConflictDoUpdate({
          target: [phoneNumbers.organizationId, phoneNumbers.provider, phoneNumbers.phoneNumber],
          set: values,
        });
    }
    const keep = listed.map((n) => n.phoneNumber);
    // Gone from the provider, or left behind by another provider: no longer this org's numbers.
    const removed = await tx
      .delete(phoneNumbers)
      .where(
        and(
          eq(phoneNumbers.organizationId, orgId),
          keep.length
            ? or(
                ne(phoneNumbers.provider, provider.name),
                notInArray(phoneNumbers.phoneNumber, keep),
              )
            : undefined,
        ),
      )
      .returning({ id: phoneNumbers.id });
    return {
      synced: listed.length,
      added: listed.filter((n) => !known.has(n.phoneNumber)).length,
      removed: removed.length,
      webhooksConfigured,
    };
  });
}

/** A unique violation of the index that keeps a shared number with one organization. */
function isHolderConflict(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const err = e as { code?: string; constraint?: string; message?: string };
    if (err.code === '23505' && (err.constraint ?? err.message ?? '').includes('shared_holder'))
      return true;
    if (err.code === '23505' && !err.constraint) return true;
  }
  return false;
}

/** 409: the number of a shared account is held by another organization. */
export function numberInUse(field: string, phoneNumber: string) {
  return new HttpError(409, numberInUseMessage(field, phoneNumber), {
    code: 'number_in_use',
    issues: [{ field, message: `${phoneNumber} is in use by another organization` }],
  });
}

/** Whether another organization holds this number of a shared account. */
export async function isHeldElsewhere(db: Db, row: NumberRow): Promise<boolean> {
  if (!row.shared) return false;
  const [held] = await db
    .select({ id: phoneNumbers.id })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.id, row.id), heldElsewhereSql()))
    .limit(1);
  return Boolean(held);
}

/** 409 when another organization holds this number (sending from it, assigning it). */
export async function assertNotHeldElsewhere(db: Db, row: NumberRow, field = 'phone_number') {
  if (await isHeldElsewhere(db, row)) throw numberInUse(field, row.phoneNumber);
}

/**
 * Assigns an agent of the number's own organization (another organization's agent: 404) to the
 * given channels, each on its own (the others keep their agents). A number of a shared account
 * becomes this organization's until its last channel is unassigned; while another organization
 * holds it, 409 (the database's unique index decides a race between two organizations).
 */
export async function assignNumber(
  db: Db,
  row: NumberRow,
  agentName: string,
  channels: readonly NumberChannel[] = ['voice'],
  field = 'phone_number',
) {
  const [agent] = await db
    .select({ agentName: agents.agentName })
    .from(agents)
    .where(and(eq(agents.agentName, agentName), eq(agents.organizationId, row.organizationId)))
    .limit(1);
  if (!agent) throw notFound('Agent');
  // A channel the number does not have cannot be answered on it (a voice agent on an SMS-only
  // number would never be called): 400 naming the channel, nothing written.
  const missing = channels.filter((channel) => !channelEnabled(row, channel));
  if (missing.length)
    throw new HttpError(
      400,
      `${field}: ${row.phoneNumber} has no ${missing.map((c) => channelNames[c]).join(' or ')}`,
      {
        issues: [{ field, message: `has no ${missing.map((c) => channelNames[c]).join(' or ')}` }],
      },
    );
  await assertNotHeldElsewhere(db, row, field);
  const now = new Date();
  const set: Partial<typeof phoneNumbers.$inferInsert> = { updatedAt: now };
  for (const channel of channels) Object.assign(set, channelSet(channel, agent.agentName, now));
  try {
    await db.update(phoneNumbers).set(set).where(eq(phoneNumbers.id, row.id));
  } catch (error) {
    if (isHolderConflict(error)) throw numberInUse(field, row.phoneNumber);
    throw error;
  }
  return wireOf(db, row.id);
}

/** A number as the wire shows it (with its agents' names). */
export async function wireOf(db: Db, phoneId: string): Promise<PhoneNumberWire> {
  const [r] = await selectNumbers(db, eq(phoneNumbers.id, phoneId));
  if (!r) throw notFound('Phone number');
  return numberToWire(r.number, r);
}

/**
 * Unassigns one channel of the number (the others keep their agents). When the caller names the
 * agent, it must be the channel's (409 otherwise, nothing written); an unassigned channel stays so.
 * The last channel unassigned releases a shared number for other organizations.
 */
export async function unassignNumber(
  db: Db,
  row: NumberRow,
  agentName: string | null,
  channel: NumberChannel = 'voice',
) {
  const current = channelAgentOf(row, channel);
  if (agentName && current && current !== agentName) {
    throw new HttpError(409, 'agent_id: The number is assigned to another agent', {
      issues: [{ field: 'agent_id', message: 'The number is assigned to another agent' }],
    });
  }
  await db
    .update(phoneNumbers)
    .set({ ...channelSet(channel, null, null), updatedAt: new Date() })
    .where(eq(phoneNumbers.id, row.id));
  const wire = await wireOf(db, row.id);
  return {
    success: true as const,
    message: phoneMessages.unassigned(wire.phone_number),
    phone_number: wire,
  };
}

/**
 * The organization's numbers that may send on a channel (enabled for it, not answered by another
 * organization's agent on a shared number), by number: where a send tool picks its sender.
 */
export async function sendingNumbers(db: Db, orgId: string, channel: 'sms' | 'whatsapp') {
  return db
    .select()
    .from(phoneNumbers)
    .where(
      and(
        eq(phoneNumbers.organizationId, orgId),
        eq(enabledColumn(channel), true),
        sql`not ${heldElsewhereSql()}`,
      ),
    )
    .orderBy(asc(phoneNumbers.phoneNumber));
}
