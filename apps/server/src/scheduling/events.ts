import { and, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { ScheduledEvent, UpdateScheduledRequest } from '@parley/api-client';
import { scheduleMessages } from '@parley/api-client';
import type { Db } from '../db/client';
import { agents, scheduledEvents, type ScheduledAttempt } from '../db/schema';
import { HttpError, notFound } from '../lib/http';
import type { NewScheduledCall } from '../tools/builtinServices';

export type EventRow = typeof scheduledEvents.$inferSelect;

/** The event as the API gives it: the spec's fields plus attempts, newest first. */
export function toWire(row: EventRow): ScheduledEvent {
  return {
    scheduled_id: row.id,
    organization_id: row.organizationId,
    agent_id: row.agentName,
    call_type: 'outbound_call',
    recipient_phone: row.recipientPhone,
    scheduled_time: row.scheduledTime.toISOString(),
    flexible_time_minutes: row.flexibleTimeMinutes,
    max_retries: row.maxRetries,
    status: row.status,
    message_template: row.messageTemplate,
    status_reason: row.statusReason,
    next_attempt_at: row.status === 'scheduled' ? row.nextAttemptAt.toISOString() : null,
    attempts: [...row.attempts].reverse().map((a: ScheduledAttempt) => ({
      attempt: a.attempt,
      started_at: a.started_at,
      ended_at: a.ended_at,
      outcome: a.outcome,
      provider_call_id: a.provider_call_id,
      duration_s: a.duration_s,
      conversation_id: a.conversation_id,
      error: a.error ?? null,
    })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The agent, if it belongs to the organization; else 404 (another tenant's agent is never revealed). */
export async function requireOrgAgent(db: Db, orgId: string, agentName: string) {
  const [agent] = await db
    .select({ agentName: agents.agentName })
    .from(agents)
    .where(and(eq(agents.agentName, agentName), eq(agents.organizationId, orgId)))
    .limit(1);
  if (!agent) throw notFound('Agent');
  return agent;
}

/** A scheduled time in the past is refused (400 naming the field). */
export function requireFuture(time: Date, now: Date) {
  if (time.getTime() <= now.getTime())
    throw new HttpError(400, `scheduled_time: ${scheduleMessages.timePast}`, {
      issues: [{ field: 'scheduled_time', message: scheduleMessages.timePast }],
    });
}

export async function createEvent(db: Db, input: NewScheduledCall) {
  const [row] = await db
    .insert(scheduledEvents)
    .values({
      organizationId: input.orgId,
      agentName: input.agentName,
      recipientPhone: input.recipientPhone,
      scheduledTime: input.scheduledTime,
      flexibleTimeMinutes: input.flexibleTimeMinutes,
      maxRetries: input.maxRetries,
      messageTemplate: input.messageTemplate,
      nextAttemptAt: input.scheduledTime,
    })
    .returning();
  return row!;
}

/** An event of one of the given organizations, else 404. */
export async function findEvent(db: Db, orgIds: readonly string[], id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('Scheduled event');
  const [row] = await db.select().from(scheduledEvents).where(eq(scheduledEvents.id, id)).limit(1);
  if (!row || !orgIds.includes(row.organizationId)) throw notFound('Scheduled event');
  return row;
}

/** Changes a pending event; a running or finished one cannot change (409). */
export async function updateEvent(
  db: Db,
  row: EventRow,
  body: UpdateScheduledRequest,
  now: Date,
): Promise<EventRow> {
  const scheduledTime = body.scheduled_time ? new Date(body.scheduled_time) : row.scheduledTime;
  if (body.scheduled_time) requireFuture(scheduledTime, now);
  if (body.agent_id && body.agent_id !== row.agentName)
    await requireOrgAgent(db, row.organizationId, body.agent_id);
  const [updated] = await db
    .update(scheduledEvents)
    .set({
      agentName: body.agent_id ?? row.agentName,
      recipientPhone: body.recipient_phone ?? row.recipientPhone,
      scheduledTime,
      flexibleTimeMinutes: body.flexible_time_minutes ?? row.flexibleTimeMinutes,
      maxRetries: body.max_retries ?? row.maxRetries,
      messageTemplate:
        body.message_template === undefined ? row.messageTemplate : body.message_template,
      // A new time starts the event over (its window and its first attempt).
      nextAttemptAt: body.scheduled_time ? scheduledTime : row.nextAttemptAt,
      statusReason: body.scheduled_time ? null : row.statusReason,
      updatedAt: now,
    })
    // Only while still pending: a claim taken meanwhile wins, and the edit is refused.
    .where(and(eq(scheduledEvents.id, row.id), eq(scheduledEvents.status, 'scheduled')))
    .returning();
  if (!updated)
    throw new HttpError(
      409,
      `status: the event is ${row.status === 'scheduled' ? 'being dialled' : row.status} and can no longer be edited`,
    );
  return updated;
}

/**
 * DELETE: the event is removed (no longer listed nor counted), pending or finished; a call being
 * dialled or in progress cannot be deleted (409). A pending event is removed only while still
 * pending: a claim taken meanwhile wins, and the delete is refused.
 */
export async function deleteEvent(db: Db, row: EventRow) {
  if (row.status === 'in_progress')
    throw new HttpError(409, 'status: the call is in progress and cannot be deleted now');
  const removed = await db
    .delete(scheduledEvents)
    .where(and(eq(scheduledEvents.id, row.id), ne(scheduledEvents.status, 'in_progress')))
    .returning({ id: scheduledEvents.id });
  if (!removed.length)
    throw new HttpError(409, 'status: the call is being dialled and cannot be deleted now');
  return { removed: true };
}

export async function listEvents(
  db: Db,
  orgId: string,
  query: {
    agent_id?: string;
    call_type?: string;
    status?: string;
    limit?: number;
    offset?: number;
  },
) {
  const where: SQL[] = [eq(scheduledEvents.organizationId, orgId)];
  if (query.agent_id) where.push(eq(scheduledEvents.agentName, query.agent_id));
  if (query.call_type) where.push(eq(scheduledEvents.callType, query.call_type));
  if (query.status) where.push(eq(scheduledEvents.status, query.status as EventRow['status']));
  const filter = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(scheduledEvents)
      .where(filter)
      .orderBy(desc(scheduledEvents.createdAt), desc(scheduledEvents.id))
      .limit(query.limit ?? 100)
      .offset(query.offset ?? 0),
    db.select({ n: count() }).from(scheduledEvents).where(filter),
  ]);
  return { rows, total: total?.n ?? 0 };
}
