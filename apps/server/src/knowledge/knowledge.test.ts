import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatRuntime, createKnowledgeClient, newAgentId } from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';

let server: TestServer;
let owner: TestUser;
let orgId: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = server.newUser();
  orgId = await owner.withOrg('Knowledge Org');
});
afterAll(async () => {
  await server?.close();
});

const kbClient = (user: TestUser) =>
  createKnowledgeClient({ baseUrl: '/api/knowledge-bases', fetch: user.fetch });

const faq = [
  '# Acme Clinic FAQ',
  '## Opening hours',
  'The clinic is open Monday to Friday from 8:00 to 18:00 and on Saturday from 9:00 to 14:00. Sunday closed.',
  '## Parking',
  'Free parking is available behind the building for up to two hours.',
].join('\n');

async function waitForStatus(user: TestUser, kbId: string, docId: string, status: string) {
  for (let i = 0; i < 100; i++) {
    const doc = (await kbClient(user).documents(kbId)).find((d) => d.id === docId);
    if (doc?.status === status) return doc;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`document never reached ${status}`);
}

async function baseWithFaq(
  user: TestUser = owner,
  technique: 'economy' | 'high_quality' = 'economy',
) {
  const kb = await kbClient(user).create({
    name: `FAQ ${Math.random().toString(36).slice(2, 6)}`,
    indexingTechnique: technique,
    permission: 'all_team_members',
  });
  const doc = await kbClient(user).addText(kb.id, {
    name: 'faq.md',
    content: faq,
    chunkSettings: { minSectionSize: 50 },
  });
  await waitForStatus(user, kb.id, doc.id, 'completed');
  return { kb, doc };
}

