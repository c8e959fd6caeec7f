import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { agents, conversations, organization, user } from './schema';

// ---------- the column groups the tables repeat (spread into pgTable: `...col.id()`) ----------
// Each helper returns fresh builders, named as the tables always named them. They are function
// declarations (hoisted): the schema files import each other in a cycle through './schema', so a
// table may be built before this module's body has run; references are resolved lazily.

/** `timestamp with time zone`: the only kind of time the schema stores. */
export function timestamptz(name: string) {
  return timestamp(name, { withTimezone: true });
}

/** A PostgreSQL full-text vector (`tsvector`) column. */
export function tsvector(name: string) {
  return customType<{ data: string }>({ dataType: () => 'tsvector' })(name);
}

/** `id uuid PRIMARY KEY DEFAULT gen_random_uuid()`. */
export function id() {
  return {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
  };
}

/** `created_at timestamptz NOT NULL DEFAULT now()`. */
export function createdAt() {
  return { createdAt: timestamptz('created_at').notNull().defaultNow() };
}

/** `created_at timestamptz NOT NULL DEFAULT clock_timestamp()`: ordered within one transaction. */
export function clockCreatedAt() {
  return {
    createdAt: timestamptz('created_at')
      .notNull()
      .default(sql`clock_timestamp()`),
  };
}

/** `updated_at timestamptz NOT NULL DEFAULT now()`. */
export function updatedAt() {
  return { updatedAt: timestamptz('updated_at').notNull().defaultNow() };
}

/** `created_at` and `updated_at`, both `timestamptz NOT NULL DEFAULT now()`. */
export function timestamps() {
  return { ...createdAt(), ...updatedAt() };
}

/** A job row's tries so far and its claim's lease: `attempts` (from 0) and `locked_at`. */
export function jobLease() {
  return {
    attempts: integer('attempts').notNull().default(0),
    lockedAt: timestamptz('locked_at'),
  };
}

/** `last_tested_at`, `last_test_ok`, `last_test_message`: a connection test's last answer. */
export function lastTest() {
  return {
    lastTestedAt: timestamptz('last_tested_at'),
    lastTestOk: boolean('last_test_ok'),
    lastTestMessage: text('last_test_message'),
  };
}

// ---------- references (ON DELETE CASCADE unless named) ----------

/** `organization_id text NOT NULL REFERENCES organization ON DELETE CASCADE`. */
export function organizationId() {
  return {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
  };
}

/** `organization_id text PRIMARY KEY REFERENCES organization ON DELETE CASCADE`: one row each. */
export function organizationKey() {
  return {
    organizationId: text('organization_id')
      .primaryKey()
      .references(() => organization.id, { onDelete: 'cascade' }),
  };
}

/** `agent_name text NOT NULL REFERENCES agents ON DELETE CASCADE`. */
export function agentName() {
  return {
    agentName: text('agent_name')
      .notNull()
      .references(() => agents.agentName, { onDelete: 'cascade' }),
  };
}

/** `conversation_id uuid NOT NULL REFERENCES conversations ON DELETE CASCADE`. */
export function conversationId() {
  return {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
  };
}

/** `conversation_id uuid PRIMARY KEY REFERENCES conversations ON DELETE CASCADE`: one row each. */
export function conversationKey() {
  return {
    conversationId: uuid('conversation_id')
      .primaryKey()
      .references(() => conversations.id, { onDelete: 'cascade' }),
  };
}

/** `user_id text NOT NULL REFERENCES user ON DELETE CASCADE`. */
export function userId() {
  return {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  };
}

// ---------- indexes ----------

/** `(organization_id, created_at)`: an organization's rows in the order they were made. */
export function organizationCreatedIndex(
  name: string,
  t: { organizationId: AnyPgColumn; createdAt: AnyPgColumn },
) {
  return index(name).on(t.organizationId, t.createdAt);
}
