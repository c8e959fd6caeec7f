import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { createMailClient, newAgentId, toolsDefaults, type MailClient } from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../../test/harness';
import { startSmtpCatcher } from '../../../test/smtpCatcher';
import {
  agents,
  conversations,
  mailMessages,
  mailSends,
  messageReplies,
  messages,
} from '../../db/schema';

/**
 * E-mail subjects follow the storage mode (issue 42, docs/privacy.md): redacted or not stored at
 * all, while the mail sent carries the subject as written and an answer still finds its thread.
 */

const box = 'help@subjects.test';
const password = 'app-password-5678';
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>> | undefined;
let server: TestServer;
let owner: TestUser;
let mail: MailClient;
let orgId = '';
let inboundUrl = '';

beforeAll(async () => {
  smtp = await startSmtpCatcher(password);
  server = await startTestServer({
    env: {
      PARLEY_MAIL_ALLOW_HOSTS: '127.0.0.1',
      PARLEY_REPLY_RETRY_SECONDS: '0',
      PARLEY_REPLY_POLL_MS: '50',
      PARLEY_SEND_LIMIT_PER_MINUTE: '1000',
    },
  });
  owner = server.newUser();
  orgId = await owner.withOrg('Subjects Org');
  mail = createMailClient({ baseUrl: '/messaging', fetch: owner.fetch });
  const agentId = newAgentId('subjects');
  await owner.agents.update(agentId, {
    organization_id: orgId,
    ...toolsDefaults,
    system_prompt: 'You answer email.',
    status: 'active',
  });
  const res = await owner.raw('PUT', `/messaging/mail/mailboxes/${encodeURIComponent(box)}`, {
    smtp: { host: '127.0.0.1', port: smtp.port, secure: false, username: box, password },
  });
  if (res.status !== 200) throw new Error(`mailbox not saved: ${JSON.stringify(res.body)}`);
  inboundUrl = (res.body.mailbox as { inbound_url: string }).inbound_url;
  const [row] = await server.db.select().from(agents).where(eq(agents.agentName, agentId));
  await mail.mapAgent({
    email_address: box,
    agent_url: `agent:${agentId}`,
    api_key: row!.chatbotKey || agentId,
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const setMode = async (storage_mode: string) => {
  const res = await owner.raw('PUT', `/api/org/${orgId}/privacy`, { storage_mode });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const sentTo = (address: string) =>
  smtp!.received.filter((m) => JSON.stringify(m.to ?? '').includes(address));
async function inbound(h: Record<string, string>, body: string) {
  const res = await fetch(inboundUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'message/rfc822' },
    body: `${Object.entries(h)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n')}\r\nMIME-Version: 1.0\r\nContent-Type: text/plain\r\n\r\n${body}\r\n`,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { conversation_id: string; reply_queued: boolean };
}

/** Every subject stored of a thread: its metadata, its mails' subjects, its reply jobs'. */
async function storedSubjects(conversationId: string) {
  const [conv] = await server.db
    .select({ metadata: conversations.metadata })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  const mails = await server.db
    .select({ subject: mailMessages.subject, normalized: mailMessages.normalizedSubject })
    .from(mailMessages)
    .where(eq(mailMessages.conversationId, conversationId))
    .orderBy(mailMessages.createdAt);
  const jobs = await server.db
    .select({ status: messageReplies.status, subjectText: messageReplies.subjectText })
    .from(messageReplies)
    .where(eq(messageReplies.conversationId, conversationId));
  return { thread: conv!.metadata.subject, mails, jobs };
}

const secret = 'Order for jane@example.net';

describe('e-mail subjects in redacted mode', () => {
  it('stores the subject redacted, sends the real one, threads the answer by the redacted subject', async () => {
    await setMode('redacted');
    const first = await inbound(
      { From: 'kim@example.com', To: box, Subject: secret, 'Message-ID': '<s1@example.com>' },
      'Where is my order?',
    );
    expect(first.reply_queued).toBe(true);
    const id = first.conversation_id;
    await expect.poll(() => sentTo('kim@example.com').length, { timeout: 20_000 }).toBe(1);
    // The person gets the subject as written.
    expect(sentTo('kim@example.com')[0]!.subject).toBe(`Re: ${secret}`);
    await expect
      .poll(async () => (await storedSubjects(id)).jobs.map((j) => j.status))
      .toEqual(['sent']);
    const stored = await storedSubjects(id);
    expect(stored.thread).toBe('Order for [EMAIL]');
    expect(stored.mails).toEqual([
      { subject: 'Order for [EMAIL]', normalized: 'order for [email]' },
      { subject: 'Re: Order for [EMAIL]', normalized: 'order for [email]' },
    ]);
    // Sent: the reply job no longer keeps the subject as written.
    expect(stored.jobs).toEqual([{ status: 'sent', subjectText: null }]);

    // Her answer (no In-Reply-To or References) finds the thread by its redacted subject.
    const second = await inbound(
      {
        From: 'kim@example.com',
        To: box,
        Subject: `Re: ${secret}`,
        'Message-ID': '<s2@example.com>',
      },
      'Any news?',
    );
    expect(second.conversation_id).toBe(id);
    await expect.poll(() => sentTo('kim@example.com').length, { timeout: 20_000 }).toBe(2);
    expect(sentTo('kim@example.com')[1]!.subject).toBe(`Re: ${secret}`);
    const after = await storedSubjects(id);
    expect(JSON.stringify(after)).not.toContain('jane@example.net');

    // What the inbox lists and the person's export hold: the redacted subject.
    const threads = await mail.conversations({ mailbox: box });
    const listed = threads.conversations.find((t) => t.id === id)!;
    expect(JSON.stringify(listed)).toContain('Order for [EMAIL]');
    expect(JSON.stringify(listed)).not.toContain('jane@example.net');
    const exported = await owner.raw('GET', `/api/org/${orgId}/contacts/kim@example.com/export`);
    expect(exported.status).toBe(200);
    expect(JSON.stringify(exported.body)).toContain('Order for [EMAIL]');
    expect(JSON.stringify(exported.body)).not.toContain('jane@example.net');
  });

  it('a draft waiting for approval: its job keeps the subject until the draft is sent', async () => {
    await setMode('redacted');
    await mail.saveMailbox(box, { autonomy: 'draft' });
    try {
      const { conversation_id: id } = await inbound(
        { From: 'lee@example.com', To: box, Subject: secret, 'Message-ID': '<d1@example.com>' },
        'Is it shipped?',
      );
      await expect
        .poll(async () => (await storedSubjects(id)).jobs, { timeout: 20_000 })
        .toEqual([{ status: 'skipped', subjectText: secret }]);
      const [draft] = await server.db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.conversationId, id), eq(messages.status, 'draft')));
      expect((await storedSubjects(id)).mails.map((m) => m.subject)).toEqual([
        'Order for [EMAIL]',
        'Re: Order for [EMAIL]',
      ]);
      const sent = await mail.sendDraft(draft!.id);
      expect(sent.data.status).toBe('sent');
      await expect.poll(() => sentTo('lee@example.com').length, { timeout: 20_000 }).toBe(1);
      expect(sentTo('lee@example.com')[0]!.subject).toBe(`Re: ${secret}`);
      expect((await storedSubjects(id)).jobs).toEqual([{ status: 'skipped', subjectText: null }]);
    } finally {
      await mail.saveMailbox(box, { autonomy: 'auto' });
    }
  });
});

describe('e-mail subjects in metadata_only mode', () => {
  it('stores no subject text anywhere; the mails still carry it', async () => {
    await setMode('metadata_only');
    const { conversation_id: id } = await inbound(
      { From: 'max@example.com', To: box, Subject: secret, 'Message-ID': '<m1@example.com>' },
      'Where is my parcel?',
    );
    await expect.poll(() => sentTo('max@example.com').length, { timeout: 20_000 }).toBe(1);
    expect(sentTo('max@example.com')[0]!.subject).toBe(`Re: ${secret}`);
    // A member's send from the console, scheduled (a mail_sends row), in a new thread: sent with
    // its subject, stored without.
    const console = await mail.send({
      receiving_number: box,
      recipient_phone: 'nia@example.com',
      context: 'Your invoice for nia@example.com',
      message_text: 'Attached.',
      scheduled_time: new Date(Date.now() + 500).toISOString(),
    });
    await expect.poll(() => sentTo('nia@example.com').length, { timeout: 20_000 }).toBe(1);
    expect(sentTo('nia@example.com')[0]!.subject).toBe('Your invoice for nia@example.com');
    await expect
      .poll(async () => (await storedSubjects(id)).jobs.map((j) => j.status))
      .toEqual(['sent']);
    for (const thread of [id, console.data.conversation_id]) {
      const stored = await storedSubjects(thread);
      expect(stored.thread).toBe('');
      expect(stored.mails.length).toBeGreaterThan(0);
      for (const m of stored.mails) expect(m).toEqual({ subject: '', normalized: '' });
      for (const j of stored.jobs) expect(j.subjectText).toBeNull();
    }
    const sends = await server.db
      .select({ subject: mailSends.subject })
      .from(mailSends)
      .where(inArray(mailSends.toAddress, ['max@example.com', 'nia@example.com']));
    expect(sends).toEqual([{ subject: '' }]);
  });
});

describe('e-mail subjects in full mode', () => {
  it('are stored as written, as before', async () => {
    await setMode('full');
    const { conversation_id: id } = await inbound(
      { From: 'ola@example.com', To: box, Subject: secret, 'Message-ID': '<f1@example.com>' },
      'Hello?',
    );
    await expect.poll(() => sentTo('ola@example.com').length, { timeout: 20_000 }).toBe(1);
    expect(sentTo('ola@example.com')[0]!.subject).toBe(`Re: ${secret}`);
    await expect
      .poll(async () => (await storedSubjects(id)).jobs.map((j) => j.status))
      .toEqual(['sent']);
    const stored = await storedSubjects(id);
    expect(stored.thread).toBe(secret);
    expect(stored.mails).toEqual([
      { subject: secret, normalized: 'order for jane@example.net' },
      { subject: `Re: ${secret}`, normalized: 'order for jane@example.net' },
    ]);
    expect(stored.jobs).toEqual([{ status: 'sent', subjectText: null }]);
  });
});
