import { and, eq, inArray, sql } from 'drizzle-orm';
import { fillTemplate } from '@parley/api-client';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { mailboxes, mailCampaigns, mailSends, mailSuppressions } from '../../db/schema';
import { startWorker, type Worker } from '../../lib/jobs';
import { claimRows, timeOf, Turns, type JobTable } from '../../lib/jobTable';
import { ledgerForms } from '../../privacy/ledger';
import { reserveSend, SendLimitError, sendLimitsOf } from '../sendLimits';
import { unsubscribeUrl } from './unsubscribe';
import { deliverMail, MailSendError, type MailDeps } from './send';
import { completeOutbound, recordOutbound } from './store';
import { subjectStorage } from './subjects';

export type MailWorkerDeps = MailDeps & { logger: Logger };
type SendRow = typeof mailSends.$inferSelect;

/** Seconds before attempt `attempts + 1` of a failed send. */
const retrySeconds = (env: MailDeps['env'], attempts: number) => {
  const base = Number(env.PARLEY_REPLY_RETRY_SECONDS ?? 15);
  return (Number.isFinite(base) && base >= 0 ? base : 15) * Math.max(1, attempts);
};

/**
 * How long a claimed send is held by the process sending it: past it (longer than nodemailer's
 * connection, greeting and socket time-outs together), its process is taken as dead.
 */
export const mailSendLeaseMs = 15 * 60_000;

/**
 * The send queue on the job runner (lib/jobs.ts): a due send is a job — a scheduled member send,
 * or a campaign mail of a campaign that is scheduled or running (not paused or cancelled) —
 * claimed with FOR UPDATE SKIP LOCKED (another process's claims are skipped, never waited for),
 * the organizations in turns. A claim makes it 'sending' at once; a process that dies while
 * sending leaves it so, and once its lease (`mailSendLeaseMs`) has passed another process takes
 * it up: with the message already recorded, it is sent again with the same Message-ID (a
 * receiving server that got the first copy drops the second).
 */
export const mailSendTable: JobTable<typeof mailSends> = {
  table: mailSends,
  id: mailSends.id,
  owner: mailSends.organizationId,
  order: mailSends.dueAt,
  ready: (now) => sql`${mailSends.status} = 'pending' AND ${mailSends.dueAt} <= ${now}`,
  claimed: sql`${mailSends.status} = 'sending'`,
  lease: { column: mailSends.lockedAt, holds: 'start', ms: mailSendLeaseMs },
};

/** A campaign's mail waits while its campaign is paused, cancelled or done. */
const campaignSending = sql`(${mailSends.campaignId} IS NULL OR EXISTS (
  SELECT 1 FROM mail_campaigns c
  WHERE c.id = ${mailSends.campaignId} AND c.status IN ('scheduled', 'running')))`;

/** Claims up to `limit` due sends at `now` (see mailSendTable), in turn order. */
export function claimMailSends(
  db: Db,
  options: { now?: Date; limit?: number; turns?: Turns; leaseMs?: number } = {},
): Promise<SendRow[]> {
  const table =
    options.leaseMs === undefined
      ? mailSendTable
      : { ...mailSendTable, lease: { ...mailSendTable.lease, ms: options.leaseMs } };
  return claimRows(db, table, {
    now: options.now ? timeOf(options.now) : undefined,
    limit: options.limit ?? 1,
    turns: options.turns,
    where: campaignSending,
    set: { status: 'sending', attempts: sql`${mailSends.attempts} + 1` },
  });
}

/** Claims the next due send at `now` (see mailSendTable), or null. */
export async function claimMailSend(
  db: Db,
  now = new Date(),
  leaseMs = mailSendLeaseMs,
): Promise<SendRow | null> {
  const [row] = await claimMailSends(db, { now, leaseMs });
  return row ?? null;
}

const setSend = (db: Pick<Db, 'update'>, id: string, values: Partial<SendRow>) =>
  db.update(mailSends).set(values).where(eq(mailSends.id, id));

