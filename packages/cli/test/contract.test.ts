import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runParley } from './runParley';

/**
 * `parley` as a process against a local HTTP server that speaks the contract of issue 39 (the
 * versions and agents-as-code calls, exactly as the issue names their paths and fields): what the
 * CLI sends, what it prints, how it exits. apps/server/test/cli*.test.ts run it against the real
 * server.
 */
const key = 'parley_contractcontractcontractcontractcontract1';
const appId = '6f1c2b9e-8d4a-4a57-9d2e-1f3b5c7d9e0a';
const document = {
  kind: 'parley.agent',
  schema_version: 1,
  name: 'Support',
  agent_type: 'knowledge',
  settings: { initial_message: 'Hi there', model_api_key: null },
  tools: [],
  tests: [],
  analysis: null,
};

interface Seen {
  method: string;
  url: string;
  key: string | undefined;
  body: unknown;
}
const seen: Seen[] = [];
let server: Server;
let url = '';
let runLooks = 0;

const json = (status: number, body: unknown) => ({ status, body });
const refuse = (scope: string) =>
  json(403, {
    success: false,
    error: `This API key lacks the scope ${scope}`,
    required_scope: scope,
  });

function answer(
  method: string,
  path: string,
  query: URLSearchParams,
  body: unknown,
  presented?: string,
) {
  if (presented === 'parley_readonly') return refuse('agents:publish');
  if (presented !== key)
    return json(401, { success: false, error: 'Invalid API key: it is unknown or was revoked' });
  const route = `${method} ${path}`;
  switch (route) {
    case 'GET /api/agents/support_1/export':
      return json(200, { ...document, name: `Support (${query.get('version')})` });
    case 'PUT /api/agents/support_1/draft':
      return json(200, { success: true, message: 'Draft replaced', draft_changed: true });
    case 'GET /api/agents/support_1/draft':
      return json(200, {
        draft_changed: true,
        live_version: 2,
        changes: [{ field: 'initial_message', live: 'Hi there', draft: 'Hello!' }],
      });
    case 'GET /api/agents/support_1/versions':
      return json(200, {
        live_version: 2,
        draft_changed: false,
        versions: [
          {
            version: 2,
            published_at: '2026-11-28T10:00:00.000Z',
            published_by: 'Ada Lovelace',
            note: 'Hello',
            restored_from: null,
          },
          {
            version: 1,
            published_at: '2026-11-27T10:00:00.000Z',
            published_by: null,
            note: null,
            restored_from: null,
          },
        ],
      });
    case 'POST /api/agents/support_1/versions/1/restore':
      return json(200, { success: true, version: 3, restored_from: 1 });
    case 'GET /api/agents/info/support_1':
      return json(200, { agent_name: 'support_1', chatbot_key: 'app-support', app_id: appId });
    case 'GET /api/agents/info/gated_1':
      return json(200, { agent_name: 'gated_1', chatbot_key: 'app-gated', app_id: appId });
    case 'POST /api/publish-agent':
      return (body as { chatbot_api_key?: string }).chatbot_api_key === 'app-gated'
        ? json(409, {
            success: false,
            error: 'Tests must pass to publish: 1 failing test: “Knows the hours”',
            failing_tests: [{ test_id: 't2', name: 'Knows the hours' }],
            run_id: 'run-9',
          })
        : json(200, { success: true, message: 'Agent published successfully', version: 4 });
    case 'POST /api/agents/support_1/tests/run':
      runLooks = 0;
      return json(202, testRun('queued'));
    case 'GET /api/agents/support_1/tests/runs/run-1':
      runLooks += 1;
      return json(200, testRun(runLooks < 2 ? 'running' : 'failed'));
    default:
      return json(404, { success: false, error: 'Not found' });
  }
}

