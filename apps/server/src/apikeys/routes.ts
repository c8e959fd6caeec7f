import { Hono } from 'hono';
import { createApiKeyRequestSchema } from '@parley/api-client';
import type { AppEnv, Services } from '../lib/env';
import { readJson } from '../lib/http';
import { audit } from '../audit/log';
import { requireManagerOf, requireMembership } from '../lib/tenancy';
import { createApiKey, listApiKeys, revokeApiKey } from './keys';

/**
 * /api/org/{orgId}/api-keys: the organization's API keys. Every member sees the list (masked,
 * with last use); owners and admins create (the key is in the 201 answer, once) and revoke
 * (at once, on every server process). docs/versions.md "API keys and scopes".
 */
export function apiKeyRoutes(services: Services) {
  const { db, requireSession } = services;
  const app = new Hono<AppEnv>();
  app.use('*', requireSession);

  app.get('/:orgId/api-keys', async (c) => {
    const { orgId } = await requireMembership(db, c.get('user').id, c.req.param('orgId'));
    return c.json({ api_keys: await listApiKeys(db, orgId) });
  });

  app.post('/:orgId/api-keys', async (c) => {
    const me = c.get('user');
    const { orgId } = await requireManagerOf(db, c, 'create API keys');
    const body = await readJson(c, createApiKeyRequestSchema);
    const created = await createApiKey(db, {
      orgId,
      name: body.name,
      scopes: body.scopes,
      createdBy: me,
    });
    // The key itself never: its name, scopes and masked prefix.
    await audit(c, services, orgId, {
      action: 'api_key.create',
      target: { type: 'api_key', id: created.id },
      changes: [
        { field: 'name', before: null, after: created.name },
        { field: 'scopes', before: null, after: created.scopes },
      ],
    });
    return c.json(created, 201);
  });

  app.delete('/:orgId/api-keys/:id', async (c) => {
    const me = c.get('user');
    const { orgId } = await requireManagerOf(db, c, 'revoke API keys');
    const id = c.req.param('id');
    const revoked = await revokeApiKey(db, orgId, id, me.id);
    await audit(c, services, orgId, {
      action: 'api_key.revoke',
      target: { type: 'api_key', id },
      changes: [{ field: 'name', before: revoked.name, after: null }],
    });
    return c.json({ success: true as const, message: 'API key revoked' });
  });

  return app;
}
