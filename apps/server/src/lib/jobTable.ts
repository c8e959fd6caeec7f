import { getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * The table side of the job runner (lib/jobs.ts): a feature's own rows are its queue. It names
 * which rows wait (`ready`), which are claimed (`claimed`) and where the claim's lease is kept;
 * the runner claims with `FOR UPDATE SKIP LOCKED` (another process's claims are skipped, never
 * waited for), takes the owners (organizations) in turns, writes and renews the lease, and takes
 * up a claim whose lease lapsed (its process died).
 */
export interface JobTable<T extends PgTable = PgTable> {
  table: T;
  /** The primary key (uuid or text). */
  id: PgColumn;
  /** Whose job it is: claims take the owners in turns (an expression over the table's columns). */
  owner: SQL | PgColumn;
  /** The order inside one owner's queue, oldest first. */
  order: SQL | PgColumn;
  /** The rows waiting for a claim and due at `now`. */
  ready(now: SQL): SQL;
  /** The rows some process claimed; claimable again once their lease lapsed. */
  claimed: SQL;
  lease: Lease;
}

/**
 * Where a claim's lease is kept: a timestamp column holding either the claim's (or its last
 * renewal's) time, lapsing `ms` later ('start'), or the lease's end itself ('end').
 */
export interface Lease {
  column: PgColumn;
  holds: 'start' | 'end';
  ms: number;
}

/** The database's clock (the default `now`). */
export const databaseNow = sql`now()`;
/** A time of the caller's clock (an injectable clock in tests) as SQL. */
export const timeOf = (at: Date) => sql`${at.toISOString()}::timestamptz`;

const after = (now: SQL, ms: number) => sql`(${now} + make_interval(secs => ${ms / 1000}))`;

/** The lease's value written at a claim or renewal at `now`. */
export const leaseValue = (lease: Lease, now: SQL) =>
  lease.holds === 'end' ? after(now, lease.ms) : now;

/** A claim whose lease lapsed at `now`. */
export function leaseLapsed(lease: Lease, now: SQL): SQL {
  return lease.holds === 'end'
    ? sql`(${lease.column} IS NOT NULL AND ${lease.column} < ${now})`
    : sql`(${lease.column} IS NOT NULL AND ${after(lease.column as unknown as SQL, lease.ms)} < ${now})`;
}

/** Rows a claim may take at `now`: waiting and due, or claimed with a lapsed lease. */
export const claimable = (t: JobTable, now: SQL) =>
  sql`((${t.ready(now)}) OR ((${t.claimed}) AND ${leaseLapsed(t.lease, now)}))`;

/** A row a claim holds locked, before it is marked claimed. */
export interface Candidate {
  id: string;
  owner: string;
  /** Claimed before by a process whose lease lapsed (taken over). */
  takeover: boolean;
  /** The extra columns asked for (`columns`), by their names there. */
  values: Record<string, unknown>;
}

export interface LockOptions {
  /** The time the claim happens at (default: the database's clock). */
  now?: SQL;
  /** How many rows to lock at most. */
  limit: number;
  /** How many rows (in turn order) are offered to the lock: more than `limit`, so a second process skipping this one's locks still finds work. Default twice the limit. */
  offer?: number;
  /** A further condition of the feature's (e.g. one conversation's replies one at a time). */
  where?: SQL;
  /** Extra columns to read with each candidate. */
  columns?: Record<string, SQL | PgColumn>;
  /** The queue's round of owners (see Turns); without it each claim starts with the oldest. */
  turns?: Turns;
}

type Executor = Pick<Db, 'execute'>;

/**
 * Where a queue's claims left the turns: the owner served last. The next claim starts with the
 * owners after it (in the owners' order, wrapping round) and that owner itself comes last, so a
 * queue claimed one job at a time serves A, B, C, A, B … instead of A's whole backlog first. One
 * per queue and process (each process keeps its own round).
 */
export class Turns {
  last: string | null = null;
}

/** The candidates of one turn in order: the owners after `last`, then those before, then `last`. */
const rotation = (owner: SQL, turns?: Turns) =>
  turns?.last == null
    ? sql``
    : sql`CASE WHEN ${owner} > ${turns.last} THEN 0 WHEN ${owner} < ${turns.last} THEN 1 ELSE 2 END, `;

/**
 * Locks up to `limit` claimable rows with FOR UPDATE SKIP LOCKED, taking the owners in turns
 * (each one's oldest first: one organization's thousand waiting jobs do not hold back another's
 * one; with `turns`, starting after the owner served last), inside the caller's transaction.
 * Returns them in turn order.
 */
export async function lockInTurns(
  tx: Executor,
  t: JobTable,
  options: LockOptions,
): Promise<Candidate[]> {
  const now = options.now ?? databaseNow;
  const condition = options.where
    ? sql`${claimable(t, now)} AND (${options.where})`
    : claimable(t, now);
  const extra = Object.entries(options.columns ?? {}).map(
    ([name, column]) => sql`, ${column} AS ${sql.identifier(`x_${name}`)}`,
  );
  const rows = rowsOf(
    await tx.execute(sql`
      SELECT ${t.id} AS id, f.owner AS owner, (${t.claimed}) AS takeover${sql.join(extra)}
      FROM ${t.table}
      JOIN (
        SELECT id, owner, ord, turn FROM (
          SELECT ${t.id} AS id, ${t.owner} AS owner, ${t.order} AS ord,
                 row_number() OVER (PARTITION BY ${t.owner} ORDER BY ${t.order}) AS turn
          FROM ${t.table} WHERE ${condition}
        ) waiting
        ORDER BY turn, ${rotation(sql`owner`, options.turns)}ord
        LIMIT ${options.offer ?? options.limit * 2}
      ) f ON f.id = ${t.id}
      WHERE ${condition}
      ORDER BY f.turn, ${rotation(sql`f.owner`, options.turns)}f.ord
      FOR UPDATE OF ${t.table} SKIP LOCKED
      LIMIT ${options.limit}`),
  );
  return rows.map((row) => ({
    id: String(row.id),
    owner: String(row.owner),
    takeover: row.takeover === true || row.takeover === 't',
    values: Object.fromEntries(
      Object.keys(options.columns ?? {}).map((name) => [name, row[`x_${name}`]]),
    ),
  }));
}

/** The property name (in the drizzle table) of one of its columns. */
function keyOf(table: PgTable, column: PgColumn): string {
  const found = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!found) throw new Error(`The lease column ${column.name} is not a column of the table`);
  return found[0];
}

