import { streamText, type ModelMessage } from 'ai';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { agents, apps, conversations, messages, type ConversationChannel } from '../db/schema';
import { HttpError } from '../lib/http';
import type { SecretBox } from '../lib/secrets';
import { chooseModel, languageModelFor } from './model';
import { chunksOf, offlineAnswer, type Passage } from './offline';
import { systemMessage } from './prompt';

export type AgentRow = typeof agents.$inferSelect;

export interface RuntimeDeps {
  db: Db;
  secrets: SecretBox;
  logger: Logger;
  env: Record<string, string | undefined>;
  /** Retrieval from the agent's enabled knowledge bases (top_k 4); the knowledge issue provides it. */
  retrieve?: (agent: AgentRow, query: string) => Promise<Passage[]>;
}

/** Resolves a publishable agent key ('app-…') to its agent; anything else → 401. */
export async function agentForKey(db: Db, appKey: string): Promise<AgentRow> {
  const [row] = await db
    .select({ agent: agents })
    .from(apps)
    .innerJoin(
      agents,
      and(eq(agents.agentName, apps.agentName), eq(agents.organizationId, apps.organizationId)),
    )
    .where(eq(apps.appKey, appKey))
    .limit(1);
  if (!row) throw new HttpError(401, 'Access token is invalid', { code: 'unauthorized' });
  return row.agent;
}

export interface ChatTurn {
  conversationId: string;
  messageId: string;
  createdAt: number;
  offline: boolean;
  /** Text deltas; iterate once. Persisting the answer happens when the iteration ends. */
  deltas: AsyncGenerator<string, void, void>;
}

const historyLimit = 20;

/**
 * One turn of a conversation: load or start the conversation, retrieve, call the model (or the
 * offline responder) and persist both messages.
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
): Promise<ChatTurn> {
  const { db } = deps;
  let conversationId = input.conversationId || '';
  if (conversationId) {
    const [conv] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(
          eq(conversations.id, conversationId),
          eq(conversations.agentName, agent.agentName),
          eq(conversations.endUser, input.user),
        ),
      )
      .limit(1)
      .catch(() => []);
    if (!conv) throw new HttpError(404, 'Conversation Not Exists.', { code: 'not_found' });
  } else {
    const [conv] = await db
      .insert(conversations)
      .values({
        agentName: agent.agentName,
        organizationId: agent.organizationId,
        channel: input.channel ?? 'chat',
        endUser: input.user,
        agentAddress: input.agentAddress ?? null,
      })
      .returning({ id: conversations.id });
    conversationId = conv!.id;
  }

  const history = (
    await db
      .select({ role: messages.role, content: messages.content })
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, conversationId),
          input.inboundMessageId ? ne(messages.id, input.inboundMessageId) : undefined,
        ),
      )
      .orderBy(desc(messages.createdAt))
      .limit(historyLimit)
  ).reverse();
  if (!input.inboundMessageId)
    await db.insert(messages).values({
      conversationId,
      role: 'user',
      content: input.query,
      direction: 'inbound',
      author: 'visitor',
    });

  const passages = deps.retrieve ? await deps.retrieve(agent, input.query) : [];
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
  const model = languageModelFor(choice);
  const offline = model === null;
  const messageId = crypto.randomUUID();
  const createdAt = Math.floor(Date.now() / 1000);

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
        onError: ({ error }) => {
          failure = error;
        },
      });
      for await (const delta of result.textStream) {
        answer += delta;
        yield delta;
      }
      if (failure) throw failure;
    } catch (error) {
      failure = error;
      deps.logger.error(
        { err: error, agent: agent.agentName, provider: choice.provider },
        'model call failed',
      );
      throw new HttpError(500, 'The model call failed', { code: 'completion_request_error' });
    } finally {
      await db
        .insert(messages)
        .values({
          id: messageId,
          conversationId,
          role: 'assistant',
          content: answer,
          direction: 'outbound',
          author: 'agent',
          offline,
          error: failure ? String((failure as Error).message ?? failure).slice(0, 500) : null,
        })
        .catch((err: unknown) => deps.logger.error({ err }, 'failed to store the answer'));
      await db
        .update(conversations)
        .set({ updatedAt: new Date() })
        .where(eq(conversations.id, conversationId))
        .catch(() => undefined);
    }
  }

  return { conversationId, messageId, createdAt, offline, deltas: deltas() };
}

/** Collects a whole answer (blocking mode). */
export async function collect(turn: ChatTurn): Promise<string> {
  let answer = '';
  for await (const d of turn.deltas) answer += d;
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
