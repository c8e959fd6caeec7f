import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { OutcomeFieldValue, OutcomeSuccess } from '@parley/api-client';
import * as col from './columns';

// ---------- outcomes (outcomes/, drizzle/0039, docs/outcomes.md) ----------

/** What the storage mode kept of an outcome's text. */
export type OutcomeStoredAs = 'full' | 'redacted' | 'metadata_only';

/** A conversation's outcome: the last analysis of its last end. */
export const conversationAnalyses = pgTable(
  'conversation_analyses',
  {
    ...col.conversationKey(),
    ...col.organizationId(),
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
    endedAt: col.timestamptz('ended_at'),
    analyzedAt: col.timestamptz('analyzed_at').notNull().defaultNow(),
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
    ...col.id(),
    ...col.organizationId(),
    ...col.agentName(),
    since: col.timestamptz('since').notNull(),
    until: col.timestamptz('until'),
    status: text('status').$type<'running' | 'completed'>().notNull().default('running'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    agentVersion: text('agent_version'),
    createdBy: text('created_by'),
    ...col.createdAt(),
    finishedAt: col.timestamptz('finished_at'),
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
    ...col.id(),
    ...col.conversationId(),
    organizationId: text('organization_id').notNull(),
    rerunId: uuid('rerun_id').references(() => analysisReruns.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    claim: uuid('claim'),
    lockedAt: col.timestamptz('locked_at'),
    ...col.clockCreatedAt(),
  },
  (t) => [index('analysis_jobs_waiting_idx').on(t.createdAt)],
);
