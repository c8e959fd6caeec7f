import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organization } from './schema';

// ---------- privacy (privacy/, audit/): migration 0035 ----------

/** An organization's storage mode, retention and redaction (privacy/settings.ts). */
export const privacySettings = pgTable('privacy_settings', {
  organizationId: text('organization_id')
    .primaryKey()
    .references(() => organization.id, { onDelete: 'cascade' }),
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
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: text('organization_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
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
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    trigger: text('trigger').$type<'retention' | 'request'>().notNull(),
    cutoff: timestamp('cutoff', { withTimezone: true }).notNull(),
    status: text('status')
      .$type<'queued' | 'running' | 'done' | 'failed'>()
      .notNull()
      .default('queued'),
    removed: jsonb('removed').$type<PurgeCounts>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    requestedBy: text('requested_by'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('privacy_purges_org_created_idx').on(t.organizationId, t.createdAt),
    index('privacy_purges_status_idx').on(t.status),
  ],
);
