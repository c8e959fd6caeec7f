import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeysClient, newAgentId } from '@parley/api-client';
import { runParley } from '../../../packages/cli/test/runParley';
import { startTestServer, type TestServer, type TestUser } from './harness';

/**
 * Agents as code with the `parley` CLI against the real server (issue 39 items 2, 4 and 6):
 * pull → edit → push → diff → publish with a note → versions → rollback, all with one
 * organization API key. These calls are the drafts-and-versions work of issue 39; on a server
 * without them this file fails (404 on the first pull), by design: it is the check that the CLI
 * and those endpoints agree.
 */
let server: TestServer;
let owner: TestUser;
let orgId: string;
let key: string;
beforeAll(async () => {
  server = await startTestServer();
  owner = server.newUser();
  orgId = await owner.withOrg('Agents as code');
  key = (
    await createApiKeysClient({ baseUrl: '/api/org', fetch: owner.fetch }).create(orgId, {
      name: 'CI',
      scopes: ['agents:read', 'agents:write', 'agents:publish'],
    })
  ).key;
});
afterAll(async () => {
  await server?.close();
});

const parley = (args: string[], cwd?: string) =>
  runParley(args, { cwd, env: { PARLEY_URL: server.url, PARLEY_API_KEY: key } });

describe('parley pull, push, diff, publish, versions, rollback against the server', () => {
  it('keeps an agent in a file, ships a change on purpose and takes it back', async () => {
    const agent = newAgentId('git');
    const app = await owner.apps.createAgent({ agentName: agent, organizationId: orgId });
    await owner.agents.update(agent, {
      organization_id: orgId,
      chatbot_api: `${server.url}/v1`,
      chatbot_key: app.data!.appKey,
      initial_message: 'Hi from the console',
    });
    const first = await parley(['publish', agent, '--note', 'First']);
    expect(first.stderr).toBe('');
    expect(first.stdout.trim()).toBe(`Published ${agent} as version 1.`);

    const dir = mkdtempSync(join(tmpdir(), 'parley-git-'));
    const pulled = await parley(['pull', agent], dir);
    expect(pulled.stderr).toBe('');
    const file = join(dir, `${agent}.json`);
    const document = JSON.parse(readFileSync(file, 'utf8'));
    expect(document).toMatchObject({ kind: 'parley.agent', schema_version: 1 });
    expect(document.settings.initial_message).toBe('Hi from the console');

    document.settings.initial_message = 'Hello from git';
    writeFileSync(file, JSON.stringify(document, null, 2));
    const pushed = await parley(['push', `${agent}.json`], dir);
    expect(pushed.stderr).toBe('');
    expect(pushed.code).toBe(0);

    const diff = JSON.parse((await parley(['diff', agent, '--json'])).stdout);
    expect(diff.draft_changed).toBe(true);
    expect(diff.changes).toContainEqual({
      field: 'initial_message',
      live: 'Hi from the console',
      draft: 'Hello from git',
    });

    const second = await parley(['publish', agent, '--note', 'From git']);
    expect(second.stdout.trim()).toBe(`Published ${agent} as version 2.`);
    const versions = JSON.parse((await parley(['versions', agent, '--json'])).stdout);
    expect(versions).toMatchObject({ live_version: 2, draft_changed: false });
    expect(
      versions.versions.map((v: { version: number; note: string }) => [v.version, v.note]),
    ).toEqual([
      [2, 'From git'],
      [1, 'First'],
    ]);

    const back = await parley(['rollback', agent, '1']);
    expect(back.stdout.trim()).toBe(`${agent}: version 1 is live again, as version 3.`);
    const live = await parley(['pull', agent, '--version', 'live', '--out', '-']);
    expect(JSON.parse(live.stdout).settings.initial_message).toBe('Hi from the console');
  });
});
