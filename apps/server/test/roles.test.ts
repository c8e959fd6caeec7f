import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from './harness';

/**
 * The role table of docs/roles.md, route by route: what is the owner's and admins' answers 403
 * naming the roles to a member, and works for an admin and an owner; what is everyone's works
 * for a member too.
 */

let server: TestServer;
let orgId: string;
const as: Record<'owner' | 'admin' | 'member', TestUser> = {} as never;

beforeAll(async () => {
  // Credential tests reach a closed local port (answered at once: "Could not reach Deepgram").
  server = await startTestServer({ env: { DEEPGRAM_BASE_URL: 'http://127.0.0.1:9' } });
  as.owner = server.newUser();
  orgId = await as.owner.withOrg('Roles');
  for (const role of ['admin', 'member'] as const) {
    as[role] = await server.newUser().signUp();
    await as.owner.org.addUser({ orgId, userId: as[role].userId, role });
  }
});
afterAll(async () => {
  await server?.close();
});

interface Call {
  method: string;
  path: string;
  body?: unknown;
}

/** A newly signed-up user added to the organization as a member; returns its member id. */
async function newMember(): Promise<string> {
  const u = await server.newUser().signUp();
  await as.owner.org.addUser({ orgId, userId: u.userId });
  return (await as.owner.org.members(orgId)).members.find((m) => m.userId === u.userId)!.memberId;
}

const credentials = { credentials: { api_key: 'dg_0123456789abcdef0123456789abcdef' } };
const integration = () => `/api/integrations/organization/${orgId}/deepgram`;
const withIntegration = async () => {
  const res = await as.owner.raw('PUT', integration(), credentials);
  expect(res.status).toBe(200);
};

/** Routes that are the owner's and admins': [the error a member gets, how to call it]. */
const managed: Array<[string, () => Promise<Call>]> = [
  [
    'Only an owner or admin can change provider credentials',
    async () => ({ method: 'PUT', path: integration(), body: credentials }),
  ],
  [
    'Only an owner or admin can test provider credentials',
    async () => {
      await withIntegration();
      return { method: 'POST', path: `${integration()}/test` };
    },
  ],
  [
    'Only an owner or admin can change provider credentials',
    async () => {
      await withIntegration();
      return { method: 'DELETE', path: integration() };
    },
  ],
  [
    'Only an owner or admin can sync numbers from the provider',
    async () => ({
      method: 'POST',
      path: '/voice/phone-numbers/sync-all-providers',
      body: { organization_id: orgId },
    }),
  ],
  [
    'Only an owner or admin can add members',
    async () => ({
      method: 'POST',
      path: '/api/org/add-user',
      body: { orgId, userId: (await server.newUser().signUp()).userId },
    }),
  ],
  [
    'Only an owner or admin can invite members',
    async () => ({
      method: 'POST',
      path: `/api/org/${orgId}/invitations`,
      body: { email: `r-${Math.random().toString(36).slice(2)}@example.com`, role: 'member' },
    }),
  ],
  [
    'Only an owner or admin can cancel invitations',
    async () => {
      const email = `c-${Math.random().toString(36).slice(2)}@example.com`;
      const { invitation } = await as.owner.org.invite(orgId, { email });
      return { method: 'DELETE', path: `/api/org/${orgId}/invitations/${invitation.id}` };
    },
  ],
  [
    "Only an owner or admin can change members' roles",
    async () => ({
      method: 'PATCH',
      path: `/api/org/${orgId}/members/${await newMember()}`,
      body: { role: 'admin' },
    }),
  ],
  [
    'Only an owner or admin can remove members',
    async () => ({ method: 'DELETE', path: `/api/org/${orgId}/members/${await newMember()}` }),
  ],
  [
    'Only an owner or admin can delete every agent of the organization',
    async () => ({ method: 'DELETE', path: `/api/agents/delete-by-org/${orgId}`, body: {} }),
  ],
  [
    'Only an owner or admin can change dialling settings',
    async () => ({
      method: 'PUT',
      path: `/voice/scheduled/organization/${orgId}/settings`,
      body: { calling_window_start: '09:00', calling_window_end: '17:00', max_concurrent_calls: 2 },
    }),
  ],
  [
    'Only an owner or admin can resume dialling',
    async () => ({ method: 'POST', path: `/voice/scheduled/organization/${orgId}/resume` }),
  ],
  [
    'Only an owner or admin can remove numbers from the do-not-call list',
    async () => {
      await as.owner.voice.addDoNotCall(orgId, { phone_number: '+14155550177' });
      return {
        method: 'DELETE',
        path: `/voice/scheduled/organization/${orgId}/do-not-call/%2B14155550177`,
      };
    },
  ],
];

/** Routes that are everyone's: a member gets a 2xx answer. */
const everyones: Array<[string, () => Promise<Call>]> = [
  ['read the masked credentials', async () => ({ method: 'GET', path: integration() })],
  ['list members', async () => ({ method: 'GET', path: `/api/org/${orgId}/members` })],
  [
    'build a knowledge base',
    async () => ({
      method: 'POST',
      path: `/api/knowledge-bases?org_id=${orgId}`,
      body: { name: 'KB' },
    }),
  ],
  [
    'list phone numbers',
    async () => ({ method: 'GET', path: `/voice/phone-numbers/organization/${orgId}` }),
  ],
  [
    'read the dialling settings',
    async () => ({ method: 'GET', path: `/voice/scheduled/organization/${orgId}/settings` }),
  ],
  [
    'add a number to the do-not-call list',
    async () => ({
      method: 'POST',
      path: `/voice/scheduled/organization/${orgId}/do-not-call`,
      body: { phone_number: '+14155550178', reason: 'asked' },
    }),
  ],
];

describe('the role table on every route it names', () => {
  it.each(managed.map(([error, call], i) => [i, error, call] as const))(
    'route %i: a member gets 403 "%s"; an admin and an owner are answered',
    async (_i, error, call) => {
      const asMember = await call();
      const refused = await as.member.raw(asMember.method, asMember.path, asMember.body);
      expect({ path: asMember.path, status: refused.status, body: refused.body }).toMatchObject({
        path: asMember.path,
        status: 403,
        body: { error, required_roles: ['owner', 'admin'] },
      });
      for (const role of ['admin', 'owner'] as const) {
        const c = await call();
        const res = await as[role].raw(c.method, c.path, c.body);
        expect({ role, path: c.path, status: res.status }).toEqual({
          role,
          path: c.path,
          status: 200,
        });
      }
    },
  );

  it('a refused change writes nothing: the member cannot replace or delete credentials', async () => {
    await withIntegration();
    const before = (await as.owner.raw('GET', integration())).body;
    await as.member.raw('PUT', integration(), {
      credentials: { api_key: 'dg_ffffffffffffffffffffffffffffffff' },
    });
    await as.member.raw('DELETE', integration());
    expect((await as.owner.raw('GET', integration())).body).toEqual(before);
  });

  it.each(everyones)('a member may %s', async (_what, call) => {
    const c = await call();
    const res = await as.member.raw(c.method, c.path, c.body);
    expect({ path: c.path, status: res.status }).toEqual({ path: c.path, status: 200 });
  });

  it('an outsider gets 404, not 403, on the managed routes', async () => {
    const outsider = server.newUser();
    await outsider.withOrg('Elsewhere');
    const c = await managed[0]![1]();
    expect((await outsider.raw(c.method, c.path, c.body)).status).toBe(404);
  });
});
