import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnowledgeClient } from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { largeMarkdown, probeHealthz } from '../../test/largeText';

let server: TestServer;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  owner = server.newUser();
  await owner.withOrg('Big Docs');
  other = server.newUser();
  await other.withOrg('Small Docs');
});
afterAll(async () => {
  await server?.close();
});

const kbOf = (user: TestUser) =>
  createKnowledgeClient({ baseUrl: '/api/knowledge-bases', fetch: user.fetch });

async function waitCompleted(user: TestUser, kbId: string, ids: string[], timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const docs = await kbOf(user).documents(kbId);
    const mine = docs.filter((d) => ids.includes(d.id));
    if (mine.some((d) => d.status === 'error')) throw new Error('a document ended in error');
    if (mine.length === ids.length && mine.every((d) => d.status === 'completed')) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('documents did not complete in time');
}

describe('ingestion never stalls the server', () => {
  it('/healthz stays fast and other uploads are stored while a 10 MB document is indexed', async () => {
    const big = await kbOf(owner).create({ name: 'Handbook', indexingTechnique: 'economy' });
    const small = await kbOf(other).create({ name: 'Notes', indexingTechnique: 'economy' });
    const content = largeMarkdown(10_000_000);
    const probe = probeHealthz(server.url);

    // The 10 MB document as a file upload (parsed in a worker thread), then indexed by the worker.
    const doc = await kbOf(owner).addFile(
      big.id,
      new Blob([content]),
      'handbook.md',
      'handbook.md',
      'economy',
      {},
    );
    // Meanwhile another organization uploads small documents: each is stored at once.
    const others: string[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const d = await kbOf(other).addText(small.id, {
        name: `note-${i}.md`,
        content: `# Note ${i}\n\nThe parking garage opens at ${7 + i} in the morning.`,
        indexingTechnique: 'economy',
      });
      others.push(d.id);
      expect(performance.now() - started).toBeLessThan(10_000);
    }
    await waitCompleted(owner, big.id, [doc.id], 240_000);
    const figures = await probe.stop();
    await waitCompleted(other, small.id, others, 60_000);

    // The exact figure is a benchmark (bench/knowledge.bench.ts, goal ≤ 100 ms); here a generous
    // bound for a loaded CI machine. Before this fix a single probe waited 8–20 s.
    console.info('healthz during a 10 MB ingestion (ms):', JSON.stringify(figures));
    expect(figures.n).toBeGreaterThan(20);
    expect(figures.p95).toBeLessThan(500);
    expect((await kbOf(owner).segments(big.id, doc.id)).length).toBeGreaterThan(5000);
  }, 300_000);
});
