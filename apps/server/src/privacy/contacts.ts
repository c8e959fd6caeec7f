import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import isEmail from 'validator/lib/isEmail';
import type { ContactErasure, ContactExport, ContactKind, ContactRef } from '@parley/api-client';
import type { Db } from '../db/client';
import {
  conversations,
  doNotCall,
  mailMessages,
  mailOutbox,
  mailSends,
  mailSuppressions,
  messages,
  messagingOptOuts,
  scheduledEvents,
  telephonyOutbox,
} from '../db/schema';
import { HttpError } from '../lib/http';
import { rowsOf } from '../db/rows';
import { contactToken } from './ledger';

// A person's data (GDPR articles 15 and 17): everything the organization holds about one phone
// number, e-mail address or widget user id, as one JSON document, and its erasure.

export interface Contact extends ContactRef {
  /** The keyed hash of the normalized value (privacy/ledger.ts): what the audit log names. */
  token: string;
}

/** The longest contact accepted (an e-mail address is at most 320 characters). */
const maxContactChars = 320;

/**
 * What a contact in a path is: an e-mail address (lower case), a phone number in any format
 * (E.164, read with the organization's region), else a widget `user` id as given.
 */
export function parseContact(raw: string, region: CountryCode | null): Contact {
  const query = raw.trim();
  if (!query || query.length > maxContactChars)
    throw new HttpError(400, `contact: must be a phone number, an e-mail address or a user id`, {
      issues: [
        { field: 'contact', message: 'must be a phone number, an e-mail address or a user id' },
      ],
    });
  let kind: ContactKind = 'user';
  let normalized = query;
  if (query.includes('@') && isEmail(query)) {
    kind = 'email';
    normalized = query.toLowerCase();
  } else if (/^[\d\s()+.\-/]+$/.test(query)) {
    const phone = parsePhoneNumberFromString(query, region ?? undefined);
    if (phone?.isPossible()) {
      kind = 'phone';
      normalized = phone.number;
    }
  }
  return { query, kind, normalized, token: contactToken(normalized) };
}

