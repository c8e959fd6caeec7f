import type { Context } from 'hono';
import { runtimeChatRequestSchema } from '@parley/api-client';
import type { Services } from '../lib/env';
import { HttpError, readJson } from '../lib/http';
import { collect, startTurn, type RuntimeDeps, type ServedAgent } from './chat';
import { chunkedResponse, eventStreamHeaders, sseEvent } from './eventStream';
import { turnHooks } from './turnHooks';
import { difyUsage, registerTask, retrieverResources } from './difyRoutes';
import { difyAgentEvents } from './difyAgentEvents';

/**
 * One `chat-messages` call (Dify's wire format) to `agent` as it is served — its live version on
 * the public `/v1`, its draft or live version for the console's test chat — blocking JSON or SSE
 * streaming. The answer's metadata names the version that answered (`agent_version`).
 */
export async function serveChatMessages(
  c: Context,
  services: Services,
  deps: RuntimeDeps,
  agent: ServedAgent,
  /** The console's test chat is a member's, not a visitor's (sends are not a visitor's). */
  options: { member?: boolean } = {},
): Promise<Response> {
  const body = await readJson(c, runtimeChatRequestSchema);
  // A member holds the conversation (human takeover): stored, and no agent reply.
  const held = await turnHooks().answerWhileHeld(c, services.db, agent, body, services.clock?.());
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
  let turn: Awaited<ReturnType<typeof startTurn>>;
  try {
    turn = await startTurn(
      deps,
      agent,
      {
        query: body.query,
        user: body.user,
        conversationId: body.conversation_id,
        member: options.member,
      },
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
    agent_version: turn.agentVersion,
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
      if (turn.agentMode) yield* difyAgentEvents(turn.parts, ids, turn.createdAt);
      else
        for await (const delta of turn.deltas)
          yield sseEvent({ event: 'message', ...ids, answer: delta, created_at: turn.createdAt });
      yield sseEvent({
        event: 'message_end',
        ...ids,
        metadata: endMetadata(),
        created_at: turn.createdAt,
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
}
