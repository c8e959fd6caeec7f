import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { mailboxes } from '../../db/schema';
import { startWorker } from '../../lib/jobs';
import { claimRows, Turns, type JobTable } from '../../lib/jobTable';
import { MailboxReader } from './imapReader';
import type { ImapPollerDeps } from './imapSync';

export type { ImapPollerDeps } from './imapSync';
export { cursorPlan, storeAttempts, syncMailbox } from './imapSync';
export { reconnectDelayMs } from './imapReader';

/**
 * IMAP receiving: every mailbox with IMAP settings is read by one process of the install, over
 * one connection that waits with IDLE where the server offers it, else polls every `pollMs`
 * (60 s); the reading itself is imapSync.ts, one connection's loop imapReader.ts. Which process
 * reads a mailbox is a queue of the job runner (lib/jobs.ts): a mailbox no live process holds is
 * a job, claimed with SKIP LOCKED and a lease on its row (organizations in turns); the job runs
 * as long as its reader does, and its lease is renewed every round (a third of the lease).
 */

export interface ImapPollerOptions {
  /** Between two polls of a server without IDLE (PARLEY_IMAP_POLL_MS, 60 s). */
  pollMs: number;
  /** How long a process holds a mailbox without renewing (PARLEY_IMAP_LEASE_MS, 60 s). */
  leaseMs: number;
  /** Between two rounds of lease renewal and settings checks: a third of the lease. */
  roundMs: number;
  /** An IDLE is renewed (with a look at the folder) this often: RFC 2177 asks for < 29 min. */
  idleRenewMs: number;
  /** This process's name on the leases. */
  holder: string;
}

const positive = (raw: string | undefined, fallback: number) => {
  const n = Number(raw);
  return raw && Number.isFinite(n) && n > 0 ? n : fallback;
};

export function imapPollerOptions(
  env: Record<string, string | undefined>,
  given: Partial<ImapPollerOptions> = {},
): ImapPollerOptions {
  const leaseMs = given.leaseMs ?? positive(env.PARLEY_IMAP_LEASE_MS, 60_000);
  return {
    pollMs: given.pollMs ?? positive(env.PARLEY_IMAP_POLL_MS, 60_000),
    leaseMs,
    roundMs: given.roundMs ?? Math.max(50, Math.floor(leaseMs / 3)),
    idleRenewMs: given.idleRenewMs ?? 5 * 60_000,
    holder: given.holder ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
  };
}

/** This process's hold on a mailbox: the job while its reader runs. */
interface HeldMailbox {
  id: string;
  /** The encrypted settings it was claimed with: new ones restart its reader. */
  version: string;
}

/** The mailboxes as a job table: a mailbox with IMAP settings waits for a reader. */
const mailboxTable = (leaseMs: number): JobTable<typeof mailboxes> => ({
  table: mailboxes,
  id: mailboxes.id,
  owner: mailboxes.organizationId,
  order: mailboxes.createdAt,
  ready: () => sql`${mailboxes.imapLeaseHolder} IS NULL`,
  claimed: sql`${mailboxes.imapLeaseHolder} IS NOT NULL`,
  lease: { column: mailboxes.imapLeaseUntil, holds: 'end', ms: leaseMs },
});

/**
 * Takes up to `limit` mailboxes with IMAP settings that no live process holds (never held, or
 * whose holder's lease lapsed: its process died, or its reader here ended without giving it back)
 * for `holder`; never one of `reading` (this process's running readers: a lapsed lease of theirs
 * is taken back by renewal).
 */
export async function claimMailboxes(
  db: Db,
  holder: string,
  leaseMs: number,
  options: { limit: number; turns?: Turns; reading?: readonly string[] },
): Promise<HeldMailbox[]> {
  const reading = options.reading ?? [];
  const rows = await claimRows(db, mailboxTable(leaseMs), {
    limit: options.limit,
    turns: options.turns,
    where: reading.length
      ? and(isNotNull(mailboxes.imapEncrypted), notInArray(mailboxes.id, [...reading]))!
      : isNotNull(mailboxes.imapEncrypted),
    set: { imapLeaseHolder: holder },
  });
  return rows.map((r) => ({ id: r.id, version: r.imapEncrypted! }));
}

