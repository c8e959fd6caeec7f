// Requests/s and p99 of an authenticated GET /api/agents/by-org/{orgId} (50 agents, session
// cookie, membership check, PGlite) against a bare Hono route answering the same JSON in the
// same process and run. Load tool: autocannon. Prints one JSON line per figure. In steady state
// the request costs no database round trip: the session, the membership and the organization's
// agent list are served from the caches that the database's NOTIFY keeps exact (auth/session.ts,
// lib/tenantCache.ts).
import autocannon from 'autocannon';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { newAgentId } from '@parley/api-client';
import { createServer } from '../apps/server/src/server';

const duration = Number(process.env.BENCH_SECONDS ?? 8);

async function listen(fetch: (req: Request) => Response | Promise<Response>) {
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function load(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, headers, connections: 10, duration });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`bench: ${result.non2xx} non-2xx, ${result.errors} errors at ${url}`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const { app, database } = await createServer({
  dataDir: null,
  logLevel: 'silent',
  secret: 'bench-secret-bench-secret-bench-secret',
  baseURL: 'http://127.0.0.1',
});
const parley = await listen(app.fetch);
const origin = parley.url;

// Sign up, keep the session cookie, create an organization and 50 agents through the real API.
const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Origin: origin },
  body: JSON.stringify({
    name: 'Bench User',
    email: 'bench@example.com',
    password: 'quiet-harbor-lantern-7',
  }),
});
const cookie = signUp.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
const headers = { Cookie: cookie, Origin: origin, 'Content-Type': 'application/json' };
const org = (await (
  await fetch(`${origin}/api/org/create-org`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ orgName: 'Bench' }),
  })
).json()) as { data: { orgId: string } };
if (!org.data)
  throw new Error(`create-org failed: ${JSON.stringify(org)} (sign-up ${signUp.status})`);
const orgId = org.data.orgId;
for (let i = 0; i < 50; i++) {
  const res = await fetch(`${origin}/api/agents/update/${newAgentId(`agent_${i}`)}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      organization_id: orgId,
      initial_message: `Agent ${i}`,
      status: 'active',
    }),
  });
  if (!res.ok) throw new Error(`seed failed: ${res.status}`);
}
const listUrl = `${origin}/api/agents/by-org/${orgId}`;
const body = await (await fetch(listUrl, { headers })).text();
if ((JSON.parse(body) as { agents: unknown[] }).agents.length !== 50)
  throw new Error('expected 50 agents');

// Peer: a bare Hono route returning the same bytes (no auth, no database).
const bare = new Hono();
bare.get('/agents', (c) => c.body(body, 200, { 'Content-Type': 'application/json' }));
const peer = await listen(bare.fetch);

const ours = await load(listUrl, { Cookie: cookie });
const base = await load(`${peer.url}/agents`, {});

const line = (figure: string, value: number, unit: string, peerValue: number, goal?: string) =>
  console.log(
    JSON.stringify({
      bench: 'server-agents',
      figure,
      value: Math.round(value * 100) / 100,
      unit,
      peer: 'bare Hono route, same JSON',
      peerValue: Math.round(peerValue * 100) / 100,
      ratio: Math.round((value / peerValue) * 1000) / 1000,
      ...(goal ? { goal } : {}),
    }),
  );
line(
  'GET /api/agents/by-org (50 agents, authenticated) requests/s',
  ours.rps,
  'req/s',
  base.rps,
  'ratio ≥ 0.3',
);
line('GET /api/agents/by-org (50 agents, authenticated) p99 latency', ours.p99, 'ms', base.p99);

parley.server.close();
peer.server.close();
await database.close();
