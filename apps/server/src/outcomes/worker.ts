import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { agents, analysisJobs, analysisReruns, conversations } from '../db/schema';
import { startWorker, type Worker } from '../lib/jobs';
import { claimRows, Turns, type JobTable } from '../lib/jobTable';
import type { SecretBox } from '../lib/secrets';
import { privacyOf } from '../privacy/settings';
import { lastMessages } from '../conversations/store';
import { versionOfWire } from '../agents/versions/label';
import { analysisModel, answeringVersion, versionByLabel, type AnalysisVersion } from './served';
import { fillLimits, fillPlan, transcriptText, type TranscriptLine } from './fill';
import { finishJob, keptOutcome, type AnalysisResult, type ClaimedJob } from './store';

/**
 * The analysis queue on the job runner (lib/jobs.ts): a job per ended conversation (queued by the
 * trigger of drizzle/0039 in the transaction that ended it) or per conversation of a rerun;
 * claimed with SKIP LOCKED and a lease, organizations in turns, so each is analysed by one
 * process at a time. A job whose process died is taken up when its lease lapses; after three
 * claims it is stored as failed.
 */
export const analysisLeaseMs = 5 * 60_000;
export const maxClaims = 3;
/** The newest messages an analysis reads at most. */
export const transcriptMessages = 1000;

export const analysisTable: JobTable<typeof analysisJobs> = {
  table: analysisJobs,
  id: analysisJobs.id,
  owner: analysisJobs.organizationId,
  order: analysisJobs.createdAt,
  ready: () => sql`${analysisJobs.lockedAt} IS NULL`,
  claimed: sql`${analysisJobs.lockedAt} IS NOT NULL`,
  lease: { column: analysisJobs.lockedAt, holds: 'start', ms: analysisLeaseMs },
};

export interface AnalysisDeps {
  db: Db;
  secrets: SecretBox;
  env: Record<string, string | undefined>;
  logger: Pick<Logger, 'error' | 'warn' | 'info'>;
  /** The time one model call may take (tests). */
  timeoutMs?: number;
}

const whoSays = (channel: string, author: string | null, role: string) => {
  if (author === 'member') return 'Team member';
  if (author === 'agent' || (!author && role === 'assistant')) return 'Agent';
  return channel === 'voice' ? 'Caller' : 'Customer';
};

/** The conversation's text, oldest first (its newest `transcriptMessages` messages). */
async function transcriptOf(db: Db, conversationId: string, channel: string) {
  const rows = await lastMessages(db, conversationId, transcriptMessages);
  const lines: TranscriptLine[] = rows
    .filter((m) => m.content.trim())
    .map((m) => ({ who: whoSays(channel, m.author, m.role), text: m.content }));
  return { lines, messages: rows.length };
}

/** What the analysis of one conversation with one version finds (never throws for the model's sake). */
async function analyse(
  deps: AnalysisDeps,
  conv: typeof conversations.$inferSelect,
  served: AnalysisVersion,
): Promise<AnalysisResult> {
  const plan = served.plan!;
  const { lines, messages: count } = await transcriptOf(deps.db, conv.id, conv.channel);
  if (!lines.length)
    return {
      status: 'skipped',
      reason: count
        ? 'The conversation has no text to analyse (the storage mode keeps none)'
        : 'The conversation has no messages',
    };
  const chosen = await analysisModel(deps, served.agent);
  if (!chosen.model) return { status: 'skipped', reason: chosen.missing };
  const filled = await fillPlan(chosen.model, {
    plan,
    transcript: transcriptText(lines, fillLimits.transcriptChars),
    agentInstructions: served.agent.systemPrompt,
    modelLabel: chosen.label,
    timeoutMs: deps.timeoutMs,
  });
  return filled.ok
    ? { status: 'done', outcome: filled.outcome, plan }
    : { status: 'failed', reason: filled.reason };
}

/**
 * One job: the conversation's version (the one that answered it; a rerun's: the version it was
 * started with), its plan filled by that version's model, the outcome stored as the storage mode
 * keeps it (with its event). A conversation gone, of no agent, or whose version has no plan
 * stores nothing.
 */
export async function runAnalysisJob(deps: AnalysisDeps, job: ClaimedJob): Promise<void> {
  const { db } = deps;
  const [conv] = await db
    .select()
    .from(conversations)
    .where(eq(conversations.id, job.conversationId))
    .limit(1);
  const [row] = conv?.agentName
    ? await db.select().from(agents).where(eq(agents.agentName, conv.agentName)).limit(1)
    : [];
  if (!conv || !row || row.organizationId !== conv.organizationId) {
    await finishJob(db, job, null);
    return;
  }
  let served: AnalysisVersion;
  if (job.rerunId) {
    const [rerun] = await db
      .select({ version: analysisReruns.agentVersion })
      .from(analysisReruns)
      .where(eq(analysisReruns.id, job.rerunId));
    served = await versionByLabel(db, row, versionOfWire(rerun?.version));
  } else served = await answeringVersion(db, row, conv);
  if (!served.plan) {
    await finishJob(db, job, null);
    return;
  }
  const result: AnalysisResult =
    job.attempts > maxClaims
      ? {
          status: 'failed',
          reason: `The analysis did not finish (tried ${maxClaims} times)`,
        }
      : await analyse(deps, conv, served);
  const policy = await privacyOf(db, conv.organizationId);
  await finishJob(db, job, {
    ...keptOutcome(result, policy),
    agentName: row.agentName,
    agentVersion: served.version,
  });
}

/** Claims up to `room` jobs (a fresh claim token each, attempts + 1). */
export async function claimAnalysisJobs(db: Db, room: number, turns: Turns) {
  const rows = await claimRows(db, analysisTable, {
    limit: room,
    turns,
    set: { attempts: sql`${analysisJobs.attempts} + 1`, claim: sql`gen_random_uuid()` },
  });
  return rows.map((r): ClaimedJob => ({
    id: r.id,
    claim: r.claim,
    conversationId: r.conversationId,
    organizationId: r.organizationId,
    rerunId: r.rerunId,
    attempts: r.attempts,
  }));
}

/**
 * The analysis worker of this process: woken by the NOTIFY of a new job (any process), polling
 * every 30 s for leases that lapsed; two analyses at once.
 */
export function startAnalysisWorker(
  deps: AnalysisDeps,
  options: { pollMs?: number; concurrency?: number } = {},
): Worker {
  const turns = new Turns();
  const worker = startWorker(
    {
      name: 'analysis_jobs',
      claim: (room) => claimAnalysisJobs(deps.db, room, turns),
      run: (job) => runAnalysisJob(deps, job),
      concurrency: options.concurrency ?? 2,
    },
    { logger: deps.logger, pollMs: options.pollMs ?? 30_000 },
  );
  // Jobs left from before a restart are taken up now.
  worker.wake();
  return worker;
}
