import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { HttpError } from '../lib/http';

/**
 * Sending limits per organization and channel: how many messages (SMS, WhatsApp, email) or
 * outbound calls one organization may send in a minute and in a day, so that no tenant sends
 * without bound through the operator's provider account. The count is read from the database
 * (what was sent in the window), so several server processes share it; a send is reserved under
 * a transaction-scoped advisory lock per organization and channel, so two concurrent sends
 * cannot both take the last place.
 *
 * Settings (per install): PARLEY_SEND_LIMIT_PER_MINUTE (default 60), PARLEY_SEND_LIMIT_PER_DAY
 * (default 1000), and PARLEY_SEND_LIMITS_BY_ORG, a JSON object that raises (or lowers) them for
 * named organizations: {"<organization id>": {"per_minute": 600, "per_day": 50000}}.
 */
export type SendChannel = 'sms' | 'whatsapp' | 'email' | 'call';
export const sendChannels: readonly SendChannel[] = ['sms', 'whatsapp', 'email', 'call'];

export interface SendLimit {
  perMinute: number;
  perDay: number;
}
export interface SendLimitsConfig {
  defaults: SendLimit;
  byOrg: ReadonlyMap<string, SendLimit>;
}
export const defaultSendLimit: SendLimit = { perMinute: 60, perDay: 1000 };

const count = z.coerce.number().int('must be a whole number').min(0, 'must be 0 or more');
const byOrgSchema = z.record(
  z.string().min(1),
  z.strictObject({ per_minute: count.optional(), per_day: count.optional() }),
);

/** The limits an install sets; a bad setting throws naming the variable (the server does not start). */
export function sendLimitsFromEnv(env: Record<string, string | undefined>): SendLimitsConfig {
  const read = (name: string, fallback: number) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const parsed = count.safeParse(raw);
    if (!parsed.success) throw new Error(`${name}: ${parsed.error.issues[0]!.message}`);
    return parsed.data;
  };
  const defaults = {
    perMinute: read('PARLEY_SEND_LIMIT_PER_MINUTE', defaultSendLimit.perMinute),
    perDay: read('PARLEY_SEND_LIMIT_PER_DAY', defaultSendLimit.perDay),
  };
  const byOrg = new Map<string, SendLimit>();
  const raw = env.PARLEY_SEND_LIMITS_BY_ORG?.trim();
  if (raw) {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new Error('PARLEY_SEND_LIMITS_BY_ORG: must be a JSON object');
    }
    const parsed = byOrgSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Error(`PARLEY_SEND_LIMITS_BY_ORG.${issue.path.join('.')}: ${issue.message}`);
    }
    for (const [org, limit] of Object.entries(parsed.data))
      byOrg.set(org, {
        perMinute: limit.per_minute ?? defaults.perMinute,
        perDay: limit.per_day ?? defaults.perDay,
      });
  }
  return { defaults, byOrg };
}

const configs = new WeakMap<object, SendLimitsConfig>();
/** The install's limits, read once per environment object. */
export function sendLimitsOf(env: Record<string, string | undefined>): SendLimitsConfig {
  let config = configs.get(env);
  if (!config) configs.set(env, (config = sendLimitsFromEnv(env)));
  return config;
}

export const limitFor = (config: SendLimitsConfig, orgId: string): SendLimit =>
  config.byOrg.get(orgId) ?? config.defaults;

/** What was sent in the windows ending now. */
export interface SendUsage {
  lastMinute: number;
  lastDay: number;
}

export type SendWindow = 'minute' | 'day';
export const windowMs: Record<SendWindow, number> = { minute: 60_000, day: 86_400_000 };

const nouns: Record<SendChannel, string> = {
  sms: 'SMS messages',
  whatsapp: 'WhatsApp messages',
  email: 'emails',
  call: 'calls',
};
const windowWords: Record<SendWindow, string> = { minute: 'per minute', day: 'per day' };

/** 'Sending limit reached: 60 SMS messages per minute for this organization. …' */
export function limitMessage(channel: SendChannel, window: SendWindow, limit: number) {
  return `Sending limit reached: ${limit} ${nouns[channel]} ${windowWords[window]} for this organization. Try again later, or ask the operator to raise the limit.`;
}

/** The window whose limit the usage has reached (the day's first), or null: one more may go. */
export function windowReached(limit: SendLimit, usage: SendUsage): SendWindow | null {
  if (usage.lastDay >= limit.perDay) return 'day';
  if (usage.lastMinute >= limit.perMinute) return 'minute';
  return null;
}

/**
 * Seconds until one more send fits in `window`: when the send that fills it (the limit-th newest,
 * sent at `filledAt`) leaves the window. At least 1.
 */
export function retryAfterSeconds(window: SendWindow, filledAt: Date | null, now: Date) {
  if (!filledAt) return Math.ceil(windowMs[window] / 1000);
  return Math.max(1, Math.ceil((filledAt.getTime() + windowMs[window] - now.getTime()) / 1000));
}

/** A refused send: 429 with Retry-After and the limit named. */
export class SendLimitError extends HttpError {
  constructor(
    readonly channel: SendChannel,
    readonly window: SendWindow,
    readonly limit: number,
    readonly retryAfter: number,
  ) {
    super(429, limitMessage(channel, window, limit), {
      retryAfter,
      code: 'send_limit',
      limit: { channel, window, max: limit },
    });
  }
}

