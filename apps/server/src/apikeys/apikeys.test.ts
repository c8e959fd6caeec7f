import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import {
  apiKeyPattern,
  createApiKeysClient,
  newAgentId,
  type ApiKeyScope,
} from '@parley/api-client';
import {
  freshPostgresUrl,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../test/harness';
import { apiKeys, member, user } from '../db/schema';
import { generateApiKey, hashApiKey } from './keys';

/**
 * Organization API keys (issue 39 item 5) over HTTP: made by owners and admins, shown once, stored
 * hashed, accepted as x-api-key on /api, /voice and /messaging for their organization only and
 * within their scopes, revoked at once. On PostgreSQL two server processes share the database
 * (a revoke on one is refused by the other); on PGlite (one process by design) both are one.
 */
let a: TestServer;
let b: TestServer;
let shared: string | undefined;
beforeAll(async () => {
  shared = await freshPostgresUrl();
  a = await startTestServer({ databaseUrl: shared });
  b = shared ? await startTestServer({ databaseUrl: shared }) : a;
});
afterAll(async () => {
  if (b !== a) await b?.close();
  await a?.close();
  if (shared) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(shared).pathname.slice(1)}`);
    await admin.end();
  }
});

const keysOf = (u: TestUser) => createApiKeysClient({ baseUrl: '/api/org', fetch: u.fetch });

/** A call with a key (no cookie), as a script or the CLI makes it; status and parsed body. */
async function withKey(
  server: TestServer,
  key: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'x-api-key': key,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

/** An owner with an organization and one agent in it. */
async function ownerWithAgent(name = 'Acme') {
  const owner = a.newUser();
  const orgId = await owner.withOrg(name);
  const agent = newAgentId('support');
  const app = await owner.apps.createAgent({ agentName: agent, organizationId: orgId });
  await owner.agents.update(agent, {
    organization_id: orgId,
    chatbot_api: `${a.url}/v1`,
    chatbot_key: app.data!.appKey,
    system_prompt: 'You are the Acme front desk.',
  });
  return { owner, orgId, agent };
}

const newKey = async (owner: TestUser, orgId: string, scopes: ApiKeyScope[]) =>
  (await keysOf(owner).create(orgId, { name: `key ${scopes.join(' ')}`, scopes })).key;

describe('API keys: made once, stored hashed, listed masked', () => {
  it('an owner makes a key: 201 with the key this once; only its hash is kept; the list shows its hint and last use', async () => {
    const { owner, orgId } = await ownerWithAgent();
    const res = await owner.raw('POST', `/api/org/${orgId}/api-keys`, {
      name: '  CI deploy ',
      scopes: ['agents:publish', 'agents:read'],
    });
    expect(res.status).toBe(201);
    const key = res.body.key as string;
    expect(key).toMatch(apiKeyPattern);
    expect(res.body).toMatchObject({
      name: 'CI deploy',
      scopes: ['agents:read', 'agents:publish'],
      key_hint: `parley_…${key.slice(-4)}`,
      created_by: 'Ada Lovelace',
      last_used_at: null,
    });
    const [row] = await a.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.id, String(res.body.id)));
    expect(row!.keyHash).toBe(hashApiKey(key));
    expect(JSON.stringify(row)).not.toContain(key.slice(7));

    const listed = await owner.raw('GET', `/api/org/${orgId}/api-keys`);
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(key.slice(7));
    const { key: _key, ...shown } = res.body;
    expect(listed.body.api_keys).toEqual([shown]);

    expect((await withKey(a, key, 'GET', `/api/agents/by-org/${orgId}`)).status).toBe(200);
    const used = (await keysOf(owner).list(orgId)).api_keys[0]!;
    expect(Date.parse(used.last_used_at!)).toBeGreaterThan(Date.now() - 60_000);
    // The key's own user is no member a person manages.
    const members = (await owner.org.members(orgId)).members;
    expect(members.map((m) => m.userId)).toEqual([owner.userId]);
    const [keyUser] = await a.db.select().from(user).where(eq(user.id, row!.userId));
    expect(keyUser!.name).toBe('CI deploy (API key)');
    const [keyMember] = await a.db.select().from(member).where(eq(member.userId, row!.userId));
    expect(keyMember).toMatchObject({ organizationId: orgId, role: 'admin' });
    const path = `/api/org/${orgId}/members/${keyMember!.id}`;
    expect((await owner.raw('PATCH', path, { role: 'member' })).status).toBe(404);
    expect((await owner.raw('DELETE', path)).status).toBe(404);
  });

  it('bad input is 400 naming the field and the reason; nothing is written', async () => {
    const { owner, orgId } = await ownerWithAgent();
    for (const [body, error] of [
      [{}, 'name: is required'],
      [{ name: '   ', scopes: ['agents:read'] }, 'name: is required'],
      [{ name: 'x'.repeat(101), scopes: ['agents:read'] }, 'name: must be at most 100 characters'],
      [{ name: 'CI' }, 'scopes: must be a list of scopes'],
      [{ name: 'CI', scopes: [] }, 'scopes: choose at least one scope'],
      [
        { name: 'CI', scopes: ['agents:delete'] },
        expect.stringMatching(/^scopes\.0: must be one of agents:read, /),
      ],
      [
        { name: 'CI', scopes: ['agents:read', 'agents:read'] },
        'scopes: each scope may appear once',
      ],
    ] as const) {
      const res = await owner.raw('POST', `/api/org/${orgId}/api-keys`, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(error);
    }
    expect((await keysOf(owner).list(orgId)).api_keys).toEqual([]);
  });

  it('members see the list and may not make or revoke keys (403 naming the roles); admins may; outsiders get 404', async () => {
    const { owner, orgId } = await ownerWithAgent();
    const [member, admin] = [await a.newUser().signUp(), await a.newUser().signUp()];
    await owner.org.addUser({ orgId, userId: member.userId, role: 'member' });
    await owner.org.addUser({ orgId, userId: admin.userId, role: 'admin' });
    const made = await keysOf(admin).create(orgId, { name: 'By admin', scopes: ['agents:read'] });
    expect(made.created_by).toBe('Ada Lovelace');
    expect((await keysOf(member).list(orgId)).api_keys.map((k) => k.name)).toEqual(['By admin']);
    const create = await member.raw('POST', `/api/org/${orgId}/api-keys`, {
      name: 'Mine',
      scopes: ['agents:read'],
    });
    expect(create.status).toBe(403);
    expect(create.body).toMatchObject({
      error: 'Only an owner or admin can create API keys',
      required_roles: ['owner', 'admin'],
    });
    const revoke = await member.raw('DELETE', `/api/org/${orgId}/api-keys/${made.id}`);
    expect(revoke.status).toBe(403);
    expect(revoke.body.error).toBe('Only an owner or admin can revoke API keys');

    const outsider = a.newUser();
    const elsewhere = await outsider.withOrg('Elsewhere');
    for (const [method, path] of [
      ['GET', `/api/org/${orgId}/api-keys`],
      ['POST', `/api/org/${orgId}/api-keys`],
      ['DELETE', `/api/org/${orgId}/api-keys/${made.id}`],
      // Its own organization's path with another organization's key.
      ['DELETE', `/api/org/${elsewhere}/api-keys/${made.id}`],
      ['DELETE', `/api/org/${elsewhere}/api-keys/not-a-uuid`],
    ] as const) {
      const body = method === 'POST' ? { name: 'x', scopes: ['agents:read'] } : undefined;
      const res = await outsider.raw(method, path, body);
      expect(`${method} ${path} ${res.status}`).toBe(`${method} ${path} 404`);
    }
    expect((await keysOf(owner).list(orgId)).api_keys).toHaveLength(1);
  });

  it('an organization holds at most 50 active keys (409), counted in the database', async () => {
    const { owner, orgId } = await ownerWithAgent();
    const ids = Array.from({ length: 50 }, () => crypto.randomUUID());
    await a.db
      .insert(user)
      .values(ids.map((id) => ({ id: `u_${id}`, name: 'k', email: `${id}@example.invalid` })));
    await a.db.insert(apiKeys).values(
      ids.map((id) => ({
        organizationId: orgId,
        userId: `u_${id}`,
        name: 'k',
        scopes: ['agents:read'],
        keyHash: hashApiKey(id),
        keyLast4: 'abcd',
      })),
    );
    const res = await owner.raw('POST', `/api/org/${orgId}/api-keys`, {
      name: 'One more',
      scopes: ['agents:read'],
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'api_key_limit' });
  });
});

describe('API keys at work: their organization only, within their scopes', () => {
  it('reads its own organization on /api and /voice; another organization’s data is 404', async () => {
    const mine = await ownerWithAgent('Mine');
    const theirs = await ownerWithAgent('Theirs');
    const key = await newKey(mine.owner, mine.orgId, ['agents:read']);
    const info = await withKey(a, key, 'GET', `/api/agents/info/${mine.agent}`);
    expect(info.status).toBe(200);
    expect(info.body.agent_name ?? info.body.id).toBe(mine.agent);
    expect((await withKey(a, key, 'GET', `/voice/agents/by-org/${mine.orgId}`)).status).toBe(200);
    for (const path of [
      `/api/agents/info/${theirs.agent}`,
      `/api/agents/by-org/${theirs.orgId}`,
      `/voice/agents/by-org/${theirs.orgId}`,
    ]) {
      expect(`${path} ${(await withKey(a, key, 'GET', path)).status}`).toBe(`${path} 404`);
    }
  });

  it('outside its scopes: 403 naming the scope it lacks; routes closed to keys say so', async () => {
    const { owner, orgId, agent } = await ownerWithAgent();
    const key = await newKey(owner, orgId, ['agents:read']);
    const update = await withKey(a, key, 'POST', `/api/agents/update/${agent}`, {
      organization_id: orgId,
      system_prompt: 'Changed by a read-only key',
    });
    expect(update.status).toBe(403);
    expect(update.body).toMatchObject({
      error: 'This API key lacks the scope agents:write',
      code: 'scope_required',
      required_scope: 'agents:write',
    });
    const threads = await withKey(
      a,
      key,
      'GET',
      `/messaging/sms/messages?organization_id=${orgId}`,
    );
    expect(threads.status).toBe(403);
    expect(threads.body.required_scope).toBe('conversations:read');
    for (const [method, path] of [
      ['GET', '/api/org/me'],
      ['GET', `/api/org/${orgId}/api-keys`],
      ['POST', `/api/org/${orgId}/api-keys`],
      ['GET', `/api/integrations/organization/${orgId}`],
      ['DELETE', `/api/agents/delete-by-org/${orgId}`],
    ] as const) {
      const res = await withKey(a, key, method, path, method === 'GET' ? undefined : {});
      expect(`${method} ${path} ${res.status} ${res.body.code}`).toBe(
        `${method} ${path} 403 not_for_api_keys`,
      );
    }
    expect((await owner.agents.info(agent)).system_prompt ?? '').not.toContain('read-only key');
  });

  it('with the scope it writes (no CSRF check: the header is the credential) and reads /messaging', async () => {
    const { owner, orgId, agent } = await ownerWithAgent();
    const key = await newKey(owner, orgId, ['agents:write', 'agents:read', 'conversations:read']);
    const update = await withKey(
      a,
      key,
      'POST',
      `/api/agents/update/${agent}`,
      { organization_id: orgId, system_prompt: 'Written with a key' },
      { Origin: 'https://elsewhere.example' },
    );
    expect(update.status).toBe(200);
    expect((await owner.agents.info(agent)).system_prompt).toBe('Written with a key');
    const threads = await withKey(
      a,
      key,
      'GET',
      `/messaging/sms/messages?organization_id=${orgId}`,
    );
    expect(threads.status).toBe(200);
    // A cookie does not stand in for a bad key: the key alone decides.
    const both = await owner.fetch(`/api/agents/by-org/${orgId}`, {
      headers: { 'x-api-key': generateApiKey() },
    });
    expect(both.status).toBe(401);
  });

  it('unknown, malformed and revoked keys are 401; a revoke is refused at once, on every process', async () => {
    const { owner, orgId } = await ownerWithAgent();
    const made = await keysOf(owner).create(orgId, { name: 'Soon gone', scopes: ['agents:read'] });
    const path = `/api/agents/by-org/${orgId}`;
    // Both processes know (and cache) the key.
    expect((await withKey(a, made.key, 'GET', path)).status).toBe(200);
    expect((await withKey(b, made.key, 'GET', path)).status).toBe(200);
    for (const bad of [generateApiKey(), 'parley_short', 'not a key', '']) {
      const res = await withKey(a, bad, 'GET', path);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('invalid_api_key');
    }
    expect(await keysOf(owner).revoke(orgId, made.id)).toEqual({
      success: true,
      message: 'API key revoked',
    });
    expect((await withKey(a, made.key, 'GET', path)).status).toBe(401);
    await expect.poll(async () => (await withKey(b, made.key, 'GET', path)).status).toBe(401);
    expect((await keysOf(owner).list(orgId)).api_keys).toEqual([]);
    expect((await owner.raw('DELETE', `/api/org/${orgId}/api-keys/${made.id}`)).status).toBe(404);
  });
});