function testRun(status: string) {
  const done = status === 'failed';
  return {
    id: 'run-1',
    status,
    trigger: 'manual',
    total: 1,
    done: done ? 1 : 0,
    passed_count: 0,
    failed_count: done ? 1 : 0,
    error: null,
    created_at: '2026-11-28T10:00:00.000Z',
    finished_at: done ? '2026-11-28T10:00:02.000Z' : null,
    results: done
      ? [
          {
            test_id: 't2',
            name: 'Knows the hours',
            passed: false,
            pass_rate: 0,
            repetitions: 1,
            turns: [
              {
                user: 'When do you open?',
                answer: 'Offline responder',
                passed: false,
                latency_ms: 2,
                offline: true,
                error: null,
                expectations: [
                  {
                    type: 'contains',
                    value: 'We open at 9',
                    passed: false,
                    detail: 'The answer does not contain “We open at 9”',
                  },
                ],
              },
            ],
          },
        ]
      : [],
  };
}

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const where = new URL(req.url!, 'http://local');
    const body = await bodyOf(req);
    const presented = req.headers['x-api-key'] as string | undefined;
    seen.push({
      method: req.method!,
      url: `${where.pathname}${where.search}`,
      key: presented,
      body,
    });
    const { status, body: out } = answer(
      req.method!,
      where.pathname,
      where.searchParams,
      body,
      presented,
    );
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(out));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

const env = () => ({ PARLEY_URL: url, PARLEY_API_KEY: key });
const lastCalls = (n: number) => seen.slice(-n).map((s) => `${s.method} ${s.url}`);

