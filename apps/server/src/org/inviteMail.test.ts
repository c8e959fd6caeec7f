import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { startTestServer, type TestServer } from '../../test/harness';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtpCatcher';
import { invitationMail, installMailerFrom } from './inviteMail';

describe('invitationMail', () => {
  it('names the inviter, the organization, the role, the link and when it ends', () => {
    const mail = invitationMail({
      orgName: 'Acme Clinic',
      inviterName: 'Ada Lovelace',
      role: 'admin',
      link: 'https://parley.example.com/invite/abc',
      expiresAt: new Date('2026-12-03T10:00:00Z'),
    });
    expect(mail.subject).toBe('Ada Lovelace invited you to Acme Clinic on Parley');
    expect(mail.text).toContain('join Acme Clinic on Parley as an admin.');
    expect(mail.text).toContain('\nhttps://parley.example.com/invite/abc\n');
    expect(mail.text).toContain('Thu, 03 Dec 2026 10:00:00 GMT');
  });
  it('no PARLEY_SMTP_URL › no mailer', () => {
    expect(installMailerFrom({})).toBeNull();
    expect(installMailerFrom({ PARLEY_SMTP_URL: '  ' })).toBeNull();
  });
});

/** The install's mailer against a real SMTP server on loopback (smtp-server). */
describe('with PARLEY_SMTP_URL set, invitations are e-mailed', () => {
  let smtp: SmtpCatcher;
  let received: ParsedMail[];
  let server: TestServer;
  beforeAll(async () => {
    // A mail server that refuses one recipient: the invitation stands, not e-mailed.
    smtp = await startSmtpCatcher(undefined, { refuse: (to) => to.startsWith('refused-') });
    received = smtp.received;
    server = await startTestServer({
      env: {
        PARLEY_SMTP_URL: smtp.url,
        PARLEY_MAIL_FROM: 'Parley <team@example.com>',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('the invitee gets the link; the members list says a mailer is configured', async () => {
    const owner = server.newUser();
    const orgId = await owner.withOrg('Mailed Org');
    const email = `invitee-${Date.now().toString(36)}@example.com`;
    const res = await owner.org.invite(orgId, { email, role: 'admin' });
    expect(res.emailed).toBe(true);
    expect((await owner.org.members(orgId)).mailer).toBe(true);
    await vi.waitFor(() =>
      expect(received.map((m) => m.to && 'text' in m.to && m.to.text)).toContain(email),
    );
    const mail = received.find((m) => m.to && 'text' in m.to && m.to.text === email)!;
    expect(mail.from?.text).toBe('"Parley" <team@example.com>');
    expect(mail.subject).toContain('Mailed Org');
    expect(mail.text).toContain(`${server.url}/invite/${res.invitation.id}`);
    expect(mail.text).toContain('as an admin');
  });

  it('a refused address › the invitation is still created and listed, not e-mailed', async () => {
    const owner = server.newUser();
    const orgId = await owner.withOrg('Refused Org');
    const email = `refused-${Date.now().toString(36)}@example.com`;
    const res = await owner.org.invite(orgId, { email });
    expect(res.emailed).toBe(false);
    expect((await owner.org.members(orgId)).invitations.map((i) => i.email)).toEqual([email]);
  });
});
