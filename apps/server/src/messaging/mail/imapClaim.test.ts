import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type Database } from '../../db/client';
import { mailboxes } from '../../db/schema';
import { openTestDatabase } from '../../../test/testDatabase';
import { claimMailboxes, renewMailboxes } from './imap';

/**
 * The IMAP mailboxes as the job runner's queue (messaging/mail/imap.ts): which mailboxes a
 * process takes, on PGlite and on PostgreSQL. (Reading them: mail.test.ts 'IMAP receiving'.)
 */

let database: Database;
let close = async () => {};
beforeAll(async () => {
  ({ database, close } = await openTestDatabase({ orgId: 'org1' }));
});
afterAll(() => close());

const leaseMs = 60_000;
async function mailbox(
  name: string,
  lease: { holder?: string; lapsed?: boolean } = {},
  imap: string | null = `enc-${name}`,
) {
  const [row] = await database.db
    .insert(mailboxes)
    .values({
      organizationId: 'org1',
      emailAddress: `${name}@claim.test`,
      inboundToken: `token-${name}`,
      imapEncrypted: imap,
      imapLeaseHolder: lease.holder ?? null,
      imapLeaseUntil: lease.holder
        ? sql`now() + make_interval(secs => ${lease.lapsed ? -60 : 60})`
        : null,
    })
    .returning({ id: mailboxes.id });
  return row!.id;
}

describe('claiming mailboxes to read', () => {
  it('takes the free ones and those whose lease lapsed; never a live lease, one its own reader reads, or one without IMAP', async () => {
    const free = await mailbox('free');
    const dead = await mailbox('dead', { holder: 'dead', lapsed: true });
    await mailbox('live', { holder: 'other' });
    // This process's: one its reader still reads (renewal takes it back), one whose reader ended
    // without giving it back (taken again once lapsed).
    const running = await mailbox('running', { holder: 'me', lapsed: true });
    const orphan = await mailbox('orphan', { holder: 'me', lapsed: true });
    await mailbox('smtp-only', {}, null);
    const taken = await claimMailboxes(database.db, 'me', leaseMs, {
      limit: 10,
      reading: [running],
    });
    expect(taken.map((t) => t.id).sort()).toEqual([free, dead, orphan].sort());
    expect(taken.find((t) => t.id === free)!.version).toBe('enc-free');
    // Renewal keeps the leases of the mailboxes its readers read, and only those.
    const held = await renewMailboxes(database.db, 'me', leaseMs, [free, dead, running]);
    expect([...held.keys()].sort()).toEqual([free, dead, running].sort());
    const rows = await database.db.select().from(mailboxes);
    const leaseOf = (id: string) => rows.find((r) => r.id === id)!;
    expect(leaseOf(dead).imapLeaseHolder).toBe('me');
    expect(leaseOf(running).imapLeaseUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(await renewMailboxes(database.db, 'me', leaseMs, [])).toEqual(new Map());
    // Nothing left for a second process; at most `limit` at once.
    expect(await claimMailboxes(database.db, 'you', leaseMs, { limit: 10 })).toEqual([]);
    await mailbox('one');
    await mailbox('two');
    expect(await claimMailboxes(database.db, 'you', leaseMs, { limit: 1 })).toHaveLength(1);
  });
});
