import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnowledgeClient, newAgentId, voiceChatLineSchema } from '@parley/api-client';
import { eq, sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness';
import { startFakeProvider, type FakeProvider } from '../../test/fakeProviders';
import { documents, segments } from '../db/schema';
import { roomCallTokenTtlSeconds, signCallToken } from '@parley/api-client/call-token';

const secret = 'worker-secret-worker-secret-0123456789';
const hours = 'The clinic opens at eight in the morning on weekdays and at nine on Saturdays.';

/**
 * A caller turn read ahead (`/voice/internal/calls/{id}/prepare`, sent by the worker when the
 * transcriber has the caller's words final): the turn asking exactly those words answers from
 * what was read then; other words, and a history that changed since, are read again.
 */
describe('caller turns read ahead', () => {
  let server: TestServer;
  let fake: FakeProvider;
  let agentName: string;
  let documentId: string;
  let orgId: string;
  beforeAll(async () => {
    fake = await startFakeProvider();
    server = await startTestServer({
      env: { PARLEY_WORKER_SECRET: secret, PARLEY_MODEL_ALLOW_HOSTS: '127.0.0.1' },
    });
    const user = server.newUser();
    orgId = await user.withOrg('Clinic');
    const kbs = createKnowledgeClient({ baseUrl: '/api/knowledge-bases', fetch: user.fetch });
    const kb = await kbs.create({ name: 'Clinic FAQ', indexingTechnique: 'economy' });
    const doc = await kbs.addText(kb.id, { name: 'hours.md', content: `# Hours\n\n${hours}` });
    documentId = doc.id;
    for (
      let i = 0;
      (await kbs.documents(kb.id)).find((d) => d.id === doc.id)?.status !== 'completed';
      i++
    ) {
      if (i > 400) throw new Error('the document was never indexed');
      await new Promise((r) => setTimeout(r, 50));
    }
    agentName = newAgentId('clinic');
    const app = await user.apps.createAgent({ agentName, organizationId: orgId });
    await user.agents.update(agentName, {
      organization_id: orgId,
      model_live_url: `${fake.url}/v1`,
      system_prompt: 'Be brief.',
    });
    await user.attachKnowledge(app.data!.appKey, [kb.id]);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  const post = (path: string, body: unknown) =>
    fetch(`${server.url}/voice/internal${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  let calls = 0;
  /** A browser call taken by the worker with the room's call token (as the dispatch carries it). */
  async function startCall() {
    const caller = `visitor-${++calls}`;
    const call_token = signCallToken(
      secret,
      {
        transport: 'livekit',
        agent_id: agentName,
        organization_id: orgId,
        room: `parley-room-${caller}`,
        caller,
      },
      { ttlSeconds: roomCallTokenTtlSeconds },
    );
    const res = await post('/calls', { call_token });
    expect(res.status).toBe(201);
    return ((await res.json()) as { conversation_id: string }).conversation_id;
  }
  async function prepare(callId: string, query: string) {
    const res = await post(`/calls/${callId}/prepare`, { query });
    expect(res.status).toBe(200);
    return (await res.json()) as { ready: boolean };
  }
  /** One turn; what the model was sent (its system message and the messages before the query). */
  async function turn(callId: string, query: string) {
    fake.requests.length = 0;
    const res = await post(`/calls/${callId}/chat`, { query });
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((l) => voiceChatLineSchema.parse(JSON.parse(l)));
    expect(lines.at(-1)).toMatchObject({ end: true });
    const sent = fake.requests[0]!.body.messages as Array<{ role: string; content: string }>;
    return { system: sent[0]!.content, history: sent.slice(1, -1).map((m) => m.content) };
  }
  const hits = async () =>
    Number(
      (
        await server.db
          .select({ n: sql<number>`coalesce(sum(${segments.hitCount}), 0)::int` })
          .from(segments)
          .where(eq(segments.documentId, documentId))
      )[0]!.n,
    );
  const setDocumentEnabled = (enabled: boolean) =>
    server.db.update(documents).set({ enabled }).where(eq(documents.id, documentId));

  it('given the same words › the turn answers from what was read ahead, counting its passages once', async () => {
    const callId = await startCall();
    await turn(callId, 'hello');
    const before = await hits();
    expect(await prepare(callId, 'what are your opening hours')).toEqual({ ready: true });
    // Gone from retrieval after the read ahead: only the prepared passages can still hold it.
    await setDocumentEnabled(false);
    try {
      const sent = await turn(callId, 'what are your opening hours');
      expect(sent.system).toContain('opens at eight');
      expect(sent.history).toEqual(['hello', 'Hello from the fake model.']);
    } finally {
      await setDocumentEnabled(true);
    }
    await expect.poll(hits, { timeout: 5000 }).toBe(before + 1);
  });

  it('given other words (the caller went on) › the turn reads again; the unused read counts no hit', async () => {
    const callId = await startCall();
    const before = await hits();
    expect(await prepare(callId, 'what are your opening hours')).toEqual({ ready: true });
    await setDocumentEnabled(false);
    try {
      const sent = await turn(callId, 'what are your opening hours on saturdays');
      expect(sent.system).not.toContain('opens at eight');
    } finally {
      await setDocumentEnabled(true);
    }
    // The turn found nothing and the preparation was not used: no hit at all.
    await new Promise((r) => setTimeout(r, 200));
    expect(await hits()).toBe(before);
  });

  it('given an agent line said after the read ahead › the turn reads the history again, with it', async () => {
    const callId = await startCall();
    expect(await prepare(callId, 'what are your opening hours')).toEqual({ ready: true });
    const nudge = await post(`/calls/${callId}/messages`, {
      text: 'Are you still there?',
      kind: 'nudge',
    });
    expect(nudge.status).toBe(201);
    const sent = await turn(callId, 'what are your opening hours');
    expect(sent.history).toEqual(['Are you still there?']);
  });

  it('given an unknown call › 404; bad input › 400 naming the field', async () => {
    expect((await post(`/calls/${crypto.randomUUID()}/prepare`, { query: 'hi' })).status).toBe(404);
    const callId = await startCall();
    const bad = await post(`/calls/${callId}/prepare`, { query: '' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { detail: string }).detail).toMatch(/query/);
  });
});
