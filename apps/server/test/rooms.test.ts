// The house's rooms (docs/architecture.md), read from the tree:
// - apps/server/src/lib/ is plumbing: it imports no feature folder (only lib/ itself and db/);
// - openapi.ts is written from the contract (@parley/api-client), not from route files;
// - the voice worker (apps/voice-agent/src) imports nothing from apps/server: what both need
//   (the call token) lives in @parley/api-client. Its integration tests (apps/voice-agent/test)
//   may start a real server through the server's test harness, and nothing else of it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../src/lib/dataDir';

const serverSrc = join(repositoryRoot, 'apps/server/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

/** Every module a file names: static imports and re-exports, `import '…'` and `import('…')`. */
function specifiersOf(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\bfrom\s+['"]([^'"]+)['"]/g,
    /\bimport\s+['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.push(m[1]!);
  return found;
}

/** The repository-relative path a relative specifier points at (null: a package). */
function target(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  return relative(repositoryRoot, resolve(dirname(file), specifier))
    .split(sep)
    .join('/');
}

/**
 * The server's rooms, inner first (docs/architecture.md): a file imports only its own room and the
 * rooms before it. The root files (app.ts, server.ts, openapi.ts, …) assemble everything.
 */
const roomOrder = [
  'db', // the drizzle schema and the client (PGlite or PostgreSQL)
  'lib', // plumbing: HTTP errors, outbound guard, secrets, rate limits, tenancy, jobs
  'events', // the conversation event log (webhooks read it)
  'audit', // the audit log
  'auth', // better-auth, sessions
  'privacy', // storage modes, retention, redaction
  'org', // organizations, members, invitations
  'apikeys', // organization API keys and their scopes
  'integrations', // an organization's provider credentials, the one provider registry
  'knowledge', // knowledge bases, ingestion, retrieval
  'tools', // agent tools: HTTP, MCP, built-ins; their runtime
  'runtime', // the chat turn: model, prompt, offline answer, the Dify-compatible /v1
  'agents', // agents, apps, model settings, versions
  'agent-tests', // agent test suites and their runs
  'conversations', // the inbox, takeover, analytics
  'outcomes', // the outcome plan, the analysis job, outcomes and their analytics
  'handoff', // handoff to people, business hours
  'telephony', // the telephony provider (Twilio, sandbox) and its webhooks
  'phone-numbers', // the organization's numbers
  'messaging', // SMS, WhatsApp and the Email channel (mail/), the reply queue
  'scheduling', // scheduled outbound calls
  'voice', // the voice backend: tokens, the worker's calls, the embedded voice
  'system', // the install: its shared providers and the system status (every provider's state)
  'webhooks', // the organization's event webhooks; the providers' webhooks (Twilio), calling down
  'chatbot', // the public chat page
  '', // the root: app.ts, server.ts, main.ts, openapi.ts, static.ts, widgets.ts
];

/**
 * The wrong-way imports left (issue 38 item 3 removed the others): no other may be added, and one
 * that is gone leaves the list. `from -> to`, paths under src/. What is left: an agent's versions
 * carry its tests and outcome plan (agents/ ↔ agent-tests/, outcomes/), the inbox shows handoffs
 * and outcomes (conversations/ ↔ handoff/, outcomes/), an agent's versioned fields read by privacy
 * and the runtime.
 */
const knownWrongWay = new Set([
  'agents/modelRoutes.ts -> agent-tests/gate',
  'agents/versions/document.ts -> agent-tests/store',
  'agents/versions/document.ts -> outcomes/plan',
  'agents/versions/routes.ts -> agent-tests/store',
  'agents/versions/store.ts -> outcomes/plan',
  'conversations/analytics.ts -> handoff/analytics',
  'conversations/queries.ts -> handoff/store',
  'conversations/queries.ts -> outcomes/store',
  'conversations/send.ts -> handoff/store',
  'conversations/takeover.ts -> handoff/store',
  'privacy/agentPrivacy.ts -> agents/versions/fields',
  'runtime/servedAgent.ts -> agents/versions/fields',
]);

const rel = (file: string) => relative(repositoryRoot, file).split(sep).join('/');

describe('rooms', () => {
  it('reads imports of every kind', () => {
    expect(
      specifiersOf(
        "import type { A } from '../a';\nexport { b } from './b';\nimport './c';\nconst d = await import('../d');",
      ),
    ).toEqual(['../a', './b', './c', '../d']);
  });

  it('lib/ imports no feature folder (only lib/ and db/)', () => {
    const offending: string[] = [];
    for (const file of sourceFiles(join(serverSrc, 'lib'))) {
      for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
        const to = target(file, specifier);
        if (!to) continue;
        const inside = to.startsWith('apps/server/src/')
          ? to.slice('apps/server/src/'.length)
          : null;
        const room = inside?.split('/')[0];
        // A test may start a server through the test harness (apps/server/test).
        const harness = /\.test\.ts$/.test(file) && to.startsWith('apps/server/test/');
        const allowed = room === 'lib' || room === 'db' || harness;
        if (!allowed) offending.push(`${rel(file)} imports ${specifier}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('openapi.ts describes the API from the contract, importing no route file', () => {
    const file = join(serverSrc, 'openapi.ts');
    // Each feature keeps its entries in a module of its own (`<feature>/openapi.ts`, beside its
    // routes), assembled here; such a module, too, is written from the contract and the Operation
    // helpers (`lib/openapiOperation.ts`) alone. So is the API keys' route→scope table
    // (`apikeys/scopes.ts`: data, no route), which names each call's scope.
    const helpers = 'apps/server/src/lib/openapiOperation';
    const local = specifiersOf(readFileSync(file, 'utf8')).filter((s) => s.startsWith('.'));
    const modules = local.filter((s) =>
      /^\.\/[\w-]+(\/[\w-]+)*\/openapi$|^\.\/apikeys\/scopes$/.test(s),
    );
    expect(local.filter((s) => !modules.includes(s) && target(file, s) !== helpers)).toEqual([]);
    expect(modules.length).toBeGreaterThan(10);
    for (const m of modules) {
      const path = join(serverSrc, `${m.slice(2)}.ts`);
      const own = specifiersOf(readFileSync(path, 'utf8')).filter((s) => s.startsWith('.'));
      const stray = own.filter(
        (s) => ![helpers, 'apps/server/src/openapi'].includes(target(path, s)!),
      );
      expect({ m, local: stray }).toEqual({ m, local: [] });
    }
  });

  it('each room imports only its own and the rooms before it (roomOrder)', () => {
    const roomOf = (path: string) => (path.includes('/') ? path.split('/')[0]! : '');
    const folders = readdirSync(serverSrc, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.filter((f) => !roomOrder.includes(f))).toEqual([]);
    const wrongWay: string[] = [];
    for (const file of sourceFiles(serverSrc)) {
      if (/\.test\.ts$/.test(file)) continue;
      const from = rel(file).slice('apps/server/src/'.length);
      for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
        const to = target(file, specifier);
        if (!to?.startsWith('apps/server/src/')) continue;
        const inside = to.slice('apps/server/src/'.length).replace(/\.(ts|js|mjs)$/, '');
        const [a, b] = [roomOf(from), roomOf(inside)];
        if (a === b || roomOrder.indexOf(b) < roomOrder.indexOf(a)) continue;
        wrongWay.push(`${from} -> ${inside}`);
      }
    }
    expect(wrongWay.filter((edge) => !knownWrongWay.has(edge))).toEqual([]);
    // The list only shrinks: an edge no longer there leaves it.
    expect([...knownWrongWay].filter((edge) => !wrongWay.includes(edge))).toEqual([]);
  });

  it('only the conversation writer inserts conversations and messages (conversations/store.ts, runtime/turnWriter.ts)', () => {
    // One writer keeps the locking order (the conversation rows, then the messages, then
    // `updated_at`) that avoided the deadlock; the chat runtime's group commit writes a turn in its
    // one statement in that order. Another insert into `conversations` or `messages` is a second
    // set of rules.
    const writers = ['conversations/store.ts', 'runtime/turnWriter.ts'];
    const table = '(?:schema\\.)?(?:conversations|messages)';
    const insert = new RegExp(
      `\\binsert\\(\\s*${table}\\s*\\)|\\binsert\\s+into\\s+"?(?:conversations|messages)"?[\\s(]`,
      'i',
    );
    expect(insert.test('tx.insert(messages).values(m)')).toBe(true);
    expect(insert.test('db\n  .insert(conversations)')).toBe(true);
    expect(insert.test('INSERT INTO messages (id) VALUES (1)')).toBe(true);
    expect(insert.test('tx.insert(messageReplies)')).toBe(false);
    expect(insert.test('tx.insert(conversationHolds)')).toBe(false);
    const inserting = sourceFiles(serverSrc)
      .filter((file) => !/\.test\.ts$/.test(file))
      .filter((file) => insert.test(readFileSync(file, 'utf8')))
      .map((file) => rel(file).slice('apps/server/src/'.length));
    expect(inserting.sort()).toEqual(writers);
  });

  it('the voice worker imports nothing from apps/server', () => {
    const offending: string[] = [];
    const worker = join(repositoryRoot, 'apps/voice-agent');
    for (const file of [
      ...sourceFiles(join(worker, 'src')),
      ...sourceFiles(join(worker, 'test')),
    ]) {
      const isTest = rel(file).startsWith('apps/voice-agent/test/');
      for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
        const to = target(file, specifier);
        const fromServer =
          specifier.startsWith('@parley/server') || (to?.startsWith('apps/server') ?? false);
        if (!fromServer) continue;
        // Its tests start a real server through the server's test helpers (harness, fake models).
        if (isTest && (to?.startsWith('apps/server/test/') ?? false)) continue;
        offending.push(`${rel(file)} imports ${specifier}`);
      }
    }
    expect(offending).toEqual([]);
  });
});
