import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { mailCampaigns, mailSends } from '../../db/schema';
import type { PreparedCampaign } from './campaignRequest';
import type { MailboxRow } from './mailboxes';
import { ledgerForms } from '../../privacy/ledger';

/**
 * Creating a campaign of up to 100,000 recipients without stalling the server. Its request was
 * read and validated in the mail worker thread (campaignRequest.ts); here its batches go into
 * the database one statement each (200 recipients: one JSON parameter, so no statement nears
 * PostgreSQL's 65,535 parameters, and on PGlite no statement holds the event loop long), with the
 * event loop running between them. Each statement leaves out the organization's unsubscribed and
 * bounced addresses (counted) and spreads the due times at the campaign's rate. It is not one
 * long transaction: the campaign stays 'preparing' (never sent, not listed) until all its
 * recipients are in, and is removed if that fails.
 */
export async function createCampaign(
  db: Db,
  mailbox: MailboxRow,
  prepared: PreparedCampaign,
  baseUrl: string,
  now = new Date(),
) {
  const { request } = prepared;
  const start = request.start_at ? new Date(request.start_at) : now;
  const [campaign] = await db
    .insert(mailCampaigns)
    .values({
      organizationId: mailbox.organizationId,
      mailboxId: mailbox.id,
      name: request.name,
      subject: request.subject,
      body: request.body,
      status: 'preparing',
      ratePerMinute: request.rate_per_minute,
      startAt: start,
      baseUrl,
    })
    .returning();
  const id = campaign!.id;
  let total = 0;
  const skipped = { duplicates: prepared.duplicates, unsubscribed: 0, bounced: 0 };
  try {
    for (const packed of prepared.batches) {
      // An erased person's unsubscribe is kept as a keyed hash (privacy/ledger.ts): each address
      // carries its erased form too ('h'), matched beside the address itself.
      const batch = JSON.stringify(
        (JSON.parse(packed) as { e: string; f: unknown }[]).map((r) => ({
          ...r,
          h: ledgerForms(r.e)[1] ?? null,
        })),
      );
      const [row] = rowsOf(
        await db.execute(sql`
          WITH input AS (
            SELECT r->>'e' AS e, r->>'h' AS h, r->'f' AS f, o
            FROM jsonb_array_elements(${batch}::jsonb) WITH ORDINALITY AS x(r, o)
          ), suppressed AS (
            SELECT input.o, s.reason FROM input
            JOIN mail_suppressions s
              ON s.organization_id = ${mailbox.organizationId}
             AND (s.email_address = input.e OR s.email_address = input.h)
          ), kept AS (
            SELECT e, f, row_number() OVER (ORDER BY o) - 1 AS i FROM input
            WHERE o NOT IN (SELECT o FROM suppressed)
          ), inserted AS (
            INSERT INTO mail_sends (organization_id, mailbox_id, campaign_id, to_address, fields, due_at)
            SELECT ${mailbox.organizationId}, ${mailbox.id}::uuid, ${id}::uuid, e, f,
                   ${start.toISOString()}::timestamptz + floor((${total} + i) * 60000 / ${request.rate_per_minute}::numeric)::float8 * interval '1 millisecond'
            FROM kept
            RETURNING 1
          )
          SELECT (SELECT count(*) FROM inserted)::int AS inserted,
                 (SELECT count(*) FROM suppressed WHERE reason = 'unsubscribed')::int AS unsubscribed,
                 (SELECT count(*) FROM suppressed WHERE reason = 'bounced')::int AS bounced`),
      );
      total += Number(row?.inserted ?? 0);
      skipped.unsubscribed += Number(row?.unsubscribed ?? 0);
      skipped.bounced += Number(row?.bounced ?? 0);
      await yieldToLoop();
    }
    const [ready] = await db
      .update(mailCampaigns)
      .set({
        status: start > now ? 'scheduled' : 'running',
        total,
        skipped,
        updatedAt: new Date(),
      })
      .where(eq(mailCampaigns.id, id))
      .returning();
    return ready!;
  } catch (error) {
    await db.delete(mailSends).where(eq(mailSends.campaignId, id));
    await db.delete(mailCampaigns).where(eq(mailCampaigns.id, id));
    throw error;
  }
}
