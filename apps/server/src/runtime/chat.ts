import { streamText, type ModelMessage } from 'ai';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { agents, apps, conversations, messages, type ConversationChannel } from '../db/schema';
import { HttpError } from '../lib/http';
import type { SecretBox } from '../lib/secrets';
import { chooseModel, languageModelFor, ModelAnswerError, modelFailureMessage } from './model';
import { chunksOf, offlineAnswer, type Passage } from './offline';
import { systemMessage } from './prompt';
import { turnWriterFor } from './turnWriter';

export type AgentRow = typeof agents.$inferSelect;

export interface RuntimeDeps {
  db: Db;
  secrets: SecretBox;
  logger: Logger;
  env: Record<string, string | undefined>;
  /** Retrieval from the agent's enabled knowledge bases (top_k 4); the knowledge issue provides it. */
  retrieve?: (agent: AgentRow, query: string) => Promise<Passage[]>;
}

/**
 * Agent keys seen in the last second, by key: under load a busy widget's turns share one lookup
 * instead of one database round trip each. Saving or deleting an agent on this process forgets
 * them at once (`forgetAgentKeys`); another process sharing the database sees a change within
 * `agentKeyTtlMs`.
 */
const agentKeyTtlMs = 1000;
const agentKeys = new Map<string, { at: number; agent: Promise<AgentRow | null> }>();

/** Forgets every cached agent key (after an agent is saved, published or deleted). */
export function forgetAgentKeys() {
  agentKeys.clear();
}

/** Resolves a publishable agent key ('app-…') to its agent; anything else → 401. */
export async function agentForKey(db: Db, appKey: string): Promise<AgentRow> {
  const now = Date.now();
  let hit = agentKeys.get(appKey);
  if (!hit || now - hit.at > agentKeyTtlMs) {
    if (agentKeys.size > 10_000) agentKeys.clear();
    hit = {
      at: now,
      agent: db
        .select({ agent: agents })
        .from(apps)
        .innerJoin(
          agents,
          and(eq(agents.agentName, apps.agentName), eq(agents.organizationId, apps.organizationId)),
        )
        .where(eq(apps.appKey, appKey))
        .limit(1)
        .then(([row]) => row?.agent ?? null),
    };
    agentKeys.set(appKey, hit);
    hit.agent.catch(() => agentKeys.delete(appKey));
  }
  const agent = await hit.agent;
  if (!agent) throw new HttpError(401, 'Access token is invalid', { code: 'unauthorized' });
  return agent;
}

export interface ChatTurn {
  conversationId: string;
  messageId: string;
  createdAt: number;
  offline: boolean;
  /** Text deltas; iterate once. Persisting the answer starts when the iteration ends. */
  deltas: AsyncGenerator<string, void, void>;
  /** Settles once both messages are stored (after the iteration ended); never rejects. */
  persisted: Promise<void>;
  /** The passages retrieved for this turn (Dify's retriever resources). */
  passages: Passage[];
  /** The model's token usage, filled in when the answer ends (zeros offline). */
  usage: TurnUsage;
}

export interface TurnUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

const historyLimit = 20;

/** Turns still being stored, by conversation (this process). */
const pendingWrites = new Map<string, Promise<void>>();

