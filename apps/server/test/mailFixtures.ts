import { eq } from 'drizzle-orm';
import { createMailClient } from '@parley/api-client';
import { agents } from '../src/db/schema';
import { activeAgent } from './agentFixtures';
import { startTestServer, type TestServer, type TestUser } from './harness';
import { startSmtpCatcher } from './smtpCatcher';

/**
 * A mail test's server: SMTP to loopback allowed, replies sent at once (polled every 50 ms, no
 * retry delay) and a sending limit no test reaches.
 */
export const mailServerEnv = {
  PARLEY_MAIL_ALLOW_HOSTS: '127.0.0.1',
  PARLEY_REPLY_RETRY_SECONDS: '0',
  PARLEY_REPLY_POLL_MS: '50',
  PARLEY_SEND_LIMIT_PER_MINUTE: '1000',
};

/** The mailbox of mail tests (`box`) and the password its SMTP server (the catcher) takes. */
export const mailTestAccount = { box: 'support@acme.test', password: 'app-password-1234' };

/**
 * A local SMTP catcher that takes a login with `mailTestAccount.password` (and only
 * `smtpUsername` when given), a test server (`mailServerEnv` and `env`), and a user whose
 * organization `orgName` has an active agent that answers email (named after `prefix`) and the
 * mail client. `saveMailbox` and `mapToAgent` set up a mailbox; `close` stops the server and the
 * catcher.
 */
export async function startMailTest(options: {
  orgName: string;
  prefix: string;
  env?: Record<string, string>;
  smtpUsername?: string;
}) {
  const smtp = await startSmtpCatcher(mailTestAccount.password, {
    username: options.smtpUsername,
  });
  let server: TestServer | undefined;
  try {
    server = await startTestServer({ env: { ...mailServerEnv, ...options.env } });
    const user = server.newUser();
    const orgId = await user.withOrg(options.orgName);
    const mail = createMailClient({ baseUrl: '/messaging', fetch: user.fetch });
    const agentId = await activeAgent(user, orgId, options.prefix, {
      system_prompt: 'You answer email.',
    });
    const started = server;
    const close = async () => {
      await started.close();
      await smtp.close();
    };
    return {
      smtp,
      server,
      user,
      orgId,
      mail,
      agentId,
      close,
      saveMailbox: (email: string, body: Record<string, unknown>) =>
        saveMailboxRaw(user, email, body),
      /** Maps the mail to `email` to the agent (`agent:<id>` with its mapping key). */
      mapToAgent: async (email: string) => {
        await mail.mapAgent({
          email_address: email,
          agent_url: `agent:${agentId}`,
          api_key: await mappingKeyOf(started, agentId),
        });
      },
    };
  } catch (error) {
    await server?.close();
    await smtp.close();
    throw error;
  }
}

export type MailTest = Awaited<ReturnType<typeof startMailTest>>;

/** Saves a mailbox's settings (read raw, so the setup does not depend on the answer's shape). */
async function saveMailboxRaw(user: TestUser, email: string, body: Record<string, unknown>) {
  const res = await user.raw('PUT', `/messaging/mail/mailboxes/${encodeURIComponent(email)}`, body);
  if (res.status !== 200) throw new Error(`mailbox not saved: ${JSON.stringify(res.body)}`);
  return res.body.mailbox as { inbound_url: string };
}

/** The agent's key as a mail mapping names it (its chatbot key, else its id). */
export async function mappingKeyOf(server: TestServer, agentId: string) {
  const [row] = await server.db.select().from(agents).where(eq(agents.agentName, agentId));
  return row!.chatbotKey || agentId;
}

/** A raw RFC 5322 plain-text message with these headers. */
export function rawMail(headers: Record<string, string>, body: string, charset = '') {
  const type = charset ? `text/plain; charset=${charset}` : 'text/plain';
  return Buffer.from(
    `${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n')}\r\nMIME-Version: 1.0\r\nContent-Type: ${type}\r\n\r\n${body}\r\n`,
  );
}
