import { and, asc, eq, inArray, isNull, ne, notInArray, or } from 'drizzle-orm';
import {
  agentDisplayName as displayName,
  phoneMessages,
  type PhoneNumberWire,
} from '@parley/api-client';
import type { Db } from '../db/client';
import { agents, member, phoneNumbers } from '../db/schema';
import { HttpError, notFound } from '../lib/http';
import type { TelephonyProvider, WebhookTargets } from '../telephony/provider';

type NumberRow = typeof phoneNumbers.$inferSelect;

const numberColumns = { number: phoneNumbers, agentDisplayName: agents.name };

export function numberToWire(row: NumberRow, agentDisplayName: string | null): PhoneNumberWire {
  return {
    phone_id: row.id,
    phone_number: row.phoneNumber,
    friendly_name: row.friendlyName,
    agent_id: row.agentName,
    agent_name: row.agentName ? displayName({ id: row.agentName, name: agentDisplayName }) : null,
    organization_id: row.organizationId,
    status: row.agentName ? 'assigned' : 'available',
    provider: row.provider as PhoneNumberWire['provider'],
    voice_enabled: row.voiceEnabled,
    sms_enabled: row.smsEnabled,
    whatsapp_enabled: row.whatsappEnabled,
    inbound_enabled: row.inboundEnabled,
    outbound_enabled: row.outboundEnabled,
    assigned_at: row.assignedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The numbers of some organizations, by number; `availableOnly` keeps the unassigned ones. */
export async function listNumbers(
  db: Db,
  orgIds: string[],
  options: { availableOnly?: boolean } = {},
): Promise<PhoneNumberWire[]> {
  if (orgIds.length === 0) return [];
  const rows = await db
    .select(numberColumns)
    .from(phoneNumbers)
    .leftJoin(agents, eq(agents.agentName, phoneNumbers.agentName))
    .where(
      and(
        inArray(phoneNumbers.organizationId, orgIds),
        options.availableOnly ? isNull(phoneNumbers.agentName) : undefined,
      ),
    )
    .orderBy(asc(phoneNumbers.phoneNumber));
  return rows.map((r) => numberToWire(r.number, r.agentDisplayName));
}

/** A number of one of the user's organizations; anything else is 404. */
export async function findNumberForUser(db: Db, userId: string, phoneId: string) {
  const [row] = await db
    .select(numberColumns)
    .from(phoneNumbers)
    .innerJoin(
      member,
      and(eq(member.organizationId, phoneNumbers.organizationId), eq(member.userId, userId)),
    )
    .leftJoin(agents, eq(agents.agentName, phoneNumbers.agentName))
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

/** Assigns an agent of the number's own organization (another organization's agent: 404). */
export async function assignNumber(db: Db, row: NumberRow, agentName: string) {
  const [agent] = await db
    .select({ agentName: agents.agentName, name: agents.name })
    .from(agents)
    .where(and(eq(agents.agentName, agentName), eq(agents.organizationId, row.organizationId)))
    .limit(1);
  if (!agent) throw notFound('Agent');
  const [updated] = await db
    .update(phoneNumbers)
    .set({ agentName: agent.agentName, assignedAt: new Date(), updatedAt: new Date() })
    .where(eq(phoneNumbers.id, row.id))
    .returning();
  return numberToWire(updated!, agent.name);
}

/**
 * Unassigns the number. When the caller names the agent, it must be the one assigned
 * (409 otherwise, nothing written); an available number stays available.
 */
export async function unassignNumber(db: Db, row: NumberRow, agentName: string | null) {
  if (agentName && row.agentName && row.agentName !== agentName) {
    throw new HttpError(409, 'agent_id: The number is assigned to another agent', {
      issues: [{ field: 'agent_id', message: 'The number is assigned to another agent' }],
    });
  }
  const [updated] = await db
    .update(phoneNumbers)
    .set({ agentName: null, assignedAt: null, updatedAt: new Date() })
    .where(eq(phoneNumbers.id, row.id))
    .returning();
  return {
    success: true as const,
    message: phoneMessages.unassigned(updated!.phoneNumber),
    phone_number: numberToWire(updated!, null),
  };
}