/** The visitor went away: the model call was stopped (recorded on the stored answer). */
export const abandonedNote = 'The visitor left before the answer was complete';

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
  agent: AgentRow,
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
  },
  options: { signal?: AbortSignal } = {},
): Promise<ChatTurn> {
  const { db } = deps;
  const existing = input.conversationId || '';
  const conversationId = existing || crypto.randomUUID();

  let history: Array<{ role: string; content: string }> = [];
  let passages: Passage[];
  if (existing) {
    await pendingWrites.get(existing);
    const [conv, recent, found] = await Promise.all([
      db
        .select({ id: conversations.id })
        .from(conversations)
        .where(
          and(
            eq(conversations.id, existing),
            eq(conversations.agentName, agent.agentName),
            eq(conversations.endUser, input.user),
          ),
        )
        .limit(1)
        .catch(() => []),
      db
        .select({ role: messages.role, content: messages.content })
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, existing),
            input.inboundMessageId ? ne(messages.id, input.inboundMessageId) : undefined,
          ),
        )
        .orderBy(desc(messages.createdAt))
        .limit(historyLimit)
        .catch(() => []),
      deps.retrieve ? deps.retrieve(agent, input.query) : Promise.resolve([]),
    ]);
    if (!conv[0]) throw new HttpError(404, 'Conversation Not Exists.', { code: 'not_found' });
    history = recent.reverse();
    passages = found;
  } else {
    passages = deps.retrieve ? await deps.retrieve(agent, input.query) : [];
  }

  let agentKey: string | null = null;
  try {
    agentKey = agent.modelApiKey ? deps.secrets.decrypt(agent.modelApiKey) : null;
  } catch {
    deps.logger.warn(
      { agent: agent.agentName },
      'stored model key cannot be decrypted (PARLEY_SECRET changed?)',
    );
  }
  const choice = chooseModel(agent, agentKey, deps.env);
  const model = languageModelFor(choice, deps.env);
  const offline = model === null;
  const messageId = crypto.randomUUID();
  const createdAt = Math.floor(Date.now() / 1000);

  const askedAt = new Date();
  const usage: TurnUsage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };

  let settle: () => void = () => undefined;
  const persisted = new Promise<void>((resolve) => (settle = resolve));
  // A follow-up on this process waits for this turn's write before reading the history.
  pendingWrites.set(conversationId, persisted);
  void persisted.then(() => {
    if (pendingWrites.get(conversationId) === persisted) pendingWrites.delete(conversationId);
  });

  /**
   * The whole turn in one statement once the answer is complete (batched with other turns that
   * finish meanwhile): the conversation (created, or its updated_at touched), the visitor's message
   * and the answer. This keeps the embedded database's single connection free for other turns.
   */
  async function storeTurn(answer: string, failure: unknown) {
    await turnWriterFor(db, deps.logger).write({
      conversationId,
      agentName: agent.agentName,
      organizationId: agent.organizationId,
      channel: input.channel ?? 'chat',
      endUser: input.user,
      agentAddress: input.agentAddress ?? null,
      query: input.query,
      questionStored: Boolean(input.inboundMessageId),
      askedAt,
      messageId,
      answer,
      answeredAt: new Date(Math.max(Date.now(), askedAt.getTime() + 1)),
      offline,
      error: failure ? String((failure as Error).message ?? failure).slice(0, 500) : null,
    });
    settle();
  }

  async function* deltas(): AsyncGenerator<string, void, void> {
    let answer = '';
    let failure: unknown = null;
    try {
      if (!model) {
        for (const chunk of chunksOf(offlineAnswer(choice.provider, input.query, passages))) {
          answer += chunk;
          yield chunk;
        }
        return;
      }
      let finishReason: string | undefined;
      const result = streamText({
        model,
        system: systemMessage(agent.systemPrompt, passages),
        messages: [
          ...history.map(
            (m) =>
              ({
                role: m.role === 'assistant' ? 'assistant' : 'user',
                content: m.content,
              }) as ModelMessage,
          ),
          { role: 'user', content: input.query },
        ],
        maxRetries: 1,
        abortSignal: options.signal,
        onError: ({ error }) => {
          failure ??= error;
        },
        onFinish: (event) => {
          finishReason = event.finishReason;
          const used = event.totalUsage;
          usage.prompt_tokens = used.inputTokens ?? 0;
          usage.completion_tokens = used.outputTokens ?? 0;
          usage.total_tokens = used.totalTokens ?? usage.prompt_tokens + usage.completion_tokens;
        },
      });
      for await (const delta of result.textStream) {
        answer += delta;
        yield delta;
      }
      if (options.signal?.aborted) {
        failure = new Error(abandonedNote);
        return;
      }
      if (failure) throw failure;
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
      throw new HttpError(500, modelFailureMessage(error), { code: 'completion_request_error' });
    } finally {
      void storeTurn(answer, failure);
    }
  }

  return {
    conversationId,
    messageId,
    createdAt,
    offline,
    deltas: deltas(),
    persisted,
    passages,
    usage,
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
