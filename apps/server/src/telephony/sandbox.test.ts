import { describe, expect, it } from 'vitest';
import { defaultSandboxNumbers, parseSandboxNumbers, signSandboxRequest } from './sandbox';
import { createSandboxProvider } from './sandbox';
import type { Db } from '../db/client';

describe('sandbox numbers', () => {
  it('are stable for an organization, fictional (555-01xx), and cover every channel mix', () => {
    const a = defaultSandboxNumbers('org_a');
    expect(defaultSandboxNumbers('org_a')).toEqual(a);
    expect(a).toHaveLength(5);
    for (const n of a) {
      expect(n.phoneNumber).toMatch(/^\+1\d{3}5550(1\d\d)$/);
      expect(n.friendlyName).toMatch(/^\(\d{3}\) 555-01\d\d$/);
    }
    expect(a.map((n) => [n.voice, n.sms, n.whatsapp])).toEqual([
      [true, true, true],
      [true, true, false],
      [true, false, false],
      [false, true, true],
      [false, false, true],
    ]);
    expect(new Set(a.map((n) => n.providerId)).size).toBe(5);
  });

  it('PARLEY_SANDBOX_NUMBERS sets the numbers and their channels', () => {
    const list = parseSandboxNumbers(
      '+14155550101:voice,sms; +442071838750:whatsapp;+15005550006',
      'org',
    );
    expect(list.map((n) => [n.phoneNumber, n.voice, n.sms, n.whatsapp, n.friendlyName])).toEqual([
      ['+14155550101', true, true, false, '(415) 555-0101'],
      ['+442071838750', false, false, true, '+442071838750'],
      ['+15005550006', true, true, true, '(500) 555-0006'],
    ]);
    expect(() => parseSandboxNumbers('4155550101:voice', 'org')).toThrow(/not an E.164 number/);
    expect(() => parseSandboxNumbers('+14155550101:fax', 'org')).toThrow(/unknown channel fax/);
  });

  it('checks simulated webhooks signed with its own key only', () => {
    const provider = createSandboxProvider({} as Db, 'org', {});
    const url = 'http://localhost/webhooks/sandbox/voice';
    const params = { CallSid: 'CA1', From: '+15005550006', To: '+14155550101' };
    const signature = signSandboxRequest(url, params);
    expect(provider.validateWebhook({ url, params, signature })).toBe(true);
    expect(provider.validateWebhook({ url, params: { ...params, To: '+1' }, signature })).toBe(
      false,
    );
    expect(provider.validateWebhook({ url: `${url}?x=1`, params, signature })).toBe(false);
    expect(provider.validateWebhook({ url, params, signature: undefined })).toBe(false);
  });
});
