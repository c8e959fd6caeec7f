import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { scheduledEvents } from '../db/schema';
import { outboundCallTargets, type DialResult } from '../telephony/provider';
import {
  checkSendLimit,
  limitFor,
  lockSendCounter,
  SendLimitError,
  sendLimitsOf,
  sendUsage,
} from '../messaging/sendLimits';
import { groupBy, sendRoom } from './admission';
import { newRound, type Round } from './claim';
import { finalValues, iso, setMine, waitValues, type SchedulerDeps } from './deps';
import type { EventRow } from './events';
import { notPlaced } from './finish';
import { guardBatch, type Dialable, type Provider, type Ready } from './guard';
import { flexibleWindowEnd } from './retry';
import { createConversations } from '../conversations/store';

/**
 * A claimed batch: per organization, the guards (pause, flexible window, calling window, then
 * do-not-call for the whole batch in one query, a number to call from), the attempts recorded
 * against the sending limit for calls in one transaction, then every dial at once through the
 * organization's provider. The attempt is recorded before the provider is asked; once the
 * provider has the call the claim is released and the outcome arrives by webhook (Twilio) or at
 * the sandbox call's end.
 */
export async function processBatch(
  deps: SchedulerDeps,
  ids: readonly string[],
  round: Round = newRound(),
): Promise<void> {
  // The rows as this round's claim wrote them, else as the database holds them now.
  const events: EventRow[] = [];
  const unread: string[] = [];
  for (const id of ids) {
    const row = round.claimed.get(id);
    round.claimed.delete(id);
    if (row) events.push(row);
    else unread.push(id);
  }
  if (unread.length)
    events.push(
      ...(await deps.db
        .select()
        .from(scheduledEvents)
        .where(
          and(
            inArray(scheduledEvents.id, unread),
            eq(scheduledEvents.status, 'in_progress'),
            eq(scheduledEvents.lockedBy, deps.instanceId),
          ),
        )),
    );
  await Promise.all(
    [...groupBy(events, (e) => e.organizationId)].map(([orgId, list]) =>
      processOrgBatch(deps, orgId, list, round).catch((err: unknown) =>
        deps.logger.error({ err, organization: orgId }, 'scheduled call processing failed'),
      ),
    ),
  );
}

/** One claimed event (a batch of one). */
export const processClaim = (deps: SchedulerDeps, id: string, round: Round = newRound()) =>
  processBatch(deps, [id], round);

/**
 * Records the attempts of an organization's ready events against its sending limit for calls,
 * in one transaction under the organization's send lock: as many as the limit lets through, in
 * order. Returns the ids recorded (an event whose claim this process lost is not), and the
 * refusal for the rest.
 */
async function reserveCalls(
  deps: SchedulerDeps,
  orgId: string,
  ready: readonly Ready[],
  now: Date,
): Promise<{ recorded: Set<string>; refused: SendLimitError | null }> {
  const config = sendLimitsOf(deps.env);
  return deps.db.transaction(async (db) => {
    const tx = db as unknown as Db;
    await lockSendCounter(tx, orgId, 'call');
    const usage = await sendUsage(tx, orgId, 'call', now);
    const granted = ready.slice(0, sendRoom(limitFor(config, orgId), usage));
    const recorded = new Set<string>();
    if (granted.length) {
      const values = sql.join(
        granted.map(
          (r) => sql`(${r.event.id}::uuid, ${JSON.stringify([...r.attempts, r.attempt])}::jsonb)`,
        ),
        sql`, `,
      );
      const rows = rowsOf(
        await tx.execute(sql`
          UPDATE scheduled_events e SET attempts = v.attempts, updated_at = ${iso(now)}::timestamptz
          FROM (VALUES ${values}) AS v(id, attempts)
          WHERE e.id = v.id AND e.locked_by = ${deps.instanceId}
          RETURNING e.id`),
      );
      for (const row of rows) recorded.add(String(row.id));
    }
    let refused: SendLimitError | null = null;
    if (granted.length < ready.length) {
      // The limit is reached now: its refusal says which window and when a place frees.
      try {
        await checkSendLimit(tx, config, orgId, 'call', now);
        refused = new SendLimitError('call', 'minute', limitFor(config, orgId).perMinute, 1);
      } catch (error) {
        if (!(error instanceof SendLimitError)) throw error;
        refused = error;
      }
    }
    return { recorded, refused };
  });
}

