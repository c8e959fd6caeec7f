import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAgentId } from '@parley/api-client';
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
  server = await startTestServer({
    env: { DEEPGRAM_BASE_URL: 'http://127.0.0.1:9', PARLEY_WEBHOOK_ALLOW_HOSTS: '127.0.0.1' },
  });
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
    'Only an owner or admin can manage webhooks',
    async () => {
      const made = await as.owner.raw('POST', `/api/org/${orgId}/webhooks`, {
        url: 'http://127.0.0.1:9/hook',
        events: ['*'],
      });
      const id = (made.body.webhook as { id: string }).id;
      return { method: 'PUT', path: `/api/org/${orgId}/webhooks/${id}`, body: { enabled: false } };
    },
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

// ---------- docs/roles.md, row by row ----------

type Role = 'owner' | 'admin' | 'member';
interface Row {
  what: string;
  expected: Record<Role, boolean>;
}

/** The first table of docs/roles.md: each row's What and its ✓ / — per role. */
function docRows(): Row[] {
  const text = readFileSync(new URL('../../../docs/roles.md', import.meta.url), 'utf8');
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith('| What | Routes | Owner | Admin | Member |'));
  const rows: Row[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((c) => c.trim());
    const [what, , owner, admin, member] = cells;
    const allowed = (cell: string | undefined) => cell!.startsWith('✓');
    rows.push({
      what: what!,
      expected: { owner: allowed(owner), admin: allowed(admin), member: allowed(member) },
    });
  }
  return rows;
}

/** A fresh user of the organization with the role (the owner adds them). */
async function userWithRole(role: Role): Promise<TestUser> {
  const u = await server.newUser().signUp();
  await as.owner.org.addUser({ orgId, userId: u.userId, role });
  return u;
}
const memberIdOf = async (userId: string) =>
  (await as.owner.org.members(orgId)).members.find((m) => m.userId === userId)!.memberId;
const q = (extra = '') => `organization_id=${orgId}${extra}`;
let smsNumber: string;

/**
 * How each row is tried by a user of a role: the request (made with fresh fixtures each time, so
 * one role's call does not change another's). Keyed by the row's What, as written in the doc.
 */
