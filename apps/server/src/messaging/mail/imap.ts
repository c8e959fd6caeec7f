import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { mailboxes } from '../../db/schema';
import type { SecretBox } from '../../lib/secrets';
import { parseInbound, receiveMail } from './inbound';
import { mailLimits, MailRefusedError } from './mailLimits';
import { MailParserBusyError } from './parsePool';
import { serverOf } from './mailboxes';
import { recordRefusal } from './refusals';
import { imapClient, mailAllowHosts, mailFailureText, type MailServer } from './servers';

/**
 * IMAP receiving: every mailbox with IMAP settings is read by one process of the install (a
 * lease on its row), over one connection that waits with IDLE where the server offers it, else
 * polls every `pollMs` (60 s). A UID cursor per mailbox (UIDVALIDITY + the last UID read) says
 * where to go on: only UIDs above it are fetched, so old mail is never read twice and a busy inbox
 * is never re-scanned; a new UIDVALIDITY (the folder was rebuilt) restarts the cursor at the
 * folder's UIDNEXT. Each mail (at most 10 MB) is parsed with mailparser and goes the inbound
 * URL's way (receiveMail: stored once by Message-ID, loop rules, the reply job).
 */

export interface ImapPollerDeps {
  db: Db;
  secrets: SecretBox;
  env: Record<string, string | undefined>;
  logger: Logger;
  replies?: { wake(): void };
}

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

/** Where a mailbox's reading goes on: from a UID, or the cursor restarts (nothing to read yet). */
export type CursorPlan =
  { kind: 'read'; fromUid: number } | { kind: 'restart'; uidValidity: number; lastUid: number };

/**
 * The plan for a folder whose UIDVALIDITY and UIDNEXT are `folder`, given the stored cursor:
 * the first time, or after UIDVALIDITY changed, the cursor restarts at UIDNEXT (the mail already
 * there is not read: it is not new, and its old UIDs mean nothing now); else UIDs above the last
 * one read.
 */
export function cursorPlan(
  stored: { uidValidity: number | null; lastUid: number | null },
  folder: { uidValidity: number; uidNext: number },
): CursorPlan {
  if (stored.uidValidity === null || stored.uidValidity !== folder.uidValidity)
    return {
      kind: 'restart',
      uidValidity: folder.uidValidity,
      lastUid: Math.max(0, folder.uidNext - 1),
    };
  return { kind: 'read', fromUid: (stored.lastUid ?? 0) + 1 };
}

/**
 * The next wait after `failures` failed connections in a row: 1 s, 2 s, 4 s … each ±20 % at
 * random (jitter: mailboxes on one failing server do not retry in step), at most 5 min.
 */
export const reconnectDelayMs = (failures: number, random: () => number = Math.random) =>
  Math.round(
    Math.min(300_000, 1000 * 2 ** Math.max(0, Math.min(failures - 1, 12)) * (0.8 + 0.4 * random())),
  );

/** Records how the last look at the mailbox went (shown with the mailbox's IMAP settings). */
async function recordCheck(db: Db, mailboxId: string, error: string | null) {
  await db
    .update(mailboxes)
    .set({ imapLastCheckedAt: new Date(), imapLastError: error })
    .where(eq(mailboxes.id, mailboxId));
}

/**
 * Reads the new mail of the selected folder: UIDs above the cursor (each at most 10 MB), one by
 * one in UID order, each received before the cursor moves past it (a crash in between reads it
 * again, and receiveMail stores it once). The cursor only moves while this process holds the
 * mailbox. Returns how many mails were received.
 */
