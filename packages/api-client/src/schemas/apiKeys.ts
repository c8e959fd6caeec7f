import { z } from 'zod';
import { controlCharacters, controlCharactersMessage } from './common';

/**
 * Organization API keys (issue 39 item 5): a key made by an owner or admin, sent as the
 * `x-api-key` header on /api, /voice and /messaging, acting for its organization only and only
 * within its scopes. docs/versions.md "API keys and scopes" says which calls each scope opens.
 */
export const apiKeyScopes = [
  'agents:read',
  'agents:write',
  'agents:publish',
  'conversations:read',
  'channels:write',
  'knowledge:write',
] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

export const apiKeyScopeSchema = z.enum(apiKeyScopes, {
  error: `must be one of ${apiKeyScopes.join(', ')}`,
});

/** What each scope allows, in the console's words (the create form's checkboxes). */
export const apiKeyScopeDescriptions: Record<ApiKeyScope, string> = {
  'agents:read': 'Read agents, their tools, tests, test runs, versions and exports',
  'agents:write': 'Create, edit and delete agents, their drafts, tools and tests; run tests',
  'agents:publish': 'Publish an agent and restore an earlier version',
  'conversations:read': 'Read conversations, call logs, message threads and analytics',
  'channels:write':
    'Phone numbers, SMS, WhatsApp, email and scheduled calls: assign agents, send, take over',
  'knowledge:write': 'Read and change knowledge bases and their documents',
};

/** Every key starts with this, so a leaked one is recognisable (and secret scanners can match it). */
export const apiKeyPrefix = 'parley_';
/** The whole key: the prefix and 43 base64url characters (32 random bytes). */
export const apiKeyPattern = /^parley_[A-Za-z0-9_-]{43}$/;
/** Active keys an organization may hold at once. */
export const maxApiKeysPerOrganization = 50;
export const apiKeyNameMaxLength = 100;

export const createApiKeyRequestSchema = z.object({
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(apiKeyNameMaxLength, `must be at most ${apiKeyNameMaxLength} characters`)
    .refine((v) => !controlCharacters.test(v), controlCharactersMessage),
  scopes: z
    .array(apiKeyScopeSchema, { error: 'must be a list of scopes' })
    .min(1, 'choose at least one scope')
    .max(apiKeyScopes.length, `at most ${apiKeyScopes.length} scopes`)
    .refine((list) => new Set(list).size === list.length, 'each scope may appear once'),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;

/** A key as listed: never the key itself, only its last four characters (`key_hint`). */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  /** 'parley_…abcd': the prefix and the key's last four characters. */
  key_hint: z.string(),
  created_at: z.string(),
  /** The name of the owner or admin who made it (null once they are gone). */
  created_by: z.string().nullable(),
  /** The last call made with it (to the minute), null when never used. */
  last_used_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** 201: the key itself, shown this once (only its hash is stored). */
export const createApiKeyResponseSchema = apiKeySchema.extend({ key: z.string() });
export type CreateApiKeyResponse = z.infer<typeof createApiKeyResponseSchema>;

export const apiKeysListSchema = z.object({ api_keys: z.array(apiKeySchema) });
export type ApiKeysList = z.infer<typeof apiKeysListSchema>;

export const revokeApiKeyResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
