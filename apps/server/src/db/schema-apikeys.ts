import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './schema';
import * as col from './columns';

// ---------- organization API keys (apikeys/; migration 0034) ----------

/**
 * An organization's API key. Only the key's SHA-256 is kept (the key is shown once). Each key
 * acts through a user of its own (`userId`, a bot user with no password) that is a member of the
 * organization while the key is active: every tenancy check the routes make holds for a key as
 * for a person, and it sees its organization only. Revoking removes that membership (the member
 * trigger tells every process) and marks the key revoked; the bot user stays, so what the key did
 * keeps a name.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    ...col.id(),
    ...col.organizationId(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    /** Hex SHA-256 of the whole key. */
    keyHash: text('key_hash').notNull().unique(),
    /** The key's last four characters (the list shows 'parley_…abcd'). */
    keyLast4: text('key_last4').notNull(),
    /** The owner or admin who made it (a user id; not a reference, so it outlives them). */
    createdBy: text('created_by'),
    ...col.createdAt(),
    lastUsedAt: col.timestamptz('last_used_at'),
    revokedAt: col.timestamptz('revoked_at'),
    revokedBy: text('revoked_by'),
  },
  (t) => [col.organizationCreatedIndex('api_keys_org_idx', t)],
);