/**
 * What an organization sent on a channel, as the database holds it: messages leaving on the
 * channel's threads (outbound, handed to the provider: a status set and not 'failed'), or, for
 * calls, the dials of scheduled events and other outbound voice conversations. `sentAt` is when each counts from.
 */
function sentRows(orgId: string, channel: SendChannel) {
  // Calls: every dial of a scheduled event (its attempts), and outbound calls placed otherwise.
  if (channel === 'call')
    return sql`SELECT (a->>'started_at')::timestamptz AS sent_at
        FROM scheduled_events e, jsonb_array_elements(e.attempts) a
        WHERE e.organization_id = ${orgId}
      UNION ALL
      SELECT c.created_at AS sent_at FROM conversations c
      WHERE c.organization_id = ${orgId} AND c.channel = 'voice'
        AND c.metadata->>'direction' = 'outbound' AND c.metadata->>'scheduled_id' IS NULL`;
  return sql`SELECT m.created_at AS sent_at FROM messages m
    JOIN conversations c ON c.id = m.conversation_id
    WHERE c.organization_id = ${orgId} AND c.channel = ${channel}
      AND m.direction = 'outbound' AND m.status IS NOT NULL AND m.status <> 'failed'`;
}

type Queryable = Pick<Db, 'execute'>;

/** The organization's sends on a channel in the last minute and the last day. */
export async function sendUsage(
  db: Queryable,
  orgId: string,
  channel: SendChannel,
  now = new Date(),
): Promise<SendUsage> {
  const minuteAgo = new Date(now.getTime() - windowMs.minute).toISOString();
  const dayAgo = new Date(now.getTime() - windowMs.day).toISOString();
  const [row] = rowsOf(
    await db.execute(sql`SELECT
        count(*) FILTER (WHERE s.sent_at > ${minuteAgo}::timestamptz) AS minute,
        count(*) AS day
      FROM (${sentRows(orgId, channel)}) s WHERE s.sent_at > ${dayAgo}::timestamptz`),
  );
  return { lastMinute: Number(row?.minute ?? 0), lastDay: Number(row?.day ?? 0) };
}

/** When the send that fills the window (its limit-th newest) was made. */
async function filledAt(
  db: Queryable,
  orgId: string,
  channel: SendChannel,
  window: SendWindow,
  limit: number,
  now: Date,
) {
  if (limit <= 0) return null;
  const since = new Date(now.getTime() - windowMs[window]).toISOString();
  const [row] = rowsOf(
    await db.execute(sql`SELECT s.sent_at FROM (${sentRows(orgId, channel)}) s
      WHERE s.sent_at > ${since}::timestamptz
      ORDER BY s.sent_at DESC OFFSET ${limit - 1} LIMIT 1`),
  );
  return row?.sent_at ? new Date(row.sent_at as string) : null;
}

/**
 * Checks the limit for one more send; throws SendLimitError (429) when it is reached. Call it
 * inside the transaction that records the send (see `reserveSend`) so the count stays true.
 */
export async function checkSendLimit(
  db: Queryable,
  config: SendLimitsConfig,
  orgId: string,
  channel: SendChannel,
  now = new Date(),
): Promise<SendUsage> {
  const limit = limitFor(config, orgId);
  const usage = await sendUsage(db, orgId, channel, now);
  const window = windowReached(limit, usage);
  if (window) {
    const max = window === 'day' ? limit.perDay : limit.perMinute;
    const at = await filledAt(db, orgId, channel, window, max, now);
    throw new SendLimitError(channel, window, max, retryAfterSeconds(window, at, now));
  }
  return usage;
}

/**
 * Holds the organization's and channel's send counter until the transaction ends: a send by
 * another process on the same organization and channel waits, so both cannot take the last place.
 */
export async function lockSendCounter(tx: Queryable, orgId: string, channel: SendChannel) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`send:${orgId}:${channel}`}))`);
}

/**
 * Reserves one send: in one transaction, holding the organization's and channel's advisory lock
 * (other processes' sends on it wait), checks the limit and runs `record`, which writes the row
 * that makes the send count (before the provider is called). Throws SendLimitError when over.
 */
export async function reserveSend<T>(
  db: Db,
  config: SendLimitsConfig,
  orgId: string,
  channel: SendChannel,
  record: (tx: Db) => Promise<T>,
  now = new Date(),
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockSendCounter(tx as unknown as Db, orgId, channel);
    await checkSendLimit(tx as unknown as Db, config, orgId, channel, now);
    return record(tx as unknown as Db);
  });
}

/** The organization's limits and usage on every channel (GET /messaging/send-limits). */
export async function sendLimitsReport(
  db: Db,
  config: SendLimitsConfig,
  orgId: string,
  now = new Date(),
) {
  const limit = limitFor(config, orgId);
  const channels = await Promise.all(
    sendChannels.map(async (channel) => {
      const usage = await sendUsage(db, orgId, channel, now);
      return {
        channel,
        per_minute: limit.perMinute,
        per_day: limit.perDay,
        sent_last_minute: usage.lastMinute,
        sent_last_day: usage.lastDay,
      };
    }),
  );
  return { organization_id: orgId, custom: config.byOrg.has(orgId), channels };
}
