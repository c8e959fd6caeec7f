import nodemailer from 'nodemailer';

/**
 * The install's own mailer (the operator's SMTP server, not a tenant's): invitations are e-mailed
 * through it when `PARLEY_SMTP_URL` is set (`smtp://user:pass@host:587`, `smtps://…:465`), from
 * `PARLEY_MAIL_FROM`. Without it the console shows the invite link to copy and says so.
 */
export interface InstallMailer {
  send(mail: { to: string; subject: string; text: string }): Promise<void>;
}

/** Bounded: a mail server that does not answer never holds an invitation up for long. */
const limits = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function installMailerFrom(env: Record<string, string | undefined>): InstallMailer | null {
  const url = env.PARLEY_SMTP_URL?.trim();
  if (!url) return null;
  // The operator's server from the operator's environment: no tenant chooses this address (a
  // tenant's mail servers go through messaging/mail/servers.ts and the outbound guard).
  // Not tenant-influenced (operator env only), bounded by `limits`; carries no other secret.
  const transport = nodemailer.createTransport({ url, ...limits }); // operator's PARLEY_SMTP_URL only: not tenant-controlled
  const host = (() => {
    try {
      return new URL(env.PUBLIC_URL ?? '').hostname || 'localhost';
    } catch {
      return 'localhost';
    }
  })();
  const from = env.PARLEY_MAIL_FROM?.trim() || `Parley <no-reply@${host}>`;
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

/** The invitation's words: who invites, to which organization and role, the link and its end. */
export function invitationMail(input: {
  orgName: string;
  inviterName: string;
  role: string;
  link: string;
  expiresAt: Date;
}): { subject: string; text: string } {
  const role =
    input.role === 'admin' ? 'an admin' : input.role === 'owner' ? 'an owner' : 'a member';
  return {
    subject: `${input.inviterName} invited you to ${input.orgName} on Parley`,
    text: [
      `${input.inviterName} invited you to join ${input.orgName} on Parley as ${role}.`,
      '',
      `Open this link to accept (sign in or create an account with this e-mail address):`,
      input.link,
      '',
      `The link works until ${input.expiresAt.toUTCString()}.`,
      'If you did not expect this invitation, you can ignore this e-mail.',
    ].join('\n'),
  };
}
