import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import {
  contactErasureSchema,
  contactExportSchema,
  createChatRuntime,
  privacySettingsSchema,
} from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { chatAgent } from '../../test/agentFixtures';
import { startFakeProvider, type FakeProvider } from '../../test/fakeProviders';
import {
  conversations,
  doNotCall,
  mailSuppressions,
  messageReplies,
  messages,
  messagingOptOuts,
  telephonyOutbox,
} from '../db/schema';
import { isOptedOut } from '../messaging/optOut';
import { doNotCallReasons } from '../scheduling/settings';

// Storage modes on the chat path and an SMS thread, the privacy settings call, and a person's export and erasure
// (with the contactability ledger surviving it), over HTTP on PGlite and PostgreSQL.

let server: TestServer;
let fake: FakeProvider;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let orgId: string;
let appKey: string;
let agentName: string;

/** What a visitor types: a card number, a phone number and an e-mail address. */
const personal =
  'My card is 4111 1111 1111 1111, call me at +1 415 555 2671 or mail jane@example.com';

beforeAll(async () => {
  fake = await startFakeProvider();
  server = await startTestServer({
    env: {
      PARLEY_MODEL_ALLOW_HOSTS: '127.0.0.1',
      PARLEY_REPLY_POLL_MS: '50',
      PARLEY_REPLY_RETRY_SECONDS: '0',
    },
  });
  owner = server.newUser();
  orgId = await owner.withOrg('Privacy Org');
  member = server.newUser();
  await member.signUp();
  await owner.org.addUser({ orgId, userId: member.userId, role: 'member' });
  stranger = server.newUser();
  await stranger.withOrg('Elsewhere');
  ({ id: agentName, appKey } = await chatAgent(owner, orgId, 'private', {
    system_prompt: 'You are the front desk.',
    status: 'active',
    model_live_url: `${fake.url}/v1`,
    model_name: 'gpt-4o-mini',
  }));
  // The model repeats what it was told: its answer holds the personal data too.
  fake.reply.words = ['Noted: card 4111 1111 1111 1111', ' and jane@example.com.'];
});
afterAll(async () => {
  await Promise.all([server?.close(), fake?.close()]);
});

const privacyPath = (org = orgId) => `/api/org/${org}/privacy`;
const setMode = async (storage_mode: string) => {
  const res = await owner.raw('PUT', privacyPath(), { storage_mode });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

const stored = (conversationId: string) =>
  server.db
    .select({ content: messages.content, metadata: messages.metadata, author: messages.author })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.createdAt));

/** The widget's path: a streamed /v1/chat-messages turn (the chat widget's and public page's). */
async function widgetTurn(user: string, query: string) {
  const runtime = createChatRuntime({ apiUrl: `${server.url}/v1`, apiKey: appKey });
  const result = await runtime.stream({ user, query });
  return result.conversationId;
}

