import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import * as col from './columns';

// ---------- scheduled outbound calls (scheduling/) ----------

/** One attempt of a scheduled call, as the event's `attempts` list carries it (newest last). */
export interface ScheduledAttempt {
  attempt: number;
  started_at: string;
  ended_at: string | null;
  /** answered, voicemail, no-answer, busy, failed; null while the call runs. */
  outcome: string | null;
  provider_call_id: string | null;
  duration_s: number | null;
  conversation_id: string | null;
  /** Why an attempt failed before or at the provider (its error), when known. */
  error?: string | null;
}

/**
 * A scheduled outbound call; the row is the job. scheduled → in_progress → completed | failed |
 * expired | cancelled. A process claims a due row (FOR UPDATE SKIP LOCKED) and holds it with a
 * lease (`leaseUntil`) while it checks the guards and dials; once the provider has the call the
 * lease is released and the call's outcome arrives by webhook (or the sandbox's finish time,
 * `callDeadline`). A lease left by a dead process is taken up once it has passed.
 */
export const scheduledEvents = pgTable(
  'scheduled_events',
  {
    ...col.id(),
    ...col.organizationId(),
    ...col.agentName(),
    callType: text('call_type').notNull().default('outbound_call'),
    recipientPhone: text('recipient_phone').notNull(),
    scheduledTime: col.timestamptz('scheduled_time').notNull(),
    flexibleTimeMinutes: integer('flexible_time_minutes').notNull().default(0),
    maxRetries: integer('max_retries').notNull().default(3),
    messageTemplate: text('message_template'),
    status: text('status')
      .$type<'scheduled' | 'in_progress' | 'completed' | 'failed' | 'expired' | 'cancelled'>()
      .notNull()
      .default('scheduled'),
    /** Why the event is where it is (waiting for the window, on the do-not-call list …). */
    statusReason: text('status_reason'),
    /** When the next attempt is due. */
    nextAttemptAt: col.timestamptz('next_attempt_at').notNull(),
    /** The claim: which process holds the row and until when. */
    lockedBy: text('locked_by'),
    leaseUntil: col.timestamptz('lease_until'),
    /** A dialled call's end at the latest (the sandbox's finish; a missing status callback). */
    callDeadline: col.timestamptz('call_deadline'),
    /** The sandbox's outcome for the running call (applied at `callDeadline`). */
    pendingOutcome: text('pending_outcome'),
    /** The provider's id of the running call (webhooks find the event by it). */
    currentCallId: text('current_call_id'),
    /** Answering-machine detection's answer for the running call ('human', 'machine' …). */
    answeredBy: text('answered_by'),
    attempts: jsonb('attempts').$type<ScheduledAttempt[]>().notNull().default([]),
    ...col.timestamps(),
  },
  (t) => [
    index('scheduled_events_due_idx').on(t.status, t.nextAttemptAt),
    col.organizationCreatedIndex('scheduled_events_org_idx', t),
    index('scheduled_events_call_idx').on(t.currentCallId),
  ],
);

/**
 * An organization's dialling settings and circuit breaker: the calling window (recipient's local
 * time, "HH:MM"), the cap on simultaneous calls, the last attempts' provider failures (newest
 * last, at most 10) and, when the breaker tripped, since when dialling is paused.
 */
export const schedulingSettings = pgTable('scheduling_settings', {
  ...col.organizationKey(),
  callingWindowStart: text('calling_window_start').notNull().default('08:00'),
  callingWindowEnd: text('calling_window_end').notNull().default('21:00'),
  maxConcurrentCalls: integer('max_concurrent_calls').notNull().default(5),
  recentFailures: jsonb('recent_failures').$type<boolean[]>().notNull().default([]),
  pausedAt: col.timestamptz('paused_at'),
  pausedReason: text('paused_reason'),
  ...col.updatedAt(),
});

/** Numbers an organization never calls (checked right before every dial). */
export const doNotCall = pgTable(
  'do_not_call',
  {
    ...col.organizationId(),
    phoneNumber: text('phone_number').notNull(),
    reason: text('reason').notNull().default(''),
    ...col.createdAt(),
  },
  (t) => [uniqueIndex('do_not_call_uq').on(t.organizationId, t.phoneNumber)],
);

/** The sandbox's outcome for calls to a number (the Outbound tab's sandbox control). */
export const sandboxCallOutcomes = pgTable(
  'sandbox_call_outcomes',
  {
    ...col.organizationId(),
    phoneNumber: text('phone_number').notNull(),
    outcome: text('outcome').notNull(),
    ...col.updatedAt(),
  },
  (t) => [uniqueIndex('sandbox_call_outcomes_uq').on(t.organizationId, t.phoneNumber)],
);
