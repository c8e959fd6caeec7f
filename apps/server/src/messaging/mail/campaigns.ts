import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  fillTemplate,
  mailAddressPattern,
  type Campaign,
  type campaignCreateRequestSchema,
} from '@parley/api-client';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { mailboxes, mailCampaigns, mailSends, mailSuppressions } from '../../db/schema';
import { HttpError } from '../../lib/http';
import { csvRecords } from './csv';
import { ledgerFormsOf } from '../../privacy/ledger';
import type { MailboxRow } from './mailboxes';

type CampaignRow = typeof mailCampaigns.$inferSelect;
type CreateRequest = z.output<typeof campaignCreateRequestSchema>;

/** The recipients of a campaign request: validated, duplicates dropped (counted). */
export function campaignRecipients(body: CreateRequest) {
  const field = body.recipients_csv !== undefined ? 'recipients_csv' : 'recipients';
  let list: { email: string; fields: Record<string, string> }[];
  if (body.recipients_csv !== undefined) {
    const { header, records } = csvRecords(body.recipients_csv);
    const emailColumn = header.find((h) => h.toLowerCase() === 'email');
    if (!emailColumn) throw new HttpError(400, `${field}: needs a header row with an email column`);
    list = records.map((r) => ({ email: r[emailColumn] ?? '', fields: r }));
  } else list = body.recipients ?? [];
  if (!list.length) throw new HttpError(400, `${field}: has no recipients`);
  const seen = new Set<string>();
  const out: { email: string; fields: Record<string, string> }[] = [];
  let duplicates = 0;
  list.forEach((r, i) => {
    const row = body.recipients_csv !== undefined ? i + 2 : i + 1;
    const email = r.email.trim().toLowerCase();
    if (!mailAddressPattern.test(email))
      throw new HttpError(400, `${field}: row ${row}: "${r.email}" is not a valid email address`);
    const fields = { ...r.fields, email };
    for (const template of [body.subject, body.body]) {
      const { missing } = fillTemplate(template, fields);
      if (missing.length)
        throw new HttpError(
          400,
          `${field}: row ${row}: the field ${missing.map((m) => `{{${m}}}`).join(', ')} is empty or missing`,
        );
    }
    if (seen.has(email)) {
      duplicates++;
      return;
    }
    seen.add(email);
    out.push({ email, fields });
  });
  return { recipients: out, duplicates };
}

/** Due times spread at the campaign's rate (messages per minute) from `start`. */
export const dueAt = (start: Date, index: number, ratePerMinute: number) =>
  new Date(start.getTime() + Math.floor((index * 60_000) / ratePerMinute));

/** Creates a campaign and its sends; unsubscribed and bounced addresses are left out (counted). */
export async function createCampaign(
  db: Db,
  mailbox: MailboxRow,
  body: CreateRequest,
  baseUrl: string,
  now = new Date(),
) {
  const { recipients, duplicates } = campaignRecipients(body);
  const start = body.start_at ? new Date(body.start_at) : now;
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    // An erased person's unsubscribe is kept as a keyed hash (privacy/ledger.ts): matched too.
    const ledger = ledgerFormsOf(recipients.map((r) => r.email));
    const suppressed = await tx
      .select()
      .from(mailSuppressions)
      .where(
        and(
          eq(mailSuppressions.organizationId, mailbox.organizationId),
          inArray(mailSuppressions.emailAddress, ledger.forms),
        ),
      );
    const reasonOf = new Map(
      suppressed.map((s) => [ledger.valueOf.get(s.emailAddress) ?? s.emailAddress, s.reason]),
    );
    const kept = recipients.filter((r) => !reasonOf.has(r.email));
    const [campaign] = await tx
      .insert(mailCampaigns)
      .values({
        organizationId: mailbox.organizationId,
        mailboxId: mailbox.id,
        name: body.name,
        subject: body.subject,
        body: body.body,
        status: start > now ? 'scheduled' : 'running',
        ratePerMinute: body.rate_per_minute,
        startAt: start,
        total: kept.length,
        baseUrl,
        skipped: {
          duplicates,
          unsubscribed: suppressed.filter((s) => s.reason === 'unsubscribed').length,
          bounced: suppressed.filter((s) => s.reason === 'bounced').length,
        },
      })
      .returning();
    for (let i = 0; i < kept.length; i += 500)
      await tx.insert(mailSends).values(
        kept.slice(i, i + 500).map((r, j) => ({
          organizationId: mailbox.organizationId,
          mailboxId: mailbox.id,
          campaignId: campaign!.id,
          toAddress: r.email,
          fields: r.fields,
          dueAt: dueAt(start, i + j, body.rate_per_minute),
        })),
      );
    return campaign!;
  });
}

