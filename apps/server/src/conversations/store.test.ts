import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { type Database, type Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { agents, conversations, messages } from '../db/schema';
import { openTestDatabase } from '../../test/testDatabase';
import {
  appendMessage,
  appendMessages,
  createConversations,
  lastMessages,
  openConversation,
} from './store';

/** The one conversation writer (conversations/store.ts) on PGlite and on PostgreSQL. */

let database: Database;
let close = async () => {};
beforeAll(async () => {
  ({ database, close } = await openTestDatabase({ orgId: 'org1' }));
  await database.db.insert(agents).values({ agentName: 'bot_1', organizationId: 'org1' });
});
afterAll(() => close());

const thread = (endUser: string) => ({
  agentName: 'bot_1',
  organizationId: 'org1',
  channel: 'sms' as const,
  endUser,
  agentAddress: '+15550001111',
});

const countOf = async (endUser: string) =>
  (
    await database.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.endUser, endUser))
  ).length;

describe('openConversation', () => {
  it('opens a new conversation when there is nothing to find, and finds it after', async () => {
    const db = database.db;
    const first = await openConversation(db, thread('+15550002222'), async () => null);
    expect(first.created).toBe(true);
    const again = await openConversation(db, thread('+15550002222'), async () => first.id);
    expect(again).toEqual({ id: first.id, created: false });
    expect(await countOf('+15550002222')).toBe(1);
    // Without `find` (a call): always a new conversation.
    const call = await openConversation(db, { ...thread('+15550002222'), channel: 'voice' });
    expect(call.created).toBe(true);
    expect(call.id).not.toBe(first.id);
    expect(await countOf('+15550002222')).toBe(2);
  });

  it('creates many in one insert, in order, with their metadata', async () => {
    const rows = await createConversations(database.db, [
      { ...thread('+15550003333'), metadata: { n: 1 } },
      { ...thread('+15550004444'), metadata: { n: 2 } },
    ]);
    expect(rows.map((r) => [r.endUser, r.metadata])).toEqual([
      ['+15550003333', { n: 1 }],
      ['+15550004444', { n: 2 }],
    ]);
    expect(await createConversations(database.db, [])).toEqual([]);
  });
});

describe('appendMessage', () => {
  it('stores the message and touches the conversation; a duplicate is not stored again', async () => {
    const db = database.db;
    const { id } = await openConversation(db, thread('+15550005555'));
    const at = new Date(Date.now() + 60_000);
    const message = {
      conversationId: id,
      role: 'user',
      content: 'Hello',
      direction: 'inbound' as const,
      author: 'visitor' as const,
      provider: 'test',
      providerMessageId: `sid-${id}`,
    };
    const stored = await appendMessage(db, message, { now: at, ignoreDuplicate: true });
    expect(stored).toBeTruthy();
    const [conv] = await db.select().from(conversations).where(eq(conversations.id, id));
    expect(conv!.updatedAt.getTime()).toBe(at.getTime());
    expect(await appendMessage(db, message, { ignoreDuplicate: true })).toBeNull();
    const rows = await db.select().from(messages).where(eq(messages.conversationId, id));
    expect(rows.map((r) => [r.id, r.content])).toEqual([[stored, 'Hello']]);
  });

  it('appends a batch over several conversations in one insert, each touched once', async () => {
    const db = database.db;
    const [a, b] = await createConversations(db, [thread('+15550007777'), thread('+15550008888')]);
    const at = new Date(Date.now() + 120_000);
    const message = (conversationId: string, sid: string) => ({
      conversationId,
      role: 'user',
      content: sid,
      provider: 'test',
      providerMessageId: sid,
    });
    const first = await appendMessages(db, [message(a!.id, 'b1'), message(b!.id, 'b2')], {
      now: at,
      ignoreDuplicate: true,
    });
    expect(first.map((r) => [r.conversationId, r.providerMessageId])).toEqual([
      [a!.id, 'b1'],
      [b!.id, 'b2'],
    ]);
    expect(first.every((r) => r.createdAt instanceof Date)).toBe(true);
    const touched = await db
      .select({ updatedAt: conversations.updatedAt })
      .from(conversations)
      .where(inArray(conversations.id, [a!.id, b!.id]));
    expect(touched.map((r) => r.updatedAt.getTime())).toEqual([at.getTime(), at.getTime()]);
    // A redelivery: the stored one is passed over, the new one stored.
    const again = await appendMessages(db, [message(a!.id, 'b1'), message(a!.id, 'b3')], {
      ignoreDuplicate: true,
    });
    expect(again.map((r) => r.providerMessageId)).toEqual(['b3']);
    expect(await appendMessages(db, [])).toEqual([]);
  });

  it('a writer on an open conversation waits for the transaction holding it (PostgreSQL)', async () => {
    if (database.kind !== 'postgres') return; // PGlite runs one transaction at a time: nothing to wait for
    const db = database.db;
    const { id } = await openConversation(db, thread('+15550006666'));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const isOpen = new Promise<void>((resolve) => (opened = resolve));
    const first = db.transaction(async (tx) => {
      await openConversation(tx as unknown as Db, thread('+15550006666'), async () => id);
      opened();
      await held;
      await appendMessage(tx as unknown as Db, { conversationId: id, role: 'user', content: 'a' });
    });
    await isOpen;
    const second = appendMessage(db, { conversationId: id, role: 'user', content: 'b' });
    // The second writer waits on the conversation's row lock, before its message.
    await expect
      .poll(async () => {
        const [row] = rowsOf(
          await db.execute(sql`SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`),
        );
        return Number(row!.n);
      })
      .toBe(1);
    expect(await db.select().from(messages).where(eq(messages.conversationId, id))).toEqual([]);
    release();
    await Promise.all([first, second]);
    const rows = await db.select().from(messages).where(eq(messages.conversationId, id));
    expect(rows.map((r) => r.content).sort()).toEqual(['a', 'b']);
  });
});

describe('lastMessages', () => {
  it("reads the conversation's newest messages, oldest first", async () => {
    const { db } = database;
    const { id } = await openConversation(db, thread('+15550003333'));
    for (const [i, content] of ['one', 'two', 'three'].entries())
      await appendMessage(db, {
        conversationId: id,
        role: i % 2 ? 'assistant' : 'user',
        content,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      });
    expect(await lastMessages(db, id, 2)).toEqual([
      { role: 'assistant', author: null, content: 'two' },
      { role: 'user', author: null, content: 'three' },
    ]);
  });
});