/** The person's conversations: by their address on the channels that have one, or user id. */
function conversationsWhere(orgId: string, contact: Contact): SQL {
  const who =
    contact.kind === 'email'
      ? sql`lower(${conversations.endUser}) = ${contact.normalized}`
      : contact.kind === 'phone'
        ? inArray(conversations.endUser, [contact.normalized, `whatsapp:${contact.normalized}`])
        : eq(conversations.endUser, contact.normalized);
  return and(eq(conversations.organizationId, orgId), who)!;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Every conversation, message, call, scheduled call, consent record and outbox entry of the person. */
export async function exportContact(
  db: Db,
  orgId: string,
  contact: Contact,
): Promise<ContactExport> {
  const convs = await db
    .select()
    .from(conversations)
    .where(conversationsWhere(orgId, contact))
    .orderBy(asc(conversations.createdAt));
  const ids = convs.map((c) => c.id);
  const msgs = ids.length
    ? await db
        .select({
          message: messages,
          subject: mailMessages.subject,
          from: mailMessages.fromAddress,
          to: mailMessages.toAddress,
        })
        .from(messages)
        .leftJoin(mailMessages, eq(mailMessages.messageId, messages.id))
        .where(inArray(messages.conversationId, ids))
        .orderBy(asc(messages.createdAt))
    : [];
  const byConversation = new Map<string, typeof msgs>();
  for (const m of msgs) {
    const list = byConversation.get(m.message.conversationId) ?? [];
    list.push(m);
    byConversation.set(m.message.conversationId, list);
  }
  const phone = contact.kind === 'phone' ? contact.normalized : null;
  const email = contact.kind === 'email' ? contact.normalized : null;
  const consent = await consentOf(db, orgId, contact);
  const scheduled = phone
    ? await db
        .select()
        .from(scheduledEvents)
        .where(
          and(eq(scheduledEvents.organizationId, orgId), eq(scheduledEvents.recipientPhone, phone)),
        )
        .orderBy(asc(scheduledEvents.createdAt))
    : [];
  const outbox = [
    ...(phone
      ? (
          await db
            .select()
            .from(telephonyOutbox)
            .where(
              and(
                eq(telephonyOutbox.organizationId, orgId),
                or(eq(telephonyOutbox.toNumber, phone), eq(telephonyOutbox.fromNumber, phone)),
              ),
            )
        ).map((o) => ({
          id: o.id,
          kind: o.kind,
          from: o.fromNumber,
          to: o.toNumber,
          body: o.body,
          created_at: o.createdAt.toISOString(),
        }))
      : []),
    ...(email
      ? (
          await db
            .select()
            .from(mailOutbox)
            .where(
              and(
                eq(mailOutbox.organizationId, orgId),
                sql`lower(${mailOutbox.toAddress}) = ${email}`,
              ),
            )
        ).map((o) => ({
          id: o.id,
          kind: 'email',
          from: o.fromAddress,
          to: o.toAddress,
          body: o.body,
          created_at: o.createdAt.toISOString(),
        }))
      : []),
  ];
  return {
    contact: { query: contact.query, kind: contact.kind, normalized: contact.normalized },
    organization_id: orgId,
    exported_at: new Date().toISOString(),
    conversations: convs.map((c) => ({
      id: c.id,
      agent_name: c.agentName,
      channel: c.channel,
      end_user: c.endUser,
      agent_address: c.agentAddress,
      created_at: c.createdAt.toISOString(),
      updated_at: c.updatedAt.toISOString(),
      ended_at: iso(c.endedAt),
      ended_by: c.endedBy,
      end_reason: c.endReason,
      metadata: c.metadata,
      messages: (byConversation.get(c.id) ?? []).map(({ message: m, subject, from, to }) => ({
        id: m.id,
        role: m.role,
        direction: m.direction,
        author: m.author,
        content: m.content,
        status: m.status,
        created_at: m.createdAt.toISOString(),
        metadata: m.metadata,
        mail: from !== null ? { subject: subject ?? '', from: from ?? '', to: to ?? '' } : null,
      })),
    })),
    calls: convs
      .filter((c) => c.channel === 'voice')
      .map((c) => ({
        conversation_id: c.id,
        agent_name: c.agentName,
        direction: typeof c.metadata.direction === 'string' ? c.metadata.direction : null,
        started_at: c.createdAt.toISOString(),
        ended_at: iso(c.endedAt),
        ended_by: c.endedBy,
        end_reason: c.endReason,
        turns: byConversation.get(c.id)?.length ?? 0,
      })),
    scheduled_calls: scheduled.map((e) => ({
      id: e.id,
      agent_name: e.agentName,
      scheduled_time: e.scheduledTime.toISOString(),
      status: e.status,
      status_reason: e.statusReason,
      attempts: e.attempts as unknown as Array<Record<string, unknown>>,
      created_at: e.createdAt.toISOString(),
    })),
    consent,
    outbox,
  };
}

/** The person's do-not-call, STOP and unsubscribe records (plain or already hashed). */
async function consentOf(db: Db, orgId: string, contact: Contact) {
  const forms = [contact.normalized, contact.token];
  const out: ContactExport['consent'] = [];
  if (contact.kind === 'phone') {
    for (const r of await db
      .select()
      .from(doNotCall)
      .where(and(eq(doNotCall.organizationId, orgId), inArray(doNotCall.phoneNumber, forms))))
      out.push({
        kind: 'do_not_call',
        channel: 'voice',
        our_address: null,
        detail: r.reason,
        created_at: r.createdAt.toISOString(),
      });
    for (const r of await db
      .select()
      .from(messagingOptOuts)
      .where(
        and(eq(messagingOptOuts.organizationId, orgId), inArray(messagingOptOuts.endUser, forms)),
      ))
      out.push({
        kind: 'messaging_opt_out',
        channel: r.channel,
        our_address: r.ourNumber,
        detail: r.keyword,
        created_at: r.createdAt.toISOString(),
      });
  }
  if (contact.kind === 'email')
    for (const r of await db
      .select()
      .from(mailSuppressions)
      .where(
        and(
          eq(mailSuppressions.organizationId, orgId),
          inArray(mailSuppressions.emailAddress, forms),
        ),
      ))
      out.push({
        kind: 'mail_suppression',
        channel: 'email',
        our_address: null,
        detail: r.reason,
        created_at: r.createdAt.toISOString(),
      });
  return out;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const count = (rows: unknown[]) => rows.length;

/**
 * Erases the person: their conversations (with every message, mail field, queued reply, hold and
 * read mark: cascades), scheduled calls to their number, outbox entries, pending mail sends; their
 * do-not-call, STOP and unsubscribe records keep only the keyed hash, so they are never contacted.
 * One transaction.
 */
export async function eraseContact(
  db: Db,
  orgId: string,
  contact: Contact,
): Promise<ContactErasure> {
  const erased = await db.transaction(async (tx) => {
    const convs = await tx
      .select({ id: conversations.id, channel: conversations.channel })
      .from(conversations)
      .where(conversationsWhere(orgId, contact));
    const ids = convs.map((c) => c.id);
    const [{ n: messageCount } = { n: 0 }] = ids.length
      ? await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(messages)
          .where(inArray(messages.conversationId, ids))
      : [];
    if (ids.length) await tx.delete(conversations).where(inArray(conversations.id, ids));
    const phone = contact.kind === 'phone' ? contact.normalized : null;
    const email = contact.kind === 'email' ? contact.normalized : null;
    let scheduled = 0;
    let outbox = 0;
    let sends = 0;
    if (phone) {
      scheduled = count(
        await tx
          .delete(scheduledEvents)
          .where(
            and(
              eq(scheduledEvents.organizationId, orgId),
              eq(scheduledEvents.recipientPhone, phone),
            ),
          )
          .returning({ id: scheduledEvents.id }),
      );
      outbox += count(
        await tx
          .delete(telephonyOutbox)
          .where(
            and(
              eq(telephonyOutbox.organizationId, orgId),
              or(eq(telephonyOutbox.toNumber, phone), eq(telephonyOutbox.fromNumber, phone)),
            ),
          )
          .returning({ id: telephonyOutbox.id }),
      );
    }
    if (email) {
      outbox += count(
        await tx
          .delete(mailOutbox)
          .where(
            and(
              eq(mailOutbox.organizationId, orgId),
              sql`lower(${mailOutbox.toAddress}) = ${email}`,
            ),
          )
          .returning({ id: mailOutbox.id }),
      );
      sends = count(
        await tx
          .delete(mailSends)
          .where(
            and(eq(mailSends.organizationId, orgId), sql`lower(${mailSends.toAddress}) = ${email}`),
          )
          .returning({ id: mailSends.id }),
      );
    }
    return {
      conversations: ids.length,
      messages: Number(messageCount),
      calls: convs.filter((c) => c.channel === 'voice').length,
      scheduled_calls: scheduled,
      outbox,
      mail_sends: sends,
      consent_records_hashed: await hashLedger(tx, orgId, contact),
    };
  });
  return {
    contact: { query: contact.query, kind: contact.kind, normalized: contact.normalized },
    erased,
  };
}

/**
 * The person's ledger entries keep their keyed hash instead of the number or address: each plain
 * row is copied under the hash (kept once when one is already there) and removed.
 */
async function hashLedger(tx: Tx, orgId: string, contact: Contact): Promise<number> {
  const { normalized: value, token } = contact;
  const moved = async (statement: SQL) => Number(rowsOf(await tx.execute(statement))[0]?.n ?? 0);
  let n = 0;
  if (contact.kind === 'phone') {
    n += await moved(sql`
      WITH gone AS (
        DELETE FROM do_not_call WHERE organization_id = ${orgId} AND phone_number = ${value}
        RETURNING organization_id, reason, created_at),
      kept AS (
        INSERT INTO do_not_call (organization_id, phone_number, reason, created_at)
        SELECT organization_id, ${token}, reason, created_at FROM gone
        ON CONFLICT DO NOTHING)
      SELECT count(*)::int AS n FROM gone`);
    n += await moved(sql`
      WITH gone AS (
        DELETE FROM messaging_opt_outs WHERE organization_id = ${orgId} AND end_user = ${value}
        RETURNING organization_id, channel, our_number, keyword, created_at),
      kept AS (
        INSERT INTO messaging_opt_outs (organization_id, channel, our_number, end_user, keyword, created_at)
        SELECT organization_id, channel, our_number, ${token}, keyword, created_at FROM gone
        ON CONFLICT DO NOTHING)
      SELECT count(*)::int AS n FROM gone`);
  }
  if (contact.kind === 'email')
    n += await moved(sql`
      WITH gone AS (
        DELETE FROM mail_suppressions
          WHERE organization_id = ${orgId} AND lower(email_address) = ${value}
        RETURNING organization_id, reason, campaign_id, created_at),
      kept AS (
        INSERT INTO mail_suppressions (organization_id, email_address, reason, campaign_id, created_at)
        SELECT organization_id, ${token}, reason, campaign_id, created_at FROM gone
        ON CONFLICT DO NOTHING)
      SELECT count(*)::int AS n FROM gone`);
  return n;
}