/** A campaign of the organization, else 404. */
export async function campaignOf(db: Db, orgId: string, id: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
    throw new HttpError(404, 'Campaign not found');
  const [row] = await db
    .select()
    .from(mailCampaigns)
    .where(and(eq(mailCampaigns.id, id), eq(mailCampaigns.organizationId, orgId)))
    .limit(1);
  if (!row) throw new HttpError(404, 'Campaign not found');
  return row;
}

/** Pause, resume (the rest re-spread from now at the rate) or cancel a campaign. */
export async function campaignAction(
  db: Db,
  campaign: CampaignRow,
  action: 'pause' | 'resume' | 'cancel',
  now = new Date(),
) {
  const allowed: Record<typeof action, CampaignRow['status'][]> = {
    pause: ['scheduled', 'running'],
    resume: ['paused'],
    cancel: ['scheduled', 'running', 'paused'],
  };
  if (!allowed[action].includes(campaign.status))
    throw new HttpError(409, `Campaign is ${campaign.status}: it cannot ${action}`);
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const status =
      action === 'pause' ? 'paused' : action === 'cancel' ? 'cancelled' : ('running' as const);
    await tx
      .update(mailCampaigns)
      .set({ status, updatedAt: now })
      .where(eq(mailCampaigns.id, campaign.id));
    if (action === 'cancel')
      await tx
        .update(mailSends)
        .set({ status: 'cancelled' })
        .where(and(eq(mailSends.campaignId, campaign.id), eq(mailSends.status, 'pending')));
    if (action === 'resume') {
      const pending = await tx
        .select({ id: mailSends.id })
        .from(mailSends)
        .where(and(eq(mailSends.campaignId, campaign.id), eq(mailSends.status, 'pending')))
        .orderBy(mailSends.dueAt);
      const start = campaign.startAt > now ? campaign.startAt : now;
      for (let i = 0; i < pending.length; i++)
        await tx
          .update(mailSends)
          .set({ dueAt: dueAt(start, i, campaign.ratePerMinute) })
          .where(eq(mailSends.id, pending[i]!.id));
    }
  });
}

