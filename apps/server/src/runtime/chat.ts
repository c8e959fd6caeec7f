import { asc, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import type { RetrievalHead } from '../knowledge/retrieve';
import { messages, type ConversationChannel } from '../db/schema';
import { HttpError } from '../lib/http';
import type { SecretBox } from '../lib/secrets';
import {
  agentModelChoice,
  languageModelFor,
  ModelAnswerError,
  modelFailureMessage,
  modelLabel,
} from './model';
import { chunksOf, offlineAnswer, type Passage } from './offline';
import { systemMessage } from './prompt';
import { answerMetadata } from './answerMetadata';
import { turnWriterFor } from './turnWriter';
import { privacyOf } from '../privacy/settings';
import { fullStorage, storageFor } from '../privacy/storage';
import { overrideOf } from '../privacy/agentPrivacy';
import { streamModelText, type ModelOutcome } from './modelStream';
import { turnToolsOf } from '../tools/agentTools';
import type { CallActions } from '../tools/context';
import { toolsNeedModelNote } from '../tools/offlineNote';
import { streamWithTools, type TurnPart } from './toolStream';
import { ToolSteps, toolSetFor } from '../tools/toolSet';
import { defaultToolSteps } from '@parley/api-client';
import type { ToolStep } from '../db/schema';
import { turnHooks } from './turnHooks';

import type { AgentRow } from './agentKeys';
import type { ServedAgent } from './servedAgent';
import {
  readTurnContext,
  trackTurnWrite,
  type HistoryRow,
  type PreparedContext,
  type TurnContext,
} from './turnContext';

/** The visitor went away: the model call was stopped (recorded on the stored answer). */
export const abandonedNote = 'The visitor left before the answer was complete';

export type { AgentRow } from './agentKeys';
export type { ServedAgent, AgentVersionLabel } from './servedAgent';
export { liveAgent, draftAgent, agentFromSnapshot } from './servedAgent';
export { agentForKey, agentOfKey, forgetAgentKeys } from './agentKeys';
export type { PreparedContext, TurnContext } from './turnContext';
export { ownConversationWhere, readTurnContext, turnStored, turnsStored } from './turnContext';

export interface RuntimeDeps {
  db: Db;
  secrets: SecretBox;
  logger: Logger;
  env: Record<string, string | undefined>;
  /**
   * Retrieval from the agent's enabled knowledge bases (top_k 4); the knowledge issue provides it.
   * `turn.answered` settles when the turn's answer has ended (its bookkeeping, the passages' hit
   * counts, waits for it).
   */
  retrieve?: (
    agent: AgentRow,
    query: string,
    turn?: { answered: Promise<boolean> },
    /** Columns to read in retrieval's first statement (see `RetrievalHead`). */
    head?: RetrievalHead,
  ) => Promise<Passage[]>;
  /** The server's time (business hours of a handoff; tests set it). */
  clock?: () => Date;
}

export interface ChatTurn {
  conversationId: string;
  messageId: string;
  createdAt: number;
  offline: boolean;
  /** Text deltas; iterate once. Persisting the answer starts when the iteration ends. */
  deltas: AsyncGenerator<string, void, void>;
  /**
   * The same answer with its tool calls between the text (iterate this instead of `deltas`,
   * never both): text deltas, a tool called, a tool's step done.
   */
  parts: AsyncGenerator<TurnPart, void, void>;
  /** The agent is an Action Agent or has tools: Dify's agent events describe its answer. */
  agentMode: boolean;
  /** Each tool call of the answer, as it ends (stored on the answer as `tool_steps`). */
  toolSteps: ToolStep[];
  /** What the voice worker does after the answer (end_call, transfer_call). */
  actions: CallActions;
  /** Settles once both messages are stored (after the iteration ended); never rejects. */
  persisted: Promise<void>;
  /** The passages retrieved for this turn (Dify's retriever resources). */
  passages: Passage[];
  /** The model's token usage, filled in when the answer ends (zeros offline). */
  usage: TurnUsage;
  /** The agent version answering (a number, or 'draft'). */
  agentVersion: number | 'draft';
}

export interface TurnUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/**
 * One turn of a conversation: load or start the conversation, retrieve, call the model (or the
 * offline responder) and persist both messages.
 *
 * Only what the model needs waits before the first token: the conversation check and its history
 * (together), and retrieval. A new conversation gets its id here; the conversation, the visitor's
 * message and the answer are written in one statement once the answer is complete (`persisted`).
 * `signal` (the visitor's connection) aborts the model call at once.
 */
export async function startTurn(
  deps: RuntimeDeps,
  agent: ServedAgent,
  input: {
    query: string;
    user: string;
    conversationId?: string;
    /** The channel of a new conversation (chat unless a voice call or a message channel). */
    channel?: ConversationChannel;
    /** Our side of the conversation on channels that have one (the number, the mailbox). */
    agentAddress?: string | null;
    /**
     * The user's message is already stored (an inbound SMS/WhatsApp message, by its webhook):
     * it is not stored again and not repeated in the history.
     */
    inboundMessageId?: string;
    /**
     * The caller already checked that `conversationId` is this agent's and this user's (the voice
     * endpoint loads the call's conversation first): it is not read again before the model call.
     */
    conversationChecked?: boolean;
    /** The context, already read (`readTurnContext`): the turn makes no read before the model call. */
    prepared?: PreparedContext;
    /** An agent test's tool mocks (by tool id or name): the mock answers, the tool is not called. */
    toolMocks?: Record<string, unknown>;
    /**
     * A member of the organization talks (the console's test chat, an agent test), not a visitor:
     * the send tools may write to an address they give (docs/tools.md). Set only by those routes.
     */
    member?: boolean;
    /** Nothing of the turn is stored (a call refused transcription): its history, kept in memory. */
    unstored?: { history: HistoryRow[] };
  },
  options: { signal?: AbortSignal } = {},
): Promise<ChatTurn> {
  const { db } = deps;
  // Read alongside the context (from the tenant cache, without a round trip, once warm).
  const turnTools = turnToolsOf(db, agent);
  turnTools.catch(() => undefined);
  // What the turn's messages are stored as (privacy/storage.ts); the model gets the words as
  // written. Settings that cannot be read store no text (fail closed).
  const storage = privacyOf(db, agent.organizationId).then(
    (policy) => storageFor(policy, overrideOf(agent)),
    () => storageFor({ ...fullStorage, storageMode: 'metadata_only' }),
  );
  const existing = input.conversationId || '';
  const conversationId = existing || crypto.randomUUID();
  // Settles once the answer has ended (or the turn failed before it): retrieval's bookkeeping
  // (the passages' hit counts) waits for it, so none of it runs before the model's first token.
  let resolveAnswered: (used: boolean) => void = () => undefined;
  const turn = { answered: new Promise<boolean>((resolve) => (resolveAnswered = resolve)) };
  const answerEnded = () => {
    resolveAnswered(true);
    input.prepared?.settle(true);
  };

  let context: TurnContext;
  try {
    context =
      input.prepared?.context ??
      (existing
        ? await readTurnContext(deps, agent, { ...input, conversationId: existing }, turn)
        : {
            history: [],
            passages:
              deps.retrieve && agent.knowledgeBaseIds.length
                ? await deps.retrieve(agent, input.query, turn)
                : [],
          });
  } catch (error) {
    answerEnded();
    throw error;
  }
  const { passages } = context;
  const history = input.unstored?.history ?? context.history;
  const { kind, tools } = await turnTools;

  const choice = await agentModelChoice({ ...deps, db }, agent, () =>
    deps.logger.warn(
      { agent: agent.agentName },
      'stored model key cannot be decrypted (PARLEY_SECRET changed?)',
    ),
  );
  const model = languageModelFor(choice, deps.env);
  const offline = model === null;
  const messageId = crypto.randomUUID();
  const steps = new ToolSteps();
  const actions: CallActions = {};
  const toolContext = {
    db,
    secrets: deps.secrets,
    logger: deps.logger,
    env: deps.env,
    organizationId: agent.organizationId,
    agentName: agent.agentName,
    conversationId,
    channel: input.channel ?? 'chat',
    endUser: input.user,
    sender: input.member ? ('member' as const) : ('visitor' as const),
    visitorSends: agent.visitorSends,
    agentAddress: input.agentAddress ?? null,
    actions,
    toolMocks: input.toolMocks,
    now: deps.clock,
  };
  const toolSet = model && tools.length ? await toolSetFor(tools, toolContext, steps) : null;
  // An agent test's run (it mocks tools) records no request for a person.
  const recordsHandoffs = input.toolMocks === undefined;
  const createdAt = Math.floor(Date.now() / 1000);

  const askedAt = new Date();
  const usage: TurnUsage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };

  let settle: () => void = () => undefined;
  const persisted = new Promise<void>((resolve) => (settle = resolve));
  // A follow-up on this process waits for this turn's write before reading the history.
  trackTurnWrite(conversationId, persisted);

  /**
   * The whole turn in one statement once the answer is complete (batched with other turns that
   * finish meanwhile): the conversation (created, or its updated_at touched), the visitor's message
   * and the answer. This keeps the embedded database's single connection free for other turns.
   */
  async function storeTurn(answer: string, failure: unknown) {
    const store = await storage;
    const question = store(input.query);
    const stored = store(answer);
    await turnWriterFor(db, deps.logger).write({
      conversationId,
      agentName: agent.agentName,
      organizationId: agent.organizationId,
      channel: input.channel ?? 'chat',
      endUser: input.user,
      agentAddress: input.agentAddress ?? null,
      query: question.content,
      queryMetadata: question.metadata,
      questionStored: Boolean(input.inboundMessageId),
      askedAt,
      messageId,
      answer: stored.content,
      answeredAt: new Date(Math.max(Date.now(), askedAt.getTime() + 1)),
      offline,
      error: failure ? String((failure as Error).message ?? failure).slice(0, 500) : null,
      metadata: { ...answerMetadata(passages, firstTokenMs), ...stored.metadata },
      toolSteps: steps.list.length ? steps.list : null,
      agentVersion: String(agent.servedVersion),
      unstored: Boolean(input.unstored),
    });
    // The turn asked for a person (request_human, or the offline responder): stored with it.
    if (actions.handoff && recordsHandoffs && !failure)
      await turnHooks().recordHandoff(
        deps,
        {
          conversationId,
          organizationId: agent.organizationId,
          agentName: agent.agentName,
          channel: input.channel ?? 'chat',
          endUser: input.user,
        },
        actions.handoff,
      );
    settle();
  }

  /** The model's time to its first text (ms), for the analytics; none offline. */
  let firstTokenMs: number | undefined;
  async function* run(): AsyncGenerator<TurnPart, void, void> {
    let answer = '';
    let failure: unknown = null;
    try {
      if (!model) {
        const text =
          (await turnHooks().offlineHandoff(toolContext, agent, tools, input.query)) ??
          offlineAnswer(choice.provider, input.query, passages) +
            (tools.length ? toolsNeedModelNote(tools.map((t) => t.name)) : '');
        for (const chunk of chunksOf(text)) {
          answer += chunk;
          yield { type: 'text', text: chunk };
        }
        return;
      }
      const outcome: ModelOutcome = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
      const modelInput = {
        system: systemMessage(agent.systemPrompt, passages),
        history,
        query: input.query,
        signal: options.signal,
      };
      if (toolSet) {
        for await (const part of streamWithTools(
          model,
          { ...modelInput, tools: toolSet, steps, maxSteps: defaultToolSteps },
          outcome,
        )) {
          if (part.type === 'text') {
            firstTokenMs ??= Date.now() - askedAt.getTime();
            answer += part.text;
          }
          yield part;
        }
      } else {
        for await (const delta of streamModelText(model, modelInput, outcome)) {
          firstTokenMs ??= Date.now() - askedAt.getTime();
          answer += delta;
          yield { type: 'text', text: delta };
        }
      }
      usage.prompt_tokens = outcome.inputTokens;
      usage.completion_tokens = outcome.outputTokens;
      usage.total_tokens = outcome.totalTokens;
      const finishReason = outcome.finishReason;
      failure = outcome.streamError ?? null;
      if (options.signal?.aborted) {
        failure = new Error(abandonedNote);
        return;
      }
      if (failure) throw failure;
      // A person was asked for: the person is told what happens next in the channel's words.
      const tail = turnHooks().handoffTail(actions, answer);
      if (tail) {
        answer += tail;
        yield { type: 'text', text: tail };
        return;
      }
      if (!answer && steps.list.length) {
        // Every round called tools and the last answered no words.
        answer = `I could not finish: I used the tools ${steps.list.length} times without reaching an answer.`;
        yield { type: 'text', text: answer };
        return;
      }
      if (!answer && (finishReason === undefined || finishReason === 'other'))
        throw new ModelAnswerError(
          'the model answered nothing in the OpenAI format (no text and no finish reason)',
        );
    } catch (error) {
      if (options.signal?.aborted) {
        failure = new Error(abandonedNote);
        return;
      }
      failure = error;
      deps.logger.error(
        { err: error, agent: agent.agentName, provider: choice.provider },
        'model call failed',
      );
      // The model (a provider or the agent's Live URL) failed or answered something unreadable:
      // a bad gateway, naming the model.
      throw new HttpError(502, modelFailureMessage(error, modelLabel(choice)), {
        code: 'completion_request_error',
      });
    } finally {
      // Also when the iteration is ended early (the visitor left): the answer is stored as it is.
      if (!failure && options.signal?.aborted) failure = new Error(abandonedNote);
      answerEnded();
      void storeTurn(answer, failure);
    }
  }

  const parts = run();
  async function* deltas(): AsyncGenerator<string, void, void> {
    for await (const part of parts) if (part.type === 'text') yield part.text;
  }

  return {
    conversationId,
    messageId,
    createdAt,
    offline,
    deltas: deltas(),
    parts,
    agentMode: kind === 'action' || tools.length > 0,
    toolSteps: steps.list,
    actions,
    persisted,
    passages,
    usage,
    agentVersion: agent.servedVersion,
  };
}

/** Collects a whole answer (blocking mode); returns once it is stored. */
export async function collect(turn: ChatTurn): Promise<string> {
  let answer = '';
  try {
    for await (const d of turn.deltas) answer += d;
  } finally {
    await turn.persisted;
  }
  return answer;
}

/** A conversation's messages, oldest first (for tests and the console). */
export async function conversationMessages(db: Db, conversationId: string) {
  return db
    .select({ role: messages.role, content: messages.content, offline: messages.offline })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.createdAt));
}
