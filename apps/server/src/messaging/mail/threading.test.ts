import { describe, expect, it } from 'vitest';
import { allowHostsFrom, allowNoHost } from '../../lib/outbound';
import { resolveMailHost } from './servers';
import { cursorPlan, reconnectDelayMs } from './imap';
import {
  normalizeSubject,
  notAnsweredReason,
  parseReferences,
  replyReferences,
  replySubject,
  visibleText,
} from './threading';

const view = (
  headers: Record<string, string>,
  from = 'ann@example.com',
  contentType = 'text/plain',
) => ({
  from,
  header: (name: string) => headers[name],
  contentType,
  reportType: headers['report-type'],
});

describe('subjects', () => {
  it("replies as 'Re: {subject}' once, never 'Re: Re:'", () => {
    expect(replySubject('Hello')).toBe('Re: Hello');
    expect(replySubject('Re: Hello')).toBe('Re: Hello');
    expect(replySubject('RE: re:  Fwd: Hello')).toBe('Re: Hello');
  });
  it('matches threads on the subject without prefixes, case or extra spaces', () => {
    expect(normalizeSubject('Re: AW:  Order   42')).toBe('order 42');
  });
});

describe('references', () => {
  it('reads ids and appends the parent id last, once', () => {
    expect(parseReferences('<a@x> <b@x>\r\n <a@x>')).toEqual(['<a@x>', '<b@x>']);
    expect(replyReferences({ references: ['<a@x>'], messageId: '<b@x>' })).toEqual([
      '<a@x>',
      '<b@x>',
    ]);
  });
});

describe('notAnsweredReason (RFC 3834)', () => {
  it('answers ordinary mail and Auto-Submitted: no', () => {
    expect(notAnsweredReason(view({}))).toBeNull();
    expect(notAnsweredReason(view({ 'auto-submitted': 'no' }))).toBeNull();
  });
  it('never answers automatic, bulk, bounce or daemon mail', () => {
    expect(notAnsweredReason(view({ 'auto-submitted': 'auto-generated' }))).toMatch(
      /Auto-Submitted/,
    );
    expect(notAnsweredReason(view({ precedence: 'list' }))).toMatch(/Precedence: list/);
    expect(notAnsweredReason(view({}, 'Postmaster@example.com'))).toMatch(/postmaster/);
    expect(
      notAnsweredReason(
        view({ 'report-type': 'delivery-status' }, 'x@example.com', 'multipart/report'),
      ),
    ).toMatch(/delivery-status/);
  });
});

describe('visibleText', () => {
  it('drops the quoted history and the signature', () => {
    const text = 'Yes please.\n\nOn Tue, 3 Mar 2026, Bob <bob@x.com> wrote:\n> Shall we?\n> Bob\n';
    expect(visibleText(text)).toBe('Yes please.');
  });
});

describe('mail servers through the outbound guard', () => {
  it('refuses loopback and private addresses unless the operator allows them', async () => {
    await expect(resolveMailHost('127.0.0.1', allowNoHost)).rejects.toThrow(/not a public address/);
    await expect(resolveMailHost('10.0.0.5', allowNoHost)).rejects.toThrow(
      /PARLEY_MAIL_ALLOW_HOSTS/,
    );
    await expect(resolveMailHost('localhost', allowNoHost)).rejects.toThrow(/not a public address/);
    await expect(resolveMailHost('127.0.0.1', allowHostsFrom('127.0.0.1'))).resolves.toBe(
      '127.0.0.1',
    );
  });
});

describe('the IMAP cursor', () => {
  it('starts at UIDNEXT the first time and after a new UIDVALIDITY; else reads on', () => {
    const folder = { uidValidity: 7, uidNext: 120 };
    expect(cursorPlan({ uidValidity: null, lastUid: null }, folder)).toEqual({
      kind: 'restart',
      uidValidity: 7,
      lastUid: 119,
    });
    expect(cursorPlan({ uidValidity: 6, lastUid: 500 }, folder)).toEqual({
      kind: 'restart',
      uidValidity: 7,
      lastUid: 119,
    });
    expect(cursorPlan({ uidValidity: 7, lastUid: 100 }, folder)).toEqual({
      kind: 'read',
      fromUid: 101,
    });
    expect(
      cursorPlan({ uidValidity: null, lastUid: null }, { uidValidity: 1, uidNext: 1 }),
    ).toEqual({ kind: 'restart', uidValidity: 1, lastUid: 0 });
  });

  it('reconnects after 1 s, 2 s, 4 s … at most 5 minutes, each ±20 % at random', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4].map((f) => reconnectDelayMs(f, middle))).toEqual([1000, 2000, 4000, 8000]);
    expect(reconnectDelayMs(40, middle)).toBe(300_000);
    expect(reconnectDelayMs(1, () => 0)).toBe(800);
    expect(reconnectDelayMs(1, () => 0.999999)).toBe(1200);
    expect(reconnectDelayMs(40, () => 0.999999)).toBe(300_000);
  });
});
