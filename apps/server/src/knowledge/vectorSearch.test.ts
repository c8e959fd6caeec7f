import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnowledgeClient } from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { startFakeProvider, type FakeProvider } from '../../test/fakeProviders';

let fake: FakeProvider;
let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  fake = await startFakeProvider();
  server = await startTestServer({
    env: { EMBEDDING_BASE_URL: `${fake.url}/v1`, EMBEDDING_API_KEY: 'sk-embed' },
  });
  owner = server.newUser();
  await owner.withOrg('Vector Org');
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const kb = (user: TestUser = owner) =>
  createKnowledgeClient({ baseUrl: '/api/knowledge-bases', fetch: user.fetch });

async function indexed(
  technique: 'high_quality' | 'economy',
  user: TestUser = owner,
  content = '# Hours\nOpen on Saturday from 9 to 14.\n\n# Parking\nThere is a garage for visitors behind the clinic.',
) {
  const base = await kb(user).create({ name: `Hours ${technique}`, indexingTechnique: technique });
  const doc = await kb(user).addText(base.id, {
    name: 'hours.md',
    content,
    chunkSettings: { minSectionSize: 50, chunkSize: 100 },
  });
  for (let i = 0; i < 200; i++) {
    if ((await kb(user).documents(base.id))[0]!.status === 'completed') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return { base, doc };
}

describe('high_quality retrieval (full-text + pgvector, fused by rank)', () => {
  it('with an embedding provider: no warning, and a query with no shared word finds the passage by meaning', async () => {
    const { base } = await indexed('high_quality');
    if (!server.hasVector) {
      // A PostgreSQL without pgvector: the base still works, on full-text, and says so.
      expect((base as Record<string, unknown>).warning).toMatch(/full-text search only/);
      expect((await kb().testRetrieval(base.id, 'saturday')).records[0]!.segment.content).toContain(
        'Saturday',
      );
      return;
    }
    expect((base as Record<string, unknown>).warning).toBeUndefined();
    expect(fake.requests.some((r) => r.path === '/v1/embeddings')).toBe(true);
    const { records } = await kb().testRetrieval(base.id, 'weekend');
    expect(records[0]!.segment.content).toContain('Saturday');
  });

  it('economy bases stay full-text only: the same query finds nothing', async () => {
    const { base } = await indexed('economy');
    expect((await kb().testRetrieval(base.id, 'weekend')).records).toEqual([]);
    expect((await kb().testRetrieval(base.id, 'saturday')).records[0]!.segment.content).toContain(
      'Saturday',
    );
  });
});

describe("the install's embedding key is a shared provider resource", () => {
  it('serves the first organization only: another one gets full-text search, is told so, and its text never reaches the embedding provider', async () => {
    const other = server.newUser();
    await other.withOrg('Second Org');
    const { base, doc } = await indexed(
      'high_quality',
      other,
      '# Hours\nThe zebracorn desk opens on Saturday from 9 to 14.',
    );
    expect((base as Record<string, unknown>).warning).toMatch(/full-text search only/);
    expect((doc as Record<string, unknown>).warning).toMatch(/full-text search only/);
    expect((await kb(other).documents(base.id))[0]!.status).toBe('completed');
    expect(fake.requests.some((r) => JSON.stringify(r.body).includes('zebracorn'))).toBe(false);
    const before = fake.requests.length;
    // By meaning (no shared word) finds nothing; by its words it does.
    expect((await kb(other).testRetrieval(base.id, 'weekend')).records).toEqual([]);
    expect(
      (await kb(other).testRetrieval(base.id, 'saturday')).records[0]!.segment.content,
    ).toContain('zebracorn');
    expect(fake.requests.length).toBe(before);
  });
});
