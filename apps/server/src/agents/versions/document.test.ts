import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  createAgentTestsClient,
  createAgentVersionsClient,
  agentDocumentJsonSchema,
  createModelClient,
  newAgentId,
  toolsDefaults,
  type AgentDocument,
} from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../../test/harness';
import { agents, agentVersions } from '../../db/schema';
import { fieldOf, versionedSinceUpgrade } from './fields';
import { draftSnapshot } from './snapshot';
import { repositoryRoot } from '../../lib/dataDir';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { PARLEY_TOOL_ALLOW_HOSTS: '127.0.0.1' } });
});
afterAll(async () => {
  await server?.close();
});

const toolUrl = 'http://127.0.0.1:9/orders';

async function builtAgent(user?: TestUser, orgId?: string) {
  user ??= server.newUser();
  orgId ??= await user.withOrg('Code Org');
  const id = newAgentId('coded');
  const app = await user.apps.createAgent({
    agentName: id,
    organizationId: orgId,
    agentType: 'action',
  });
  await user.agents.update(id, {
    organization_id: orgId,
    ...toolsDefaults,
    name: 'Order desk',
    chatbot_key: app.data!.appKey,
    system_prompt: 'You look orders up.',
    initial_message: 'Hi, order desk here.',
    model_provider: 'openai',
    model_name: 'gpt-4o-mini',
    model_api_key: 'sk-model-secret-0123456789',
    tts_config: { provider: 'openai', openai: { api_key: 'sk-voice-secret-0123', voice: 'nova' } },
    status: 'active',
  });
  const tool = await user.raw('POST', `/api/agents/${id}/tools`, {
    name: 'lookup_order',
    type: 'http',
    method: 'GET',
    url: toolUrl,
    parameters: { type: 'object', properties: { id: { type: 'string' } } },
    headers: { Authorization: 'Bearer tool-secret-abcdef' },
  });
  expect(tool.status).toBe(201);
  const tests = createAgentTestsClient({ baseUrl: '/api/agents', fetch: user.fetch });
  await tests.create(id, {
    name: 'Says hello',
    turns: [{ user: 'Hello', expect: [{ type: 'contains', value: 'order' }] }],
  });
  const versions = createAgentVersionsClient({ baseUrl: '/api/agents', fetch: user.fetch });
  const publish = () =>
    createModelClient({ baseUrl: '/api', fetch: user.fetch }).publish({
      chatbot_api_key: app.data!.appKey,
      app_id: app.data!.appId,
    });
  return { user, orgId, id, versions, publish };
}

