import { and, asc, eq } from 'drizzle-orm';
import type { AgentTestInput } from '@parley/api-client';
import type { Db } from '../db/client';
import { conversations, messages } from '../db/schema';

const maxTurns = 20;
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** The judge criterion made of an answer the agent gave (to edit into what matters). */
export function criterionFor(answer: string): string {
  return `Answers to the same effect as: “${clip(answer.trim(), 1500)}”`;
}

/**
 * A test made of a stored conversation of the agent (any channel): its user turns, each with the
 * agent's answer as a judge criterion. Null when the conversation is not this agent's.
 */
export async function testFromConversation(
  db: Db,
  agent: { agentName: string; organizationId: string },
  conversationId: string,
  name?: string,
): Promise<AgentTestInput | null> {
  const [conv] = await db
    .select({ channel: conversations.channel, createdAt: conversations.createdAt })
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationId),
        eq(conversations.agentName, agent.agentName),
        eq(conversations.organizationId, agent.organizationId),
      ),
    );
  if (!conv) return null;
  const rows = await db
    .select({ role: messages.role, content: messages.content, author: messages.author })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.createdAt));
  const turns: AgentTestInput['turns'] = [];
  for (const m of rows) {
    const content = m.content.trim();
    if (!content) continue;
    if (m.role === 'user') {
      if (turns.length >= maxTurns) break;
      turns.push({ user: clip(content, 4000), expect: [] });
    } else if (m.role === 'assistant' && m.author !== 'member' && turns.length) {
      const last = turns[turns.length - 1]!;
      // The first answer to a user turn is the agent's; later ones (a member's takeover) are not.
      if (!last.expect?.length) last.expect = [{ type: 'judge', value: criterionFor(content) }];
    }
  }
  return {
    name:
      name?.trim() ||
      `From a ${conv.channel} conversation of ${conv.createdAt.toISOString().slice(0, 10)}`,
    turns,
  };
}
