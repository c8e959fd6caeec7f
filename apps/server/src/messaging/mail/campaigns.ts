import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Campaign } from '@parley/api-client';
import type { Db } from '../../db/client';
import { mailboxes, mailCampaigns, mailSends, mailSuppressions } from '../../db/schema';
import { HttpError } from '../../lib/http';

type CampaignRow = typeof mailCampaigns.$inferSelect;

/** Due times spread at the campaign's rate (messages per minute) from `start`. */
export const dueAt = (start: Date, index: number, ratePerMinute: number) =>
  new Date(start.getTime() + Math.floor((index * 60_000) / ratePerMinute));

/** The organization's campaigns (`more` narrows them); one still being prepared is none yet. */
const campaignsOf = (orgId: string, ...more: Array<SQL | undefined>) =>
  and(eq(mailCampaigns.organizationId, orgId), ne(mailCampaigns.status, 'preparing'), ...more);

/** A campaign of the organization, else 404. */
export async function campaignOf(db: Db, orgId: string, id: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
    throw new HttpError(404, 'Campaign not found');
  const [row] = await db
    .select()
    .from(mailCampaigns)
    .where(campaignsOf(orgId, eq(mailCampaigns.id, id)))
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
      // The rest re-spread from now at the rate, 1,000 rows per statement.
      const pending = await tx
        .select({ id: mailSends.id })
        .from(mailSends)
        .where(and(eq(mailSends.campaignId, campaign.id), eq(mailSends.status, 'pending')))
        .orderBy(mailSends.dueAt);
      const start = campaign.startAt > now ? campaign.startAt : now;
      for (let i = 0; i < pending.length; i += 1000) {
        const rows = pending.slice(i, i + 1000).map((p, j) => ({
          i: p.id,
          d: dueAt(start, i + j, campaign.ratePerMinute).toISOString(),
        }));
        await tx.execute(sql`
          UPDATE mail_sends s SET due_at = (x.r->>'d')::timestamptz
          FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) AS x(r)
          WHERE s.id = (x.r->>'i')::uuid`);
      }
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
      status: r.status === 'preparing' ? 'scheduled' : r.status,
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
    .where(campaignsOf(orgId, id ? eq(mailCampaigns.id, id) : undefined))
    .orderBy(desc(mailCampaigns.createdAt))
    .limit(100);
  const wire = await campaignsToWire(
    db,
    rows.map((r) => r.campaign),
  );
  return wire.map((w, i) => ({ ...w, from_email: rows[i]!.from }));
}
