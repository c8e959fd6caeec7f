import { and, eq, sql } from 'drizzle-orm';
import type { ConversationOutcome, OutcomeFieldValue, OutcomePlan } from '@parley/api-client';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { analysisJobs, conversationAnalyses, type OutcomeStoredAs } from '../db/schema';
import { emitEvent, type EventTx } from '../events/emit';
import { versionOfWire } from '../agents/versions/label';
import type { StoragePolicy } from '../privacy/storage';
import { storageFor } from '../privacy/storage';
import type { AgentVersionLabel } from '../runtime/servedAgent';
import type { FilledOutcome } from './plan';

export type AnalysisRow = typeof conversationAnalyses.$inferSelect;

/** What one analysis found: its status and, when done, the plan filled in. */
export type AnalysisResult =
  | { status: 'done'; outcome: FilledOutcome; plan: OutcomePlan }
  | { status: 'skipped' | 'failed'; reason: string };

/** The values of an outcome row as the storage mode keeps them (docs/privacy.md). */
export function keptOutcome(
  result: AnalysisResult,
  policy: StoragePolicy,
): Pick<AnalysisRow, 'status' | 'reason' | 'summary' | 'success' | 'successPassed' | 'tags'> & {
  fields: Record<string, OutcomeFieldValue>;
  storedAs: OutcomeStoredAs;
} {
  if (result.status !== 'done')
    return {
      status: result.status,
      reason: result.reason,
      summary: null,
      success: null,
      successPassed: null,
      fields: {},
      tags: [],
      storedAs: 'full',
    };
  const { outcome, plan } = result;
  const mode = policy.storageMode;
  const store = storageFor(policy);
  /** A text as kept: as written, redacted, or none (metadata only). */
  const text = (value: string | null): string | null =>
    value === null ? null : mode === 'metadata_only' ? null : store(value).content;
  const types = new Map(plan.fields.map((f) => [f.name, f.type]));
  const fields: Record<string, OutcomeFieldValue> = {};
  for (const [name, value] of Object.entries(outcome.fields))
    fields[name] = types.get(name) === 'string' && typeof value === 'string' ? text(value) : value;
  const success = outcome.success;
  return {
    status: 'done',
    reason: null,
    summary: text(outcome.summary),
    success: success
      ? {
          value: success.value,
          explanation: text(success.explanation),
          ...(success.items ? { items: success.items } : {}),
        }
      : null,
    successPassed: success ? success.passed : null,
    fields,
    tags: outcome.tags,
    storedAs: mode,
  };
}

/** An outcome row in its wire form (GET …/analysis, the list's `outcome`, the event's data). */
export function outcomeToWire(row: AnalysisRow): ConversationOutcome {
  return {
    conversation_id: row.conversationId,
    status: row.status,
    reason: row.reason,
    summary: row.summary,
    success: row.success
      ? {
          value: row.success.value,
          explanation: row.success.explanation,
          passed: row.successPassed,
          ...(row.success.items ? { items: row.success.items } : {}),
        }
      : null,
    fields: row.fields ?? {},
    tags: row.tags ?? [],
    agent_version: versionOfWire(row.agentVersion),
    analyzed_at: new Date(row.analyzedAt).toISOString(),
    ...(row.storedAs === 'redacted' || row.storedAs === 'metadata_only'
      ? { privacy: { mode: row.storedAs } }
      : {}),
  };
}

/** An outcome row read by SQL (`ca.*` selected with the prefix `o_`), or null. */
export function outcomeFromSql(r: Record<string, unknown>): ConversationOutcome | null {
  if (!r.o_status) return null;
  const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
  return outcomeToWire({
    conversationId: String(r.id),
    organizationId: String(r.organization_id),
    agentName: (r.agent_name as string | null) ?? null,
    status: r.o_status as AnalysisRow['status'],
    reason: (r.o_reason as string | null) ?? null,
    summary: (r.o_summary as string | null) ?? null,
    success: json<AnalysisRow['success']>(r.o_success) ?? null,
    successPassed: (r.o_success_passed as boolean | null) ?? null,
    fields: json<AnalysisRow['fields']>(r.o_fields) ?? {},
    tags: (r.o_tags as string[] | null) ?? [],
    agentVersion: (r.o_agent_version as string | null) ?? null,
    storedAs: (r.o_stored_as as OutcomeStoredAs) ?? 'full',
    endedAt: null,
    analyzedAt: new Date(r.o_analyzed_at as string),
  });
}