export async function syncMailbox(
  deps: ImapPollerDeps,
  client: ImapFlow,
  mailboxId: string,
  holder: string,
): Promise<number> {
  const { db } = deps;
  const folder = client.mailbox;
  if (!folder) throw new Error('no folder is open');
  const [row] = await db.select().from(mailboxes).where(eq(mailboxes.id, mailboxId));
  if (!row) return 0;
  const uidValidity = Number(folder.uidValidity);
  let uidNext = folder.uidNext;
  if (!uidNext) {
    const last = await client.fetchOne('*', { uid: true }, { uid: true });
    uidNext = last ? last.uid + 1 : 1;
  }
  const held = and(eq(mailboxes.id, mailboxId), eq(mailboxes.imapLeaseHolder, holder));
  const plan = cursorPlan(
    { uidValidity: row.imapUidValidity, lastUid: row.imapLastUid },
    { uidValidity, uidNext },
  );
  if (plan.kind === 'restart') {
    await db
      .update(mailboxes)
      .set({ imapUidValidity: plan.uidValidity, imapLastUid: plan.lastUid })
      .where(held);
    deps.logger.info(
      { mailbox: row.emailAddress, uidValidity, from: plan.lastUid + 1 },
      'IMAP cursor starts at the folder’s next UID',
    );
    return 0;
  }
  // 'N:*' also names the newest message when its UID is below N: only UIDs above the cursor count.
  const found: { uid: number; size: number }[] = [];
  // On the guarded connection (imapClient: outbound guard's address); only UIDs and sizes here,
  // each mail's body is fetched later only when under mailLimits.maxBytes.
  // prettier-ignore
  for await (const m of client.fetch(`${plan.fromUid}:*`, { uid: true, size: true }, { uid: true })) // outbound guard: client from imapClient → resolveMailHost (public address, time limits)
    if (m.uid >= plan.fromUid) found.push({ uid: m.uid, size: m.size ?? 0 });
  found.sort((a, b) => a.uid - b.uid);
  let received = 0;
  for (const { uid, size } of found) {
    const outcome = await readOne(deps, client, row, uid, size);
    if (outcome === 'gone') return received;
    if (outcome === 'received') received++;
    const moved = await db
      .update(mailboxes)
      .set({ imapLastUid: sql`GREATEST(COALESCE(${mailboxes.imapLastUid}, 0), ${uid})` })
      .where(and(held, eq(mailboxes.imapUidValidity, uidValidity)))
      .returning({ id: mailboxes.id });
    // Another process holds the mailbox now (this one was too slow to renew): it reads on.
    if (!moved.length) break;
  }
  return received;
}

/** Attempts at storing one mail before it is refused (a passing database hiccup is retried). */
export const storeAttempts = 3;

/**
 * Reads one mail and hands it to receiveMail. A mail that cannot be read (over 10 MB, over the
 * bounds of mailLimits, unparseable) or stored (`storeAttempts` failures in a row while the
 * database answers) is recorded as refused with the reason: the caller moves the cursor past it
 * either way, so one mail never stops the mailbox. A failed fetch (the connection) throws.
 */