/** A blocking /v1/chat-messages turn. */
async function blockingTurn(user: string, query: string) {
  const res = await fetch(`${server.url}/v1/chat-messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${appKey}` },
    body: JSON.stringify({ inputs: {}, query, response_mode: 'blocking', user }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { conversation_id: string; answer: string };
  return body;
}

describe('privacy settings', () => {
  it('are read by members, written by owners and admins, 404 elsewhere; bad input names the field', async () => {
    const first = privacySettingsSchema.parse((await member.raw('GET', privacyPath())).body);
    expect(first).toMatchObject({
      storage_mode: 'full',
      retention_days: null,
      redact_categories: ['card', 'phone', 'email', 'iban', 'ssn', 'ip'],
      phone_region: null,
      effective_phone_region: 'US',
    });
    const denied = await member.raw('PUT', privacyPath(), { storage_mode: 'redacted' });
    expect(denied.status).toBe(403);
    expect(denied.body.required_roles).toEqual(['owner', 'admin']);
    expect((await stranger.raw('GET', privacyPath())).status).toBe(404);
    expect((await stranger.raw('PUT', privacyPath(), { storage_mode: 'full' })).status).toBe(404);
    for (const [body, field] of [
      [{ storage_mode: 'everything' }, 'storage_mode'],
      [{ retention_days: 0 }, 'retention_days'],
      [{ retention_days: 1.5 }, 'retention_days'],
      [{ redact_categories: ['card', 'dna'] }, 'redact_categories.1'],
      [{ redact_categories: ['card', 'card'] }, 'redact_categories'],
      [{ phone_region: 'usa' }, 'phone_region'],
      [{ phone_region: 'ZZ' }, 'phone_region'],
    ] as const) {
      const res = await owner.raw('PUT', privacyPath(), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(String(res.body.error)).toMatch(new RegExp(`^${field.replace('.', '\\.')}: `));
    }
    // Nothing was written by the refused calls.
    expect((await owner.raw('GET', privacyPath())).body.storage_mode).toBe('full');
    const saved = privacySettingsSchema.parse(
      (
        await owner.raw('PUT', privacyPath(), {
          storage_mode: 'redacted',
          retention_days: 30,
          redact_categories: ['card', 'email'],
          phone_region: 'GB',
        })
      ).body,
    );
    expect(saved).toMatchObject({
      storage_mode: 'redacted',
      retention_days: 30,
      redact_categories: ['card', 'email'],
      effective_phone_region: 'GB',
    });
    // A partial update keeps the rest.
    const partial = await owner.raw('PUT', privacyPath(), {
      redact_categories: ['card', 'phone', 'email', 'iban', 'ssn', 'ip'],
      phone_region: null,
      retention_days: null,
    });
    expect(partial.body).toMatchObject({ storage_mode: 'redacted', retention_days: null });
    await setMode('full');
  });
});

describe('storage modes on the chat path', () => {
  it('full: the visitor’s words and the answer are stored as written', async () => {
    await setMode('full');
    const turn = await blockingTurn('visitor-full', personal);
    const rows = await stored(turn.conversation_id);
    expect(rows.map((r) => r.content)).toEqual([
      personal,
      'Noted: card 4111 1111 1111 1111 and jane@example.com.',
    ]);
  });

  it('redacted: placeholders are stored, the model still got the words as written', async () => {
    await setMode('redacted');
    fake.requests.length = 0;
    const turn = await blockingTurn('visitor-redacted', personal);
    // The visitor sees the answer as the model gave it.
    expect(turn.answer).toBe('Noted: card 4111 1111 1111 1111 and jane@example.com.');
    expect(JSON.stringify(fake.requests[0]!.body)).toContain('4111 1111 1111 1111');
    const rows = await stored(turn.conversation_id);
    expect(rows.map((r) => r.content)).toEqual([
      'My card is [CARD], call me at [PHONE] or mail [EMAIL]',
      'Noted: card [CARD] and [EMAIL].',
    ]);
    expect(rows[0]!.metadata).toMatchObject({
      privacy: { mode: 'redacted', redacted: { card: 1, phone: 1, email: 1 } },
    });
    // The widget's (streamed) path stores the same way; a follow-up turn's history is the
    // redacted text (what is stored), and the new words reach the model as written.
    const streamed = await widgetTurn('visitor-widget', personal);
    // (A streamed turn is stored once its answer has ended: waited for.)
    await expect
      .poll(async () => (await stored(streamed)).map((r) => r.content))
      .toEqual([
        'My card is [CARD], call me at [PHONE] or mail [EMAIL]',
        'Noted: card [CARD] and [EMAIL].',
      ]);
    const all = JSON.stringify([
      ...(await stored(turn.conversation_id)),
      ...(await stored(streamed)),
    ]);
    expect(all).not.toContain('4111 1111 1111 1111');
    expect(all).not.toContain('jane@example.com');
    // The conversation export holds what was stored: the placeholders.
    const exported = await owner.fetch(
      `/api/conversations/export?format=jsonl&organization_id=${orgId}`,
    );
    expect(exported.status).toBe(200);
    // (This organization's earlier conversations were stored in full: these two only.)
    const text = (await exported.text())
      .split('\n')
      .filter((line) => line.includes(turn.conversation_id) || line.includes(streamed))
      .join('\n');
    expect(text).toContain('My card is [CARD], call me at [PHONE] or mail [EMAIL]');
    expect(text).not.toContain('4111 1111 1111 1111');
    expect(text).not.toContain('jane@example.com');
  });

  it('metadata_only: no text is stored, only its length; the next turn has no empty history', async () => {
    await setMode('metadata_only');
    const turn = await blockingTurn('visitor-meta', personal);
    const rows = await stored(turn.conversation_id);
    expect(rows.map((r) => r.content)).toEqual(['', '']);
    expect(rows[0]!.metadata).toMatchObject({
      privacy: { mode: 'metadata_only', length: personal.length },
    });
    fake.requests.length = 0;
    const res = await fetch(`${server.url}/v1/chat-messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${appKey}` },
      body: JSON.stringify({
        inputs: {},
        query: 'And again?',
        response_mode: 'blocking',
        user: 'visitor-meta',
        conversation_id: turn.conversation_id,
      }),
    });
    expect(res.status).toBe(200);
    const sent = fake.requests[0]!.body.messages as Array<{ role: string; content: unknown }>;
    expect(sent.every((m) => m.content !== '')).toBe(true);
    await setMode('full');
  });

  it('a change made outside this process’s requests reaches the cache (the NOTIFY trigger)', async () => {
    await setMode('full');
    await blockingTurn('visitor-cache', 'warm the cache');
    // As another server process would: the row changed in the database, no request here.
    await server.db.execute(
      sql`UPDATE privacy_settings SET storage_mode = 'metadata_only' WHERE organization_id = ${orgId}`,
    );
    await expect
      .poll(
        async () =>
          (await stored((await blockingTurn('visitor-cache', personal)).conversation_id))[0]!
            .content,
      )
      .toBe('');
    await setMode('full');
  });

  it('the console’s test chat (/api/chatbot/chat) follows the mode too', async () => {
    await setMode('redacted');
    const res = await owner.raw('POST', '/api/chatbot/chat', {
      message: personal,
      difyApiKey: appKey,
      difyApiUrl: `${server.url}/v1`,
    });
    expect(res.status).toBe(200);
    const rows = await stored(String(res.body.conversation_id));
    expect(rows[0]!.content).toBe('My card is [CARD], call me at [PHONE] or mail [EMAIL]');
    await setMode('full');
  });
});