/** The columns of a conversation's outcome over `conversation_analyses ca` (see outcomeFromSql). */
export const outcomeColumns = sql`ca.status AS o_status, ca.reason AS o_reason,
  ca.summary AS o_summary, ca.success AS o_success, ca.success_passed AS o_success_passed,
  ca.fields AS o_fields, ca.tags AS o_tags, ca.agent_version AS o_agent_version,
  ca.stored_as AS o_stored_as, ca.analyzed_at AS o_analyzed_at`;

/** A claimed job: the claim that may finish it. */
export interface ClaimedJob {
  id: string;
  claim: string | null;
  conversationId: string;
  organizationId: string;
  rerunId: string | null;
  attempts: number;
}

/**
 * Finishes a job in one transaction, only while its claim still holds it (another process that
 * took over a lapsed lease, or a newer end of the conversation, voids this one): the job row goes,
 * the outcome is written (replacing the last) with its analysis.completed event, and a rerun it
 * belongs to counts it. `kept` null: nothing to store (no plan). Returns whether it finished.
 */
export async function finishJob(
  db: Db,
  job: ClaimedJob,
  kept:
    | (ReturnType<typeof keptOutcome> & { agentName: string; agentVersion: AgentVersionLabel })
    | null,
): Promise<boolean> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [gone] = await tx
      .delete(analysisJobs)
      .where(and(eq(analysisJobs.id, job.id), sql`${analysisJobs.claim} = ${job.claim}::uuid`))
      .returning({ rerunId: analysisJobs.rerunId });
    if (!gone) return false;
    let status: 'done' | 'skipped' | 'failed' = 'skipped';
    if (kept) {
      status = kept.status;
      const values = {
        conversationId: job.conversationId,
        organizationId: job.organizationId,
        agentName: kept.agentName,
        status: kept.status,
        reason: kept.reason,
        summary: kept.summary,
        success: kept.success,
        successPassed: kept.successPassed,
        fields: kept.fields,
        tags: kept.tags,
        agentVersion: String(kept.agentVersion),
        storedAs: kept.storedAs,
        endedAt: sql`(SELECT ended_at FROM conversations WHERE id = ${job.conversationId})`,
        analyzedAt: sql`now()`,
      };
      const { conversationId: _id, ...update } = values;
      const [row] = await tx
        .insert(conversationAnalyses)
        .values(values)
        .onConflictDoUpdate({ target: conversationAnalyses.conversationId, set: update })
        .returning();
      const [conv] = rowsOf(
        await tx.execute(sql`SELECT parley_conversation_data(c) AS data FROM conversations c
          WHERE c.id = ${job.conversationId}`),
      );
      const base = (typeof conv?.data === 'string' ? JSON.parse(conv.data) : conv?.data) as
        Record<string, unknown> | undefined;
      const { conversation_id: _c, ...outcome } = outcomeToWire(row!);
      await emitEvent(tx as EventTx, {
        type: 'analysis.completed',
        organizationId: job.organizationId,
        conversationId: job.conversationId,
        data: { ...base, conversation_id: job.conversationId, ...outcome },
      });
    }
    const rerunId = gone.rerunId;
    if (rerunId)
      await tx.execute(sql`UPDATE analysis_reruns SET
          done = done + ${status === 'done' ? 1 : 0},
          skipped = skipped + ${status === 'skipped' ? 1 : 0},
          failed = failed + ${status === 'failed' ? 1 : 0},
          status = CASE WHEN done + skipped + failed + 1 >= total THEN 'completed' ELSE status END,
          finished_at = CASE WHEN done + skipped + failed + 1 >= total THEN now() ELSE finished_at END
        WHERE id = ${rerunId}`);
    return true;
  });
}

/** A conversation's outcome (of the organization's conversation the caller may see), or null. */
export async function outcomeOf(
  db: Db,
  conversationId: string,
): Promise<ConversationOutcome | null> {
  const [row] = await db
    .select()
    .from(conversationAnalyses)
    .where(eq(conversationAnalyses.conversationId, conversationId))
    .limit(1);
  return row ? outcomeToWire(row) : null;
}
