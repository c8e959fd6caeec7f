import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { handoffs } from '../db/schema';
import type { SecretBox } from '../lib/secrets';
import { alertMembers } from './alerts';
import type { HandoffAction } from './plan';
import { openHandoff, type HandoffRow } from './store';
import { quickSummary, summarizeHandoff } from './summary';

export interface HandoffDeps {
  db: Db;
  secrets: SecretBox;
  env: Record<string, string | undefined>;
  logger: Logger;
  /** The server's time (tests set it). */
  clock?: () => Date;
}

export interface HandoffConversation {
  conversationId: string;
  organizationId: string;
  agentName: string | null;
  channel: string;
  endUser: string;
}

/** Background work of the requests recorded by this process (tests wait for it). */
const background = new Set<Promise<unknown>>();
export async function handoffWorkDone(): Promise<void> {
  while (background.size) await Promise.all([...background]);
}

/**
 * Stores a conversation's request for a person (once: an open request is kept), with the
 * last-messages summary at once; then, without the caller waiting, the summary by the agent's
 * model (one call, bounded) and the e-mails to the members who opted in. Never throws: a request
 * that cannot be stored is logged.
 */
export async function recordHandoff(
  deps: HandoffDeps,
  conv: HandoffConversation,
  action: Pick<HandoffAction, 'reason' | 'source' | 'inHours' | 'transfer'>,
): Promise<{ row: HandoffRow; created: boolean } | null> {
  try {
    const summary = await quickSummary(deps.db, conv.conversationId);
    const opened = await openHandoff(deps.db, {
      ...conv,
      source: action.source,
      reason: action.reason,
      summary,
      inHours: action.inHours,
      transfer: action.transfer,
    });
    if (opened.created) {
      const row = opened.row;
      const work = summarizeHandoff(deps, row).then(async (source) => {
        const latest = source === 'model' ? await quickModelSummary(deps.db, row.id) : summary;
        await alertMembers(deps, {
          ...conv,
          reason: row.reason,
          summary: latest ?? summary,
          inHours: row.inHours,
        });
      });
      background.add(work);
      void work
        .catch((error: unknown) => deps.logger.warn({ err: error }, 'handoff follow-up failed'))
        .finally(() => background.delete(work));
    }
    return opened;
  } catch (error) {
    deps.logger.error({ err: error, conversation: conv.conversationId }, 'handoff not recorded');
    return null;
  }
}

async function quickModelSummary(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ summary: handoffs.summary })
    .from(handoffs)
    .where(eq(handoffs.id, id));
  return row?.summary ?? null;
}
