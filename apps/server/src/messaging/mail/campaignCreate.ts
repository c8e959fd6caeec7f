import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import {
  campaignCreateRequestSchema,
  campaignMaxRecipients,
  campaignRecipientSchema,
  controlCharacters,
  mailAddressPattern,
  templateFields,
  toValidationError,
} from '@parley/api-client';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { mailCampaigns, mailSends } from '../../db/schema';
import { HttpError } from '../../lib/http';
import { dueAt } from './campaigns';
import { csvRecords } from './csv';
import type { MailboxRow } from './mailboxes';

/**
 * Creating a campaign of up to 100,000 recipients without stalling the server: the recipients
 * are validated in slices (2,000 at a time) with the event loop running between them, checked
 * against the suppressions and inserted in batches of 500 (one JSON parameter per batch, so no
 * statement nears PostgreSQL's 65,535 parameters), outside one long transaction: the campaign
 * stays 'preparing' (never sent, not listed) until all its recipients are in.
 */

type CreateRequest = z.output<typeof campaignCreateRequestSchema>;
interface Recipient {
  email: string;
  fields: Record<string, string>;
}

/** Recipients validated between two yields to the event loop. */
const slice = 2000;
/** Recipients per insert statement (and per suppression lookup). */
export const insertBatch = 500;

