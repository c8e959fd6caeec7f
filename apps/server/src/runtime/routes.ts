import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { streamSSE } from 'hono/streaming';
import { agentDisplayName, agentNameSchema, runtimeChatRequestSchema } from '@parley/api-client';
import { and, eq } from 'drizzle-orm';
import { agents, apps } from '../db/schema';
import type { Services } from '../lib/env';
import { check, HttpError, notFound, readJson } from '../lib/http';
import { agentForKey, collect, startTurn, type RuntimeDeps } from '../runtime/chat';
import { assertOriginAllowed, publicLimitsFrom, publicRateLimits } from '../lib/publicAccess';

function bearer(header: string | undefined): string {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!match)
    throw new HttpError(401, 'Authorization header must be Bearer <agent key>', {
      code: 'unauthorized',
    });
  return match[1]!;
}

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
      allowMethods: ['POST', 'GET', 'OPTIONS'],
    }),
  );

  for (const limit of publicRateLimits(publicLimitsFrom(services.env)))
    app.post('/chat-messages', limit);
  app.post('/chat-messages', async (c) => {
    const agent = await agentForKey(services.db, bearer(c.req.header('Authorization')));
    assertOriginAllowed(c.req.header('Origin'), agent.allowedOrigins);
    const body = await readJson(c, runtimeChatRequestSchema);
    // The visitor's connection: when it closes, the model call stops at once.
    const visitor = new AbortController();
    const requestSignal = c.req.raw.signal;
    const leave = () => visitor.abort();
    if (requestSignal.aborted) leave();
    else requestSignal.addEventListener('abort', leave, { once: true });
    const turn = await startTurn(
      deps,
      agent,
      { query: body.query, user: body.user, conversationId: body.conversation_id },
      { signal: visitor.signal },
    );
    const ids = { message_id: turn.messageId, conversation_id: turn.conversationId };

    if (body.response_mode === 'blocking') {
      const answer = await collect(turn);
      return c.json({
        event: 'message',
        ...ids,
        mode: 'chat',
        answer,
        created_at: turn.createdAt,
        metadata: { offline: turn.offline },
      });
    }

    return streamSSE(c, async (stream) => {
      stream.onAbort(leave);
      try {
        for await (const delta of turn.deltas) {
          if (stream.aborted) continue;
          await stream.writeSSE({
            data: JSON.stringify({
              event: 'message',
              ...ids,
              answer: delta,
              created_at: turn.createdAt,
            }),
          });
        }
        if (!stream.aborted)
          await stream.writeSSE({
            data: JSON.stringify({
              event: 'message_end',
              ...ids,
              metadata: { offline: turn.offline },
            }),
          });
      } catch (error) {
        const message = error instanceof HttpError ? error.message : 'Internal server error';
        if (!stream.aborted)
          await stream.writeSSE({
            data: JSON.stringify({
              event: 'error',
              ...ids,
              status: 500,
              code: 'completion_request_error',
              message,
            }),
          });
      } finally {
        // The stream closes at once; a follow-up on this process waits for the turn's write.
        requestSignal.removeEventListener('abort', leave);
      }
    });
  });

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
    });
  });

  return app;
}
