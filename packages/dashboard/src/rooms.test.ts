// The dashboard's rooms (docs/architecture.md), read from the tree:
// - a feature folder imports another feature only through its index.ts (never a file inside it);
//   the plumbing rooms (api/, storage/, styles/, icons.tsx) are imported by any feature; a lazily loaded
//   chunk (`import('../feature/FeatureArea')`) is named by its file, so the chunk holds just it;
// - no import cycle: no two modules import each other, directly or around a loop;
// - one way to the server: no path of the server ('/api/…', '/voice/…', '/messaging/…', '/v1/…')
//   is written outside api/ (the clients and the addresses live there, behind DashboardApiProvider);
// - product code imports nothing from stories/ (the Storybook fixtures and MSW handlers).
// Stories, tests and their fixtures (stories/, test/) may reach inside a feature.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = dirname(fileURLToPath(import.meta.url));
const plumbing = new Set(['api', 'storage', 'styles', 'icons.tsx', 'index.ts']);
const exempt = (file: string) =>
  /\.(test|stories)\.tsx?$/.test(file) || /^(stories|test)\//.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every module a file names: imports, re-exports, `import '…'` and `import('…')`. */
export function specifiersOf(text: string, kind: 'all' | 'static' = 'all'): string[] {
  const found: string[] = [];
  const patterns = [/\bfrom\s+['"]([^'"]+)['"]/g, /\bimport\s+['"]([^'"]+)['"]/g];
  if (kind === 'all') patterns.push(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g);
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.push(m[1]!);
  return found;
}

const posix = (path: string) => path.split(sep).join('/');
const isFile = (path: string) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** The src-relative file a relative specifier resolves to (null: a package or a style file). */
function resolved(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(file), specifier);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base]) {
    if (isFile(candidate)) return posix(relative(src, candidate));
  }
  return null;
}

const files = sourceFiles(src).map((f) => posix(relative(src, f)));
const room = (file: string) => file.split('/')[0]!;
function edgesOf(kind: 'all' | 'static') {
  return new Map(
    files.map((file) => [
      file,
      specifiersOf(readFileSync(join(src, file), 'utf8'), kind)
        .map((s) => ({ specifier: s, to: resolved(join(src, file), s) }))
        .filter((e): e is { specifier: string; to: string } => e.to !== null),
    ]),
  );
}
const edges = edgesOf('all');

/**
 * Deep imports that other work in flight removes (the data layer, the inbox, analytics, the
 * shell): each goes when its owner's change lands, and the list may only shrink (a listed
 * import that is gone fails too, so the line is removed with it).
 */
const knownDeepImports = [
  'account/AccountPage.tsx imports ../shell/orgScope',
  'account/AccountPage.tsx imports ../shell/useThemePreference',
  'account/AccountPage.tsx imports ../members/MembersArea',
  'account/AccountScreen.tsx imports ../members/memberRules',
  'agents/AgentDetailWithCall.tsx imports ../conversations/AgentConversationsSlot',
  'auth/LoginPage.tsx imports ../shell/useThemePreference',
  'auth/StandaloneLoginPage.tsx imports ../shell/useThemePreference',
  'conversations/Inbox.tsx imports ../agents/tests/MakeTestControl',
  'conversations/ThreadView.tsx imports ../chat/ToolStepList',
  'agents/detail/AgentDetail.tsx imports ../../analytics/AnalyticsSlot',
  'agents/editor/ChangeVoiceDialog.tsx imports ../../integrations/ChangeVoiceModal',
  'members/InvitePage.tsx imports ../shell/useThemePreference',
  'members/InviteScreen.tsx imports ../account/account.css',
  'overview/ConfiguredStatusPanel.tsx imports ../integrations/links',
  'overview/OverviewAdditions.tsx imports ../conversations/LatestConversationsPanel',
  'overview/OverviewAdditions.tsx imports ../conversations/inboxFormat',
  'overview/OverviewAdditions.tsx imports ../conversations/queries',
  'overview/OverviewScreen.tsx imports ../shell/tabs',
  'shell/DashboardPage.tsx imports ../integrations/links',
];

/**
 * The server paths a file writes in its strings ('/api/…', `${origin}/v1/…`), leaving out
 * comments and module names ('../api/hooks').
 */
export function serverPathsIn(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
  return [...code.matchAll(/['"`}](\/(?:api|voice|messaging|v1)\/[^'"`$\s]*)/g)].map((m) => m[1]!);
}

/** The cycles among the given files (each once, from its first file in the walk). */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('the dashboard rooms', () => {
  it('reads imports of every kind and finds a loop', () => {
    expect(
      specifiersOf(
        "import type { A } from '../a';\nexport { b } from './b';\nimport './c';\nimport('../d');",
      ),
    ).toEqual(['../a', './b', './c', '../d']);
    const loop = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cyclesOf(loop)).toEqual([['a', 'b', 'c', 'a']]);
    expect(
      cyclesOf(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('finds a server path written in a string, not one in a comment or a module name', () => {
    const text = [
      "import { useMe } from '../api/hooks';",
      '// GET /api/org/me answers the user',
      '/** Reads `/voice/calls` (GET /voice/calls/{id}). */',
      "const a = createXClient({ baseUrl: '/api/system-status' });",
      'const b = `${origin}/v1/datasets/${id}/retrieve`;',
      'const c = new EventSource(`/messaging/sms?o=${o}`);',
      "const d = 'https://api.example.com/api/v3/lookup';",
    ].join('\n');
    expect(serverPathsIn(text)).toEqual([
      '/api/system-status',
      '/v1/datasets/',
      '/messaging/sms?o=',
    ]);
  });

  it('no server path is written outside api/', () => {
    const offending = files
      .filter((file) => !exempt(file) && room(file) !== 'api')
      .flatMap((file) =>
        serverPathsIn(readFileSync(join(src, file), 'utf8')).map((p) => `${file}: ${p}`),
      );
    expect(offending).toEqual([]);
  });

  it('product code imports nothing from stories/', () => {
    const offending = [...edges]
      .filter(([file]) => !exempt(file))
      .flatMap(([file, imports]) =>
        imports
          .filter((e) => room(e.to) === 'stories')
          .map((e) => `${file} imports ${e.specifier}`),
      );
    expect(offending).toEqual([]);
  });

  it('a feature imports another feature only through its index.ts', () => {
    const offending: string[] = [];
    for (const [file, imports] of edgesOf('static')) {
      if (exempt(file) || plumbing.has(room(file))) continue;
      for (const { specifier, to } of imports) {
        const other = room(to);
        if (other === room(file) || plumbing.has(other)) continue;
        if (to !== `${other}/index.ts`) offending.push(`${file} imports ${specifier}`);
      }
    }
    expect(offending.filter((o) => !knownDeepImports.includes(o))).toEqual([]);
    expect(knownDeepImports.filter((k) => !offending.includes(k))).toEqual([]);
  });

  it('no two modules import each other (no import cycle)', () => {
    const graph = new Map(
      [...edges]
        .filter(([file]) => !exempt(file))
        .map(([file, imports]) => [file, imports.map((e) => e.to).filter((t) => !exempt(t))]),
    );
    expect(cyclesOf(graph).map((c) => c.join(' -> '))).toEqual([]);
  });
});
