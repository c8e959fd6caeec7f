import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import * as col from './columns';

// ---------- privacy (privacy/, audit/): migration 0035 ----------

/** An organization's storage mode, retention and redaction (privacy/settings.ts). */
export const privacySettings = pgTable('privacy_settings', {
  ...col.organizationKey(),
  storageMode: text('storage_mode')
    .$type<'full' | 'redacted' | 'metadata_only'>()
    .notNull()
    .default('full'),
  retentionDays: integer('retention_days'),
  redactCategories: jsonb('redact_categories')
    .$type<string[]>()
    .notNull()
    .default(sql`'["card","phone","email","iban","ssn","ip"]'::jsonb`),
  phoneRegion: text('phone_region'),
  ...col.updatedAt(),
});

/** One audit entry of the `{field, before, after}` kind (secrets '••••'). */
export interface AuditChangeRow {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * The append-only, hash-chained audit log (audit/): the database refuses UPDATE, DELETE and
 * TRUNCATE on it (migration 0035); one chain per organization, `seq` from 1.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    ...col.id(),
    organizationId: text('organization_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    at: col.timestamptz('at').notNull(),
    actorType: text('actor_type').$type<'user' | 'api_key' | 'system'>().notNull(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    changes: jsonb('changes').$type<AuditChangeRow[]>().notNull().default([]),
    ip: text('ip'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('audit_log_org_seq_uq').on(t.organizationId, t.seq),
    index('audit_log_org_action_idx').on(t.organizationId, t.action, t.seq),
  ],
);

/** What a purge removed so far, by kind (privacy/retention.ts; the contract's PurgeCounts). */
export type PurgeCounts = Record<string, number>;

/**
 * A purge of an organization's data older than `cutoff` (migration 0038): the retention job's or
 * one asked for; the job runner's queue (privacy/retentionWorker.ts).
 */
export const privacyPurges = pgTable(
  'privacy_purges',
  {
    ...col.id(),
    ...col.organizationId(),
    trigger: text('trigger').$type<'retention' | 'request'>().notNull(),
    cutoff: col.timestamptz('cutoff').notNull(),
    status: text('status')
      .$type<'queued' | 'running' | 'done' | 'failed'>()
      .notNull()
      .default('queued'),
    removed: jsonb('removed').$type<PurgeCounts>().notNull().default({}),
    ...col.jobLease(),
    requestedBy: text('requested_by'),
    error: text('error'),
    ...col.createdAt(),
    finishedAt: col.timestamptz('finished_at'),
  },
  (t) => [
    col.organizationCreatedIndex('privacy_purges_org_created_idx', t),
    index('privacy_purges_status_idx').on(t.status),
  ],
);
