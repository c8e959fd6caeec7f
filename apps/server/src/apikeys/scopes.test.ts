import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { apiKeyScopes } from '@parley/api-client';
import { createApp } from '../app';
import { guardedPathsOf } from './auth';
import { notForKeys, patternOf, routeScopes, scopeFor } from './scopes';

/**
 * The routes the app registers (its own route list; the app is built without a database, only to
 * read which routes exist).
 */
const app = createApp({
  db: {} as never,
  auth: {} as never,
  logger: pino({ level: 'silent' }),
  secrets: {} as never,
  ingestion: {} as never,
});
/** The paths the routers guard themselves (each applies `requireSession`). */
const guardedPaths = guardedPathsOf(app);
const isGuarded = (path: string) =>
  guardedPaths.some((g) =>
    g.endsWith('/*') ? path.startsWith(g.slice(0, -1)) || path === g.slice(0, -2) : path === g,
  );
const registered = [
  ...new Set(
    app.routes
      .filter((r) => r.method !== 'ALL' && isGuarded(r.path))
      .map((r) => `${r.method} ${r.path}`),
  ),
];

/** Issue 39 items 2 and 4 (drafts, versions, export and import): served once that work lands. */
const versionRoutes = [
  'GET /api/agents/:agentName/versions',
  'GET /api/agents/:agentName/versions/:n',
  'POST /api/agents/:agentName/versions/:n/restore',
  'GET /api/agents/:agentName/draft',
  'PUT /api/agents/:agentName/draft',
  'POST /api/agents/:agentName/draft/discard',
  'GET /api/agents/:agentName/export',
  'POST /api/agents/import',
];

const scoped = Object.entries(routeScopes).flatMap(([scope, routes]) =>
  routes.map((route) => ({ route, scope })),
);
/** A path of the route with each parameter filled in (never a literal segment of another route). */
const sample = (path: string) => path.replace(/:[A-Za-z]+/g, 'p-1');

describe('the scope table (one place for every route a key may call)', () => {
  it('finds the paths each router guards itself (the prefixes app.ts once listed)', () => {
    expect([...guardedPaths].sort()).toEqual(
      [
        '/api/org/*',
        '/api/agents/*',
        '/api/app/*',
        '/voice/*',
        '/voice/phone-numbers/*',
        '/voice/telephony/*',
        '/voice/scheduled/*',
        '/api/integrations/*',
        '/api/shared-providers/*',
        '/api/system-status/*',
        '/messaging/*',
        '/messaging/mail/*',
        '/api/knowledge-bases/*',
        '/api/conversations/*',
        '/api/analytics/*',
        '/api/account/*',
        '/api/prompt-config',
        '/api/model-config',
        '/api/publish-agent',
        '/api/chatbot/*',
      ].sort(),
    );
  });

  it('guards every route under those paths before its handler runs (its router applies the guard first)', () => {
    // Registered before the routers, with credentials of their own: the voice token (an agent
    // key or the session), the worker's calls (PARLEY_WORKER_SECRET), the WebSocket stream.
    const ownCredential = /^\/voice\/(tokens|internal)\/|^\/voice\/stream$/;
    const seen: string[] = [];
    const unguarded: string[] = [];
    const covers = (g: string, path: string) =>
      g.endsWith('/*') ? path.startsWith(g.slice(0, -1)) || path === g.slice(0, -2) : path === g;
    for (const r of app.routes) {
      if (r.method === 'ALL' && guardedPaths.includes(r.path)) seen.push(r.path);
      else if (r.method !== 'ALL' && isGuarded(r.path) && !ownCredential.test(r.path))
        if (!seen.some((g) => covers(g, r.path))) unguarded.push(`${r.method} ${r.path}`);
    }
    expect(unguarded).toEqual([]);
  });

  it('gives every guarded route a scope or closes it to keys on purpose — never both, never neither', () => {
    expect(registered.length).toBeGreaterThan(100);
    const unclassified = registered.filter(
      (r) => !scoped.some((s) => s.route === r) && !(r in notForKeys),
    );
    expect(unclassified).toEqual([]);
    const both = scoped.filter((s) => s.route in notForKeys).map((s) => s.route);
    expect(both).toEqual([]);
  });

  it('names only routes that exist (or the versions routes of issue 39), each once', () => {
    const all = [...scoped.map((s) => s.route), ...Object.keys(notForKeys)];
    expect(all.filter((r) => !registered.includes(r) && !versionRoutes.includes(r))).toEqual([]);
    expect(all.length).toBe(new Set(all).size);
  });

  it('finds each route’s own scope for a request to it, and none for a closed or unknown route', () => {
    for (const { route, scope } of scoped) {
      const [method, path] = route.split(' ') as [string, string];
      expect(`${route} → ${scopeFor(method, sample(path))}`).toBe(`${route} → ${scope}`);
    }
    for (const route of Object.keys(notForKeys)) {
      const [method, path] = route.split(' ') as [string, string];
      expect(`${route} → ${scopeFor(method, sample(path))}`).toBe(`${route} → null`);
    }
    expect(scopeFor('GET', '/api/agents/a/tools')).toBe('agents:read');
    expect(scopeFor('HEAD', '/api/agents/a/tools')).toBe('agents:read');
    expect(scopeFor('POST', '/api/agents/a/tools')).toBe('agents:write');
    expect(scopeFor('GET', '/api/agents/a/tools/extra')).toBeNull();
    expect(scopeFor('GET', '/api/agents/a/b/c/d')).toBeNull();
    expect(scopeFor('OPTIONS', '/api/agents/a/tools')).toBeNull();
  });

  it('uses only the six scopes of the contract, each for some route', () => {
    expect(Object.keys(routeScopes).sort()).toEqual([...apiKeyScopes].sort());
    for (const routes of Object.values(routeScopes)) expect(routes.length).toBeGreaterThan(0);
  });

  it('matches a path parameter as one segment, literally elsewhere', () => {
    const p = patternOf('/api/knowledge-bases/:id/documents/:docId');
    expect(p.test('/api/knowledge-bases/kb1/documents/d1')).toBe(true);
    expect(p.test('/api/knowledge-bases/kb1/documents/d1/')).toBe(true);
    expect(p.test('/api/knowledge-bases/kb1/documents')).toBe(false);
    expect(p.test('/api/knowledge-bases/a/b/documents/d1')).toBe(false);
    expect(patternOf('/api/x.y').test('/api/xzy')).toBe(false);
  });
});
