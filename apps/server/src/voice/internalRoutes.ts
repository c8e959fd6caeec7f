import { envForOrg } from '../lib/sharedProviders';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  voiceCallEndRequestSchema,
  voiceCallOfflineVoiceRequestSchema,
  voiceCallMessageRequestSchema,
  voiceCallStartRequestSchema,
  voiceChatRequestSchema,
  voiceCallTransferRequestSchema,
  voiceTurnMetricsRequestSchema,
  callHeldNotice,
  type VoiceChatLine,
} from '@parley/api-client';
import { callTokenReasons, verifyCallToken } from '@parley/api-client/call-token';
import { agents, conversations } from '../db/schema';
import type { Services } from '../lib/env';
import { check, HttpError, notFound, readJson } from '../lib/http';
import {
  draftAgent,
  liveAgent,
  readTurnContext,
  startTurn,
  turnStored,
  type ChatTurn,
  type RuntimeDeps,
} from '../runtime/chat';
import { PreparedTurns } from './preparedTurns';
import { cachedRead, tags } from '../lib/tenantCache';
import { chunkedResponse } from '../runtime/eventStream';
import { callActionsLine, transferCall } from './callActions';
import { takeCallMessageWhileHeld } from '../handoff/heldTurn';
import { callPaused } from '../handoff/waiting';
import {
  answerConsent,
  callConsentOf,
  consentPending,
  UnstoredCalls,
  type CallConsent,
} from './consentTurn';

const encoder = new TextEncoder();
type ConversationRow = typeof conversations.$inferSelect;
import {
  addAgentUtterance,
  claimCall,
  endCall,
  liveCallAgent,
  markOfflineVoice,
  recordTurnMetrics,
  voiceConversation,
  workerConfigOf,
  orgVoiceKeys,
} from './callLog';

export const workerNotConfigured =
  'The voice worker is not configured on this server: set PARLEY_WORKER_SECRET (the same value for the server and the voice worker) and restart it.';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Bearer PARLEY_WORKER_SECRET, or the embedded voice worker's own secret (this server's child,
 * see voice/embedded), compared in constant time; never a browser session. Without
 * PARLEY_WORKER_SECRET, anything but the embedded worker's secret is told what to set (503).
 */
export function requireWorker(
  env: Record<string, string | undefined>,
  embeddedSecret?: string,
): MiddlewareHandler {
  return async (c, next) => {
    const secret = env.PARLEY_WORKER_SECRET;
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '');
    const given = match ? digest(match[1]!) : null;
    const is = (value: string | undefined) =>
      Boolean(value && given && timingSafeEqual(given, digest(value)));
    if (is(embeddedSecret)) return next();
    if (!secret) throw new HttpError(503, workerNotConfigured);
    if (!is(secret)) throw new HttpError(401, 'Unauthorized');
    await next();
  };
}

const callIdSchema = z.uuid('id must be a call id (UUID)');

/**
 * /voice/internal — the voice worker's calls (apps/voice-agent): taking a call with its signed
 * call token, the live call's agent configuration, the call log (start, agent utterances, turn figures, end) and each caller turn through the same
 * runtime as /v1/chat-messages (prompt, history, knowledge, offline responder).
 */