describe('knowledge bases over HTTP', () => {
  it('creates with the spec defaults, lists with document counts, validates names', async () => {
    const client = kbClient(owner);
    const kb = await client.create({ name: 'Handbook' });
    expect(kb).toMatchObject({
      name: 'Handbook',
      indexingTechnique: 'high_quality',
      permission: 'only_me',
      documentCount: 0,
      // No embedding provider here: high quality, but not searched by vectors (never badged so).
      vectorSearch: false,
    });
    expect((kb as Record<string, unknown>).warning).toMatch(
      /this knowledge base is indexed with full-text search only/,
    );
    // A document added to it is named as one.
    const added = await client.addText(kb.id, { name: 'note.txt', content: 'A short note.' });
    expect((added as Record<string, unknown>).warning).toMatch(
      /this document is indexed with full-text search only/,
    );
    await waitForStatus(owner, kb.id, added.id, 'completed');
    expect((await client.list()).map((k) => k.name)).toContain('Handbook');
    // The status icon (spec §4): an empty base is ready; one indexing a document is processing.
    const listed = (await client.list()).find((k) => k.id === kb.id) as Record<string, unknown>;
    expect(listed['status']).toBe('ready');
    expect(listed['vectorSearch']).toBe(false);
    const { kb: indexed } = await baseWithFaq(owner);
    const after = (await client.list()).find((k) => k.id === indexed.id) as Record<string, unknown>;
    expect(after['status']).toBe('ready');
    const bad = await owner.raw('POST', '/api/knowledge-bases', { name: '  ' });
    expect(bad).toMatchObject({ status: 400, body: { error: 'name: Name is required' } });
    const range = await owner.raw('POST', '/api/knowledge-bases', {
      name: 'x',
      chunkSettings: { chunkSize: 50 },
    });
    expect(range.status).toBe(400);
    expect(String(range.body.error)).toMatch(/^chunkSettings.chunkSize: /);
    const sections = await owner.raw('POST', '/api/knowledge-bases', {
      name: 'Sections',
      chunkSettings: { minSectionSize: 1500, maxSectionSize: 1000 },
    });
    expect(sections).toMatchObject({
      status: 400,
      body: {
        error:
          'chunkSettings.minSectionSize: Min section size must not be larger than Max section size',
      },
    });
    expect((await client.list()).map((k) => k.name)).not.toContain('Sections');
  });

  it('indexes a text document into structure-aware segments and retrieves them (top 4, with scores)', async () => {
    const { kb, doc } = await baseWithFaq();
    const segs = await kbClient(owner).segments(kb.id, doc.id);
    expect(segs.length).toBeGreaterThanOrEqual(2);
    expect(segs.some((s) => s.content.includes('Opening hours'))).toBe(true);
    const { records } = await kbClient(owner).testRetrieval(
      kb.id,
      'When are you open on Saturday?',
    );
    expect(records.length).toBeGreaterThan(0);
    expect(records.length).toBeLessThanOrEqual(4);
    expect(records[0]!.segment.content).toContain('Saturday');
    expect(records[0]!.segment.document?.name).toBe('faq.md');
    expect(records[0]!.score).toBeGreaterThan(0);
    // Why it was found: the words matched, the heading path and the score's parts.
    expect(records[0]!.why?.matched_terms.length).toBeGreaterThan(0);
    expect(records[0]!.why?.full_text).toBeGreaterThan(0);
    expect(typeof records[0]!.segment.heading_path).toBe('string');
    const after = await kbClient(owner).segments(kb.id, doc.id);
    expect(after.find((s) => s.id === records[0]!.segment.id)!.hitCount).toBe(1);
  });

  it('disabled documents and segments are not retrieved', async () => {
    const { kb, doc } = await baseWithFaq();
    const client = kbClient(owner);
    const seg = (await client.testRetrieval(kb.id, 'parking')).records[0]!.segment;
    await client.setSegmentEnabled(kb.id, doc.id, seg.id, false);
    expect(
      (await client.testRetrieval(kb.id, 'parking')).records.map((r) => r.segment.id),
    ).not.toContain(seg.id);
    await client.setDocumentEnabled(kb.id, doc.id, false);
    expect((await client.testRetrieval(kb.id, 'Saturday')).records).toEqual([]);
  });

  it('ranks passages holding every query word before those holding only some', async () => {
    const client = kbClient(owner);
    const kb = await client.create({ name: 'Ranking', indexingTechnique: 'economy' });
    const doc = await client.addText(kb.id, {
      name: 'parking.md',
      content: [
        '# Garage',
        'Parking, parking and more parking: the parking garage has parking on four floors.',
        '# Fees',
        'Weekend parking costs two euros an hour, paid at the front desk on the way out.',
        '# Hours',
        'The weekend opening hours are printed on the door of the main entrance hall.',
      ].join('\n\n'),
      chunkSettings: { minSectionSize: 50 },
    });
    await waitForStatus(owner, kb.id, doc.id, 'completed');
    const { records } = await client.testRetrieval(kb.id, 'weekend parking');
    expect(records[0]!.segment.content).toContain('Weekend parking costs');
    // The partial matches still fill the rest, best first.
    expect(records.map((r) => r.segment.content).join('\n')).toContain('parking garage');
    expect(records.map((r) => r.segment.content).join('\n')).toContain('weekend opening');
  });

  it('uploads a text file (multipart) and refuses a disguised binary with the reason', async () => {
    const kb = await kbClient(owner).create({ name: 'Files', indexingTechnique: 'economy' });
    const doc = await kbClient(owner).addFile(
      kb.id,
      new Blob(['Refunds take 5 business days.']),
      'refunds.txt',
      '',
      'economy',
      { chunkSize: 512 },
    );
    expect(doc.name).toBe('refunds.txt');
    await waitForStatus(owner, kb.id, doc.id, 'completed');
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03])]), 'malware.txt');
    const res = await owner.fetch(`/api/knowledge-bases/${kb.id}/documents/file`, {
      method: 'POST',
      body: form,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^file: Unsupported file/);
  });

  it('reindexes with new chunk settings', async () => {
    const { kb, doc } = await baseWithFaq();
    const before = (await kbClient(owner).segments(kb.id, doc.id)).length;
    const res = await kbClient(owner).reindex(kb.id, doc.id, {
      chunkSize: 100,
      chunkOverlap: 0,
      minSectionSize: 50,
      headingPriority: 0,
    });
    expect(res.message).toBe('Document reindexing started! It may take a few moments to complete.');
    await waitForStatus(owner, kb.id, doc.id, 'completed');
    expect((await kbClient(owner).segments(kb.id, doc.id)).length).not.toBe(before);
  });

  it('API keys: created as "dataset-…", listed, and work only for their own base', async () => {
    const { kb } = await baseWithFaq();
    const other = await kbClient(owner).create({ name: 'Other base' });
    const key = await kbClient(owner).createApiKey(kb.id, `API Key for ${kb.name}`);
    expect(key.token).toMatch(/^dataset-/);
    expect((await kbClient(owner).apiKeys(kb.id)).map((k) => k.token)).toEqual([key.token]);
    const call = (id: string, token: string) =>
      fetch(`${server.url}/v1/datasets/${id}/retrieve`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: 'parking' }),
      });
    const ok = await call(kb.id, key.token);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { records: unknown[] }).records.length).toBeGreaterThan(0);
    expect((await call(other.id, key.token)).status).toBe(404);
    expect((await call(kb.id, 'dataset-wrong')).status).toBe(401);
    expect((await kbClient(owner).apiKeys(kb.id))[0]!.lastUsedAt).not.toBeNull();
  });

  it('an agent attached to a base answers from it (offline responder quotes the passage)', async () => {
    const { kb } = await baseWithFaq();
    const id = newAgentId('clinic');
    const app = await owner.apps.createAgent({ agentName: id, organizationId: orgId });
    await owner.agents.update(id, { organization_id: orgId, status: 'active' });
    await owner.attachKnowledge(app.data!.appKey, [kb.id]);
    const runtime = createChatRuntime({ apiUrl: `${server.url}/v1`, apiKey: app.data!.appKey });
    const answer = await runtime.stream({ query: 'Is there parking?', user: 'visitor' });
    expect(answer.offline).toBe(true);
    expect(answer.answer).toContain('Free parking is available');
  });

  it('tenant isolation: another organization gets 404 everywhere; only_me bases stay private within an org', async () => {
    const { kb, doc } = await baseWithFaq();
    const outsider = server.newUser();
    await outsider.withOrg('Outsiders');
    expect(await kbClient(outsider).list()).toEqual([]);
    for (const [method, path, body] of [
      ['GET', `/api/knowledge-bases/${kb.id}/documents`],
      ['POST', `/api/knowledge-bases/${kb.id}/documents`, { name: 'x', content: 'y' }],
      ['POST', `/api/knowledge-bases/${kb.id}/test-retrieval`, { query: 'parking' }],
      ['GET', `/api/knowledge-bases/${kb.id}/documents/${doc.id}/segments`],
      ['PATCH', `/api/knowledge-bases/${kb.id}/documents/${doc.id}/disable`],
      ['DELETE', `/api/knowledge-bases/${kb.id}/documents/${doc.id}`],
      ['GET', `/api/knowledge-bases/${kb.id}/api-keys`],
      ['DELETE', `/api/knowledge-bases/${kb.id}`],
    ] as Array<[string, string, unknown?]>) {
      expect({ path, method, status: (await outsider.raw(method, path, body)).status }).toEqual({
        path,
        method,
        status: 404,
      });
    }
    expect((await kbClient(owner).documents(kb.id))[0]!.enabled).toBe(true);

    const privateKb = await kbClient(owner).create({ name: 'Mine only', permission: 'only_me' });
    const colleague = await server.newUser().signUp('Col', 'League');
    await owner.org.addUser({ orgId, userId: colleague.userId });
    const seen = (await kbClient(colleague).list()).map((k) => k.id);
    expect(seen).toContain(kb.id);
    expect(seen).not.toContain(privateKb.id);
  });

  it('which organization: a user of several names it (?organization_id=), else 400 naming it and nothing written', async () => {
    const both = server.newUser();
    const first = await both.withOrg('First');
    const second = (await both.org.createOrg('Second')).data.orgId;
    const client = kbClient(both);
    const inSecond = await client.create({ name: 'Second handbook' }, second);
    expect((await client.list(second)).map((k) => k.id)).toEqual([inSecond.id]);
    expect(await client.list(first)).toEqual([]);
    const required = {
      error: 'organization_id: is required (you belong to several organizations)',
    };
    expect(await both.raw('GET', '/api/knowledge-bases')).toMatchObject({
      status: 400,
      body: required,
    });
    expect(await both.raw('POST', '/api/knowledge-bases', { name: 'Where?' })).toMatchObject({
      status: 400,
      body: required,
    });
    expect(await both.raw('GET', `/api/knowledge-bases?organization_id=${orgId}`)).toMatchObject({
      status: 404,
    });
    expect([...(await client.list(first)), ...(await client.list(second))]).toHaveLength(1);
  });
});

describe('URL import', () => {
  it('refuses private addresses with the reason (422) and writes nothing', async () => {
    const kb = await kbClient(owner).create({ name: 'Web', indexingTechnique: 'economy' });
    const res = await owner.raw('POST', `/api/knowledge-bases/${kb.id}/documents/url`, {
      url: 'http://169.254.169.254/latest/meta-data/',
    });
    expect(res).toMatchObject({
      status: 422,
      body: { code: 'crawl_failed', error: '169.254.169.254 is not a public address' },
    });
    expect(await kbClient(owner).documents(kb.id)).toEqual([]);
    const scheme = await owner.raw('POST', `/api/knowledge-bases/${kb.id}/documents/url`, {
      url: 'file:///etc/passwd',
    });
    expect(scheme.status).toBe(400);
  });
});
