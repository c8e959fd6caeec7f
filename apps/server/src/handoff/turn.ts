import type { ToolRow } from '../tools/store';
import type { CallActions, ToolContext } from '../tools/context';
import { asksForPerson } from './asksForPerson';
import { planHandoff } from './plan';

/**
 * The offline responder (no model) hands over when the agent offers a person ('Talk to a
 * person', or its request_human tool) and the message plainly asks for one: the words the person
 * is told, or null (the offline answer as usual).
 */
export async function offlineHandoff(
  ctx: Parameters<typeof planHandoff>[0],
  agent: { talkToPerson: boolean },
  tools: Pick<ToolRow, 'type'>[],
  query: string,
): Promise<string | null> {
  const offers = agent.talkToPerson || tools.some((t) => t.type === 'request_human');
  if (!offers || !asksForPerson(query)) return null;
  await planHandoff(ctx, 'The person asked for a person of the team');
  return ctx.actions.handoff?.notice ?? null;
}

/**
 * What the answer still needs once a person was asked for: the words the person is told, in the
 * channel's words, whatever the model made of them (null: nothing to add).
 */
export function handoffTail(actions: CallActions, answer: string): string | null {
  const notice = actions.handoff?.notice;
  if (!notice || answer.includes(notice)) return null;
  return answer.trim() ? `\n\n${notice}` : notice;
}

export type { ToolContext };
