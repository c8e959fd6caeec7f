import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OutcomeFieldValue, OutcomeSuccess } from '@parley/api-client';
import { agents, conversations, organization } from './schema';

// ---------- outcomes (outcomes/, drizzle/0039, docs/outcomes.md) ----------

/** What the storage mode kept of an outcome's text. */
export type OutcomeStoredAs = 'full' | 'redacted' | 'metadata_only';

/** A conversation's outcome: the last analysis of its last end. */
export const conversationAnalyses = pgTable(
  'conversation_analyses',
  {
    conversationId: uuid('conversation_id')
      .primaryKey()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    agentName: text('agent_name'),
    status: text('status').$type<'done' | 'skipped' | 'failed'>().notNull(),
    reason: text('reason'),
    summary: text('summary'),
    success: jsonb('success').$type<Omit<OutcomeSuccess, 'passed'>>(),
    successPassed: boolean('success_passed'),
    fields: jsonb('fields').$type<Record<string, OutcomeFieldValue>>().notNull().default({}),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    agentVersion: text('agent_version'),
    storedAs: text('stored_as').$type<OutcomeStoredAs>().notNull().default('full'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    analyzedAt: timestamp('analyzed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversation_analyses_agent_idx').on(t.agentName, t.endedAt),
    index('conversation_analyses_org_idx').on(t.organizationId, t.successPassed),
  ],
);

/** A re-analysis of an agent's conversations that ended in [since, until], and its progress. */
export const analysisReruns = pgTable(
  'analysis_reruns',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    agentName: text('agent_name')
      .notNull()
      .references(() => agents.agentName, { onDelete: 'cascade' }),
    since: timestamp('since', { withTimezone: true }).notNull(),
    until: timestamp('until', { withTimezone: true }),
    status: text('status').$type<'running' | 'completed'>().notNull().default('running'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    agentVersion: text('agent_version'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('analysis_reruns_agent_idx').on(t.agentName, t.createdAt)],
);

/**
 * The analysis queue (lib/jobs): one waiting or running job per conversation; `claim` is the
 * running claim's token (only it may store the outcome).
 */
export const analysisJobs = pgTable(
  'analysis_jobs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id').notNull(),
    rerunId: uuid('rerun_id').references(() => analysisReruns.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    claim: uuid('claim'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('analysis_jobs_waiting_idx').on(t.createdAt)],
);
