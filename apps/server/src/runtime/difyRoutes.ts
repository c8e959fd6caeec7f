import { Hono, type Context } from 'hono';
import {
  agentDisplayName,
  difyDeleteRequestSchema as deleteSchema,
  difyFeedbackRequestSchema as feedbackSchema,
  difyIdSchema as idSchema,
  difyLimitSchema as limitSchema,
  difyRenameRequestSchema as renameSchema,
  difyStopRequestSchema as stopSchema,
  difyUserSchema as userSchema,
} from '@parley/api-client';
import { and, asc, desc, eq, lt, or, sql } from 'drizzle-orm';
import { conversations, messages } from '../db/schema';
import type { Services } from '../lib/env';
import { check, HttpError, notFound, readJson } from '../lib/http';
import {
  agentForKey,
  ownConversationWhere,
  turnsStored,
  turnStored,
  type AgentRow,
  type TurnUsage,
} from './chat';
import type { Passage } from './offline';
import { agentThoughtsOf } from './difyAgentEvents';

/** The bearer agent key of a Dify service API call ('app-…'); anything else → 401. */
export function bearer(header: string | undefined): string {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!match)
    throw new HttpError(401, 'Authorization header must be Bearer <agent key>', {
      code: 'unauthorized',
    });
  return match[1]!;
}

// ---------- running tasks (stop) ----------

interface RunningTask {
  agentName: string;
  user: string;
  controller: AbortController;
}

/** Answers being generated on this process, by Dify task_id (a stop aborts the model call). */
const runningTasks = new Map<string, RunningTask>();

/** Registers a running answer; the returned function forgets it once the answer ended. */
export function registerTask(taskId: string, task: RunningTask): () => void {
  runningTasks.set(taskId, task);
  return () => {
    if (runningTasks.get(taskId) === task) runningTasks.delete(taskId);
  };
}

/** Stops a running answer of this agent and user; false when there is none. */
export function stopTask(taskId: string, agentName: string, user: string): boolean {
  const task = runningTasks.get(taskId);
  if (!task || task.agentName !== agentName || task.user !== user) return false;
  task.controller.abort();
  runningTasks.delete(taskId);
  return true;
}

// ---------- answer shapes ----------

/** Dify's usage block (prices are not tracked: zero, USD). */
export function difyUsage(usage: TurnUsage, latencySeconds: number) {
  return {
    ...usage,
    prompt_unit_price: '0',
    prompt_price_unit: '0',
    prompt_price: '0',
    completion_unit_price: '0',
    completion_price_unit: '0',
    completion_price: '0',
    total_price: '0',
    currency: 'USD',
    latency: latencySeconds,
  };
}

/** Dify's retriever resources from the passages of a turn. */
export function retrieverResources(passages: Passage[]) {
  return passages.map((p, i) => ({
    position: i + 1,
    dataset_id: null,
    dataset_name: null,
    document_id: null,
    document_name: p.source ?? null,
    segment_id: null,
    score: null,
    content: p.content,
  }));
}

// ---------- request schemas: the contract's (@parley/api-client schemas/dify.ts) ----------

function query(c: Context, name: string) {
  const value = c.req.query(name);
  return value === undefined || value === '' ? undefined : value;
}

// ---------- routes ----------

/**
 * Dify's chat-app service API beyond /chat-messages, for our agents (bearer agent key): stop a
 * task, conversations (list, rename, delete), messages (paged), feedback, parameters, info, meta.
 */
