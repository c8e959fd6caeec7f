import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAgentTestsClient,
  createApiKeysClient,
  newAgentId,
  type AgentTestInput,
  type ApiKeyScope,
} from '@parley/api-client';
import { runParley } from '../../../packages/cli/test/runParley';
import { startTestServer, type TestServer, type TestUser } from './harness';

/**
 * The `parley` CLI as a process against the real server, with an organization API key: the test
 * suite as a CI step (exit 0 when every test passes, 1 when one fails, a background run waited
 * for), and its errors (a key without the scope, an unknown key, another organization's agent).
 * The drafts-and-versions commands: cliVersions.test.ts.
 */
let server: TestServer;
let owner: TestUser;
let orgId: string;
beforeAll(async () => {
  server = await startTestServer();
  owner = server.newUser();
  orgId = await owner.withOrg('CLI');
});
afterAll(async () => {
  await server?.close();
});

const keyWith = async (scopes: ApiKeyScope[]) =>
  (
    await createApiKeysClient({ baseUrl: '/api/org', fetch: owner.fetch }).create(orgId, {
      name: 'CI',
      scopes,
    })
  ).key;

/** An agent of the organization (offline: no model key) with these tests. */
async function agentWithTests(user: TestUser, org: string, tests: AgentTestInput[]) {
  const agent = newAgentId('cli');
  const app = await user.apps.createAgent({ agentName: agent, organizationId: org });
  await user.agents.update(agent, {
    organization_id: org,
    chatbot_api: `${server.url}/v1`,
    chatbot_key: app.data!.appKey,
    system_prompt: 'You are the Acme front desk.',
  });
  const client = createAgentTestsClient({ baseUrl: '/api/agents', fetch: user.fetch });
  for (const test of tests) await client.create(agent, test);
  return agent;
}

const offline: AgentTestInput = {
  name: 'Says it is offline',
  turns: [
    { user: 'What are your hours?', expect: [{ type: 'contains', value: 'Offline responder' }] },
  ],
};
const hours: AgentTestInput = {
  name: 'Knows the hours',
  turns: [{ user: 'When do you open?', expect: [{ type: 'contains', value: 'We open at 9' }] }],
};

const parley = (args: string[], key: string) =>
  runParley(args, { env: { PARLEY_URL: server.url, PARLEY_API_KEY: key } });

describe('parley test against the server', () => {
  it('exits 0 when the suite passes and 1 when a test fails, saying which and why', async () => {
    const key = await keyWith(['agents:read', 'agents:write']);
    const good = await agentWithTests(owner, orgId, [offline]);
    const pass = await parley(['test', good], key);
    expect(pass.stderr).toBe('');
    expect(pass.code).toBe(0);
    expect(pass.stdout).toContain('PASS  Says it is offline');
    expect(pass.stdout).toContain('1 passed, 0 failed, 1 in all: PASSED');

    const bad = await agentWithTests(owner, orgId, [offline, hours]);
    const fail = await parley(['test', bad], key);
    expect(fail.code).toBe(1);
    expect(fail.stdout).toContain('FAIL  Knows the hours');
    expect(fail.stdout).toContain('✗ The answer does not contain “We open at 9”');
    expect(fail.stdout).toContain('1 passed, 1 failed, 2 in all: FAILED');
    const json = await parley(['test', bad, '--json'], key);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ status: 'failed', failed_count: 1 });
  });

  it('waits for a run long enough to go to the background (202), looking at it until it ends', async () => {
    const key = await keyWith(['agents:read', 'agents:write']);
    // 2 turns × 6 repetitions: over the 10 turns answered at once.
    const agent = await agentWithTests(owner, orgId, [
      {
        ...offline,
        turns: [
          offline.turns[0]!,
          { user: 'Thanks', expect: [{ type: 'contains', value: 'Thanks' }] },
        ],
        repetitions: 6,
      },
    ]);
    const res = await parley(['test', agent], key);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('1 passed, 0 failed, 1 in all: PASSED');
  });

  it('a key without the scope (403 naming it), an unknown key (401), another organization’s agent (404): exit 3', async () => {
    const agent = await agentWithTests(owner, orgId, [offline]);
    const readOnly = await parley(['test', agent], await keyWith(['agents:read']));
    expect(readOnly.code).toBe(3);
    expect(readOnly.stderr.trim()).toBe(
      'The API key lacks the scope agents:write (403): ask an owner or admin for a key with agents:write.',
    );
    const unknown = await parley(['test', agent], `parley_${'x'.repeat(43)}`);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toMatch(/^The server refused the API key \(401\): Invalid API key/);
    const other = server.newUser();
    const theirs = await agentWithTests(other, await other.withOrg('Other'), [offline]);
    const foreign = await parley(['test', theirs], await keyWith(['agents:read', 'agents:write']));
    expect(foreign.code).toBe(3);
    expect(foreign.stderr).toMatch(/^Agent not found \(404\)/);
  });
});
