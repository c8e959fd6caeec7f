import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '@parley/api-client';
import { scopeFor } from './apikeys/scopes';
import { type Operation } from './lib/openapiOperation';
import { webhookOperations } from './webhooks/openapi';
import { apiKeyOperations } from './apikeys/openapi';
import { privacyOperations } from './privacy/openapi';
import { outcomeOperations } from './outcomes/openapi';
import { integrationOperations } from './integrations/openapi';
import { authOperations } from './auth/openapi';
import { orgOperations } from './org/openapi';
import { agentOperations } from './agents/openapi';
import { knowledgeOperations } from './knowledge/openapi';
import { runtimeOperations } from './runtime/openapi';
import { voiceOperations } from './voice/openapi';
import { phoneNumberOperations } from './phone-numbers/openapi';
import { telephonyOperations } from './telephony/openapi';
import { messagingOperations } from './messaging/openapi';
import { scheduledCallOperations } from './scheduling/openapi';
import { mailOperations } from './messaging/mail/openapi';
import { conversationOperations } from './conversations/openapi';
import { handoffOperations } from './handoff/openapi';
import { agentTestOperations } from './agent-tests/openapi';
import { versionOperations } from './agents/versions/openapi';
import { toolOperations } from './tools/openapi';

export type { Operation } from './lib/openapiOperation';

/**
 * Every call the server answers (openapi.test.ts fails when a mounted route is missing here):
 * each feature keeps its entries in its own `<feature>/openapi.ts`, beside its routes, written
 * from the contract; this list only assembles them. A new route: one `op(...)` line in its
 * feature's module, with its contract schemas.
 */
export const operations: Operation[] = [
  ...webhookOperations,
  ...privacyOperations,
  ...outcomeOperations,
  ...integrationOperations,
  ...authOperations,
  ...orgOperations,
  ...agentOperations,
  ...knowledgeOperations,
  ...runtimeOperations,
  ...voiceOperations,
  ...phoneNumberOperations,
  ...telephonyOperations,
  ...messagingOperations,
  ...scheduledCallOperations,
  ...mailOperations,
  ...conversationOperations,
  ...handoffOperations,
  ...agentTestOperations,
  ...versionOperations,
  ...toolOperations,
  // ---- health ----
  { method: 'get', path: '/healthz', summary: 'The server is up', tag: 'Health', auth: 'none' },
  ...apiKeyOperations,
  // ---- this document ----
  {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This OpenAPI document',
    tag: 'Reference',
    auth: 'none',
  },
  {
    method: 'get',
    path: '/api/reference',
    produces: 'text/html',
    summary: 'This reference as a web page',
    tag: 'Reference',
    auth: 'none',
  },
];

/** A zod schema as JSON Schema 2020-12 (what OpenAPI 3.1 uses). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
  delete out.$schema;
  return out;
}

/** The contract's exported schemas by name (`smsSendRequestSchema` → `SmsSendRequest`). */
const contractNames = new Map<unknown, string>();
for (const [name, value] of Object.entries(api))
  if (value instanceof z.ZodType && name.endsWith('Schema'))
    contractNames.set(value, name[0]!.toUpperCase() + name.slice(1, -'Schema'.length));

/**
 * components.schemas, filled as operations refer to them: a named contract schema is written
 * once and referenced (`$ref`); a request (input) and an answer (output) of the same schema
 * differ where defaults apply, so a schema used both ways gets `…Input` for its request form.
 */
class SchemaComponents {
  readonly schemas: Record<string, unknown> = {};
  private readonly named = new Map<string, string>();

  ref(schema: z.ZodType, io: 'input' | 'output'): unknown {
    const base = contractNames.get(schema);
    if (!base) return jsonSchema(schema, io);
    const key = `${io}:${base}`;
    let name = this.named.get(key);
    if (!name) {
      name =
        this.named.has(`${io === 'input' ? 'output' : 'input'}:${base}`) || base in this.schemas
          ? `${base}${io === 'input' ? 'Input' : 'Output'}`
          : base;
      this.named.set(key, name);
      this.schemas[name] = jsonSchema(schema, io);
    }
    return { $ref: `#/components/schemas/${name}` };
  }
}

const securitySchemes = {
  session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description:
      'An organization API key (parley_…) instead of the session: the call needs the scope its requirement names (x-api-key-scope); calls without one refuse keys (403)',
  },
  agentKey: { type: 'http', scheme: 'bearer', description: 'The agent key (app-…)' },
  knowledgeKey: { type: 'http', scheme: 'bearer', description: 'A knowledge-base API key' },
  workerKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'PARLEY_WORKER_SECRET, shared by the server and the voice worker',
  },
  twilioSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Twilio-Signature',
    description:
      "Twilio's request signature (the account's auth token over the public URL and the parameters)",
  },
  metaSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Hub-Signature-256',
    description: 'sha256=HMAC of the raw body with the Meta app secret',
  },
} as const;

/**
 * An operation's security requirement: one scheme, either of two, or none. A session call that an
 * API key may make (apikeys/scopes.ts) takes the key too, naming the scope it needs.
 */
function securityOf(op: Operation, scope: string | null): Array<Record<string, string[]>> {
  if (op.auth === 'none') return [];
  if (op.auth === 'sessionOrAgentKey') return [{ session: [] }, { agentKey: [] }];
  if (op.auth === 'session' && scope) return [{ session: [] }, { apiKey: [scope] }];
  return [{ [op.auth]: [] }];
}