const rowChecks: Record<string, (role: Role) => Promise<{ user: TestUser; call: Call }>> = {
  '**Provider credentials**: set or replace, remove, Test': async (role) => ({
    user: as[role],
    call: { method: 'PUT', path: integration(), body: credentials },
  }),
  '**Provider sync**: fetch the numbers from the telephony provider (and point their webhooks here)':
    async (role) => ({
      user: as[role],
      call: {
        method: 'POST',
        path: '/voice/phone-numbers/sync-all-providers',
        body: { organization_id: orgId },
      },
    }),
  "**Mailbox settings**: a mailbox's SMTP and IMAP servers, display name and autonomy; delete a mailbox":
    async (role) => ({
      user: as[role],
      call: {
        method: 'PUT',
        path: `/messaging/mail/mailboxes/${encodeURIComponent(`desk-${role}@roles.example`)}?${q()}`,
        body: { display_name: 'Front desk' },
      },
    }),
  '**Invite** by e-mail address; **cancel** an invitation': async (role) => ({
    user: as[role],
    call: {
      method: 'POST',
      path: `/api/org/${orgId}/invitations`,
      body: { email: `t-${Math.random().toString(36).slice(2)}@example.com`, role: 'member' },
    },
  }),
  '**Add** an existing user': async (role) => ({
    user: as[role],
    call: {
      method: 'POST',
      path: '/api/org/add-user',
      body: { orgId, userId: (await server.newUser().signUp()).userId },
    },
  }),
  "**Change a member's role**, **remove a member**": async (role) => ({
    user: as[role],
    call: {
      method: 'PATCH',
      path: `/api/org/${orgId}/members/${await newMember()}`,
      body: { role: 'admin' },
    },
  }),
  'Grant the **owner** role, change or remove an **owner**, invite an owner': async (role) => ({
    user: as[role],
    call: {
      method: 'PATCH',
      path: `/api/org/${orgId}/members/${await newMember()}`,
      body: { role: 'owner' },
    },
  }),
  '**Destructive organization-wide actions**: delete every agent of the organization': async (
    role,
  ) => ({
    user: as[role],
    call: { method: 'DELETE', path: `/api/agents/delete-by-org/${orgId}`, body: {} },
  }),
  '**Webhooks**: add, change, delete, send a test event, rotate the signing secret, replay a delivery':
    async (role) => ({
      user: as[role],
      call: {
        method: 'POST',
        path: `/api/org/${orgId}/webhooks`,
        body: { url: `http://127.0.0.1:9/${role}`, events: ['conversation.ended'] },
      },
    }),
  'See the webhooks (never their signing secrets) and their delivery logs': async (role) => ({
    user: as[role],
    call: { method: 'GET', path: `/api/org/${orgId}/webhooks` },
  }),
  '**API keys**: create, revoke ([versions.md](versions.md#api-keys-and-scopes))': async (
    role,
  ) => ({
    user: as[role],
    call: {
      method: 'POST',
      path: `/api/org/${orgId}/api-keys`,
      body: { name: `roles ${role}`, scopes: ['agents:read'] },
    },
  }),
  'See the API keys (masked, with their scopes and last use)': async (role) => ({
    user: as[role],
    call: { method: 'GET', path: `/api/org/${orgId}/api-keys` },
  }),
  "**Privacy**: change the storage mode and redaction; export or erase a person's data; read the audit log":
    async (role) => ({
      user: as[role],
      call: { method: 'GET', path: `/api/org/${orgId}/audit-log` },
    }),
  'See the privacy settings': async (role) => ({
    user: as[role],
    call: { method: 'GET', path: `/api/org/${orgId}/privacy` },
  }),
  '**Purge old data**: now, or count it first (dry run)': async (role) => ({
    user: as[role],
    call: {
      method: 'POST',
      path: `/api/org/${orgId}/privacy/purge`,
      body: { older_than: 36500, dry_run: true },
    },
  }),
  "See the latest purges (the retention job's and those asked for)": async (role) => ({
    user: as[role],
    call: { method: 'GET', path: `/api/org/${orgId}/privacy/purges` },
  }),
  "**Business hours**: the organization's opening hours, holidays and out-of-hours message (Settings → Business hours)":
    async (role) => ({
      user: as[role],
      call: {
        method: 'PUT',
        path: `/api/org/${orgId}/business-hours`,
        body: { time_zone: 'Europe/Paris', days: { mon: [['09:00', '17:00']] } },
      },
    }),
  "See the business hours and who waits for a person; one's own phone number and e-mail alerts":
    async (role) => ({
      user: as[role],
      call: { method: 'GET', path: `/api/org/${orgId}/business-hours` },
    }),
  'See the members and pending invitations': async (role) => ({
    user: as[role],
    call: { method: 'GET', path: `/api/org/${orgId}/members` },
  }),
  "See which providers are configured (masked to the last 4), list a provider's voices": async (
    role,
  ) => ({ user: as[role], call: { method: 'GET', path: integration() } }),
  'See the **sending limits** and what was sent against them³': async (role) => ({
    user: as[role],
    call: { method: 'GET', path: `/messaging/send-limits?${q()}` },
  }),
  '**Build agents**: create, edit, publish, restore a version, discard a draft, import and export, test, delete one agent':
    async (role) => ({
      user: as[role],
      call: {
        method: 'POST',
        path: `/api/agents/update/${newAgentId('roles')}`,
        body: { organization_id: orgId, name: 'Made by a role' },
      },
    }),
  '**Knowledge**: create bases, add documents, test retrieval, API keys (of the bases they may use, below)':
    async (role) => ({
      user: as[role],
      call: { method: 'POST', path: `/api/knowledge-bases?org_id=${orgId}`, body: { name: 'KB' } },
    }),
  '**Assignments**: assign or unassign numbers, mailboxes and channel agents (assigning an agent to a new address creates its mailbox, without mail servers⁴)':
    async (role) => {
      // An agent of its own (the destructive row deletes every agent of the organization).
      const id = newAgentId('roles');
      const app = await as.owner.apps.createAgent({ agentName: id, organizationId: orgId });
      await as.owner.agents.update(id, { organization_id: orgId, chatbot_key: app.data!.appKey });
      const agent = { id, key: app.data!.appKey };
      return {
        user: as[role],
        call: {
          method: 'POST',
          path: `/messaging/mail/agent-mapping?${q(
            `&email_address=${encodeURIComponent(`map-${role}-${Math.random().toString(36).slice(2)}@roles.example`)}&agent_url=${encodeURIComponent(`agent:${agent.id}`)}&api_key=${agent.key}`,
          )}`,
        },
      };
    },
  '**Dialling settings** (calling window, calls at once), **Resume** after the breaker, **remove** a number from the do-not-call list':
    async (role) => ({
      user: as[role],
      call: {
        method: 'PUT',
        path: `/voice/scheduled/organization/${orgId}/settings`,
        body: {
          calling_window_start: '09:00',
          calling_window_end: '17:00',
          max_concurrent_calls: 2,
        },
      },
    }),
  '**Sending**: SMS, WhatsApp, e-mail, scheduled calls (within the sending limits); read the dialling settings; add to the do-not-call list':
    async (role) => ({
      user: as[role],
      call: {
        method: 'POST',
        path: '/messaging/sms/send-message',
        body: {
          organization_id: orgId,
          from_number: smsNumber,
          to_number: '+15005550142',
          message_text: `Hello from the ${role}`,
        },
      },
    }),
  'Conversations, call logs, the sandbox outbox and its simulated inbound events': async (
    role,
  ) => ({
    user: as[role],
    call: { method: 'GET', path: `/messaging/sms/messages?${q()}` },
  }),
  '**Leave** the organization': async (role) => {
    // A user of that role who then leaves (the owner is one of two owners).
    const user = await userWithRole(role);
    return {
      user,
      call: {
        method: 'DELETE',
        path: `/api/org/${orgId}/members/${await memberIdOf(user.userId)}`,
      },
    };
  },
};

describe('docs/roles.md, walked row by row', () => {
  beforeAll(async () => {
    await as.owner.voice.syncAllProviders({ organization_id: orgId });
    const page = await as.owner.voice.phoneNumberPage(orgId);
    smsNumber = page.phone_numbers.find((n) => n.sms_enabled)!.phone_number;
  });

  it('every row of the table has a check, and every check a row', () => {
    const rows = docRows().map((r) => r.what);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((w) => !(w in rowChecks))).toEqual([]);
    expect(Object.keys(rowChecks).filter((w) => !rows.includes(w))).toEqual([]);
  });

  it.each(docRows().map((r) => [r.what, r] as const))('%s', async (_what, row) => {
    for (const role of ['owner', 'admin', 'member'] as const) {
      const { user, call } = await rowChecks[row.what]!(role);
      const res = await user.raw(call.method, call.path, call.body);
      const answer = { role, path: call.path, allowed: res.status >= 200 && res.status < 300 };
      expect({ ...answer, body: res.body }).toMatchObject({
        role,
        path: call.path,
        allowed: row.expected[role],
        ...(row.expected[role] ? {} : { body: { required_roles: expect.any(Array) } }),
      });
    }
  });
});