async function readOne(
  deps: ImapPollerDeps,
  client: ImapFlow,
  mailbox: typeof mailboxes.$inferSelect,
  uid: number,
  size: number,
): Promise<'received' | 'refused' | 'empty' | 'gone'> {
  const { db, logger } = deps;
  const refuse = async (reason: string, mail: { from?: string; subject?: string } = {}) => {
    logger.warn({ mailbox: mailbox.emailAddress, uid, size, reason }, 'IMAP mail refused');
    await recordRefusal(db, mailbox, { imapUid: uid, sizeBytes: size, reason, ...mail });
    return 'refused' as const;
  };
  if (size > mailLimits.maxBytes)
    return refuse(`the mail is ${(size / 1048576).toFixed(1)} MB, over the 10 MB limit`);
  // On the guarded connection (imapClient: outbound guard's address, time limits).
  const message = await client.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
  if (!message || !message.source) return 'empty'; // expunged meanwhile
  let mail;
  for (let wait = 0; !mail; wait++) {
    try {
      mail = await parseInbound(message.source);
    } catch (error) {
      if (error instanceof MailRefusedError)
        return refuse(error.message, { from: error.from, subject: error.subject });
      // Every parser busy (the inbound URL's burst): this mail waits its turn.
      if (!(error instanceof MailParserBusyError) || wait >= 60) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  for (let attempt = 1; ; attempt++) {
    // The mailbox as it is now (its agent may have changed since the connection opened).
    const [current] = await db.select().from(mailboxes).where(eq(mailboxes.id, mailbox.id));
    if (!current) return 'gone';
    try {
      await receiveMail(deps, current, mail);
      return 'received';
    } catch (error) {
      logger.error(
        { err: error, mailbox: mailbox.emailAddress, uid, attempt },
        'IMAP mail not stored',
      );
      if (attempt >= storeAttempts)
        return refuse(
          'the mail could not be stored on this server (the details are in the server log)',
          { from: mail.from, subject: mail.subject },
        );
    }
  }
}

/** One mailbox's reader: connects, reads, waits (IDLE or a timer), reconnects with backoff. */
class MailboxReader {
  private stopped = false;
  private client: ImapFlow | null = null;
  private wakeUp: (() => void) | null = null;
  /** Woken while not waiting (new mail during a read): the next wait ends at once. */
  private pending = false;
  /** This connection read the folder at least once (a later failure restarts the backoff). */
  private readOnce = false;
  /** Ends the wait between two connections (only stop does: new mail cannot shorten a backoff). */
  private endPause: (() => void) | null = null;
  readonly done: Promise<void>;

  constructor(
    private readonly deps: ImapPollerDeps,
    private readonly options: ImapPollerOptions,
    readonly mailboxId: string,
    /** The encrypted settings it was started with: new ones restart it. */
    readonly version: string,
  ) {
    this.done = this.loop();
  }

  private wake() {
    const wake = this.wakeUp;
    this.wakeUp = null;
    if (wake) wake();
    else this.pending = true;
  }

  /** Waits `ms`, or less when woken (new mail, the connection closed, stop). */
  private sleep(ms: number) {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.wake(), ms);
      timer.unref();
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** Waits `ms` before the next connection; only stop ends it sooner. */
  private pause(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.endPause?.(), ms);
      timer.unref();
      this.endPause = () => {
        this.endPause = null;
        clearTimeout(timer);
        resolve();
      };
    });
  }

  async stop() {
    this.stopped = true;
    this.endPause?.();
    this.wake();
    const client = this.client;
    if (client)
      await Promise.race([
        client.logout().catch(() => undefined),
        new Promise((r) => setTimeout(r, 2000).unref()),
      ]);
    client?.close();
    await this.done;
  }

  private async loop() {
    let failures = 0;
    while (!this.stopped) {
      let server: MailServer | null = null;
      try {
        const [row] = await this.deps.db
          .select()
          .from(mailboxes)
          .where(eq(mailboxes.id, this.mailboxId));
        server = row ? serverOf(this.deps.secrets, row, 'imap') : null;
        if (!server) return; // removed: the next round stops this reader
        await this.watch(server);
        failures = 0;
      } catch (error) {
        if (this.stopped) break;
        // A connection that had read the folder fine starts the backoff again at 1 s.
        failures = this.readOnce ? 1 : failures + 1;
        this.readOnce = false;
        const message = server
          ? mailFailureText(error, 'IMAP', server)
          : 'the mailbox’s settings could not be read';
        this.deps.logger.warn(
          { err: error, mailbox: this.mailboxId, failures, reason: message },
          'IMAP reading failed',
        );
        await recordCheck(this.deps.db, this.mailboxId, `IMAP failed: ${message}`).catch(
          () => undefined,
        );
      } finally {
        this.client?.close();
        this.client = null;
      }
      // A closed connection wakes the reader ('close'): that is no reason to reconnect sooner.
      this.pending = false;
      this.wakeUp = null;
      if (!this.stopped) await this.pause(reconnectDelayMs(Math.max(1, failures)));
      this.pending = false;
    }
  }

  /** One connection: open the folder, read what is new, wait for more, until it ends. */
  private async watch(server: MailServer) {
    const client = await imapClient(server, mailAllowHosts(this.deps.env));
    this.client = client;
    let closed = false;
    client.on('error', (err: unknown) =>
      this.deps.logger.warn({ err, mailbox: this.mailboxId }, 'IMAP connection error'),
    );
    client.on('close', () => {
      closed = true;
      this.wake();
    });
    client.on('exists', () => this.wake());
    // A tenant's IMAP server: imapClient resolved its host through the outbound guard's mail rule
    // (resolveMailHost: public addresses only unless PARLEY_MAIL_ALLOW_HOSTS), connects to that
    // address, with the mailbox's own credentials and the time limits of mailTimeouts.
    await client.connect();
    await client.mailboxOpen(server.folder || 'INBOX', { readOnly: true });
    const idle = client.capabilities.has('IDLE');
    while (!this.stopped && !closed) {
      await syncMailbox(this.deps, client, this.mailboxId, this.options.holder);
      await recordCheck(this.deps.db, this.mailboxId, null);
      this.readOnce = true;
      if (this.stopped || closed) break;
      if (idle) {
        // The next command (the read after new mail, or the renewal) ends the IDLE.
        void client.idle().catch(() => undefined);
        await this.sleep(this.options.idleRenewMs);
      } else await this.sleep(this.options.pollMs);
    }
    if (closed && !this.stopped) throw Object.assign(new Error('closed'), { code: 'NoConnection' });
  }
}