/** A campaign with its progress, as the contract answers it. */
export async function campaignsToWire(db: Db, rows: CampaignRow[]): Promise<Campaign[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const counts = await db
    .select({
      campaignId: mailSends.campaignId,
      status: mailSends.status,
      bounced: sql<boolean>`${mailSends.lastError} = 'bounced'`,
      n: sql<number>`count(*)::int`,
    })
    .from(mailSends)
    .where(inArray(mailSends.campaignId, ids))
    .groupBy(mailSends.campaignId, mailSends.status, sql`${mailSends.lastError} = 'bounced'`);
  const replied = await db.execute(sql`
    SELECT s.campaign_id, count(DISTINCT s.id)::int AS n FROM mail_sends s
    JOIN messages m ON m.id = s.message_id
    JOIN messages r ON r.conversation_id = m.conversation_id
      AND r.direction = 'inbound' AND r.created_at > s.sent_at
    WHERE s.campaign_id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) AND s.status = 'sent'
    GROUP BY s.campaign_id`);
  const unsub = await db
    .select({ campaignId: mailSuppressions.campaignId, n: sql<number>`count(*)::int` })
    .from(mailSuppressions)
    .where(
      and(inArray(mailSuppressions.campaignId, ids), eq(mailSuppressions.reason, 'unsubscribed')),
    )
    .groupBy(mailSuppressions.campaignId);
  const repliedRows = (
    Array.isArray(replied) ? replied : (replied as { rows: unknown[] }).rows
  ) as { campaign_id: string; n: number }[];
  return rows.map((r) => {
    const mine = counts.filter((c) => c.campaignId === r.id);
    const sum = (pred: (c: (typeof mine)[number]) => boolean) =>
      mine.filter(pred).reduce((a, c) => a + Number(c.n), 0);
    return {
      id: r.id,
      name: r.name,
      from_email: '',
      subject: r.subject,
      body: r.body,
      status: r.status,
      rate_per_minute: r.ratePerMinute,
      start_at: r.startAt.toISOString(),
      total: r.total,
      progress: {
        queued: sum((c) => c.status === 'pending' || c.status === 'sending'),
        sent: sum((c) => c.status === 'sent'),
        failed: sum((c) => c.status === 'failed' && !c.bounced),
        bounced: sum((c) => c.status === 'failed' && Boolean(c.bounced)),
        replied: Number(repliedRows.find((x) => x.campaign_id === r.id)?.n ?? 0),
        unsubscribed: Number(unsub.find((u) => u.campaignId === r.id)?.n ?? 0),
      },
      skipped: r.skipped,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    };
  });
}

/** The organization's campaigns, newest first, with the from address filled. */
export async function listCampaigns(db: Db, orgId: string, id?: string) {
  const rows = await db
    .select({ campaign: mailCampaigns, from: mailboxes.emailAddress })
    .from(mailCampaigns)
    .innerJoin(mailboxes, eq(mailboxes.id, mailCampaigns.mailboxId))
    .where(and(eq(mailCampaigns.organizationId, orgId), id ? eq(mailCampaigns.id, id) : undefined))
    .orderBy(desc(mailCampaigns.createdAt))
    .limit(100);
  const wire = await campaignsToWire(
    db,
    rows.map((r) => r.campaign),
  );
  return wire.map((w, i) => ({ ...w, from_email: rows[i]!.from }));
}

// ---------- one-click unsubscribe (RFC 8058) ----------

const sign = (key: string, sendId: string) =>
  createHmac('sha256', key).update(`unsubscribe:${sendId}`).digest('base64url').slice(0, 32);

/** The signed unsubscribe link of one campaign mail (keyed by its mailbox's secret token). */
export const unsubscribeUrl = (baseUrl: string, mailbox: MailboxRow, sendId: string) =>
  `${baseUrl}/webhooks/mail/unsubscribe/${sendId}.${sign(mailbox.inboundToken, sendId)}`;

/** Checks a link's signature; unsubscribes its recipient from the organization's campaigns. */
export async function unsubscribe(db: Db, token: string): Promise<boolean> {
  const m = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m) return false;
  const [row] = await db
    .select({ send: mailSends, mailbox: mailboxes })
    .from(mailSends)
    .innerJoin(mailboxes, eq(mailboxes.id, mailSends.mailboxId))
    .where(eq(mailSends.id, m[1]!))
    .limit(1);
  if (!row) return false;
  const expected = Buffer.from(sign(row.mailbox.inboundToken, row.send.id));
  const given = Buffer.from(m[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  await db
    .insert(mailSuppressions)
    .values({
      organizationId: row.send.organizationId,
      emailAddress: row.send.toAddress,
      reason: 'unsubscribed',
      campaignId: row.send.campaignId,
    })
    .onConflictDoNothing();
  // Later mail of running campaigns to the address is not sent either.
  await db
    .update(mailSends)
    .set({ status: 'skipped', lastError: 'unsubscribed' })
    .where(
      and(
        eq(mailSends.organizationId, row.send.organizationId),
        eq(mailSends.toAddress, row.send.toAddress),
        eq(mailSends.status, 'pending'),
        sql`${mailSends.campaignId} is not null`,
      ),
    );
  return true;
}
