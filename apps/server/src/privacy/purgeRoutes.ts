import { Hono } from 'hono';
import { and, desc, eq } from 'drizzle-orm';
import {
  purgeRequestSchema,
  type PurgeCounts,
  type PurgeRequest,
  type PurgeRun,
} from '@parley/api-client';
import { audit } from '../audit/log';
import type { Db } from '../db/client';
import { privacyPurges } from '../db/schema';
import type { AppEnv, Services } from '../lib/env';
import { HttpError, readJson } from '../lib/http';
import { managers, requireMembership, requireRole } from '../lib/tenancy';
import { addCounts, countPurge, emptyCounts } from './retention';
import { runPurge, type PurgeRow } from './retentionWorker';

const dayMs = 86_400_000;

/** The cutoff of `older_than`: a number of days before `now`, or a date or date-time in the past. */
export function cutoffOf(olderThan: PurgeRequest['older_than'], now: Date): Date {
  const at =
    typeof olderThan === 'number'
      ? new Date(now.getTime() - olderThan * dayMs)
      : new Date(olderThan);
  if (Number.isNaN(at.getTime()) || at.getTime() > now.getTime())
    throw new HttpError(400, 'older_than: must not be in the future', {
      issues: [{ field: 'older_than', message: 'must not be in the future' }],
    });
  return at;
}

const countsOf = (row: PurgeRow): PurgeCounts =>
  addCounts(emptyCounts(), row.removed as Partial<PurgeCounts>);

export function purgeToWire(row: PurgeRow): PurgeRun {
  return {
    id: row.id,
    trigger: row.trigger,
    status: row.status,
    older_than: row.cutoff.toISOString(),
    removed: countsOf(row),
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

const changesOf = (cutoff: Date, counts: PurgeCounts, extra: Record<string, unknown> = {}) => [
  { field: 'older_than', before: null, after: cutoff.toISOString() },
  ...Object.entries(extra).map(([field, after]) => ({ field, before: null, after })),
  ...Object.entries(counts).map(([field, after]) => ({ field, before: null, after })),
];

/** How long POST …/purge waits for the purge before answering 202 (it goes on meanwhile). */
const waitMsOf = (env: Record<string, string | undefined>) => {
  const n = Number(env.PARLEY_PURGE_WAIT_MS ?? 25_000);
  return Number.isFinite(n) && n >= 0 ? n : 25_000;
};

async function readPurge(db: Db, id: string): Promise<PurgeRow> {
  const [row] = await db.select().from(privacyPurges).where(eq(privacyPurges.id, id)).limit(1);
  if (!row) throw new HttpError(404, 'Purge not found');
  return row;
}

/**
 * POST /api/org/{orgId}/privacy/purge (owners and admins) and GET …/privacy/purges (any member):
 * docs/privacy.md, "Retention".
 */
export function purgeRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();

  app.post('/:orgId/privacy/purge', async (c) => {
    const user = c.get('user');
    const { orgId } = await requireRole(db, user.id, c.req.param('orgId'), managers, 'purge data');
    const body = await readJson(c, purgeRequestSchema);
    const cutoff = cutoffOf(body.older_than, services.clock?.() ?? new Date());
    const target = { type: 'organization', id: orgId };
    if (body.dry_run) {
      const removed = await countPurge(db, orgId, cutoff);
      await audit(c, services, orgId, {
        action: 'privacy.purge_dry_run',
        target,
        changes: changesOf(cutoff, removed),
      });
      return c.json({
        dry_run: true,
        older_than: cutoff.toISOString(),
        status: 'done',
        purge_id: null,
        removed,
      });
    }
    const input = { organizationId: orgId, cutoff, requestedBy: user.id };
    // Run by the retention worker's process side (stopped with it), else right here.
    const started = services.retention?.runRequested(input) ?? runHere(db, input);
    const first = await started.row;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = await Promise.race([
      started.done,
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), waitMsOf(services.env));
        timer.unref();
      }),
    ]).finally(() => clearTimeout(timer));
    const row = waited ?? (await readPurge(db, first.id));
    await audit(c, services, orgId, {
      action: 'privacy.purge',
      target,
      changes: changesOf(cutoff, countsOf(row), { status: row.status, purge_id: row.id }),
    });
    return c.json(
      {
        dry_run: false,
        older_than: cutoff.toISOString(),
        status: row.status,
        purge_id: row.id,
        removed: countsOf(row),
      },
      row.status === 'done' ? 200 : 202,
    );
  });

  app.get('/:orgId/privacy/purges', async (c) => {
    const { orgId } = await requireMembership(db, c.get('user').id, c.req.param('orgId'));
    const rows = await db
      .select()
      .from(privacyPurges)
      .where(and(eq(privacyPurges.organizationId, orgId)))
      .orderBy(desc(privacyPurges.createdAt))
      .limit(20);
    return c.json({ purges: rows.map(purgeToWire) });
  });
  return app;
}

/** A purge asked for where no retention worker runs (an app without createServer). */
function runHere(db: Db, input: { organizationId: string; cutoff: Date; requestedBy: string }) {
  const row = db
    .insert(privacyPurges)
    .values({ ...input, trigger: 'request', status: 'running', attempts: 1, lockedAt: new Date() })
    .returning()
    .then(([r]) => r!);
  return { row, done: row.then((r) => runPurge(db, r)) };
}
