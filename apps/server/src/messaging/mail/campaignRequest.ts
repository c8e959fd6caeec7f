import { setImmediate as yieldToLoop } from 'node:timers/promises';
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
import { HttpError } from '../../lib/http';
import { csvRecords } from './csv';

/**
 * A campaign request of up to 100,000 recipients read and validated (its JSON parsed, the
 * contract's schema, each recipient's address, fields and placeholders, duplicates dropped),
 * then packed into batches for the database: one JSON string per `insertBatch` recipients. This
 * runs in the mail worker thread (parsePool.ts: the 7 MB body and its 100,000 objects never
 * touch the server's event loop or heap); in a thread of its own it still yields every 2,000
 * recipients.
 */

type CreateRequest = z.output<typeof campaignCreateRequestSchema>;
interface Recipient {
  email: string;
  fields: Record<string, string>;
}

/** Recipients validated between two yields to the event loop. */
const slice = 2000;
/** Recipients per insert statement (PGlite runs each on the event loop: short statements). */
export const insertBatch = 200;

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

/** A campaign request without its recipients (they travel as `batches`). */
export type CampaignFields = Omit<CreateRequest, 'recipients' | 'recipients_csv'> & {
  organization_id?: string;
};

/** A campaign request read and validated, its recipients packed for the database. */
export interface PreparedCampaign {
  request: CampaignFields;
  /** Each a JSON array of `{ e: address, f: fields }`, `insertBatch` recipients at most. */
  batches: string[];
  /** Recipients after duplicates were dropped. */
  count: number;
  duplicates: number;
}

export type PrepareResult =
  | { prepared: PreparedCampaign }
  | { error: { status: HttpError['status']; message: string; issues?: unknown } };

/**
 * Reads a campaign request's raw body (JSON, else form fields) into a PreparedCampaign; bad
 * input comes back as `{ error }` (400 naming the field), as the route answers it.
 */
export async function prepareCampaign(input: {
  body: Uint8Array;
  json: boolean;
}): Promise<PrepareResult> {
  try {
    const text = Buffer.from(input.body.buffer, input.body.byteOffset, input.body.byteLength)
      .toString('utf8')
      .trim();
    let fields: Record<string, unknown> = {};
    if (text && input.json) {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw new HttpError(400, 'body: Malformed JSON');
      }
      if (!value || typeof value !== 'object' || Array.isArray(value))
        throw new HttpError(400, 'body: Malformed JSON');
      fields = value as Record<string, unknown>;
    } else if (text) fields = Object.fromEntries(new URLSearchParams(text));
    const body = await readCampaignRequest(fields);
    const { recipients, duplicates } = await campaignRecipients(body);
    const batches: string[] = [];
    for (let i = 0; i < recipients.length; i += insertBatch)
      batches.push(
        JSON.stringify(
          recipients.slice(i, i + insertBatch).map((r) => ({ e: r.email, f: r.fields })),
        ),
      );
    const { recipients: _list, recipients_csv: _csv, ...request } = body;
    const org = fields.organization_id;
    return {
      prepared: {
        request: { ...request, ...(typeof org === 'string' ? { organization_id: org } : {}) },
        batches,
        count: recipients.length,
        duplicates,
      },
    };
  } catch (error) {
    if (error instanceof HttpError)
      return {
        error: {
          status: error.status,
          message: error.message,
          ...(error.extra.issues ? { issues: error.extra.issues } : {}),
        },
      };
    throw error;
  }
}
