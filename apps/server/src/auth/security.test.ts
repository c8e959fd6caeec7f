import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAgentId } from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { configureKnowledge, draftAgent } from '../../test/agentFixtures';
import { passwordMessages } from './password';
import { draftAgentMessage } from '../agents/published';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    env: { PARLEY_AUTH_RATE_LIMIT_PER_ACCOUNT: '5', PARLEY_AUTH_RATE_LIMIT_PER_IP: '30' },
  });
});
afterAll(async () => {
  await server?.close();
});

const cookieOf = (u: TestUser) => [...u.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** A request with the user's cookie but headers of our choosing (no Origin unless given). */
function send(
  u: TestUser,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string } = {},
) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { Cookie: cookieOf(u), ...init.headers },
    body: init.body,
  });
}

describe('CSRF: state-changing requests from another site', () => {
  it('given a foreign Origin › 403 and no organization is created', async () => {
    const u = await server.newUser().signUp();
    const res = await send(u, 'POST', '/api/org/create-org', {
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ orgName: 'Evil Org' }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'cross_site_refused' });
    expect((await u.org.me())!.organizations).toEqual([]);
  });

  it('given Sec-Fetch-Site: cross-site and no Origin › 403; same-origin › allowed', async () => {
    const u = await server.newUser().signUp();
    const post = (site: string) =>
      send(u, 'POST', '/api/org/create-org', {
        headers: { 'Sec-Fetch-Site': site, 'Content-Type': 'application/json' },
        body: JSON.stringify({ orgName: 'Site Org' }),
      });
    expect((await post('cross-site')).status).toBe(403);
    expect((await post('same-site')).status).toBe(403);
    expect((await u.org.me())!.organizations).toEqual([]);
    expect((await post('same-origin')).status).toBe(200);
  });

  it('given a text/plain body (a form a foreign page can send) › 415 and nothing is written', async () => {
    const u = await server.newUser().signUp();
    const res = await send(u, 'POST', '/api/org/create-org', {
      headers: { Origin: server.url, 'Content-Type': 'text/plain' },
      body: JSON.stringify({ orgName: 'Plain Org' }),
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({
      error: 'body: Content-Type must be application/json',
    });
    const kb = await send(u, 'POST', '/api/knowledge-bases', {
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ name: 'Plain KB' }),
    });
    expect(kb.status).toBe(415);
    expect((await u.org.me())!.organizations).toEqual([]);
  });

  it('given a foreign Origin on add-user › 403 and the attacker does not become a member', async () => {
    const owner = server.newUser();
    const orgId = await owner.withOrg('Victim Org');
    const attacker = await server.newUser().signUp();
    const res = await send(owner, 'POST', '/api/org/add-user', {
      headers: { Origin: 'https://sibling.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ orgId, userId: attacker.userId, role: 'owner' }),
    });
    expect(res.status).toBe(403);
    expect((await attacker.org.me())!.organizations).toEqual([]);
  });

  it('given a foreign Origin on sign-out (better-auth) › refused as well', async () => {
    const u = await server.newUser().signUp();
    const res = await send(u, 'POST', '/api/auth/sign-out', {
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect(await u.org.me()).not.toBeNull();
  });
});

describe('sessions end when they end', () => {
  it('given sign-out › the old cookie is refused at once (also when it was cached)', async () => {
    const u = await server.newUser().signUp();
    const oldCookie = cookieOf(u);
    const me = () => fetch(`${server.url}/api/org/me`, { headers: { Cookie: oldCookie } });
    expect((await me()).status).toBe(200);
    expect((await me()).status).toBe(200); // served from the session cache
    await u.auth.signOut();
    expect((await me()).status).toBe(401);
    const create = await fetch(`${server.url}/api/org/create-org`, {
      method: 'POST',
      headers: { Cookie: oldCookie, Origin: server.url, 'Content-Type': 'application/json' },
      body: JSON.stringify({ orgName: 'After Logout' }),
    });
    expect(create.status).toBe(401);
  });

  it('given revoke other sessions › the other device’s cookie is refused at once', async () => {
    const first = await server.newUser().signUp();
    const second = server.newUser();
    await second.auth.signIn({ email: first.email, password: 'correct-horse-9' });
    const me = (u: TestUser) =>
      fetch(`${server.url}/api/org/me`, { headers: { Cookie: cookieOf(u) } });
    expect((await me(first)).status).toBe(200);
    expect((await me(second)).status).toBe(200);
    const revoke = await second.raw('POST', '/api/auth/revoke-other-sessions', {});
    expect(revoke.status).toBe(200);
    expect((await me(first)).status).toBe(401);
    expect((await me(second)).status).toBe(200);
  });
});

describe('sign-in abuse', () => {
  const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url, ...headers },
      body: JSON.stringify({ email, password }),
    });

  it('given 5 failed sign-ins with rotating X-Forwarded-For › the 6th is 429 with Retry-After, even with the right password', async () => {
    const victim = await server.newUser().signUp();
    for (let i = 1; i <= 5; i++) {
      const res = await signIn(victim.email, `wrong-guess-${i}`, {
        'X-Forwarded-For': `203.0.113.${i}`,
      });
      expect(res.status).toBe(401);
    }
    const locked = await signIn(victim.email, 'correct-horse-9', {
      'X-Forwarded-For': '198.51.100.77',
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(((await locked.json()) as { message: string }).message).toMatch(/Too many requests/);
  });

  it('given a weak, common or e-mail-like password › sign-up is refused with a clear message and no account', async () => {
    const signUp = (email: string, password: string) =>
      fetch(`${server.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.url },
        body: JSON.stringify({ name: 'Weak Pw', email, password }),
      });
    const common = await signUp('weak1@example.com', 'password123');
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({ message: passwordMessages.weak });
    const own = await signUp('grace.hopper@example.com', 'grace.hopper@example.com');
    expect(own.status).toBe(400);
    expect(await own.json()).toMatchObject({ message: passwordMessages.email });
    expect((await signIn('weak1@example.com', 'password123')).status).toBe(401);
  });
});

describe('roles', () => {
  async function memberId(owner: TestUser, orgId: string, userId: string) {
    const full = await owner.fetch(
      `/api/auth/organization/get-full-organization?organizationId=${orgId}`,
    );
    const body = (await full.json()) as { members: Array<{ id: string; userId: string }> };
    return body.members.find((m) => m.userId === userId)!.id;
  }

  it('only an owner grants the owner role or deletes the organization (an admin cannot)', async () => {
    const owner = server.newUser();
    const orgId = await owner.withOrg('Roles Org');
    const admin = await server.newUser().signUp();
    const member = await server.newUser().signUp();
    await owner.org.addUser({ orgId, userId: admin.userId, role: 'member' });
    await owner.org.addUser({ orgId, userId: member.userId, role: 'member' });
    const promote = await owner.raw('POST', '/api/auth/organization/update-member-role', {
      organizationId: orgId,
      memberId: await memberId(owner, orgId, admin.userId),
      role: 'admin',
    });
    expect(promote.status).toBe(200);
    // An admin manages members (docs/roles.md) but never grants the owner role.
    const byAdmin = await admin.raw('POST', '/api/auth/organization/update-member-role', {
      organizationId: orgId,
      memberId: await memberId(owner, orgId, member.userId),
      role: 'owner',
    });
    expect(byAdmin.status).toBe(403);
    const deleteByAdmin = await admin.raw('POST', '/api/auth/organization/delete', {
      organizationId: orgId,
    });
    expect(deleteByAdmin.status).toBe(403);
    expect((await owner.org.me())!.organizations.map((o) => o.orgId)).toContain(orgId);
  });

  it('only an owner deletes every agent of the organization', async () => {
    const owner = server.newUser();
    const orgId = await owner.withOrg('Delete Org');
    const member = await server.newUser().signUp();
    await owner.org.addUser({ orgId, userId: member.userId });
    const id = newAgentId('keep');
    await owner.agents.update(id, { organization_id: orgId });
    const byMember = await member.raw('DELETE', `/api/agents/delete-by-org/${orgId}`, {});
    expect(byMember.status).toBe(403);
    expect((await owner.agents.byOrg(orgId)).map((a) => a.id)).toContain(id);
    const byOwner = await owner.raw('DELETE', `/api/agents/delete-by-org/${orgId}`, {});
    expect(byOwner.status).toBe(200);
    expect(await owner.agents.byOrg(orgId)).toEqual([]);
  });

  it('a draft agent does not answer on its public key; published, it does', async () => {
    const owner = server.newUser();
    const orgId = await owner.withOrg('Draft Org');
    const id = newAgentId('draft');
    const app = await owner.apps.createAgent({ agentName: id, organizationId: orgId });
    const key = app.data!.appKey;
    await owner.agents.update(id, { organization_id: orgId, chatbot_key: key });
    const chat = () =>
      fetch(`${server.url}/v1/chat-messages`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: 'Hi', user: 'v1', response_mode: 'blocking', inputs: {} }),
      });
    const draft = await chat();
    expect(draft.status).toBe(403);
    expect(await draft.json()).toMatchObject({ error: draftAgentMessage });
    const published = await owner.raw('POST', '/api/publish-agent', {
      chatbot_api_key: key,
      app_id: app.data!.appId,
    });
    expect(published.status).toBe(200);
    expect((await chat()).status).toBe(200);
  });

  it('model-config refuses a knowledge base of another organization with 404 and keeps the old ids', async () => {
    const owner = server.newUser();
    const orgId = await owner.withOrg('KB Org');
    const other = server.newUser();
    const otherOrg = await other.withOrg('Other KB Org');
    const foreign = await other.raw('POST', `/api/knowledge-bases?org_id=${otherOrg}`, {
      name: 'Secret KB',
    });
    expect(foreign.status).toBe(200);
    const foreignId = foreign.body.id as string;
    const { id, appKey } = await draftAgent(owner, orgId, 'kb');
    const res = await configureKnowledge(owner, appKey, [foreignId], 'openai');
    expect(res.status).toBe(404);
    const info = await owner.raw('GET', `/api/agents/info/${id}`);
    expect(info.body.knowledge_base_ids ?? []).toEqual([]);
  });
});

describe('sign-in limits per client address', () => {
  const attempt = (target: TestServer, email: string, forwardedFor: string) =>
    fetch(`${target.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: target.url,
        'X-Forwarded-For': forwardedFor,
      },
      body: JSON.stringify({ email, password: 'not-the-password-1' }),
    });

  it.each([
    ['no trusted proxy (X-Forwarded-For ignored)', '0', (i: number) => `203.0.113.${i}`],
    [
      'one trusted proxy (made-up entries left of its own)',
      '1',
      (i: number) => `10.9.9.${i}, 198.51.100.7`,
    ],
  ])(
    'given %s › the 4th failed sign-in from one address is 429, whatever account and header',
    async (_, hops, header) => {
      const limited = await startTestServer({
        env: { PARLEY_AUTH_RATE_LIMIT_PER_IP: '3', TRUST_PROXY: hops },
      });
      try {
        for (let i = 1; i <= 3; i++)
          expect((await attempt(limited, `nobody${i}@example.com`, header(i))).status).toBe(401);
        const fourth = await attempt(limited, 'nobody4@example.com', header(4));
        expect(fourth.status).toBe(429);
        expect(Number(fourth.headers.get('Retry-After'))).toBeGreaterThan(0);
      } finally {
        await limited.close();
      }
    },
  );
});