export interface ClaimOptions<T extends PgTable> extends LockOptions {
  /** What a claim writes besides the lease (status 'running', attempts + 1 …). */
  set: PgUpdateSetSource<T>;
  /**
   * Which of the locked candidates to take (in order), inside the claim's transaction: the
   * feature's own admission (a cap per organization, one conversation at a time …). All by default.
   */
  admit?: (tx: Db, candidates: Candidate[]) => Promise<string[]>;
}

/**
 * Claims up to `limit` rows in one transaction: locked in turns (lockInTurns), admitted, then
 * marked claimed with a fresh lease. Returns the claimed rows as written, in turn order.
 */
export async function claimRows<T extends PgTable>(
  db: Db,
  t: JobTable<T>,
  options: ClaimOptions<T>,
): Promise<Array<T['$inferSelect']>> {
  const now = options.now ?? databaseNow;
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const candidates = await lockInTurns(tx, t, options);
    if (!candidates.length) return [];
    const ids = options.admit ? await options.admit(tx, candidates) : candidates.map((c) => c.id);
    if (!ids.length) return [];
    if (options.turns)
      options.turns.last = candidates.find((c) => c.id === ids.at(-1))?.owner ?? options.turns.last;
    const values = {
      ...options.set,
      [keyOf(t.table, t.lease.column)]: leaseValue(t.lease, now),
    } as PgUpdateSetSource<T>;
    const rows = (await tx
      .update(t.table as PgTable)
      .set(values as never)
      .where(inArray(t.id, ids))
      .returning()) as Array<T['$inferSelect']>;
    const position = new Map(ids.map((id, i) => [id, i]));
    const idKey = keyOf(t.table, t.id);
    const at = (row: T['$inferSelect']) =>
      position.get(String((row as Record<string, unknown>)[idKey])) ?? 0;
    return rows.sort((a, b) => at(a) - at(b));
  });
}

/**
 * Renews the leases of claimed rows (a long job keeps its claim); a row no longer claimed, or
 * whose lease already lapsed (another process may hold it now), is left alone.
 */
export async function renewLeases(
  db: Pick<Db, 'execute'>,
  t: JobTable,
  ids: readonly string[],
  now: SQL = databaseNow,
): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`
    UPDATE ${t.table} SET ${sql.identifier(t.lease.column.name)} = ${leaseValue(t.lease, now)}
    WHERE ${t.id} IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) AND (${t.claimed}) AND NOT ${leaseLapsed(t.lease, now)}`);
}