const recipientsSchema = z.array(campaignRecipientSchema);
const short = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}…` : text);

/**
 * A campaign request's fields validated with the contract's schema; a `recipients` list is
 * validated apart, 2,000 at a time (400 naming the first bad field: `recipients.12.email`).
 */
export async function readCampaignRequest(fields: Record<string, unknown>): Promise<CreateRequest> {
  const list = fields.recipients;
  const parse = (value: unknown) => {
    const parsed = campaignCreateRequestSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    const body = toValidationError(parsed.error);
    throw new HttpError(400, body.error, { issues: body.issues });
  };
  if (!Array.isArray(list)) return parse(fields);
  if (list.length > campaignMaxRecipients)
    throw new HttpError(
      400,
      `recipients: must be at most ${campaignMaxRecipients.toLocaleString('en-US')} recipients`,
    );
  const body = parse({ ...fields, recipients: [] });
  const recipients: Recipient[] = [];
  for (let i = 0; i < list.length; i += slice) {
    const parsed = recipientsSchema.safeParse(list.slice(i, i + slice));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const [index, ...rest] = issue.path;
      const field = ['recipients', Number(index) + i, ...rest].map(String).join('.');
      throw new HttpError(400, `${field}: ${issue.message}`);
    }
    recipients.push(...parsed.data);
    await yieldToLoop();
  }
  return { ...body, recipients };
}

/**
 * The recipients of a campaign request: validated (an address, the fields its placeholders
 * need, no control characters), duplicates dropped (counted); 400 naming the first bad row.
 */
export async function campaignRecipients(body: CreateRequest) {
  const csv = body.recipients_csv !== undefined;
  const field = csv ? 'recipients_csv' : 'recipients';
  let list: Recipient[];
  if (body.recipients_csv !== undefined) {
    const { header, records } = await csvRecords(body.recipients_csv);
    const emailColumn = header.find((h) => h.toLowerCase() === 'email');
    if (!emailColumn) throw new HttpError(400, `${field}: needs a header row with an email column`);
    list = records.map((r) => ({ email: r[emailColumn] ?? '', fields: r }));
  } else list = body.recipients ?? [];
  if (!list.length) throw new HttpError(400, `${field}: has no recipients`);
  if (list.length > campaignMaxRecipients)
    throw new HttpError(
      400,
      `${field}: has ${list.length.toLocaleString('en-US')} recipients; at most ${campaignMaxRecipients.toLocaleString('en-US')}`,
    );
  // The placeholders once (not the whole template again for every recipient).
  const needed = templateFields(`${body.subject}\n${body.body}`);
  const seen = new Set<string>();
  const out: Recipient[] = [];
  let duplicates = 0;
  for (let i = 0; i < list.length; i++) {
    if (i && i % slice === 0) await yieldToLoop();
    const r = list[i]!;
    const row = csv ? i + 2 : i + 1;
    const email = r.email.trim().toLowerCase();
    if (!mailAddressPattern.test(email) || controlCharacters.test(email))
      throw new HttpError(
        400,
        `${field}: row ${row}: "${short(r.email)}" is not a valid email address`,
      );
    const fields: Record<string, string> = { ...r.fields, email };
    const missing = needed.filter((name) => !fields[name]);
    if (missing.length)
      throw new HttpError(
        400,
        `${field}: row ${row}: the field ${missing.map((m) => `{{${m}}}`).join(', ')} is empty or missing`,
      );
    for (const [name, value] of Object.entries(fields))
      if (controlCharacters.test(value) || controlCharacters.test(name))
        throw new HttpError(
          400,
          `${field}: row ${row}: the field ${short(name)} must not contain control characters`,
        );
    if (seen.has(email)) {
      duplicates++;
      continue;
    }
    seen.add(email);
    out.push({ email, fields });
  }
  return { recipients: out, duplicates };
}

/** The organization's suppressed addresses among `emails` (looked up 500 at a time). */
async function suppressedAmong(db: Db, orgId: string, emails: string[]) {
  const reasonOf = new Map<string, 'unsubscribed' | 'bounced'>();
  for (let i = 0; i < emails.length; i += insertBatch) {
    const rows = rowsOf(
      await db.execute(sql`
        SELECT email_address, reason FROM mail_suppressions
        WHERE organization_id = ${orgId}
          AND email_address IN (SELECT jsonb_array_elements_text(${JSON.stringify(emails.slice(i, i + insertBatch))}::jsonb))`),
    );
    for (const r of rows)
      reasonOf.set(String(r.email_address), r.reason as 'unsubscribed' | 'bounced');
  }
  return reasonOf;
}

/** Creates a campaign and its sends; unsubscribed and bounced addresses are left out (counted). */
export async function createCampaign(
  db: Db,
  mailbox: MailboxRow,
  body: CreateRequest,
  baseUrl: string,
  now = new Date(),
) {
  const { recipients, duplicates } = await campaignRecipients(body);
  const start = body.start_at ? new Date(body.start_at) : now;
  const reasonOf = await suppressedAmong(
    db,
    mailbox.organizationId,
    recipients.map((r) => r.email),
  );
  const kept = recipients.filter((r) => !reasonOf.has(r.email));
  const reasons = [...reasonOf.values()];
  const [campaign] = await db
    .insert(mailCampaigns)
    .values({
      organizationId: mailbox.organizationId,
      mailboxId: mailbox.id,
      name: body.name,
      subject: body.subject,
      body: body.body,
      status: 'preparing',
      ratePerMinute: body.rate_per_minute,
      startAt: start,
      total: kept.length,
      baseUrl,
      skipped: {
        duplicates,
        unsubscribed: reasons.filter((r) => r === 'unsubscribed').length,
        bounced: reasons.filter((r) => r === 'bounced').length,
      },
    })
    .returning();
  try {
    for (let i = 0; i < kept.length; i += insertBatch) {
      const rows = kept.slice(i, i + insertBatch).map((r, j) => ({
        e: r.email,
        f: r.fields,
        d: dueAt(start, i + j, body.rate_per_minute).toISOString(),
      }));
      await db.execute(sql`
        INSERT INTO mail_sends (organization_id, mailbox_id, campaign_id, to_address, fields, due_at)
        SELECT ${mailbox.organizationId}, ${mailbox.id}::uuid, ${campaign!.id}::uuid,
               r->>'e', r->'f', (r->>'d')::timestamptz
        FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) AS x(r)`);
      await yieldToLoop();
    }
    const [ready] = await db
      .update(mailCampaigns)
      .set({ status: start > now ? 'scheduled' : 'running', updatedAt: new Date() })
      .where(eq(mailCampaigns.id, campaign!.id))
      .returning();
    return ready!;
  } catch (error) {
    await db.delete(mailSends).where(eq(mailSends.campaignId, campaign!.id));
    await db.delete(mailCampaigns).where(eq(mailCampaigns.id, campaign!.id));
    throw error;
  }
}
