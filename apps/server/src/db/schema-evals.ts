import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { TestResult, TestTurn, ToolMock } from '@parley/api-client';
import { agents } from './schema';
import * as col from './columns';

// ---------- agent test suites (issue 30) ----------

/** A scripted conversation of an agent: user turns, each with expectations on the answer. */
export const agentTests = pgTable(
  'agent_tests',
  {
    ...col.id(),
    ...col.organizationId(),
    ...col.agentName(),
    name: text('name').notNull(),
    turns: jsonb('turns').$type<TestTurn[]>().notNull(),
    variables: jsonb('variables').$type<Record<string, string>>().notNull().default({}),
    toolMocks: jsonb('tool_mocks').$type<ToolMock[]>().notNull().default([]),
    repetitions: integer('repetitions').notNull().default(1),
    ...col.timestamps(),
  },
  (t) => [index('agent_tests_agent_idx').on(t.agentName, t.createdAt)],
);

/**
 * A run of an agent's tests: also the durable job (claimed with FOR UPDATE SKIP LOCKED while
 * `queued`, or `running` with an expired lease after a crash).
 */
export const agentTestRuns = pgTable(
  'agent_test_runs',
  {
    ...col.id(),
    ...col.organizationId(),
    ...col.agentName(),
    status: text('status')
      .$type<'queued' | 'running' | 'passed' | 'failed' | 'error'>()
      .notNull()
      .default('queued'),
    trigger: text('trigger').$type<'manual' | 'publish'>().notNull().default('manual'),
    /** The script goes through the local speech pipeline (espeak-ng → pocketsphinx → the agent). */
    voice: boolean('voice').notNull().default(false),
    /** The agent version the run ran against: 'draft' or the live version's number. */
    agentVersion: text('agent_version'),
    /** The tests to run, fixed when the run is asked for. */
    testIds: jsonb('test_ids').$type<string[]>().notNull(),
    total: integer('total').notNull(),
    /** The model calls the run was estimated to make (the organization's test budget counts them). */
    modelCalls: integer('model_calls').notNull().default(0),
    done: integer('done').notNull().default(0),
    results: jsonb('results').$type<TestResult[]>().notNull().default([]),
    error: text('error'),
    lockedUntil: col.timestamptz('locked_until'),
    ...col.createdAt(),
    finishedAt: col.timestamptz('finished_at'),
  },
  (t) => [
    index('agent_test_runs_agent_idx').on(t.agentName, t.createdAt),
    index('agent_test_runs_status_idx').on(t.status),
    col.organizationCreatedIndex('agent_test_runs_org_created_idx', t),
  ],
);

/** Per-agent test settings: 'Tests must pass to publish'. */
export const agentTestSettings = pgTable('agent_test_settings', {
  agentName: text('agent_name')
    .primaryKey()
    .references(() => agents.agentName, { onDelete: 'cascade' }),
  ...col.organizationId(),
  testsMustPass: boolean('tests_must_pass').notNull().default(false),
  ...col.updatedAt(),
});
