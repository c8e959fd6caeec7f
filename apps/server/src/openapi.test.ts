import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createServer } from './server';
import { freshPostgresUrl } from '../test/harness';
import { openApiPath } from './openapi';
import { startTestServer, type TestServer } from '../test/harness';
import { pgliteTemplate } from '../test/pgliteTemplate';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('OpenAPI document', () => {
  it('is served at /api/openapi.json and is a valid OpenAPI 3.1 document', async () => {
    const res = await fetch(`${server.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // The zod contract shows through: the runtime's request names its fields.
    expect(JSON.stringify(doc.paths['/v1/chat-messages'])).toContain('response_mode');
  });

  it('lists exactly the /api and /v1 routes the app mounts', async () => {
    const databaseUrl = await freshPostgresUrl();
    const { app } = await createServer({
      databaseUrl,
      pgliteTemplate: databaseUrl ? undefined : await pgliteTemplate(),
      dataDir: null,
      secret: 'test-secret-test-secret-test-secret-0123',
      logLevel: 'silent',
      env: {},
    });
    const mounted = new Set<string>();
    for (const r of app.routes) {
      if (r.method === 'ALL' || r.method === 'OPTIONS') continue;
      if (!/^\/(api|v1)\//.test(r.path)) continue;
      // Rate-limit middleware in front of better-auth's own routes (documented as /api/auth/{path}).
      if (/^\/api\/auth\/sign-(in|up)\//.test(r.path)) continue;
      mounted.add(`${r.method.toLowerCase()} ${openApiPath(r.path.replace(/\*$/, ':path'))}`);
    }
    const res = await fetch(`${server.url}/api/openapi.json`);
    const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m} ${path}`),
      ),
    );
    expect([...documented].sort()).toEqual([...mounted].sort());
  });

  it('has a readable reference page without scripts or external hosts', async () => {
    const res = await fetch(`${server.url}/api/reference`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('/v1/chat-messages/{taskId}/stop');
    expect(html).toContain('Rename a conversation');
    expect(html).not.toMatch(/<script|https?:\/\//);
    // Its own strict policy allows exactly its inline style.
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    const css = /<style>([\s\S]*)<\/style>/.exec(html)![1]!;
    const hash = createHash('sha256').update(css).digest('base64');
    expect(policy).toContain(`'sha256-${hash}'`);
  });
});