/**
 * Takes or renews this process's lease on every mailbox with IMAP settings that no live process
 * holds; returns the mailboxes it holds with their encrypted settings.
 */
export async function leaseMailboxes(db: Db, holder: string, leaseMs: number) {
  const rows = rowsOf(
    await db.execute(sql`
      UPDATE mailboxes
      SET imap_lease_holder = ${holder},
          imap_lease_until = now() + make_interval(secs => ${leaseMs / 1000})
      WHERE imap_encrypted IS NOT NULL
        AND (imap_lease_holder IS NULL OR imap_lease_holder = ${holder} OR imap_lease_until < now())
      RETURNING id, imap_encrypted`),
  );
  return rows.map((r) => ({ id: String(r.id), version: String(r.imap_encrypted) }));
}

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
 * The IMAP supervisor of a server process: every round it renews its leases, starts a reader for
 * each mailbox it newly holds, restarts the readers whose settings changed and stops those of
 * mailboxes deleted, without IMAP settings or held by another process. On stop every reader
 * logs out and the leases are released, so another process takes the mailboxes up at once.
 */
export function startImapPoller(
  deps: ImapPollerDeps,
  given: Partial<ImapPollerOptions> = {},
): ImapPoller {
  const options = imapPollerOptions(deps.env, given);
  const readers = new Map<string, MailboxReader>();
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  const round = async () => {
    const held = await leaseMailboxes(deps.db, options.holder, options.leaseMs);
    if (stopped) return;
    const versions = new Map(held.map((h) => [h.id, h.version]));
    for (const [id, reader] of readers)
      if (versions.get(id) !== reader.version) {
        readers.delete(id);
        await reader.stop();
      }
    for (const [id, version] of versions)
      if (!readers.has(id) && !stopped)
        readers.set(id, new MailboxReader(deps, options, id, version));
  };
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await round().catch((err: unknown) => deps.logger.error({ err }, 'IMAP round failed'));
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(run, options.roundMs);
  timer.unref();
  run();
  return {
    deps,
    options,
    wake: run,
    reading: () => [...readers.keys()],
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      await Promise.all([...readers.values()].map((r) => r.stop()));
      readers.clear();
      await deps.db
        .update(mailboxes)
        .set({ imapLeaseHolder: null, imapLeaseUntil: null })
        .where(eq(mailboxes.imapLeaseHolder, options.holder))
        .catch((err: unknown) => deps.logger.warn({ err }, 'IMAP leases not released'));
    },
  };
}