/** An organization's share of a claimed batch (see processBatch). */
async function processOrgBatch(
  deps: SchedulerDeps,
  orgId: string,
  events: readonly EventRow[],
  round: Round,
): Promise<void> {
  const now = deps.clock.now();
  const guarded = await guardBatch(deps, orgId, events, round, now);
  if (!guarded) return;
  if ('unreachable' in guarded) {
    await Promise.all(guarded.unreachable.map((r) => notPlaced(deps, r, 'sandbox', guarded.error)));
    return;
  }
  const { dialable, provider, publicUrl } = guarded;

  // Each attempt counts against the organization's sending limit for calls. Over the limit, a
  // call waits for the window to free inside its flexible window, else it is missed, saying why.
  let reserved: Awaited<ReturnType<typeof reserveCalls>>;
  try {
    reserved = await reserveCalls(deps, orgId, dialable, now);
  } catch (error) {
    await Promise.all(dialable.map((r) => notPlaced(deps, r, provider.name, error)));
    return;
  }
  const [placed] = await Promise.all([
    dialAll(
      deps,
      dialable.filter((r) => reserved.recorded.has(r.event.id)),
      provider,
      publicUrl,
    ),
    ...dialable.map(async (r) => {
      // Not recorded: over the limit (else the claim was lost, and the new holder dials it).
      const refused = reserved.refused;
      if (reserved.recorded.has(r.event.id) || !refused) return;
      const next = new Date(now.getTime() + refused.retryAfter * 1000);
      if (next <= flexibleWindowEnd(r.event))
        return setMine(deps, r.event.id, waitValues(next, refused.message, now));
      return setMine(
        deps,
        r.event.id,
        finalValues(r.attempts.length ? 'failed' : 'expired', refused.message, now),
      );
    }),
  ]);
  await recordPlaced(deps, provider.name, placed, now);
}

/** A call the provider took. */
interface Placed {
  ready: Dialable;
  callId: string;
  sandboxOutcome: string | null;
}

/**
 * The dials themselves, their attempts already recorded: in one request when the provider takes
 * several at once (the sandbox), else side by side. A refusal ends the attempt as failed.
 */
async function dialAll(
  deps: SchedulerDeps,
  list: readonly Dialable[],
  provider: Provider,
  publicUrl: string | null | undefined,
): Promise<Placed[]> {
  if (!list.length) return [];
  const calls = list.map(({ event, from }) => ({
    from,
    to: event.recipientPhone,
    ...outboundCallTargets(publicUrl ?? 'http://localhost', event.id),
    purpose: event.messageTemplate,
  }));
  const placedAs = (r: Dialable, dialled: DialResult): Placed => ({
    ready: r,
    callId: dialled.providerCallId,
    sandboxOutcome: dialled.sandboxOutcome ?? null,
  });
  if (provider.dialMany) {
    try {
      const results = await provider.dialMany(calls);
      return list.map((r, i) => placedAs(r, results[i]!));
    } catch (error) {
      await Promise.all(list.map((r) => notPlaced(deps, r, provider.name, error)));
      return [];
    }
  }
  const placed = await Promise.all(
    list.map(async (r, i) => {
      try {
        return placedAs(r, await provider.dial(calls[i]!));
      } catch (error) {
        await notPlaced(deps, r, provider.name, error);
        return null;
      }
    }),
  );
  return placed.filter((p): p is Placed => p !== null);
}

/**
 * The calls a batch placed, written together: the sandbox's answered calls into the call log
 * (one insert), then each event's attempt with its provider call id, the running call and its
 * deadline, the claim released (one update).
 */
async function recordPlaced(
  deps: SchedulerDeps,
  providerName: string,
  placed: readonly Placed[],
  now: Date,
) {
  if (!placed.length) return;
  const conversationOf = new Map<string, string>();
  const answered = placed.filter(
    (p) => providerName === 'sandbox' && p.sandboxOutcome === 'answered',
  );
  if (answered.length) {
    // The sandbox's answered call is a call in the call log, as a real one would be.
    const rows = await createConversations(
      deps.db,
      answered.map(({ ready: { event, from }, callId }) => ({
        agentName: event.agentName,
        organizationId: event.organizationId,
        channel: 'voice' as const,
        endUser: event.recipientPhone,
        agentAddress: from,
        metadata: {
          call_sid: callId,
          provider: 'sandbox',
          transport: 'phone',
          direction: 'outbound',
          scheduled_id: event.id,
          purpose: event.messageTemplate,
          from,
          to: event.recipientPhone,
        },
      })),
    );
    for (const row of rows)
      conversationOf.set(String((row.metadata as Record<string, unknown>).scheduled_id), row.id);
  }
  const deadline = new Date(
    now.getTime() + (providerName === 'sandbox' ? deps.sandboxCallMs : deps.callTimeoutMs),
  );
  const list = sql.join(
    placed.map(({ ready: { event, attempts, attempt }, callId, sandboxOutcome }) => {
      const made = {
        ...attempt,
        provider_call_id: callId,
        conversation_id: conversationOf.get(event.id) ?? null,
      };
      return sql`(${event.id}::uuid, ${JSON.stringify([...attempts, made])}::jsonb, ${callId}, ${sandboxOutcome}::text)`;
    }),
    sql`, `,
  );
  await deps.db.execute(sql`
    UPDATE scheduled_events e SET attempts = v.attempts, current_call_id = v.call_id,
      pending_outcome = v.pending, answered_by = NULL,
      call_deadline = ${iso(deadline)}::timestamptz, status_reason = NULL,
      locked_by = NULL, lease_until = NULL, updated_at = ${iso(now)}::timestamptz
    FROM (VALUES ${list}) AS v(id, attempts, call_id, pending)
    WHERE e.id = v.id AND e.locked_by = ${deps.instanceId}`);
}