/** Sends one claimed row; returns its end state. */
export async function processMailSend(deps: MailWorkerDeps, job: SendRow): Promise<string> {
  const { db } = deps;
  const [mailbox] = await db.select().from(mailboxes).where(eq(mailboxes.id, job.mailboxId));
  if (!mailbox) {
    await setSend(db, job.id, { status: 'failed', lastError: 'The mailbox was removed' });
    return 'failed';
  }
  let messageId = job.messageId;
  let rfcMessageId = job.rfcMessageId;
  let subject = job.subject;
  let text = job.body;
  let unsubscribe: string | undefined;
  if (job.campaignId) {
    const [campaign] = await db
      .select()
      .from(mailCampaigns)
      .where(eq(mailCampaigns.id, job.campaignId));
    if (!campaign) {
      await setSend(db, job.id, { status: 'cancelled' });
      return 'cancelled';
    }
    const [suppressed] = await db
      .select()
      .from(mailSuppressions)
      .where(
        and(
          eq(mailSuppressions.organizationId, job.organizationId),
          inArray(mailSuppressions.emailAddress, ledgerForms(job.toAddress)),
        ),
      );
    if (suppressed) {
      await setSend(db, job.id, { status: 'skipped', lastError: suppressed.reason });
      return 'skipped';
    }
    if (campaign.status === 'scheduled')
      await db
        .update(mailCampaigns)
        .set({ status: 'running', updatedAt: new Date() })
        .where(and(eq(mailCampaigns.id, campaign.id), eq(mailCampaigns.status, 'scheduled')));
    subject = fillTemplate(campaign.subject, job.fields).text;
    text = fillTemplate(campaign.body, job.fields).text;
    unsubscribe = unsubscribeUrl(campaign.baseUrl, mailbox, job.id);
    text = `${text}\n\n--\nUnsubscribe: ${unsubscribe}`;
  }
  try {
    // Counted against the organization's Email limit; over it, the mail waits (not an attempt).
    const recorded = await reserveSend(
      db,
      sendLimitsOf(deps.env),
      job.organizationId,
      'email',
      async (tx) => {
        if (messageId && rfcMessageId) {
          await completeOutbound(tx, messageId, { status: 'sending' });
          return { messageId, rfcMessageId };
        }
        const r = await recordOutbound(tx, mailbox, {
          to: job.toAddress,
          subject,
          text,
          status: 'sending',
          author: 'member',
          campaignId: job.campaignId,
        });
        await setSend(tx, job.id, { messageId: r.messageId, rfcMessageId: r.rfcMessageId });
        return r;
      },
    );
    messageId = recorded.messageId;
    rfcMessageId = recorded.rfcMessageId;
  } catch (error) {
    if (!(error instanceof SendLimitError)) throw error;
    await setSend(db, job.id, {
      status: 'pending',
      attempts: job.attempts - 1,
      dueAt: new Date(Date.now() + error.retryAfter * 1000),
    });
    return 'pending';
  }
  try {
    const sent = await deliverMail(deps, mailbox, {
      to: job.toAddress,
      subject,
      text,
      messageId: rfcMessageId,
      unsubscribeUrl: unsubscribe,
    });
    await completeOutbound(db, messageId, { status: sent.status, rfcMessageId });
    // Sent: its subject is kept only as the storage mode keeps the thread's.
    const kept = (await subjectStorage(db, mailbox))(job.subject);
    await setSend(db, job.id, {
      status: 'sent',
      sentAt: new Date(),
      lastError: null,
      ...(kept !== job.subject ? { subject: kept } : {}),
    });
    return 'sent';
  } catch (error) {
    const reason =
      error instanceof MailSendError ? error.message : String((error as Error)?.message ?? error);
    const final = job.attempts >= job.maxAttempts;
    deps.logger.warn({ send: job.id, attempts: job.attempts, reason }, 'mail not sent');
    if (final) await completeOutbound(db, messageId, { error: reason });
    else await completeOutbound(db, messageId, { status: 'queued' });
    await setSend(db, job.id, {
      status: final ? 'failed' : 'pending',
      lastError: reason.slice(0, 500),
      dueAt: new Date(Date.now() + retrySeconds(deps.env, job.attempts) * 1000),
    });
    return final ? 'failed' : 'pending';
  }
}

/** Campaigns whose every mail is done are completed. */
async function completeCampaigns(db: Db) {
  await db.execute(sql`
    UPDATE mail_campaigns c SET status = 'completed', updated_at = now()
    WHERE c.status = 'running' AND NOT EXISTS (
      SELECT 1 FROM mail_sends s WHERE s.campaign_id = c.id AND s.status IN ('pending', 'sending'))`);
}

/**
 * Scheduled sends and campaigns in the background, on the job runner: one send at a time per
 * process, a round every `pollMs` (and when woken); once the queue settles, the campaigns whose
 * every mail is done are completed.
 */
export function startMailWorker(deps: MailWorkerDeps, pollMs = 1000): Worker {
  const turns = new Turns();
  const worker = startWorker(
    {
      name: 'mail_sends',
      claim: (room) => claimMailSends(deps.db, { limit: room, turns }),
      run: (job) =>
        processMailSend(deps, job).catch((err: unknown) =>
          deps.logger.error({ err, send: job.id }, 'mail send failed'),
        ),
      settled: () => completeCampaigns(deps.db),
    },
    { logger: deps.logger, pollMs },
  );
  worker.wake();
  return worker;
}
