import { Piscina } from 'piscina';
import { MailRefusedError } from './mailLimits';
import type { InboundMail } from './inbound';
import type { ParseResult } from './parseWorker';
import type { PreparedCampaign, PrepareResult } from './campaignRequest';
import { HttpError } from '../../lib/http';

/**
 * Inbound mail is parsed in worker threads (mailparser on a 10 MB mail, the cut of a long quoted
 * history), and a campaign's recipients read there: the event loop keeps answering while four
 * large mails or a 100,000-recipient campaign arrive.
 * `PARLEY_MAIL_PARSE_THREADS` sets how many (default 1); at most `maxQueue` mails wait (each up
 * to 10 MB), beyond that a mail is answered 503 (the inbound URL) or read again later (IMAP).
 */
export const mailPoolDefaults = { threads: 1, maxQueue: 16, heapMb: 512 } as const;

/** Every parser is busy and the queue is full: try again in a moment. */
export class MailParserBusyError extends Error {}

let pool: Piscina | null = null;

function threads(value: string | undefined) {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 16 ? n : mailPoolDefaults.threads;
}

function mailParsePool(): Piscina {
  if (!pool)
    pool = new Piscina({
      filename: new URL('./parseWorker.mjs', import.meta.url).href,
      minThreads: 1,
      maxThreads: threads(process.env.PARLEY_MAIL_PARSE_THREADS),
      maxQueue: mailPoolDefaults.maxQueue,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: mailPoolDefaults.heapMb },
    });
  return pool;
}

/**
 * Parses a raw mail in a worker thread. A mail over the bounds throws MailRefusedError (with
 * its From and Subject as far as read); a full queue throws MailParserBusyError.
 */
export async function parseInWorker(
  raw: Buffer,
  options: { transfer?: boolean } = {},
): Promise<InboundMail> {
  // With `transfer`, a buffer that owns its memory moves to the worker (no copy: the caller
  // must not use it afterwards); otherwise, or for a slice of a larger one, it is copied.
  const own =
    options.transfer === true && raw.byteOffset === 0 && raw.byteLength === raw.buffer.byteLength;
  const bytes = own ? new Uint8Array(raw.buffer, 0, raw.byteLength) : new Uint8Array(raw);
  let result: ParseResult;
  try {
    result = (await mailParsePool().run(
      { raw: bytes },
      { name: 'parse', transferList: [bytes.buffer as ArrayBuffer] },
    )) as ParseResult;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/queue is at limit/i.test(message))
      throw new MailParserBusyError('The server is busy reading mail; try again in a moment');
    if (/out of memory|ERR_WORKER_OUT_OF_MEMORY/i.test(message))
      throw new MailRefusedError('the mail needs too much memory to read');
    throw error;
  }
  if ('refused' in result) {
    const refused = new MailRefusedError(result.refused.message, result.refused.status);
    refused.from = result.refused.from;
    refused.subject = result.refused.subject;
    throw refused;
  }
  return result.mail;
}

/**
 * Reads and validates a campaign request's raw body in a worker thread (campaignRequest.ts):
 * bad input throws the HttpError the route answers (400 naming the field).
 */
export async function prepareCampaignInWorker(
  body: Uint8Array,
  json: boolean,
): Promise<PreparedCampaign> {
  const own = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
  const bytes = own ? body : new Uint8Array(body);
  let result: PrepareResult;
  try {
    result = (await mailParsePool().run(
      { body: bytes, json },
      { name: 'prepareCampaign', transferList: [bytes.buffer as ArrayBuffer] },
    )) as PrepareResult;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/queue is at limit/i.test(message))
      throw new HttpError(503, 'The server is busy; try again in a moment', { retryAfter: 5 });
    throw error;
  }
  if ('error' in result)
    throw new HttpError(
      result.error.status,
      result.error.message,
      result.error.issues ? { issues: result.error.issues } : {},
    );
  return result.prepared;
}

/** Stops the parser threads (shutdown, tests). */
export async function closeMailParsePool(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.destroy();
}
