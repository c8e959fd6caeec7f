import { eq } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import { mailboxes } from '../../db/schema';
import { serverOf } from './mailboxes';
import { imapClient, mailAllowHosts, mailFailureText, type MailServer } from './servers';
import { recordCheck, syncMailbox, type ImapPollerDeps } from './imapSync';

/** What a mailbox's reader needs of the poller's options (imap.ts). */
export interface ReaderOptions {
  /** Between two polls of a server without IDLE. */
  pollMs: number;
  /** An IDLE is renewed (with a look at the folder) this often. */
  idleRenewMs: number;
  /** This process's name on the leases. */
  holder: string;
}

/**
 * The next wait after `failures` failed connections in a row: 1 s, 2 s, 4 s … each ±20 % at
 * random (jitter: mailboxes on one failing server do not retry in step), at most 5 min.
 */
export const reconnectDelayMs = (failures: number, random: () => number = Math.random) =>
  Math.round(
    Math.min(300_000, 1000 * 2 ** Math.max(0, Math.min(failures - 1, 12)) * (0.8 + 0.4 * random())),
  );

/** One mailbox's reader: connects, reads, waits (IDLE or a timer), reconnects with backoff. */
export class MailboxReader {
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
    private readonly options: ReaderOptions,
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