describe('storage modes on the message channels', () => {
  it('redacted SMS: the inbound text and the reply are stored redacted; the model and the person get the words', async () => {
    await owner.voice.syncAllProviders({ organization_id: orgId });
    const number = (await owner.voice.phoneNumberPage(orgId)).phone_numbers.find(
      (n) => n.sms_enabled,
    )!;
    await owner.voice.assign(number.phone_id, agentName, ['sms']);
    await setMode('redacted');
    fake.requests.length = 0;
    const from = '+14155550142';
    const answer = await owner.voice.simulateEvent(orgId, {
      event: 'sms',
      to: number.phone_number,
      from,
      text: personal,
    });
    const replies = () =>
      server.db.select().from(messageReplies).where(eq(messageReplies.toNumber, from));
    await expect.poll(async () => (await replies())[0]?.status, { timeout: 20_000 }).toBe('sent');
    // The model read the words as written; the job keeps none of them once sent.
    expect(JSON.stringify(fake.requests.at(-1)!.body)).toContain('4111 1111 1111 1111');
    const [job] = await replies();
    expect(job!.queryText).toBeNull();
    expect(job!.replyText).toBe('Noted: card [CARD] and [EMAIL].');
    // The person got the answer as written (the sandbox outbox is what the provider was sent).
    const [sent] = await server.db
      .select()
      .from(telephonyOutbox)
      .where(eq(telephonyOutbox.toNumber, from));
    expect(sent!.body).toBe('Noted: card 4111 1111 1111 1111 and jane@example.com.');
    expect((await stored(answer.conversation_id!)).map((r) => r.content)).toEqual([
      'My card is [CARD], call me at [PHONE] or mail [EMAIL]',
      'Noted: card [CARD] and [EMAIL].',
    ]);
    await setMode('full');
  });
});

