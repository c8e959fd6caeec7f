// Runtime overhead: time to the first streamed byte through POST /v1/chat-messages minus the fake
// model's own time to first token (the peer, measured in the same run against the same local
// OpenAI-compatible server). p50 and p95 over sequential requests. One JSON line per figure.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { newAgentId } from '@parley/api-client';
import { sql } from 'drizzle-orm';
import { createServer } from '../apps/server/src/server';
import { startFakeProvider } from '../apps/server/test/fakeProviders';
import { firstByteMs, modelFirstByteMs, pct } from './modelTiming';
import { benchSession } from './benchSession';

const runs = Number(process.env.BENCH_RUNS ?? 60);

const fake = await startFakeProvider();
const { app, database } = await createServer({
  dataDir: null,
  logLevel: 'silent',
  secret: 'c3f1a9e27b4d8e06f5a2c9b1d7e4f80a',
  baseURL: 'http://127.0.0.1',
  env: {
    PARLEY_RATE_LIMIT_PER_IP: '1000000',
    PARLEY_RATE_LIMIT_PER_KEY: '1000000',
    PARLEY_MODEL_ALLOW_HOSTS: '127.0.0.1', // the fake model on loopback
  },
});
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await once(server, 'listening');
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const headers = await benchSession(origin);
const post = async (path: string, body: unknown) =>
  (
    await fetch(`${origin}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
  ).json() as Promise<{ data: Record<string, string> }>;
const orgId = (await post('/api/org/create-org', { orgName: 'Bench' })).data.orgId!;
const agentName = newAgentId('bench');
const created = (await post('/api/app/create-agent', { agentName, organizationId: orgId })).data;
const appKey = created.appKey!;
await post(`/api/agents/update/${agentName}`, {
  organization_id: orgId,
  model_live_url: `${fake.url}/v1`,
  system_prompt: 'Be brief.',
  status: 'active', // a draft agent does not answer on its public key
});
// Published: the turns are served by the live version (docs/versions.md), as every channel's are.
await post('/api/publish-agent', { chatbot_api_key: appKey, app_id: created.appId });

async function measure(knowledgeSegments: number) {
  const direct: number[] = [];
  const ours: number[] = [];
  for (let i = 0; i < runs; i++) {
    direct.push(await modelFirstByteMs(fake.url));
    ours.push(
      await firstByteMs(`${origin}/v1/chat-messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${appKey}` },
        body: JSON.stringify({
          inputs: {},
          query: 'What are the opening hours on Saturday?',
          response_mode: 'streaming',
          user: `bench-${knowledgeSegments}-${i}`,
        }),
      }),
    );
  }
  for (const p of [50, 95]) {
    const value = pct(ours, p);
    const peer = pct(direct, p);
    console.log(
      JSON.stringify({
        bench: 'runtime',
        figure: `time to first streamed byte via /v1/chat-messages, p${p} (overhead = value - peer)`,
        value: Math.round(value * 100) / 100,
        unit: 'ms',
        peer: 'the fake OpenAI-compatible model directly',
        peerValue: Math.round(peer * 100) / 100,
        overhead: Math.round((value - peer) * 100) / 100,
        knowledgeSegments,
      }),
    );
  }
}

await measure(0);

// The same with 10k knowledge segments attached to the agent (full-text retrieval on every turn).
const kb = (await post('/api/knowledge-bases', {
  name: 'Bench KB',
  indexingTechnique: 'economy',
})) as unknown as { id: string };
await database.db.execute(sql`
  WITH d AS (
    INSERT INTO documents (knowledge_base_id, organization_id, name, source_type, content, status, indexing_technique, chunk_settings)
    VALUES (${kb.id}::uuid, ${orgId}, 'bench.txt', 'text', '', 'completed', 'economy', '{}'::jsonb) RETURNING id
  )
  INSERT INTO segments (document_id, knowledge_base_id, position, content, word_count)
  SELECT d.id, ${kb.id}::uuid, g, 'Segment ' || g || ': the clinic opens at ' || (g % 12) || ' on weekday ' || (g % 7) || ' and parking is free for ' || (g % 5) || ' hours.', 16
  FROM d, generate_series(1, 10000) AS g`);
await post('/api/model-config', {
  provider: 'langgenius/openai/openai',
  model: 'gpt-4o',
  chatbot_api_key: appKey,
  model_live_url: `${fake.url}/v1`,
  dataset_configs: {
    retrieval_model: 'single',
    datasets: [kb.id],
    top_k: 4,
    reranking_enable: false,
  },
});
await measure(10000);

server.close();
await fake.close();
await database.close();
