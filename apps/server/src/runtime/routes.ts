import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { agentDisplayName, agentNameSchema, runtimeChatRequestSchema } from '@parley/api-client';
import { and, eq } from 'drizzle-orm';
import { agents, apps } from '../db/schema';
import type { Services } from '../lib/env';
import { check, HttpError, notFound, readJson } from '../lib/http';
import { agentForKey, collect, startTurn, type RuntimeDeps } from '../runtime/chat';
import {
  assertOriginAllowed,
  publicLimitsFrom,
  publicRateLimits,
  publicReadLimit,
} from '../lib/publicAccess';
import { chunkedResponse, eventStreamHeaders, sseEvent } from './eventStream';
import { answerWhileHeld } from '../conversations/heldTurn';
import { conversationEventRoutes } from '../conversations/publicRoutes';
import { visitorHandoffRoutes } from '../handoff/visitorRoutes';
import { bearer, difyRoutes, difyUsage, registerTask, retrieverResources } from './difyRoutes';
import { difyAgentEvents } from './tools/difyAgentEvents';

/**
 * The agent runtime under /v1, compatible with Dify's service API: the agent key as bearer
 * token; blocking JSON or SSE streaming. Cross-origin by design (the widgets call it).
 */
export function runtimeRoutes(services: Services, retrieve?: RuntimeDeps['retrieve']) {
  const deps: RuntimeDeps = { ...services, retrieve };
  const app = new Hono();
  app.use(
    '/*',
    cors({
      origin: '*',
      allowHeaders: ['Authorization', 'Content-Type'],
      allowMethods: ['POST', 'GET', 'DELETE', 'OPTIONS'],
    }),
  );

  for (const limit of publicRateLimits(
    publicLimitsFrom(services.env),
    'runtime',
    services.rateLimits,
  ))
    app.post('/chat-messages', limit);
  app.post('/chat-messages', async (c) => {
    const agent = await agentForKey(services.db, bearer(c.req.header('Authorization')));
    assertOriginAllowed(c.req.header('Origin'), agent.allowedOrigins);
    const body = await readJson(c, runtimeChatRequestSchema);
    // A member holds the conversation (human takeover): stored, and no agent reply.
    const held = await answerWhileHeld(c, services.db, agent, body, services.clock?.());
    if (held) return held;
    // Waits here, not in the event loop, when more chats arrive than the process keeps up with.
    const release = services.admission
      ? await services.admission.enter(c.req.raw.signal)
      : () => undefined;
    // The visitor's connection: when it closes, the model call stops at once.
    const visitor = new AbortController();
    const requestSignal = c.req.raw.signal;
    const leave = () => visitor.abort();
    if (requestSignal.aborted) leave();
    else requestSignal.addEventListener('abort', leave, { once: true });
    // A Dify task: POST /chat-messages/{task_id}/stop aborts the model call too.
    const taskId = crypto.randomUUID();
    const forgetTask = registerTask(taskId, {
      agentName: agent.agentName,
      user: body.user,
      controller: visitor,
    });
    const startedAt = performance.now();
    let turn;
    try {
      turn = await startTurn(
        deps,
        agent,
        { query: body.query, user: body.user, conversationId: body.conversation_id },
        { signal: visitor.signal },
      );
    } catch (error) {
      forgetTask();
      release();
      throw error;
    }
    const ids = {
      task_id: taskId,
      id: turn.messageId,
      message_id: turn.messageId,
      conversation_id: turn.conversationId,
    };
    const endMetadata = () => ({
      usage: difyUsage(turn.usage, (performance.now() - startedAt) / 1000),
      retriever_resources: retrieverResources(turn.passages),
      offline: turn.offline,
      ...(turn.toolSteps.length ? { tool_steps: turn.toolSteps } : {}),
    });

    if (body.response_mode === 'blocking') {
      let answer: string;
      try {
        answer = await collect(turn);
      } finally {
        forgetTask();
        release();
      }
      return c.json({
        event: 'message',
        ...ids,
        mode: 'chat',
        answer,
        metadata: endMetadata(),
        created_at: turn.createdAt,
      });
    }

    async function* events(): AsyncGenerator<Uint8Array, void> {
      try {
        if (turn!.agentMode) yield* difyAgentEvents(turn!.parts, ids, turn!.createdAt);
        else
          for await (const delta of turn!.deltas)
            yield sseEvent({
              event: 'message',
              ...ids,
              answer: delta,
              created_at: turn!.createdAt,
            });
        yield sseEvent({
          event: 'message_end',
          ...ids,
          metadata: endMetadata(),
          created_at: turn!.createdAt,
        });
      } catch (error) {
        yield sseEvent({
          event: 'error',
          ...ids,
          status: error instanceof HttpError ? error.status : 500,
          code: 'completion_request_error',
          message: error instanceof HttpError ? error.message : 'Internal server error',
        });
      } finally {
        // The stream closes at once; a follow-up on this process waits for the turn's write.
        forgetTask();
        release();
        requestSignal.removeEventListener('abort', leave);
      }
    }
    // A visitor who goes away stops the model call at once (and gives the place back, also when
    // the stream had not started).
    return chunkedResponse(c, events(), eventStreamHeaders, () => {
      leave();
      release();
    });
  });

  // Reads per visitor IP too: the live events of a conversation and its messages.
  const readLimit = publicReadLimit(
    publicLimitsFrom(services.env),
    'runtime-read',
    services.rateLimits,
  );
  app.get('/conversations/:id/events', readLimit);
  app.get('/messages', readLimit);
  app.route('/', conversationEventRoutes(services));
  // 'Talk to a person': limited per visitor IP like a chat message.
  for (const limit of publicRateLimits(
    publicLimitsFrom(services.env),
    'runtime',
    services.rateLimits,
  ))
    app.post('/conversations/:id/handoff', limit);
  app.route('/', visitorHandoffRoutes(services));
  app.route('/', difyRoutes(services));

  /** The public chat page's settings: only for active agents; the key is publishable by design. */
  app.get('/public/agents/:agentName', async (c) => {
    const agentName = check(agentNameSchema, c.req.param('agentName'), 'agentName');
    const [row] = await services.db
      .select({ agent: agents, appKey: apps.appKey })
      .from(agents)
      .innerJoin(
        apps,
        and(eq(apps.agentName, agents.agentName), eq(apps.organizationId, agents.organizationId)),
      )
      .where(and(eq(agents.agentName, agentName), eq(agents.status, 'active')))
      .limit(1);
    if (!row) throw notFound('Agent');
    const origin = new URL(c.req.url).origin;
    return c.json({
      agent_name: row.agent.agentName,
      name: agentDisplayName({ id: row.agent.agentName, name: row.agent.name }),
      initial_message: row.agent.initialMessage,
      api_url: `${origin}/v1`,
      api_key: row.appKey,
      talk_to_person: row.agent.talkToPerson,
    });
  });

  return app;
}