describe('agents as code', () => {
  it('export → import → export is the same document, minus the secrets (named, never their values)', async () => {
    const { user, orgId, id, versions, publish } = await builtAgent();
    await publish();
    const doc = await versions.exportAgent(id, 'live');
    expect(doc).toMatchObject({
      kind: 'parley.agent',
      schema_version: 1,
      name: 'Order desk',
      agent_type: 'action',
      settings: {
        system_prompt: 'You look orders up.',
        model_api_key: '••••',
        tts_config: { provider: 'openai', openai: { api_key: '••••', voice: 'nova' } },
      },
      tools: [{ name: 'lookup_order', url: toolUrl, headers: { Authorization: '••••' } }],
      tests: [{ name: 'Says hello' }],
      analysis: null,
    });
    const text = JSON.stringify(doc);
    for (const secret of ['sk-model-secret', 'sk-voice-secret', 'tool-secret']) {
      expect(text).not.toContain(secret);
    }
    expect(await versions.exportAgent(id, 1)).toEqual(doc);
    // The document is what docs/agent-document.schema.json (the contract's schema) describes.
    const documented = JSON.parse(
      readFileSync(join(repositoryRoot, 'docs/agent-document.schema.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(documented).toEqual(agentDocumentJsonSchema());
    const validate = new Ajv({ strict: false, validateFormats: false }).compile(documented);
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);

    const imported = await user.raw('POST', '/api/agents/import', {
      organization_id: orgId,
      document: doc,
    });
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({
      success: true,
      agent_name: expect.stringMatching(/^order_desk_/),
    });
    expect(imported.body.missing_secrets).toEqual([
      'settings.model_api_key',
      'settings.tts_config.openai.api_key',
      'tools.lookup_order.headers.Authorization',
    ]);
    const copy = String(imported.body.agent_name);
    const info = await user.agents.info(copy);
    expect(info).toMatchObject({ status: 'draft', live_version: null, name: 'Order desk' });
    const again = await versions.exportAgent(copy, 'draft');
    const withoutSecrets = (d: AgentDocument) => ({
      ...d,
      settings: {
        ...d.settings,
        model_api_key: null,
        tts_config: { provider: 'openai', openai: { voice: 'nova' } },
      },
      tools: d.tools.map(({ headers: _headers, ...t }) => t),
    });
    expect(withoutSecrets(again)).toEqual(withoutSecrets(doc));
    expect(again.settings.model_api_key).toBeNull();
  });

  it('PUT …/draft replaces the draft, keeps stored secrets the document names, leaves the live version', async () => {
    const { user, id, versions, publish } = await builtAgent();
    await publish();
    const doc = await versions.exportAgent(id, 'draft');
    const edited = {
      ...doc,
      settings: { ...doc.settings, initial_message: 'Changed in git' },
      tests: [],
    };
    const res = await user.raw('PUT', `/api/agents/${id}/draft`, { document: edited });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, draft_changed: true });
    expect(res.body.missing_secrets).toBeUndefined();
    // Only what the document changed: the secrets it named without values are the stored ones.
    expect((await versions.draft(id)).changes.map((c) => c.field)).toEqual(['initial_message']);
    expect((await user.agents.info(id)).initial_message).toBe('Changed in git');
    const tests = createAgentTestsClient({ baseUrl: '/api/agents', fetch: user.fetch });
    expect((await tests.list(id)).tests).toEqual([]);
    expect((await versions.exportAgent(id, 'live')).settings.initial_message).toBe(
      'Hi, order desk here.',
    );
  });

  it.each([
    [{ settings: { temperature: 0.2 } }, 'document.settings'],
    [{ settings: { nudge_interval: 3 } }, 'document.settings.nudge_interval'],
    [{ kind: 'other' }, 'document.kind'],
    [{ schema_version: 2 }, 'document.schema_version'],
    [
      {
        tools: [
          {
            name: 'bad',
            type: 'http',
            url: 'http://169.254.169.254/x',
            parameters: { type: 'object' },
          },
        ],
      },
      'document.tools.0.url',
    ],
    [
      { settings: { knowledge_base_ids: ['00000000-0000-4000-8000-000000000000'] } },
      'document.settings.knowledge_base_ids.0',
    ],
    [{ tests: [{ name: 'x', turns: [] }] }, 'document.tests.0.turns'],
    [
      {
        tests: [1, 2].map(() => ({ name: 'Twice', turns: [{ user: 'Hi', expect: [] }] })),
      },
      'document.tests.1.name',
    ],
  ])('a bad document (%j) › 400 naming %s, nothing written', async (patch, field) => {
    const { user, orgId, id, versions } = await builtAgent();
    const doc = await versions.exportAgent(id, 'draft');
    const bad = { ...doc, ...patch };
    const before = await versions.exportAgent(id, 'draft');
    const put = await user.raw('PUT', `/api/agents/${id}/draft`, { document: bad });
    expect(put.status).toBe(400);
    expect(String(put.body.error)).toMatch(new RegExp(`^${field.replace(/\./g, '\\.')}[.:]`));
    expect(await versions.exportAgent(id, 'draft')).toEqual(before);
    const count = async () =>
      (await server.db.select().from(agents).where(eq(agents.organizationId, orgId))).length;
    const agentsBefore = await count();
    const imported = await user.raw('POST', '/api/agents/import', {
      organization_id: orgId,
      document: bad,
    });
    expect(imported.status).toBe(400);
    expect(await count()).toBe(agentsBefore);
  });

  it('another organization’s agent is not found on any of these calls', async () => {
    const { id, orgId } = await builtAgent();
    const stranger = server.newUser();
    const theirs = await stranger.withOrg('Other Org');
    const doc = { kind: 'parley.agent', schema_version: 1, name: 'Mine' };
    for (const [method, path, body] of [
      ['GET', `/api/agents/${id}/versions`],
      ['GET', `/api/agents/${id}/versions/1`],
      ['POST', `/api/agents/${id}/versions/1/restore`],
      ['GET', `/api/agents/${id}/draft`],
      ['POST', `/api/agents/${id}/draft/discard`],
      ['PUT', `/api/agents/${id}/draft`, { document: doc }],
      ['GET', `/api/agents/${id}/export?version=draft`],
    ] as const) {
      const res = await stranger.raw(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const into = await stranger.raw('POST', '/api/agents/import', {
      organization_id: orgId,
      document: doc,
    });
    expect([403, 404]).toContain(into.status);
    const own = await stranger.raw('POST', '/api/agents/import', {
      organization_id: theirs,
      document: doc,
    });
    expect(own.status).toBe(201);
  });
});

describe('upgrading', () => {
  it('the migration makes every published agent’s current settings and tools its live version 1', async () => {
    const { id } = await builtAgent();
    // As before versions existed: active, no version.
    const [row] = await server.db.select().from(agents).where(eq(agents.agentName, id));
    expect(row!.liveVersion).toBeNull();
    const statements = readFileSync(
      new URL('../../../drizzle/0032_agent_versions.sql', import.meta.url),
      'utf8',
    )
      .split('--> statement-breakpoint')
      .filter((s) => /INSERT INTO "agent_versions"|UPDATE "agents" a SET/.test(s));
    expect(statements).toHaveLength(2);
    for (const statement of statements) await server.db.execute(sql.raw(statement));
    const [upgraded] = await server.db.select().from(agents).where(eq(agents.agentName, id));
    expect(upgraded!.liveVersion).toBe(1);
    // Settings added after the upgrade (versionedSinceUpgrade) are absent: the version serves
    // their defaults.
    const draft = await draftSnapshot(server.db, row!);
    const since = versionedSinceUpgrade.map(fieldOf);
    expect(upgraded!.liveSnapshot).toEqual({
      ...draft,
      settings: Object.fromEntries(
        Object.entries(draft.settings).filter(([field]) => !since.includes(field)),
      ),
    });
    const [version] = await server.db
      .select()
      .from(agentVersions)
      .where(eq(agentVersions.agentName, id));
    expect(version).toMatchObject({ version: 1, note: 'Published before versions existed' });
  });
});