/** Hono ':param' → OpenAPI '{param}'. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** The request body: the contract's schema (JSON, or form fields too), a form, or a file upload. */
function requestBodyOf(op: Operation, components: SchemaComponents) {
  const types = op.form
    ? ['application/json', 'application/x-www-form-urlencoded']
    : ['application/json'];
  let content: Record<string, { schema: unknown }>;
  if (op.body)
    content = Object.fromEntries(
      types.map((t) => [t, { schema: components.ref(op.body!, 'input') }]),
    );
  else if (op.form)
    content = {
      'application/x-www-form-urlencoded': {
        schema: { type: 'object', additionalProperties: { type: 'string' } },
      },
    };
  else if (op.multipart)
    content = {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
          required: ['file'],
        },
      },
    };
  else return {};
  return { requestBody: { required: true, content } };
}

/** The OpenAPI 3.1 document of every call the server answers, from the zod contract. */
export function openApiDocument(serverUrl = '/') {
  const components = new SchemaComponents();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const path = openApiPath(op.path);
    const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const query = Object.entries(op.query ?? {}).map(([name, description]) => ({
      name,
      in: 'query',
      required: description.startsWith('Required'),
      description,
      schema: { type: 'string' },
    }));
    const errors = {
      '400': { description: 'Bad input: the field and the reason' },
      ...(op.auth === 'none' ? {} : { '401': { description: 'Not signed in, or a wrong key' } }),
      '404': { description: 'Not found (or another organization’s)' },
    };
    const scope = op.auth === 'session' ? scopeFor(op.method, op.path) : null;
    paths[path] ??= {};
    paths[path][op.method] = {
      summary: op.summary,
      tags: [op.tag],
      operationId: `${op.method}${path.replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string = '') => c.toUpperCase())}`,
      security: securityOf(op, scope),
      ...(scope ? { 'x-api-key-scope': scope } : {}),
      ...(params.length + query.length ? { parameters: [...params, ...query] } : {}),
      ...requestBodyOf(op, components),
      responses: {
        '200': {
          description: 'OK',
          content: {
            [op.produces ?? 'application/json']: {
              schema: op.produces
                ? { type: 'string' }
                : op.response
                  ? components.ref(op.response, 'output')
                  : {},
            },
            ...(op.path === '/v1/chat-messages'
              ? { 'text/event-stream': { schema: { type: 'string' } } }
              : {}),
          },
        },
        ...errors,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Parley API',
      version: '1.0.0',
      description:
        'The console API (/api, session cookie or an organization API key in x-api-key), the Dify-compatible runtime (/v1, bearer agent key app-… or knowledge-base key), the voice backend (/voice), the messaging service (/messaging) and the provider webhooks (/webhooks, signature-checked).',
    },
    servers: [{ url: serverUrl }],
    components: { securitySchemes, schemas: components.schemas },
    paths,
  };
}

const pageCss = `
body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1f2328;background:#fff}
@media (prefers-color-scheme:dark){body{color:#e6edf3;background:#0d1117}pre{background:#161b22!important}}
section{border-bottom:1px solid #8884;padding:.5rem 0}h3{margin:.25rem 0;font-size:1rem}
.m{display:inline-block;min-width:4.5rem;font-weight:700}.get{color:#1a7f37}.post{color:#0969da}.patch{color:#9a6700}.delete{color:#cf222e}
pre{background:#f6f8fa;padding:.75rem;overflow:auto;font-size:12px}
`;
/** The page's own policy: nothing but its one inline style (by hash), links to this server. */
export const referencePolicy = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(pageCss).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A readable reference page rendered on the server (no script, no external host). */
export function referencePage(doc: ReturnType<typeof openApiDocument>): string {
  const deref = (schema: unknown) => {
    const ref = (schema as { $ref?: string } | undefined)?.$ref;
    return ref ? doc.components.schemas[ref.split('/').pop()!] : schema;
  };
  const rows = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const o = op as {
        summary: string;
        tags: string[];
        parameters?: Array<{ name: string; in: string; required: boolean; description?: string }>;
        requestBody?: { content: Record<string, { schema: unknown }> };
        responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
      };
      const params = (o.parameters ?? [])
        .map(
          (p) =>
            `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''})${p.description ? ` — ${escapeHtml(p.description)}` : ''}</li>`,
        )
        .join('');
      const body = o.requestBody
        ? `<details><summary>Request body</summary><pre>${escapeHtml(JSON.stringify(deref(Object.values(o.requestBody.content)[0]!.schema), null, 2))}</pre></details>`
        : '';
      const answer = deref(o.responses['200']?.content?.['application/json']?.schema);
      const response =
        answer && Object.keys(answer).length
          ? `<details><summary>Response</summary><pre>${escapeHtml(JSON.stringify(answer, null, 2))}</pre></details>`
          : '';
      return `<section><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3><p>${escapeHtml(o.summary)} <small>(${escapeHtml(o.tags[0]!)})</small></p>${params ? `<ul>${params}</ul>` : ''}${body}${response}</section>`;
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(doc.info.title)} reference</title><style>${pageCss}</style></head><body><h1>${escapeHtml(doc.info.title)}</h1><p>${escapeHtml(doc.info.description)} The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${doc.openapi}).</p>${rows.join('')}</body></html>`;
}

/** GET /api/openapi.json and GET /api/reference (public). */
export function openApiRoutes() {
  const app = new Hono();
  let doc: ReturnType<typeof openApiDocument> | null = null;
  app.get('/openapi.json', (c) => c.json((doc ??= openApiDocument())));
  app.get('/reference', (c) => {
    c.header('Content-Security-Policy', referencePolicy);
    return c.html(referencePage((doc ??= openApiDocument())));
  });
  return app;
}
