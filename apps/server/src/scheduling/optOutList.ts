import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { messagingOptOuts } from '../db/schema';

/** At most this many opt-outs are listed beside the do-not-call list (newest first). */
export const optOutListLimit = 500;

/**
 * The people who sent STOP (or UNSUBSCRIBE …) to one of the organization's numbers and have not
 * sent START since: never dialled either (doNotCallReasons), so the Outbound tab lists them beside
 * the do-not-call list.
 */
export async function listOptOuts(db: Db, orgId: string) {
  const rows = await db
    .select()
    .from(messagingOptOuts)
    .where(eq(messagingOptOuts.organizationId, orgId))
    .orderBy(desc(messagingOptOuts.createdAt))
    .limit(optOutListLimit);
  return rows.map((r) => ({
    phone_number: r.endUser,
    keyword: r.keyword,
    channel: r.channel,
    our_number: r.ourNumber,
    created_at: r.createdAt.toISOString(),
  }));
}
