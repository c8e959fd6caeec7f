import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { agents, handoffs } from '../db/schema';
import type { SecretBox } from '../lib/secrets';
import { agentModelChoice, languageModelFor } from '../runtime/model';
import type { ProviderModel } from '../runtime/modelStream';
import { lastMessages } from '../conversations/store';

export interface SummaryDeps {
  db: Db;
  secrets: SecretBox;
  env: Record<string, string | undefined>;
  logger: Logger;
}

/** The summary by the model gets this long at most (the call is abandoned after it). */
export const summaryTimeoutMs = 8000;
const summaryMaxChars = 600;
const linesRead = 20;

type Line = { author: string | null; role: string; content: string };

const who = (l: Line) =>
  l.author === 'member'
    ? 'Team'
    : l.author === 'agent' || l.role === 'assistant'
      ? 'Agent'
      : 'Visitor';
const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/** Without a model: the conversation's last messages, each on a line, bounded. */
export function lastMessagesSummary(lines: Line[]): string {
  const last = lines
    .slice(-4)
    .map((l) => `${who(l)}: ${clip(l.content.replace(/\s+/g, ' ').trim(), 180)}`);
  return clip(last.join('\n'), summaryMaxChars) || 'No messages yet.';
}

export const summaryInstructions = `You write a handover note for a person of the support team who takes over a conversation from an AI agent.
In at most three short sentences: what the visitor wants, what has been said or tried, and what is still open.
Plain text only, no greeting, no lists.`;

/** One call to the model, bounded in time; its text, or null (no text, an error, too slow). */
async function modelSummary(model: ProviderModel, transcript: string): Promise<string | null> {
  const signal = AbortSignal.timeout(summaryTimeoutMs);
  const started = await model.doStream({
    prompt: [
      { role: 'system', content: summaryInstructions },
      { role: 'user', content: [{ type: 'text', text: transcript }] },
    ],
    abortSignal: signal,
    maxOutputTokens: 200,
  });
  const reader = started.stream.getReader();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value.type === 'text-delta') text += value.delta;
      if (value.type === 'error') return null;
      if (text.length > summaryMaxChars * 2) break;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean ? clip(clean, summaryMaxChars) : null;
}

/** The conversation's last messages, oldest first. */
function recentLines(db: Db, conversationId: string): Promise<Line[]> {
  return lastMessages(db, conversationId, linesRead);
}

/** The fallback summary, read now (stored with the request at once). */
export async function quickSummary(db: Db, conversationId: string): Promise<string> {
  return lastMessagesSummary(await recentLines(db, conversationId));
}

/**
 * The summary by the agent's model (its key, else a server-wide one it may use), in one call
 * bounded by `summaryTimeoutMs`, stored on the request; without a model (or when the call fails)
 * the request keeps its last-messages summary. Never throws.
 */
export async function summarizeHandoff(
  deps: SummaryDeps,
  handoff: { id: string; conversationId: string; agentName: string | null; reason: string },
): Promise<'model' | 'last_messages'> {
  try {
    if (!handoff.agentName) return 'last_messages';
    const [agent] = await deps.db
      .select()
      .from(agents)
      .where(eq(agents.agentName, handoff.agentName))
      .limit(1);
    if (!agent) return 'last_messages';
    const model = languageModelFor(await agentModelChoice(deps, agent), deps.env);
    if (!model) return 'last_messages';
    const lines = await recentLines(deps.db, handoff.conversationId);
    const transcript = `${lines.map((l) => `${who(l)}: ${clip(l.content, 1000)}`).join('\n')}\n\nWhy a person was asked for: ${handoff.reason}`;
    const summary = await modelSummary(model, transcript);
    if (!summary) return 'last_messages';
    await deps.db
      .update(handoffs)
      .set({ summary, summarySource: 'model' })
      .where(eq(handoffs.id, handoff.id));
    return 'model';
  } catch (error) {
    deps.logger.warn({ err: error, handoff: handoff.id }, 'handoff summary by the model failed');
    return 'last_messages';
  }
}
