import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * `@parley/api-client/call-token` — the token that lets the voice worker take one call.
 *
 * The server signs it (HMAC-SHA256 with PARLEY_WORKER_SECRET) when a call is offered to the
 * worker: into the TwiML of a phone call (the media stream's `<Parameter>`s: the phone stream
 * token) and into the LiveKit dispatch of a browser or widget call. It names the agent, the
 * organization, the caller (from, to, the call id, the room), expires, and carries a nonce: the
 * worker checks it before it takes the audio, then hands it to the server, which records the
 * nonce (a token is redeemed once, on any server process) and only then reads the call's agent.
 *
 * Node only (node:crypto): the server and the worker import it; the browser entry does not.
 */

/** The LiveKit worker that joins voice rooms: the server dispatches it, the worker registers under it. */
export const voiceWorkerName = 'parley-voice-agent';

/** The signed fields, in the order they are signed. Unused fields are ''. */
export const callTokenFields = [
  'transport',
  'agent_id',
  'organization_id',
  'call_id',
  'call_sid',
  'from',
  'to',
  'room',
  'caller',
  'expires',
  'nonce',
] as const;
export type CallTokenField = (typeof callTokenFields)[number];
export type CallTokenClaims = Record<CallTokenField, string>;
/** The claims and their signature: what travels (TwiML parameters, dispatch metadata, request body). */
export type CallToken = CallTokenClaims & { token: string };

/** A phone stream is connected by Twilio within seconds of the TwiML: 5 minutes is ample. */
export const phoneStreamTokenTtlSeconds = 5 * 60;
/** A browser call's token lives as long as its LiveKit access token (15 minutes). */
export const roomCallTokenTtlSeconds = 15 * 60;

const version = 'parley-call-token:v1';

function signature(secret: string, claims: CallTokenClaims): string {
  if (!secret) throw new Error('PARLEY_WORKER_SECRET is not set');
  const payload = JSON.stringify([version, ...callTokenFields.map((f) => claims[f])]);
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export interface SignCallTokenOptions {
  ttlSeconds: number;
  /** Now, in ms since the epoch (injectable for tests). */
  now?: number;
  /** The nonce (default: 16 random bytes, base64url). */
  nonce?: string;
}

/** Signs a call token: the given claims (others ''), an expiry `ttlSeconds` from now, a fresh nonce. */
export function signCallToken(
  secret: string,
  claims: Partial<Omit<CallTokenClaims, 'expires' | 'nonce'>> &
    Pick<CallTokenClaims, 'transport' | 'agent_id' | 'organization_id'>,
  options: SignCallTokenOptions,
): CallToken {
  const now = options.now ?? Date.now();
  const full = Object.fromEntries(callTokenFields.map((f) => [f, ''])) as CallTokenClaims;
  for (const f of callTokenFields) {
    const value = (claims as Partial<CallTokenClaims>)[f];
    if (value !== undefined) full[f] = value;
  }
  full.expires = String(Math.floor(now / 1000) + options.ttlSeconds);
  full.nonce = options.nonce ?? randomBytes(16).toString('base64url');
  return { ...full, token: signature(secret, full) };
}

export type CallTokenCheck =
  { ok: true; claims: CallToken } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

/** Why a call token was refused, in words (for logs and the `call_token: …` error). */
export const callTokenReasons: Record<Exclude<CallTokenCheck, { ok: true }>['reason'], string> = {
  malformed: 'is not a call token',
  signature: 'the signature does not match its fields',
  expired: 'has expired',
};

/**
 * Checks a call token's signature (constant time) and expiry. Any changed field breaks the
 * signature. Does not check the nonce: that is the server's, when the token is redeemed.
 */
export function verifyCallToken(
  secret: string,
  value: unknown,
  now: number = Date.now(),
): CallTokenCheck {
  if (!secret || !value || typeof value !== 'object') return { ok: false, reason: 'malformed' };
  const v = value as Record<string, unknown>;
  const claims = {} as CallToken;
  for (const f of [...callTokenFields, 'token'] as const) {
    const field = v[f] ?? '';
    if (typeof field !== 'string' || field.length > 256) return { ok: false, reason: 'malformed' };
    claims[f] = field;
  }
  if (!/^\d{1,12}$/.test(claims.expires) || !claims.nonce || !claims.agent_id)
    return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(signature(secret, claims));
  const given = Buffer.from(claims.token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'signature' };
  if (Number(claims.expires) * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

/** The fields and signature of a token, nothing else (e.g. from a stream's custom parameters). */
export function pickCallToken(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    [...callTokenFields, 'token'].map((f) => [f, value[f]]).filter(([, v]) => v !== undefined),
  );
}

/** A WebSocket call's token is accepted this long after it was issued (connect within a minute). */
export const streamCallTokenTtlSeconds = 60;

/** The longest encoded token a stream URL may carry (the fields are at most 256 characters each). */
const maxEncodedLength = 4096;

/** A call token as one URL-safe string (base64url of its JSON): the WebSocket stream's `?token=`. */
export function encodeCallToken(token: CallToken): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

/** The object an encoded token carries (then checked with verifyCallToken), or null. */
export function decodeCallToken(value: string | null | undefined): unknown {
  if (!value || value.length > maxEncodedLength || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
  try {
    return JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown;
  } catch {
    return null;
  }
}