export function voiceInternalRoutes(services: Services, retrieve?: RuntimeDeps['retrieve']) {
  const { db } = services;
  const deps: RuntimeDeps = { ...services, retrieve };
  const app = new Hono();
  const embeddedSecret = services.embeddedVoice?.secret;
  app.use('/*', requireWorker(services.env, embeddedSecret));

  /**
   * The agent answering a call, read through the tenant cache (a caller turn makes no round trip
   * for it): saving the agent drops it on every server process (the agents trigger's NOTIFY).
   */
  function agentOfCall(organizationId: string, agentName: string) {
    return cachedRead(
      db,
      `call-agent:${organizationId}:${agentName}`,
      [tags.agents(organizationId)],
      () =>
        db
          .select()
          .from(agents)
          .where(and(eq(agents.agentName, agentName), eq(agents.organizationId, organizationId)))
          .limit(1)
          .then(([row]) => row ?? null),
      (row) => row !== null,
    );
  }

  /**
   * What a caller turn needs of its call (the organization, the agent and the caller never change),
   * kept on this process from the call's first turn until it ends: later turns start the call's
   * check, its history and the retrieval at once instead of reading the call first.
   */
  type CallFacts = Pick<
    ConversationRow,
    'organizationId' | 'agentName' | 'endUser' | 'agentAddress' | 'agentVersion'
  > & { consent: CallConsent };
  const callFacts = new Map<string, CallFacts>();
  const preparations = new PreparedTurns();
  const unstoredCalls = new UnstoredCalls();
  const factsOf = (conv: ConversationRow): CallFacts => ({
    organizationId: conv.organizationId,
    agentName: conv.agentName,
    endUser: conv.endUser,
    // The number a phone caller rang: the send tools write from it.
    agentAddress: conv.agentAddress,
    // 'draft': the console's test call; else the call is the live version's.
    agentVersion: conv.agentVersion,
    // The caller's answer to the transcription question (privacy/consent.ts), once asked.
    consent: callConsentOf(conv.metadata),
  });
  const remember = (id: string, facts: CallFacts) => {
    if (callFacts.size >= 10_000) callFacts.delete(callFacts.keys().next().value!);
    callFacts.set(id, facts);
  };

  /**
   * A caller turn's call: its facts (remembered on this process, `known`, or read now, which
   * checks that the call exists) and the agent answering it; 404 when either is gone.
   */
  async function callOf(id: string) {
    const known = callFacts.get(id);
    const facts = known ?? factsOf(await voiceConversation(db, id));
    const row = facts.agentName ? await agentOfCall(facts.organizationId, facts.agentName) : null;
    if (!row) throw notFound('Agent');
    const agent = facts.agentVersion === 'draft' ? draftAgent(row) : liveAgent(row);
    return { known, facts, agent };
  }

  /**
   * The worker takes a call with the token the server signed for it (the phone stream's or the
   * room dispatch's): a forged or expired token is 403, a token used before 409 (on any server
   * process: its nonce is recorded in the database), a call no longer live 404.
   */
  app.post('/calls', async (c) => {
    const { call_token } = await readJson(c, voiceCallStartRequestSchema);
    // WebSocket calls are signed for the embedded worker, the others for PARLEY_WORKER_SECRET.
    const signer =
      call_token.transport === 'websocket' ? embeddedSecret : services.env.PARLEY_WORKER_SECRET;
    const verdict = verifyCallToken(signer ?? '', call_token);
    if (!verdict.ok) {
      const message = callTokenReasons[verdict.reason];
      throw new HttpError(403, `call_token: ${message}`, {
        issues: [{ field: 'call_token', message }],
      });
    }
    return c.json({ conversation_id: await claimCall(db, call_token) }, 201);
  });

  /**
   * What a live call needs of its agent (voice, transcriber, their keys, the call behaviour): only
   * for a call the worker has claimed and that has not ended; anything else is 404. The agent's
   * own keys first, then the organization's Integrations, then the server's.
   */
  app.get('/calls/:id/agent', async (c) => {
    const agent = await liveCallAgent(db, check(callIdSchema, c.req.param('id'), 'id'));
    const orgKeys = await orgVoiceKeys(db, services.secrets, agent);
    // Server-wide keys only for organizations the shared provider resources serve.
    const env = await envForOrg(db, services.env, agent.organizationId);
    return c.json(workerConfigOf(agent, env, orgKeys));
  });

  app.post('/calls/:id/offline-voice', async (c) => {
    const conv = await voiceConversation(db, check(callIdSchema, c.req.param('id'), 'id'));
    const body = await readJson(c, voiceCallOfflineVoiceRequestSchema);
    await markOfflineVoice(db, conv.id, body.offline_voice);
    return c.json({ success: true });
  });

  app.post('/calls/:id/chat', async (c) => {
    const id = check(callIdSchema, c.req.param('id'), 'id');
    // Whether a member holds the call (human takeover) or it waits for a person (request_human
    // took a message), read alongside the call's own reads.
    const paused = callPaused(db, id);
    paused.catch(() => undefined);
    const { known, facts, agent } = await callOf(id);
    const { query } = await readJson(c, voiceChatRequestSchema);
    // The agent asks the caller's consent to transcribe (privacy/consent.ts): this turn is the
    // answer, not a question for the model.
    if (consentPending(agent, facts.consent)) {
      const step = await answerConsent(db, id, query, facts.consent);
      remember(id, { ...facts, consent: step.consent });
      preparations.drop(id);
      return c.body(step.body, 200, {
        'Content-Type': 'application/x-ndjson; charset=utf-8',
        'Cache-Control': 'no-store',
      });
    }
    const refused = facts.consent.state === 'refused';
    const taken = await takeCallMessageWhileHeld(db, id, query, paused);
    if (taken) {
      // The caller's words are the visitor's message; the caller hears the notice instead of an
      // agent answer (nothing is stored for it), and no read-ahead of this turn is kept.
      if (!known) remember(id, facts);
      preparations.drop(id);
      const body = [
        { delta: callHeldNotice },
        { end: true, message_id: taken.messageId, offline: false, held: 'message_taken' },
      ] satisfies VoiceChatLine[];
      return c.body(body.map((l) => `${JSON.stringify(l)}\n`).join(''), 200, {
        'Content-Type': 'application/x-ndjson; charset=utf-8',
        'Cache-Control': 'no-store',
      });
    }
    // The worker drops the request when the caller interrupts: the model call stops at once.
    const worker = new AbortController();
    const requestSignal = c.req.raw.signal;
    const leave = () => worker.abort();
    if (requestSignal.aborted) leave();
    else requestSignal.addEventListener('abort', leave, { once: true });
    // Read ahead while the framework waited for the end of the caller's turn (`/prepare`).
    const prepared = (await preparations.take(id, query)) ?? undefined;
    let turn: ChatTurn;
    try {
      turn = await startTurn(
        deps,
        agent,
        {
          query,
          user: facts.endUser,
          conversationId: id,
          channel: 'voice',
          agentAddress: facts.agentAddress,
          // Remembered facts: the call is checked along with the history and retrieval.
          conversationChecked: !known,
          prepared,
          // Refused transcription: nothing stored; the call's history lives on this process.
          ...(refused ? { unstored: { history: unstoredCalls.history(id) } } : {}),
        },
        { signal: worker.signal },
      );
    } catch (error) {
      requestSignal.removeEventListener('abort', leave);
      if (!(error instanceof HttpError && error.status === 404)) throw error;
      // The call is gone (deleted meanwhile): answered as an unknown call, and read again.
      callFacts.delete(id);
      throw notFound('Call');
    }
    if (!known) remember(id, facts);
    const line = (value: VoiceChatLine) => encoder.encode(`${JSON.stringify(value)}\n`);
    let said = '';
    async function* lines(): AsyncGenerator<Uint8Array, void> {
      try {
        for await (const part of turn.parts) {
          if (part.type === 'text') {
            said += part.text;
            yield line({ delta: part.text });
          } else if (part.type === 'tool-call') yield line({ tool_started: part.tool });
          else yield line({ tool_done: part.step.tool });
        }
        const actions = callActionsLine(turn.actions);
        if (refused) unstoredCalls.add(id, query, said);
        yield line({
          end: true,
          message_id: turn.messageId,
          offline: turn.offline,
          ...(actions ? { actions } : {}),
        });
      } catch (error) {
        yield line({
          error: error instanceof HttpError ? error.message : 'The model call failed',
        });
      } finally {
        requestSignal.removeEventListener('abort', leave);
      }
    }
    return chunkedResponse(
      c,
      lines(),
      { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store' },
      leave,
    );
  });

  /**
   * The caller's words as soon as the transcriber has them final, before the framework is sure the
   * turn is over: the turn's check, history and retrieval are read now (see PreparedTurns), and
   * only a turn asking exactly these words uses them. Answered once read (`ready`: whether the
   * read succeeded; the worker does not wait for it).
   */
  app.post('/calls/:id/prepare', async (c) => {
    const id = check(callIdSchema, c.req.param('id'), 'id');
    const { query } = await readJson(c, voiceChatRequestSchema);
    const { known, facts, agent } = await callOf(id);
    if (!known) remember(id, facts);
    const ready = await preparations.prepare(id, query, (turn) =>
      readTurnContext(
        deps,
        agent,
        { query, user: facts.endUser, conversationId: id, conversationChecked: !known },
        turn,
      ),
    );
    return c.json({ ready });
  });

  app.post('/calls/:id/messages', async (c) => {
    const conv = await voiceConversation(db, check(callIdSchema, c.req.param('id'), 'id'));
    const body = await readJson(c, voiceCallMessageRequestSchema);
    // A call whose caller refused transcription keeps its agent's lines in memory only.
    if (callConsentOf(conv.metadata).state === 'refused') {
      unstoredCalls.add(conv.id, null, body.text);
      return c.json({ message_id: null }, 201);
    }
    const messageId = await addAgentUtterance(db, conv, body.text, body.kind);
    // An agent line joined the history: a turn read ahead before it was written would miss it.
    preparations.drop(conv.id);
    return c.json({ message_id: messageId }, 201);
  });

  app.post('/calls/:id/metrics', async (c) => {
    const conv = await voiceConversation(db, check(callIdSchema, c.req.param('id'), 'id'));
    const body = await readJson(c, voiceTurnMetricsRequestSchema);
    const { message_id, ...figures } = body;
    // Nothing of a call refused transcription is stored, its figures neither.
    if (callConsentOf(conv.metadata).state === 'refused') return c.json({ success: true });
    // The worker sends a turn's figures as soon as it ends, maybe before its batch is written.
    await turnStored(conv.id);
    if (!(await recordTurnMetrics(db, conv.id, message_id, figures))) throw notFound('Message');
    return c.json({ success: true });
  });

  /**
   * transfer_call: the phone call's leg is redirected (Twilio: the call updated with `<Dial>`
   * the number, from the number that was called; the sandbox records it in its outbox).
   */
  app.post('/calls/:id/transfer', async (c) => {
    const conv = await voiceConversation(db, check(callIdSchema, c.req.param('id'), 'id'));
    const { number } = await readJson(c, voiceCallTransferRequestSchema);
    await transferCall(services, conv, number);
    return c.json({ success: true });
  });

  app.post('/calls/:id/end', async (c) => {
    const conv = await voiceConversation(db, check(callIdSchema, c.req.param('id'), 'id'));
    const body = await readJson(c, voiceCallEndRequestSchema);
    callFacts.delete(conv.id);
    preparations.drop(conv.id);
    unstoredCalls.drop(conv.id);
    await endCall(db, conv.id, body.ended_by, body.end_reason ?? null);
    return c.json({ success: true });
  });

  return app;
}