/**
 * Renews this process's lease on the mailboxes its readers read (`reading`; even a lease that
 * lapsed, as long as no other process took it); returns those it holds with their encrypted
 * settings. A mailbox it holds without a reader is left to lapse (then any process claims it).
 */
export async function renewMailboxes(
  db: Db,
  holder: string,
  leaseMs: number,
  reading: readonly string[],
) {
  if (!reading.length) return new Map<string, string>();
  const rows = rowsOf(
    await db.execute(sql`
      UPDATE mailboxes
      SET imap_lease_until = now() + make_interval(secs => ${leaseMs / 1000})
      WHERE imap_lease_holder = ${holder} AND imap_encrypted IS NOT NULL
        AND id IN (${sql.join(
          reading.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
      RETURNING id, imap_encrypted`),
  );
  return new Map(rows.map((r) => [String(r.id), String(r.imap_encrypted)]));
}

/** Gives a mailbox back (its reader ended): the next claim, here or elsewhere, takes it up. */
const release = (db: Db, holder: string, id?: string) =>
  db
    .update(mailboxes)
    .set({ imapLeaseHolder: null, imapLeaseUntil: null })
    .where(
      id
        ? and(eq(mailboxes.id, id), eq(mailboxes.imapLeaseHolder, holder))
        : eq(mailboxes.imapLeaseHolder, holder),
    );

/** How many mailboxes one process reads at most (each an open connection). */
export const maxMailboxesPerProcess = 1000;

export interface ImapPoller {
  /** A round now (after a mailbox's IMAP settings changed). */
  wake(): void;
  stop(): Promise<void>;
  readonly deps: ImapPollerDeps;
  readonly options: ImapPollerOptions;
  /** The mailboxes this process reads now (tests). */
  reading(): string[];
}

/**
 * The IMAP readers of a server process, on the job runner: every round (`roundMs`) it claims the
 * mailboxes no live process holds and starts a reader for each; the running readers' leases are
 * renewed each round, and a reader whose mailbox was deleted, lost its IMAP settings, got new
 * ones or was taken by another process is stopped (its job ends; new settings are claimed again
 * at once). On stop every reader logs out and the leases are released, so another process takes
 * the mailboxes up at once.
 */
export function startImapPoller(
  deps: ImapPollerDeps,
  given: Partial<ImapPollerOptions> = {},
): ImapPoller {
  const options = imapPollerOptions(deps.env, given);
  const readers = new Map<string, MailboxReader>();
  const turns = new Turns();
  let stopped = false;
  /** Renews the leases; stops the readers whose mailbox is gone, changed or taken. */
  const check = async () => {
    // The readers running now: one started meanwhile (claimed after the renewal looked) is not
    // judged by a renewal that did not see it.
    const checked = [...readers];
    const held = await renewMailboxes(
      deps.db,
      options.holder,
      options.leaseMs,
      checked.map(([id]) => id),
    );
    for (const [id, reader] of checked) if (held.get(id) !== reader.version) void reader.stop();
  };
  const worker = startWorker<HeldMailbox>(
    {
      name: 'mailboxes',
      concurrency: maxMailboxesPerProcess,
      claim: async (room) =>
        stopped
          ? []
          : claimMailboxes(deps.db, options.holder, options.leaseMs, {
              limit: room,
              turns,
              reading: [...readers.keys()],
            }),
      run: async (held) => {
        const reader = new MailboxReader(deps, options, held.id, held.version);
        readers.set(held.id, reader);
        try {
          await reader.done;
        } finally {
          readers.delete(held.id);
          await release(deps.db, options.holder, held.id);
        }
      },
      renew: { everyMs: options.roundMs, leases: check },
      // A wake (new settings saved) checks the readers at once, as a round does.
      sweep: async () => {
        if (readers.size) await check();
        return 0;
      },
    },
    { logger: deps.logger, pollMs: options.roundMs },
  );
  worker.wake();
  return {
    deps,
    options,
    wake: () => worker.wake(),
    reading: () => [...readers.keys()],
    stop: async () => {
      stopped = true;
      await Promise.all([...readers.values()].map((r) => r.stop()));
      await worker.stop();
      await release(deps.db, options.holder).catch((err: unknown) =>
        deps.logger.warn({ err }, 'IMAP leases not released'),
      );
    },
  };
}