describe("the agent's own privacy settings", () => {
  const setAgent = async (fields: Record<string, unknown>) => {
    await owner.agents.update(agentName, { organization_id: orgId, ...fields });
  };

  it('its storage mode overrides the organization’s, both ways; a bad value names the field', async () => {
    await setMode('full');
    await setAgent({ storage_mode: 'redacted' });
    const redacted = await blockingTurn('visitor-agent-redacted', personal);
    expect((await stored(redacted.conversation_id))[0]!.content).toBe(
      'My card is [CARD], call me at [PHONE] or mail [EMAIL]',
    );
    // The organization redacts, the agent keeps nothing: the agent's wins.
    await setMode('redacted');
    await setAgent({ storage_mode: 'metadata_only' });
    const meta = await blockingTurn('visitor-agent-meta', personal);
    expect((await stored(meta.conversation_id)).map((r) => r.content)).toEqual(['', '']);
    // null: the organization's mode again.
    await setAgent({ storage_mode: null });
    const org = await blockingTurn('visitor-agent-org', personal);
    expect((await stored(org.conversation_id))[0]!.content).toBe(
      'My card is [CARD], call me at [PHONE] or mail [EMAIL]',
    );
    const bad = await owner.raw('POST', `/api/agents/update/${agentName}`, {
      organization_id: orgId,
      storage_mode: 'everything',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('storage_mode');
    await setMode('full');
  });

  it('its disclosure line goes first with the first reply of an SMS thread, and only then', async () => {
    const disclosure = 'You are talking with an AI assistant.';
    await setAgent({ disclosure });
    await owner.voice.syncAllProviders({ organization_id: orgId });
    const number = (await owner.voice.phoneNumberPage(orgId)).phone_numbers.find(
      (n) => n.sms_enabled,
    )!;
    await owner.voice.assign(number.phone_id, agentName, ['sms']);
    const from = '+14155550143';
    const sent = () =>
      server.db
        .select()
        .from(telephonyOutbox)
        .where(eq(telephonyOutbox.toNumber, from))
        .orderBy(asc(telephonyOutbox.createdAt));
    const text = async (body: string) =>
      owner.voice.simulateEvent(orgId, { event: 'sms', to: number.phone_number, from, text: body });
    const first = await text('Hello there');
    await expect.poll(async () => (await sent()).length, { timeout: 20_000 }).toBe(1);
    await text('And another thing');
    await expect.poll(async () => (await sent()).length, { timeout: 20_000 }).toBe(2);
    const bodies = (await sent()).map((r) => r.body);
    expect(bodies[0]!.startsWith(`${disclosure}\n\n`)).toBe(true);
    expect(bodies[1]!).not.toContain(disclosure);
    // What is stored is what was sent: the line with the first answer.
    const agentLines = (await stored(first.conversation_id!)).filter((r) => r.author === 'agent');
    expect(agentLines[0]!.content.startsWith(disclosure)).toBe(true);
    expect(agentLines[1]!.content).not.toContain(disclosure);
    await setAgent({ disclosure: null });
  });
});

describe("a person's data: export and erasure", () => {
  const phone = '+14155550199';

  it('exports every conversation, message, call and consent record of a phone number in any format', async () => {
    // A call and an SMS thread of the person, and their do-not-call and STOP records.
    const [voice] = await server.db
      .insert(conversations)
      .values({ organizationId: orgId, channel: 'voice', endUser: phone, agentName: null })
      .returning();
    const [sms] = await server.db
      .insert(conversations)
      .values({
        organizationId: orgId,
        channel: 'sms',
        endUser: phone,
        agentAddress: '+15005550006',
      })
      .returning();
    await server.db.insert(messages).values([
      { conversationId: voice!.id, role: 'user', content: 'Hello, it is me', direction: 'inbound' },
      { conversationId: sms!.id, role: 'user', content: 'STOP', direction: 'inbound' },
    ]);
    await server.db
      .insert(doNotCall)
      .values({ organizationId: orgId, phoneNumber: phone, reason: 'asked' });
    await server.db.insert(messagingOptOuts).values({
      organizationId: orgId,
      channel: 'sms',
      ourNumber: '+15005550006',
      endUser: phone,
      keyword: 'STOP',
    });
    expect((await member.raw('GET', `/api/org/${orgId}/contacts/${phone}/export`)).status).toBe(
      403,
    );
    expect((await stranger.raw('GET', `/api/org/${orgId}/contacts/${phone}/export`)).status).toBe(
      404,
    );
    const res = await owner.raw(
      'GET',
      `/api/org/${orgId}/contacts/${encodeURIComponent('(415) 555-0199')}/export`,
    );
    expect(res.status).toBe(200);
    const doc = contactExportSchema.parse(res.body);
    expect(doc.contact).toEqual({ query: '(415) 555-0199', kind: 'phone', normalized: phone });
    expect(doc.conversations.map((c) => c.channel).sort()).toEqual(['sms', 'voice']);
    expect(doc.calls).toHaveLength(1);
    expect(doc.calls[0]!.turns).toBe(1);
    expect(doc.consent.map((c) => c.kind).sort()).toEqual(['do_not_call', 'messaging_opt_out']);
    // Another organization's data of the same number is not in it (and theirs answers nothing).
    const other = await stranger.raw('GET', `/api/org/${orgId}/contacts/${phone}`);
    expect(other.status).toBe(404);
  });

  it('erases them, answers the counts, and the ledger still refuses to contact them', async () => {
    const res = await owner.raw(
      'DELETE',
      `/api/org/${orgId}/contacts/${encodeURIComponent(phone)}`,
    );
    expect(res.status).toBe(200);
    const erased = contactErasureSchema.parse(res.body);
    expect(erased.erased).toMatchObject({
      conversations: 2,
      messages: 2,
      calls: 1,
      consent_records_hashed: 2,
    });
    const left = await server.db
      .select()
      .from(conversations)
      .where(eq(conversations.endUser, phone));
    expect(left).toEqual([]);
    // No plain number left in the ledger; the checks still match it by its keyed hash.
    const ledger = JSON.stringify([
      ...(await server.db.select().from(doNotCall).where(eq(doNotCall.organizationId, orgId))),
      ...(await server.db.select().from(messagingOptOuts)),
    ]);
    expect(ledger).not.toContain(phone);
    expect(ledger).toContain('erased:');
    expect((await doNotCallReasons(server.db, orgId, [phone])).get(phone)).toMatch(
      /do-not-call list/,
    );
    expect(
      await isOptedOut(server.db, {
        organizationId: orgId,
        channel: 'sms',
        ourNumber: '+15005550006',
        endUser: phone,
      }),
    ).toBe(true);
    // Exporting again finds nothing of theirs but the hashed consent records.
    const again = contactExportSchema.parse(
      (await owner.raw('GET', `/api/org/${orgId}/contacts/${phone}/export`)).body,
    );
    expect(again.conversations).toEqual([]);
    expect(again.consent).toHaveLength(2);
  });

  it('an e-mail address and a widget user id; their unsubscribe survives erasure', async () => {
    await setMode('full');
    const turn = await blockingTurn('widget-user-77', 'Hi there');
    await server.db
      .insert(mailSuppressions)
      .values({ organizationId: orgId, emailAddress: 'gone@example.com', reason: 'unsubscribed' });
    const byUser = contactExportSchema.parse(
      (await owner.raw('GET', `/api/org/${orgId}/contacts/widget-user-77/export`)).body,
    );
    expect(byUser.contact.kind).toBe('user');
    expect(byUser.conversations.map((c) => c.id)).toEqual([turn.conversation_id]);
    expect(byUser.conversations[0]!.messages).toHaveLength(2);
    const erasedUser = contactErasureSchema.parse(
      (await owner.raw('DELETE', `/api/org/${orgId}/contacts/widget-user-77`)).body,
    );
    expect(erasedUser.erased).toMatchObject({ conversations: 1, messages: 2 });
    const erasedMail = contactErasureSchema.parse(
      (await owner.raw('DELETE', `/api/org/${orgId}/contacts/Gone@Example.com`)).body,
    );
    expect(erasedMail.contact).toMatchObject({ kind: 'email', normalized: 'gone@example.com' });
    expect(erasedMail.erased.consent_records_hashed).toBe(1);
    const rows = await server.db
      .select({ email: mailSuppressions.emailAddress })
      .from(mailSuppressions)
      .where(eq(mailSuppressions.organizationId, orgId));
    expect(rows.map((r) => r.email)).toEqual([expect.stringMatching(/^erased:/)]);
    expect((await owner.raw('DELETE', `/api/org/${orgId}/contacts/%20`)).status).toBe(400);
  });

  it('records exports and erasures in the audit log without the person’s address', async () => {
    const log = (await owner.raw('GET', `/api/org/${orgId}/audit-log?action=contact`)).body as {
      entries: Array<{ action: string; target: { id: string } }>;
    };
    expect(log.entries.map((e) => e.action)).toContain('contact.erase');
    expect(log.entries.map((e) => e.action)).toContain('contact.export');
    expect(JSON.stringify(log)).not.toContain('4155550199');
    expect(log.entries.every((e) => e.target.id.startsWith('erased:'))).toBe(true);
  });
});
