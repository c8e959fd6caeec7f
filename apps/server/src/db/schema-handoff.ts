import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './schema';
import * as col from './columns';

// ---------- handoff to people (issue 41, migration 0036) ----------

/**
 * A conversation's request for a person: by the agent (request_human, or the offline responder
 * hearing a request for one) or by the visitor ('Talk to a person'). Waiting while nobody has
 * taken it (`takenAt` null); one open request per conversation, closed on release.
 */
export const handoffs = pgTable(
  'handoffs',
  {
    ...col.id(),
    ...col.conversationId(),
    organizationId: text('organization_id').notNull(),
    agentName: text('agent_name'),
    channel: text('channel').notNull(),
    source: text('source').$type<'agent' | 'visitor'>().notNull(),
    reason: text('reason').notNull(),
    summary: text('summary').notNull().default(''),
    summarySource: text('summary_source')
      .$type<'model' | 'last_messages'>()
      .notNull()
      .default('last_messages'),
    inHours: boolean('in_hours').notNull(),
    requestedAt: col.timestamptz('requested_at').notNull().defaultNow(),
    takenAt: col.timestamptz('taken_at'),
    takenBy: text('taken_by'),
    takenByName: text('taken_by_name'),
    firstReplyAt: col.timestamptz('first_reply_at'),
    transferredTo: text('transferred_to'),
    transferredUserId: text('transferred_user_id'),
    closedAt: col.timestamptz('closed_at'),
  },
  (t) => [
    uniqueIndex('handoffs_open_uq')
      .on(t.conversationId)
      .where(sql`${t.closedAt} IS NULL`),
    index('handoffs_waiting_idx')
      .on(t.organizationId, t.requestedAt)
      .where(sql`${t.takenAt} IS NULL AND ${t.closedAt} IS NULL`),
    index('handoffs_agent_idx').on(t.agentName, t.requestedAt),
    index('handoffs_transferred_idx')
      .on(t.transferredUserId, t.requestedAt)
      .where(sql`${t.transferredUserId} IS NOT NULL`),
  ],
);

/** An organization's business hours (no row: open every day, all day, UTC). */
export const businessHours = pgTable('business_hours', {
  ...col.organizationKey(),
  timeZone: text('time_zone').notNull(),
  days: jsonb('days').$type<Record<string, Array<[string, string]>>>().notNull(),
  holidays: jsonb('holidays').$type<string[]>().notNull().default([]),
  outOfHoursMessage: text('out_of_hours_message').notNull(),
  ...col.updatedAt(),
});

/** A member's own phone number (E.164): a call's handoff is put through to it. */
export const userProfiles = pgTable('user_profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  phoneNumber: text('phone_number'),
  ...col.updatedAt(),
});

/** A member's alerts of one organization: e-mail when a conversation needs a person. */
export const memberNotifications = pgTable(
  'member_notifications',
  {
    ...col.organizationId(),
    ...col.userId(),
    handoffEmail: boolean('handoff_email').notNull().default(false),
    ...col.updatedAt(),
  },
  (t) => [primaryKey({ name: 'member_notifications_pk', columns: [t.organizationId, t.userId] })],
);
