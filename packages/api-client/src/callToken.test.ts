import { describe, expect, it } from 'vitest';
import {
  callTokenFields,
  decodeCallToken,
  encodeCallToken,
  phoneStreamTokenTtlSeconds,
  pickCallToken,
  signCallToken,
  verifyCallToken,
} from './callToken';

const secret = 'worker-secret-for-token-tests-0123456789';
const now = Date.parse('2026-11-25T12:00:00Z');
const phone = () =>
  signCallToken(
    secret,
    {
      transport: 'phone',
      agent_id: 'clinic_1',
      organization_id: 'org-1',
      call_id: '6f1c2b9e-5d0a-4f3e-9b7c-2a1d8e4f6c3b',
      call_sid: `CA${'a'.repeat(32)}`,
      from: '+15550001111',
      to: '+15550002222',
    },
    { ttlSeconds: phoneStreamTokenTtlSeconds, now },
  );

describe('call token (the phone stream token and the room dispatch token)', () => {
  it('signs every field with an expiry and a fresh nonce; verifies within its lifetime', () => {
    const a = phone();
    const b = phone();
    expect(a.expires).toBe(String(now / 1000 + 300));
    expect(a.nonce).not.toBe(b.nonce);
    expect(a.room).toBe('');
    expect(verifyCallToken(secret, a, now + 299_000)).toEqual({ ok: true, claims: a });
  });

  it('expires after 5 minutes', () => {
    const token = phone();
    expect(verifyCallToken(secret, token, now + 300_000)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it.each(callTokenFields)('a changed %s breaks the signature', (field) => {
    const token = phone();
    const changed = { ...token, [field]: field === 'expires' ? String(now / 1000 + 9999) : 'x' };
    expect(verifyCallToken(secret, changed, now)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses another secret, a changed signature and what is not a token', () => {
    const token = phone();
    expect(verifyCallToken('another-secret', token, now)).toMatchObject({ reason: 'signature' });
    // The first character changed (all six of its bits are the signature's; the last one's low
    // bits are padding, so changing it could leave the same bytes).
    const changed = `${token.token[0] === 'A' ? 'B' : 'A'}${token.token.slice(1)}`;
    expect(verifyCallToken(secret, { ...token, token: changed }, now)).toMatchObject({ ok: false });
    expect(verifyCallToken(secret, null, now)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyCallToken(secret, { ...token, expires: 'soon' }, now)).toMatchObject({
      reason: 'malformed',
    });
    expect(verifyCallToken(secret, { ...token, from: 42 }, now)).toMatchObject({
      reason: 'malformed',
    });
    expect(verifyCallToken('', token, now)).toMatchObject({ reason: 'malformed' });
  });

  it('reads a token from stream parameters, leaving other parameters out', () => {
    const token = phone();
    const parameters = Object.fromEntries(
      Object.entries({ ...token, extra: 'y' }).filter(([, v]) => v !== ''),
    );
    const picked = pickCallToken(parameters);
    expect(picked).not.toHaveProperty('extra');
    expect(verifyCallToken(secret, picked, now)).toEqual({ ok: true, claims: token });
  });

  it('travels in a stream URL as one base64url string; anything else decodes to null', () => {
    const token = phone();
    const encoded = encodeCallToken(token);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(verifyCallToken(secret, decodeCallToken(encoded), now)).toEqual({
      ok: true,
      claims: token,
    });
    expect(decodeCallToken(undefined)).toBeNull();
    expect(decodeCallToken('not/base64url')).toBeNull();
    expect(decodeCallToken(Buffer.from('{nope').toString('base64url'))).toBeNull();
    expect(decodeCallToken('a'.repeat(5000))).toBeNull();
  });
});