export function difyRoutes(services: Services) {
  const { db } = services;
  const app = new Hono();
  /** The agent of the bearer key (no middleware: this router is mounted beside others on /v1). */
  const agentOf = (c: Context) => agentForKey(db, bearer(c.req.header('Authorization')));

  /** The conversation of this agent and end user, or 404. */
  async function ownConversation(agent: AgentRow, id: string, user: string) {
    const conversationId = check(idSchema, id, 'conversation_id');
    // Right after message_end the turn may still be in its write batch.
    await turnStored(conversationId);
    const [row] = await db
      .select()
      .from(conversations)
      .where(ownConversationWhere(agent, conversationId, user))
      .limit(1);
    if (!row) throw new HttpError(404, 'Conversation Not Exists.', { code: 'not_found' });
    return row;
  }

  function conversationShape(row: typeof conversations.$inferSelect, agent: AgentRow) {
    const name = typeof row.metadata.name === 'string' ? row.metadata.name : 'New conversation';
    return {
      id: row.id,
      name,
      inputs: {},
      status: 'normal',
      introduction: agent.initialMessage ?? '',
      created_at: Math.floor(row.createdAt.getTime() / 1000),
      updated_at: Math.floor(row.updatedAt.getTime() / 1000),
    };
  }

  app.post('/chat-messages/:taskId/stop', async (c) => {
    const agent = await agentOf(c);
    const body = await readJson(c, stopSchema);
    stopTask(c.req.param('taskId'), agent.agentName, body.user);
    // As Dify: success whether or not the task was still running.
    return c.json({ result: 'success' });
  });

  app.get('/conversations', async (c) => {
    const agent = await agentOf(c);
    const user = check(userSchema, query(c, 'user'), 'user');
    await turnsStored();
    const limit = check(limitSchema, query(c, 'limit') ?? 20, 'limit');
    const lastId = query(c, 'last_id') ?? query(c, 'first_id');
    const mine = and(
      eq(conversations.agentName, agent.agentName),
      eq(conversations.organizationId, agent.organizationId),
      eq(conversations.endUser, user),
    );
    let after = undefined;
    if (lastId) {
      const last = await ownConversation(agent, lastId, user);
      after = or(
        lt(conversations.updatedAt, last.updatedAt),
        and(eq(conversations.updatedAt, last.updatedAt), lt(conversations.id, last.id)),
      );
    }
    const rows = await db
      .select()
      .from(conversations)
      .where(after ? and(mine, after) : mine)
      .orderBy(desc(conversations.updatedAt), desc(conversations.id))
      .limit(limit + 1);
    return c.json({
      limit,
      has_more: rows.length > limit,
      data: rows.slice(0, limit).map((row) => conversationShape(row, agent)),
    });
  });

  app.post('/conversations/:id/name', async (c) => {
    const agent = await agentOf(c);
    const body = await readJson(c, renameSchema);
    const row = await ownConversation(agent, c.req.param('id'), body.user);
    let name = body.name ?? '';
    if (body.auto_generate) {
      // Named after the visitor's first question (no model call).
      const [first] = await db
        .select({ content: messages.content })
        .from(messages)
        .where(and(eq(messages.conversationId, row.id), eq(messages.role, 'user')))
        .orderBy(asc(messages.createdAt))
        .limit(1);
      name = (first?.content ?? '').replace(/\s+/g, ' ').trim().slice(0, 40) || 'New conversation';
    }
    if (!name) throw new HttpError(400, 'name: name is required', { issues: [{ field: 'name' }] });
    const [updated] = await db
      .update(conversations)
      .set({ metadata: sql`${conversations.metadata} || ${JSON.stringify({ name })}::jsonb` })
      .where(eq(conversations.id, row.id))
      .returning();
    return c.json(conversationShape(updated!, agent));
  });

  app.delete('/conversations/:id', async (c) => {
    const agent = await agentOf(c);
    const body = await readJson(c, deleteSchema);
    const row = await ownConversation(agent, c.req.param('id'), body.user);
    await db.delete(conversations).where(eq(conversations.id, row.id));
    return c.body(null, 204);
  });

  app.get('/messages', async (c) => {
    const agent = await agentOf(c);
    const user = check(userSchema, query(c, 'user'), 'user');
    const conversationId = query(c, 'conversation_id');
    if (!conversationId)
      throw new HttpError(400, 'conversation_id: conversation_id is required', {
        issues: [{ field: 'conversation_id', message: 'conversation_id is required' }],
      });
    const conv = await ownConversation(agent, conversationId, user);
    const limit = check(limitSchema, query(c, 'limit') ?? 20, 'limit');
    const firstId = query(c, 'first_id');
    const answers = and(eq(messages.conversationId, conv.id), eq(messages.role, 'assistant'));
    let before = undefined;
    if (firstId) {
      const id = check(idSchema, firstId, 'first_id');
      const [first] = await db
        .select({ createdAt: messages.createdAt })
        .from(messages)
        .where(and(answers, eq(messages.id, id)))
        .limit(1);
      if (!first) throw notFound('First message');
      before = lt(messages.createdAt, first.createdAt);
    }
    // Each Dify message is a question and its answer: the answer row and the visitor's message
    // just before it.
    const rows = await db
      .select({
        id: messages.id,
        answer: messages.content,
        metadata: messages.metadata,
        toolSteps: messages.toolSteps,
        createdAt: messages.createdAt,
        query: sql<string>`coalesce((
          SELECT q.content FROM messages q
          WHERE q.conversation_id = "messages"."conversation_id" AND q.role = 'user'
            AND q.created_at <= "messages"."created_at"
          ORDER BY q.created_at DESC LIMIT 1), '')`,
      })
      .from(messages)
      .where(before ? and(answers, before) : answers)
      .orderBy(desc(messages.createdAt))
      .limit(limit + 1);
    const page = rows.slice(0, limit).reverse();
    return c.json({
      limit,
      has_more: rows.length > limit,
      data: page.map((m) => {
        const feedback = m.metadata.feedback as { rating?: string } | undefined;
        const createdAt = Math.floor(m.createdAt.getTime() / 1000);
        return {
          id: m.id,
          conversation_id: conv.id,
          parent_message_id: null,
          inputs: {},
          query: m.query,
          answer: m.answer,
          message_files: [],
          feedback: feedback?.rating ? { rating: feedback.rating } : null,
          retriever_resources: [],
          agent_thoughts: agentThoughtsOf(m.id, m.toolSteps, createdAt),
          status: 'normal',
          error: null,
          created_at: createdAt,
        };
      }),
    });
  });

  app.post('/messages/:id/feedbacks', async (c) => {
    const agent = await agentOf(c);
    const body = await readJson(c, feedbackSchema);
    const id = check(idSchema, c.req.param('id'), 'message_id');
    const find = () =>
      db
        .select({ id: messages.id })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(
          and(
            eq(messages.id, id),
            eq(messages.role, 'assistant'),
            eq(conversations.agentName, agent.agentName),
            eq(conversations.organizationId, agent.organizationId),
            eq(conversations.endUser, body.user),
          ),
        )
        .limit(1);
    // Right after message_end the answer may still be in its write batch.
    let [row] = await find();
    if (!row) {
      await turnsStored();
      [row] = await find();
    }
    if (!row) throw new HttpError(404, 'Message Not Exists.', { code: 'not_found' });
    const feedback = body.rating ? { rating: body.rating, content: body.content ?? null } : null;
    await db
      .update(messages)
      .set({
        metadata: sql`${messages.metadata} || ${JSON.stringify({ feedback })}::jsonb`,
      })
      .where(eq(messages.id, row.id));
    return c.json({ result: 'success' });
  });

  app.get('/parameters', async (c) => {
    const agent = await agentOf(c);
    const off = { enabled: false };
    return c.json({
      opening_statement: agent.initialMessage ?? '',
      suggested_questions: [],
      suggested_questions_after_answer: off,
      speech_to_text: off,
      text_to_speech: { enabled: false, voice: '', language: '', autoPlay: 'disabled' },
      retriever_resource: { enabled: agent.knowledgeBaseIds.length > 0 },
      // Parley's own: the agent offers 'Talk to a person' (POST /v1/conversations/{id}/handoff).
      human_handoff: { enabled: agent.talkToPerson },
      annotation_reply: off,
      more_like_this: off,
      sensitive_word_avoidance: off,
      user_input_form: [],
      file_upload: {
        enabled: false,
        image: {
          enabled: false,
          number_limits: 0,
          detail: 'high',
          transfer_methods: ['remote_url', 'local_file'],
        },
      },
      system_parameters: {
        file_size_limit: 0,
        image_file_size_limit: 0,
        audio_file_size_limit: 0,
        video_file_size_limit: 0,
        workflow_file_upload_limit: 0,
      },
    });
  });

  app.get('/info', async (c) => {
    const agent = await agentOf(c);
    return c.json({
      name: agentDisplayName({ id: agent.agentName, name: agent.name }),
      description: agent.description ?? '',
      tags: [],
      mode: 'chat',
      author_name: '',
    });
  });

  app.get('/meta', async (c) => {
    await agentOf(c);
    return c.json({ tool_icons: {} });
  });

  return app;
}
