import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, inArray } from 'drizzle-orm';
import pino from 'pino';
import { dropFreshDatabase, freshPostgresUrl } from '../../test/harness';
import { pgliteTemplate } from '../../test/pgliteTemplate';
import { openDatabase, type Database } from '../db/client';
import { agents, agentTestRuns, organization } from '../db/schema';
import { createSecretBox } from '../lib/secrets';
import { startTestRunWorker } from './worker';

// Background test runs are taken in turns across organizations (issue 37 item 5: one
// organization waited 43 s behind another's 'Run all').
let database: Database;
let url: string | undefined;

beforeAll(async () => {
  url = await freshPostgresUrl();
  database = await openDatabase({ url, template: url ? undefined : await pgliteTemplate() });
});
afterAll(async () => {
  await database?.close();
  await dropFreshDatabase(url);
});

async function orgWithAgent(name: string) {
  const id = `org_fair_${name}_${Math.random().toString(36).slice(2, 8)}`;
  await database.db.insert(organization).values({ id, name, slug: id });
  const agentName = `fair_${name}_${Math.random().toString(36).slice(2, 8)}`;
  await database.db.insert(agents).values({ agentName, organizationId: id, status: 'active' });
  return { organizationId: id, agentName };
}

describe('the background test-run queue', () => {
  it("takes organizations in turns: B's run starts before A's queued 'Run all' drains", async () => {
    const a = await orgWithAgent('A');
    const b = await orgWithAgent('B');
    // A queues three runs, then B one (runs with no tests finish at once, one at a time).
    const queue = async (agent: typeof a, n: number) =>
      (
        await database.db
          .insert(agentTestRuns)
          .values(
            Array.from({ length: n }, () => ({
              ...agent,
              testIds: [],
              total: 0,
              status: 'queued' as const,
            })),
          )
          .returning({ id: agentTestRuns.id })
      ).map((r) => r.id);
    const fromA: string[] = [];
    for (let i = 0; i < 3; i++) fromA.push(...(await queue(a, 1)));
    const [fromB] = await queue(b, 1);
    const worker = startTestRunWorker(
      {
        db: database.db,
        secrets: createSecretBox('test-secret-test-secret-test-secret-0123'),
        env: {},
        logger: pino({ level: 'silent' }),
        vector: null,
      },
      3_600_000,
    );
    const ids = [...fromA, fromB!];
    const runs = () =>
      database.db
        .select({ id: agentTestRuns.id, status: agentTestRuns.status })
        .from(agentTestRuns)
        .where(inArray(agentTestRuns.id, ids))
        .orderBy(asc(agentTestRuns.finishedAt));
    try {
      worker.wake();
      await expect
        .poll(async () => (await runs()).filter((r) => r.status === 'passed').length, {
          timeout: 20_000,
        })
        .toBe(4);
    } finally {
      await worker.stop();
    }
    const order = (await runs()).map((r) => r.id);
    // B's one run went before A's second and third.
    expect(order.indexOf(fromB!)).toBeLessThan(order.indexOf(fromA[1]!));
    expect(order.indexOf(fromA[1]!)).toBeLessThan(order.indexOf(fromA[2]!));
  });
});
