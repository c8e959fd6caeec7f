import { describe, expect, it } from 'vitest';
import {
  agentDocumentSchema,
  agentVersionsResponseSchema,
  draftChangesResponseSchema,
  exportVersionSchema,
  publishVersionRequestSchema,
  restoreVersionResponseSchema,
} from './versions';
import { createApiKeyRequestSchema } from './apiKeys';

/** The shapes issue 39 gives for the versions and agents-as-code calls. */
describe('the versions contract', () => {
  it('reads the answers as the issue words them', () => {
    expect(
      agentVersionsResponseSchema.parse({
        live_version: 2,
        draft_changed: true,
        versions: [
          {
            version: 2,
            published_at: '2026-11-28T10:00:00Z',
            published_by: 'Ada',
            note: 'x',
            restored_from: 1,
          },
          {
            version: 1,
            published_at: '2026-11-27T10:00:00Z',
            published_by: null,
            note: null,
            restored_from: null,
          },
        ],
      }).versions,
    ).toHaveLength(2);
    expect(
      draftChangesResponseSchema.parse({
        draft_changed: true,
        changes: [{ field: 'model_api_key', live: '••••', draft: '••••' }],
      }).changes[0]!.field,
    ).toBe('model_api_key');
    expect(
      restoreVersionResponseSchema.parse({ success: true, version: 3, restored_from: 1 }),
    ).toMatchObject({ version: 3 });
    expect(
      publishVersionRequestSchema.parse({
        chatbot_api_key: 'app-x',
        app_id: '6f1c2b9e-8d4a-4a57-9d2e-1f3b5c7d9e0a',
        note: ' New ',
      }).note,
    ).toBe('New');
  });

  it('checks the document envelope, naming the field', () => {
    const document = {
      kind: 'parley.agent',
      schema_version: 1,
      name: 'A',
      agent_type: 'knowledge',
      settings: {},
      tools: [],
      tests: [],
      analysis: null,
    };
    expect(agentDocumentSchema.parse(document)).toEqual(document);
    const wrong = agentDocumentSchema.safeParse({ ...document, schema_version: 2 });
    expect(
      wrong.success ? null : [wrong.error.issues[0]!.path, wrong.error.issues[0]!.message],
    ).toEqual([['schema_version'], 'must be 1']);
    expect(agentDocumentSchema.safeParse({ ...document, settings: [] }).success).toBe(false);
  });

  it('export takes draft, live or a version number', () => {
    for (const ok of ['draft', 'live', '1', '12'])
      expect(exportVersionSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['0', 'latest', '-1', '1.5'])
      expect(exportVersionSchema.safeParse(bad).success).toBe(false);
  });

  it('a key is made with a name and known scopes, each once', () => {
    expect(createApiKeyRequestSchema.parse({ name: ' CI ', scopes: ['agents:read'] })).toEqual({
      name: 'CI',
      scopes: ['agents:read'],
    });
    expect(
      createApiKeyRequestSchema.safeParse({ name: 'CI\u0000', scopes: ['agents:read'] }).success,
    ).toBe(false);
  });
});
