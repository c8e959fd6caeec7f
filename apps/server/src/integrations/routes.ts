import { Hono, type Context } from 'hono';
import {
  auditSecretMask,
  integrationProviderSchema,
  setIntegrationRequestSchema,
} from '@parley/api-client';
import { audit } from '../audit/log';
import type { AppEnv, Services } from '../lib/env';
import { check, HttpError, notFound, readJson } from '../lib/http';
import { managers, requireMembership, requireRole } from '../lib/tenancy';
import {
  deleteIntegration,
  findIntegration,
  integrationToWire,
  listIntegrations,
  saveIntegration,
  testIntegration,
  decryptCredentials,
} from './store';
import { listProviderVoices, providersWithVoices } from './voiceProviders';
import { publicUrlOf } from '../lib/publicUrl';

const credentialsAction = 'change provider credentials';

/**
 * /api/integrations/organization/{org}[/{provider}[/test|/voices]]: set, test, read masked,
 * list a voice provider's voices with the stored key, delete.
 */
export function integrationRoutes(services: Services) {
  const { db, secrets, env } = services;
  const app = new Hono<AppEnv>();
  app.use('*', services.requireSession);
  const scope = async (org: string, userId: string) =>
    (await requireMembership(db, userId, org)).orgId;
  /** Changing or testing credentials is for owners and admins (docs/roles.md). */
  const manage = async (org: string, userId: string, action: string) =>
    (await requireRole(db, userId, org, managers, action)).orgId;
  const provider = (value: string) => check(integrationProviderSchema, value, 'provider');
  /** Callback URLs start at PUBLIC_URL, else at the address the console reached. */
  const base = (c: Context) => publicUrlOf(env) ?? new URL(c.req.url).origin;

  app.get('/organization/:org', async (c) => {
    const org = await scope(c.req.param('org'), c.get('user').id);
    return c.json({
      integrations: (await listIntegrations(db, org)).map((r) => integrationToWire(r, base(c))),
    });
  });
  app.get('/organization/:org/:provider', async (c) => {
    const org = await scope(c.req.param('org'), c.get('user').id);
    const row = await findIntegration(db, org, provider(c.req.param('provider')));
    if (!row) throw notFound('Integration');
    return c.json(integrationToWire(row, base(c)));
  });
  app.put('/organization/:org/:provider', async (c) => {
    const org = await manage(c.req.param('org'), c.get('user').id, credentialsAction);
    const name = provider(c.req.param('provider'));
    const body = await readJson(c, setIntegrationRequestSchema);
    const before = await findIntegration(db, org, name);
    const saved = await saveIntegration(db, secrets, org, name, body.credentials);
    // Credentials are secrets: which fields were set or replaced, never their values.
    const fields = [
      ...new Set([...Object.keys(before?.masked ?? {}), ...Object.keys(saved.masked)]),
    ];
    await audit(c, services, org, {
      action: before ? 'integration.update' : 'integration.create',
      target: { type: 'integration', id: name },
      changes: fields.map((f) => ({
        field: `credentials.${f}`,
        before: before?.masked[f] ? auditSecretMask : null,
        after: saved.masked[f] ? auditSecretMask : null,
      })),
    });
    return c.json(integrationToWire(saved, base(c)));
  });
  app.post('/organization/:org/:provider/test', async (c) => {
    const org = await manage(c.req.param('org'), c.get('user').id, 'test provider credentials');
    const row = await findIntegration(db, org, provider(c.req.param('provider')));
    if (!row) throw notFound('Integration');
    return c.json(await testIntegration(db, secrets, row, env));
  });
  app.get('/organization/:org/:provider/voices', async (c) => {
    const org = await scope(c.req.param('org'), c.get('user').id);
    const name = provider(c.req.param('provider'));
    if (!providersWithVoices.includes(name)) {
      const message = `voices can be listed for ${providersWithVoices.join(' and ')} only`;
      throw new HttpError(400, `provider: ${message}`, {
        issues: [{ field: 'provider', message }],
      });
    }
    const row = await findIntegration(db, org, name);
    if (!row) throw notFound('Integration');
    const result = await listProviderVoices(name, decryptCredentials(secrets, row).api_key!, env);
    if (!result.ok) throw new HttpError(502, result.message);
    return c.json({ voices: result.voices });
  });
  app.delete('/organization/:org/:provider', async (c) => {
    const org = await manage(c.req.param('org'), c.get('user').id, credentialsAction);
    const name = provider(c.req.param('provider'));
    if (!(await deleteIntegration(db, org, name))) throw notFound('Integration');
    await audit(c, services, org, {
      action: 'integration.delete',
      target: { type: 'integration', id: name },
      changes: [{ field: 'credentials', before: auditSecretMask, after: null }],
    });
    return c.json({ success: true, message: 'Integration removed' });
  });
  return app;
}
