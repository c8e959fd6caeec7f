import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createServer } from './server';
import { freshPostgresUrl } from '../test/harness';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApiPath } from './openapi';
import { startTestServer, type TestServer } from '../test/harness';
import { pgliteTemplate } from '../test/pgliteTemplate';

/**
 * The routes that serve files, not calls (the console, the public chat page, the widget bundles):
 * the only mounted routes the API document leaves out.
 */
const staticRoutes = [
  'get /{path}',
  'get /chatbot/{agentId}',
  'get /chatbot/assets/{file}',
  'get /widget/{file}',
];

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
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // The zod contract shows through: the runtime's request names its fields.
    expect(JSON.stringify(doc.paths['/v1/chat-messages'])).toContain(
      '#/components/schemas/RuntimeChatRequest',
    );
    expect(JSON.stringify(doc.components.schemas.RuntimeChatRequest)).toContain('response_mode');
  });

  it('documents every route the app mounts, and nothing it does not', async () => {
    const databaseUrl = await freshPostgresUrl();
    // The console, the public chat page and the widget bundles mounted too, so that their
    // static routes are seen (and excluded below by name, not by accident).
    const { app } = await createServer({
      databaseUrl,
      pgliteTemplate: databaseUrl ? undefined : await pgliteTemplate(),
      dataDir: null,
      secret: 'test-secret-test-secret-test-secret-0123',
      logLevel: 'silent',
      env: {},
      consoleDir: tmpdir(),
      chatbotDir: tmpdir(),
      widgetFiles: { 'chat.js': join(tmpdir(), 'chat.js') },
    });
    const mounted = new Set<string>();
    for (const r of app.routes) {
      // Middleware (app.use) and the JSON 404 fallbacks are registered for ALL methods.
      if (r.method === 'ALL' || r.method === 'OPTIONS') continue;
      // Rate-limit middleware in front of better-auth's own routes (documented as /api/auth/{path}).
      if (/^\/api\/auth\/sign-(in|up)\//.test(r.path)) continue;
      mounted.add(`${r.method.toLowerCase()} ${openApiPath(r.path.replace(/\*$/, ':path'))}`);
    }
    // Every static route is here by name: a new API route cannot hide among them.
    for (const route of staticRoutes) {
      expect(mounted, `${route} is mounted`).toContain(route);
      mounted.delete(route);
    }
    const res = await fetch(`${server.url}/api/openapi.json`);
    const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m} ${path}`),
      ),
    );
    expect(
      [...mounted].filter((r) => !documented.has(r)),
      'mounted, not documented',
    ).toEqual([]);
    expect(
      [...documented].filter((r) => !mounted.has(r)),
      'documented, not mounted',
    ).toEqual([]);
    // The voice backend, the messaging service and the webhooks are among them.
    for (const base of ['/voice/', '/messaging/', '/webhooks/'])
      expect(
        [...documented].some((r) => r.includes(` ${base}`)),
        base,
      ).toBe(true);
  }, 120_000);

  it('refers to the contract schemas by name, each defined once', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      components: { schemas: Record<string, unknown> };
      paths: Record<string, Record<string, unknown>>;
    };
    const send = JSON.stringify(doc.paths['/messaging/sms/send-message']);
    expect(send).toContain('"$ref":"#/components/schemas/SmsSendRequest"');
    expect(send).toContain('application/x-www-form-urlencoded');
    expect(JSON.stringify(doc.components.schemas.SmsSendRequest)).toContain('message_text');
    // Every $ref points at a defined schema.
    const refs = [...JSON.stringify(doc.paths).matchAll(/"#\/components\/schemas\/(\w+)"/g)];
    expect(refs.length).toBeGreaterThan(20);
    for (const [, name] of refs) expect(doc.components.schemas, name).toHaveProperty(name!);
    // Webhooks name the signature they are trusted by.
    expect(doc.paths['/webhooks/twilio/messaging']!.post).toMatchObject({
      security: [{ twilioSignature: [] }],
    });
  });

  it('names the scope an organization API key needs, and takes no key where keys are refused', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { security: unknown; 'x-api-key-scope'?: string }>>;
    };
    expect(doc.paths['/api/agents/info/{agentName}']!.get).toMatchObject({
      security: [{ session: [] }, { apiKey: ['agents:read'] }],
      'x-api-key-scope': 'agents:read',
    });
    expect(doc.paths['/api/publish-agent']!.post!['x-api-key-scope']).toBe('agents:publish');
    for (const method of ['get', 'post'])
      expect(doc.paths['/api/org/{orgId}/api-keys']![method]).toMatchObject({
        security: [{ session: [] }],
      });
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
