import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { asc, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';
import { agents, conversations, messages, organization } from '../db/schema';
import { createTurnWriter, type TurnRow } from './turnWriter';
import { pgliteTemplate } from '../../test/pgliteTemplate';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ template: await pgliteTemplate() });
  await database.db.insert(organization).values({ id: 'org1', name: 'Org', slug: 'org' });
  await database.db.insert(agents).values({ agentName: 'bot_1', organizationId: 'org1' });
});
afterAll(() => database?.close());

const turn = (i: number, over: Partial<TurnRow> = {}): TurnRow => ({
  conversationId: crypto.randomUUID(),
  agentName: 'bot_1',
  organizationId: 'org1',
  channel: 'chat',
  endUser: `u${i}`,
  agentAddress: null,
  query: `question ${i}`,
  askedAt: new Date(Date.now() - 1000),
  messageId: crypto.randomUUID(),
  answer: `answer ${i}`,
  answeredAt: new Date(),
  offline: false,
  error: null,
  ...over,
});

/** The test database with a count of the statements run through it. */
function countingDb() {
  const count = { value: 0 };
  const db = new Proxy(database.db, {
    get(target, prop, receiver) {
      if (prop === 'execute')
        return (q: Parameters<typeof target.execute>[0]) => {
          count.value++;
          return target.execute(q);
        };
      return Reflect.get(target, prop, receiver);
    },
  });
  return { db, statements: () => count.value };
}

describe('turn writer (group commit)', () => {
  it('stores turns that finish together in few statements, question before answer', async () => {
    const { db: counting, statements } = countingDb();
    const writer = createTurnWriter(counting, pino({ level: 'silent' }));
    const turns = Array.from({ length: 30 }, (_, i) => turn(i));
    await Promise.all(turns.map((t) => writer.write(t)));
    expect(statements()).toBeLessThanOrEqual(2);
    const rows = await database.db
      .select({ role: messages.role, content: messages.content })
      .from(messages)
      .where(eq(messages.conversationId, turns[7]!.conversationId))
      .orderBy(asc(messages.createdAt));
    expect(rows).toEqual([
      { role: 'user', content: 'question 7' },
      { role: 'assistant', content: 'answer 7' },
    ]);
  });

  it('turns that finish one after another shortly after a statement share the next one (one statement per window)', async () => {
    const { db: counting, statements } = countingDb();
    const writer = createTurnWriter(counting, pino({ level: 'silent' }), { windowMs: 1000 });
    await writer.write(turn(200)); // the writer was idle: written at once
    expect(statements()).toBe(1);
    const later: Array<Promise<void>> = [];
    for (let i = 0; i < 5; i++) {
      later.push(writer.write(turn(201 + i)));
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(statements()).toBe(1); // waiting for the window
    await Promise.all(later);
    expect(statements()).toBe(2);
  });

  it('a bad turn in a batch costs only itself; a follow-up touches its conversation', async () => {
    const writer = createTurnWriter(database.db, pino({ level: 'silent' }));
    const good = turn(100);
    const orphan = turn(101, { agentName: 'deleted_agent' });
    await Promise.all([writer.write(good), writer.write(orphan)]);
    const stored = await database.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.id, good.conversationId));
    expect(stored).toHaveLength(1);
    const none = await database.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.id, orphan.conversationId));
    expect(none).toHaveLength(0);
    // Another visitor cannot write into this conversation.
    await writer.write(turn(102, { conversationId: good.conversationId, endUser: 'intruder' }));
    const msgs = await database.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.conversationId, good.conversationId));
    expect(msgs).toHaveLength(2);
  });
});