describe('parley against the contract', () => {
  it('pull writes <agent>.json (the draft by default), --version and --out choose; the key goes in x-api-key', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-pull-'));
    const res = await runParley(['pull', 'support_1'], { env: env(), cwd: dir });
    expect(res).toMatchObject({ code: 0, stderr: '' });
    expect(res.stdout.trim()).toBe(
      'Wrote support_1.json: the draft of support_1 (Support (draft)).',
    );
    expect(JSON.parse(readFileSync(join(dir, 'support_1.json'), 'utf8'))).toEqual({
      ...document,
      name: 'Support (draft)',
    });
    expect(seen.at(-1)).toMatchObject({
      method: 'GET',
      url: '/api/agents/support_1/export?version=draft',
      key,
    });

    const live = await runParley(
      ['pull', 'support_1', '--version', 'live', '-o', 'live.json', '--json'],
      { env: env(), cwd: dir },
    );
    expect(JSON.parse(live.stdout)).toEqual({
      file: 'live.json',
      agent: 'support_1',
      version: 'live',
      name: 'Support (live)',
    });
    expect(JSON.parse(readFileSync(join(dir, 'live.json'), 'utf8')).name).toBe('Support (live)');
  });

  it('push sends the file as the draft (PUT …/draft {document}); a file that is no agent document is refused before any call', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-push-'));
    writeFileSync(join(dir, 'support_1.json'), JSON.stringify(document));
    const res = await runParley(['push', 'support_1.json'], { env: env(), cwd: dir });
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('The draft of support_1 now is support_1.json.');
    expect(seen.at(-1)).toMatchObject({
      method: 'PUT',
      url: '/api/agents/support_1/draft',
      body: { document },
    });

    const before = seen.length;
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ ...document, kind: 'other' }));
    const bad = await runParley(['push', 'bad.json', '--agent', 'support_1'], {
      env: env(),
      cwd: dir,
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      'bad.json is not an agent document (parley pull writes one): kind: must be "parley.agent"',
    );
    writeFileSync(join(dir, 'broken.json'), '{"kind":');
    expect((await runParley(['push', 'broken.json'], { env: env(), cwd: dir })).stderr).toMatch(
      /^broken\.json is not JSON/,
    );
    expect((await runParley(['push', 'missing.json'], { env: env(), cwd: dir })).stderr).toMatch(
      /^Cannot read missing\.json/,
    );
    expect(seen.length).toBe(before);
  });

  it('diff, versions and rollback print plain words, or the answer with --json', async () => {
    const diff = await runParley(['diff', 'support_1'], { env: env() });
    expect(diff.stdout).toContain(
      'support_1: 1 unpublished change\n\ninitial_message\n  - live:  "Hi there"\n  + draft: "Hello!"',
    );
    const versions = await runParley(['versions', 'support_1'], { env: env() });
    expect(versions.stdout).toMatch(
      /^support_1: version 2 is live\. The draft is the live version\./,
    );
    expect(versions.stdout).toMatch(/\* 2 +2026-11-28 10:00 UTC +Ada Lovelace +Hello/);
    const json = await runParley(['versions', 'support_1', '--json'], { env: env() });
    expect(JSON.parse(json.stdout).live_version).toBe(2);
    const rollback = await runParley(['rollback', 'support_1', '1'], { env: env() });
    expect(rollback.stdout.trim()).toBe('support_1: version 1 is live again, as version 3.');
    expect(lastCalls(1)).toEqual(['POST /api/agents/support_1/versions/1/restore']);
  });

  it('publish sends the agent’s key, app id and note, and names the version; the test gate’s refusal exits 1', async () => {
    const res = await runParley(['publish', 'support_1', '--note', 'New greeting'], { env: env() });
    expect(res).toMatchObject({ code: 0, stdout: 'Published support_1 as version 4.\n' });
    expect(lastCalls(2)).toEqual(['GET /api/agents/info/support_1', 'POST /api/publish-agent']);
    expect(seen.at(-1)!.body).toEqual({
      chatbot_api_key: 'app-support',
      app_id: appId,
      note: 'New greeting',
    });
    const gated = await runParley(['publish', 'gated_1'], { env: env() });
    expect(gated.code).toBe(1);
    expect(gated.stderr).toContain('Publishing gated_1 was refused: Tests must pass to publish');
    expect(gated.stderr).toContain('  FAIL  Knows the hours');
  });

  it('test waits for a background run and exits 1 when a test fails', async () => {
    const res = await runParley(['test', 'support_1'], { env: env() });
    expect(res.code).toBe(1);
    expect(res.stdout).toContain('FAIL  Knows the hours');
    expect(res.stdout).toContain('        ✗ The answer does not contain “We open at 9”');
    expect(res.stdout).toContain('0 passed, 1 failed, 1 in all: FAILED');
    expect(lastCalls(3)).toEqual([
      'POST /api/agents/support_1/tests/run',
      'GET /api/agents/support_1/tests/runs/run-1',
      'GET /api/agents/support_1/tests/runs/run-1',
    ]);
  });

  it('clear errors: a bad key (401), a missing scope (403 naming it), an unknown agent, an unreachable server, no configuration', async () => {
    const bad = await runParley(['diff', 'support_1'], {
      env: { ...env(), PARLEY_API_KEY: 'parley_wrong' },
    });
    expect(bad.code).toBe(3);
    expect(bad.stderr).toMatch(/^The server refused the API key \(401\): Invalid API key/);
    const scope = await runParley(['publish', 'support_1'], {
      env: { ...env(), PARLEY_API_KEY: 'parley_readonly' },
    });
    expect(scope.stderr.trim()).toBe(
      'The API key lacks the scope agents:publish (403): ask an owner or admin for a key with agents:publish.',
    );
    const unknown = await runParley(['versions', 'nobody_1'], { env: env() });
    expect(unknown.stderr).toMatch(/^Not found \(404\): check the agent name/);
    const closed = await runParley(['diff', 'support_1'], {
      env: { ...env(), PARLEY_URL: 'http://127.0.0.1:9' },
    });
    expect(closed.code).toBe(3);
    expect(closed.stderr).toMatch(
      /^Could not reach the Parley server at http:\/\/127\.0\.0\.1:9 \(/,
    );
    const none = await runParley(['diff', 'support_1']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^No server: set PARLEY_URL/);
    const flags = await runParley(['diff', 'support_1', '--url', url, '--key', key]);
    expect(flags.code).toBe(0);
    const path = await runParley(['pull', '../etc'], { env: env() });
    expect(path.code).toBe(2);
    expect(path.stderr).toMatch(/^<agent> '..\/etc' is not an agent name/);
  });
});
