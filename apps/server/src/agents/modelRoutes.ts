import { Hono } from 'hono';
import { and, eq, inArray } from 'drizzle-orm';
import {
  chatbotChatRequestSchema,
  isMaskedSecret,
  modelConfigRequestSchema,
  modelMessages,
  promptConfigRequestSchema,
  publishAgentRequestSchema,
} from '@parley/api-client';
import type { AppEnv, Services } from '../lib/env';
import { HttpError, readJson } from '../lib/http';
import { agents, apps, knowledgeBases, member } from '../db/schema';
import {
  agentFromSnapshot,
  collect,
  draftAgent,
  forgetAgentKeys,
  liveAgent,
  startTurn,
  type RuntimeDeps,
} from '../runtime/chat';
import { checkModelLiveUrl } from '../runtime/model';
import { visibleTo } from '../knowledge/access';
import { publishGate } from '../agent-tests/gate';
import { assertModelKeyStays } from './modelKey';
import { bearer } from '../runtime/difyRoutes';
import { serveChatMessages } from '../runtime/chatMessages';
import { draftSnapshot } from './versions/snapshot';
import { publishSnapshot } from './versions/store';
import { publisherOf } from './versions/routes';
import { audit, changesBetween } from '../audit/log';

/** The agent behind an app key, only within the signed-in user's organizations. */
async function agentByKeyForUser(db: Services['db'], userId: string, appKey: string) {
  const [row] = await db
    .select({ agent: agents, appId: apps.id })
    .from(apps)
    .innerJoin(
      member,
      and(eq(member.organizationId, apps.organizationId), eq(member.userId, userId)),
    )
    .innerJoin(
      agents,
      and(eq(agents.agentName, apps.agentName), eq(agents.organizationId, apps.organizationId)),
    )
    .where(eq(apps.appKey, appKey))
    .limit(1);
  if (!row) throw new HttpError(404, 'App not found', { code: 'app_not_found' });
  return row;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Every knowledge base id must be one of this organization's, and one the user may use when it is
 * newly attached (knowledge/access.ts: a partial_members base is its chosen members'); bases the
 * agent already has stay. Any other → 404, nothing written.
 */
async function assertOwnKnowledgeBases(
  db: Services['db'],
  orgId: string,
  userId: string,
  ids: string[],
  attached: readonly string[],
) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  if (wanted.some((id) => !uuidPattern.test(id)))
    throw new HttpError(404, 'Knowledge base not found');
  const added = wanted.filter((id) => !attached.includes(id));
  const kept = wanted.filter((id) => attached.includes(id));
  const found = [
    ...(kept.length
      ? await db
          .select({ id: knowledgeBases.id })
          .from(knowledgeBases)
          .where(and(eq(knowledgeBases.organizationId, orgId), inArray(knowledgeBases.id, kept)))
      : []),
    ...(added.length
      ? await db
          .select({ id: knowledgeBases.id })
          .from(knowledgeBases)
          .where(and(visibleTo(userId, orgId), inArray(knowledgeBases.id, added)))
      : []),
  ];
  if (found.length !== wanted.length) throw new HttpError(404, 'Knowledge base not found');
}

/** Model panel calls (agents-and-knowledge §7) under /api. */
export function modelRoutes(services: Services, retrieve?: RuntimeDeps['retrieve']) {
  const { db, secrets } = services;
  const app = new Hono<AppEnv>();
  // Signed in (or an organization API key): the agent settings and the console's test chat.
  for (const path of ['/prompt-config', '/model-config', '/publish-agent', '/chatbot/*'])
    app.use(path, services.requireSession);

  app.post('/prompt-config', async (c) => {
    const body = await readJson(c, promptConfigRequestSchema);
    const { agent } = await agentByKeyForUser(db, c.get('user').id, body.chatbot_api_key);
    await db
      .update(agents)
      .set({ systemPrompt: body.prompt, updatedAt: new Date() })
      .where(eq(agents.agentName, agent.agentName));
    forgetAgentKeys();
    await audit(c, services, agent.organizationId, {
      action: 'agent.update',
      target: { type: 'agent', id: agent.agentName },
      changes: changesBetween(
        agent,
        { ...agent, systemPrompt: body.prompt },
        {
          only: ['systemPrompt'],
        },
      ),
    });
    return c.json({ success: true, message: modelMessages.promptSaved });
  });

  app.post('/model-config', async (c) => {
    const body = await readJson(c, modelConfigRequestSchema);
    const { agent, appId } = await agentByKeyForUser(db, c.get('user').id, body.chatbot_api_key);
    if (body.app_id && body.app_id !== appId) {
      throw new HttpError(404, 'App not found', { code: 'app_not_found' });
    }
    const values: Partial<typeof agents.$inferInsert> = {
      modelProvider: body.provider,
      modelName: body.model,
      updatedAt: new Date(),
    };
    if (body.api_key !== undefined && !isMaskedSecret(body.api_key)) {
      values.modelApiKey = body.api_key ? secrets.encrypt(body.api_key) : null;
    }
    if (body.model_live_url !== undefined)
      values.modelLiveUrl = await checkModelLiveUrl(body.model_live_url, services.env);
    assertModelKeyStays(agent, values.modelLiveUrl, body.api_key, 'api_key');
    if (body.dataset_configs) {
      await assertOwnKnowledgeBases(
        db,
        agent.organizationId,
        c.get('user').id,
        body.dataset_configs.datasets,
        agent.knowledgeBaseIds ?? [],
      );
      values.knowledgeBaseIds = body.dataset_configs.datasets;
    }
    await db.update(agents).set(values).where(eq(agents.agentName, agent.agentName));
    forgetAgentKeys();
    const { updatedAt: _at, ...changed } = values;
    await audit(c, services, agent.organizationId, {
      action: 'agent.update',
      target: { type: 'agent', id: agent.agentName },
      changes: changesBetween(
        agent,
        { ...agent, ...changed },
        {
          only: Object.keys(changed),
          secrets: ['modelApiKey'],
        },
      ),
    });
    return c.json({ success: true, message: modelMessages.modelSaved });
  });

  app.post('/publish-agent', async (c) => {
    const body = await readJson(c, publishAgentRequestSchema);
    const { agent, appId } = await agentByKeyForUser(db, c.get('user').id, body.chatbot_api_key);
    if (body.app_id !== appId) throw new HttpError(404, 'App not found', { code: 'app_not_found' });
    // The draft as it is now: what the tests check is what becomes the version.
    const snapshot = await draftSnapshot(db, agent);
    // 'Tests must pass to publish': the suite runs on the draft first (also when the agent is
    // already live); failing tests refuse it (409) and the live version stays.
    await publishGate(services, agentFromSnapshot(agent, snapshot, 'draft'));
    const { version, publishedAt } = await publishSnapshot(db, agent, snapshot, {
      note: body.note ?? null,
      by: publisherOf(c.get('user')),
    });
    await audit(c, services, agent.organizationId, {
      action: 'agent.publish',
      target: { type: 'agent', id: agent.agentName },
      changes: [
        { field: 'live_version', before: agent.liveVersion ?? null, after: version },
        ...(body.note ? [{ field: 'note', before: null, after: body.note }] : []),
      ],
    });
    return c.json({
      success: true,
      message: 'Agent published successfully',
      published_at: publishedAt.toISOString(),
      version,
    });
  });

  /**
   * The console's chat proxy: runs the turn for an agent of the user's organizations, with its
   * draft (the console tests what it is editing).
   */
  app.post('/chatbot/chat', async (c) => {
    const body = await readJson(c, chatbotChatRequestSchema);
    const user = c.get('user');
    const { agent } = await agentByKeyForUser(db, user.id, body.difyApiKey);
    const turn = await startTurn(
      { ...services, retrieve },
      draftAgent(agent),
      {
        query: body.message,
        user: `console:${user.id}`,
        conversationId: body.conversationId,
        // The console's test chat is a member's, not a visitor's.
        member: true,
      },
      { signal: c.req.raw.signal },
    );
    const answer = await collect(turn);
    return c.json({
      answer,
      conversation_id: turn.conversationId,
      message_id: turn.messageId,
      offline: turn.offline,
      metadata: { agent_version: turn.agentVersion },
    });
  });

  /**
   * The console's test chat (the drawer): the runtime's chat-messages (streaming or blocking) for
   * an agent of the user's organizations, found by its key, answering with its draft — or with
   * its live version when `?version=live` (the drawer's switch).
   */
  app.post('/chatbot/chat-messages', async (c) => {
    const { agent } = await agentByKeyForUser(
      db,
      c.get('user').id,
      bearer(c.req.header('Authorization')),
    );
    const version = c.req.query('version') ?? 'draft';
    if (version !== 'draft' && version !== 'live')
      throw new HttpError(400, "version: must be 'draft' or 'live'", {
        issues: [{ field: 'version', message: "must be 'draft' or 'live'" }],
      });
    const served = version === 'live' ? liveAgent(agent) : draftAgent(agent);
    return serveChatMessages(c, services, { ...services, retrieve }, served, { member: true });
  });

  return app;
}
