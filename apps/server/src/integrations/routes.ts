import { Hono } from 'hono';
import { integrationProviderSchema, setIntegrationRequestSchema } from '@parley/api-client';
import type { AppEnv, Services } from '../lib/env';
import { check, notFound, readJson } from '../lib/http';
import { requireMembership } from '../lib/tenancy';
import {
  deleteIntegration,
  findIntegration,
  integrationToWire,
  listIntegrations,
  saveIntegration,
  testIntegration,
} from './store';

/** /api/integrations/organization/{org}[/{provider}[/test]]: set, test, read masked, delete. */
export function integrationRoutes({ db, secrets, env }: Services) {
  const app = new Hono<AppEnv>();
  const scope = async (org: string, userId: string) =>
    (await requireMembership(db, userId, org)).orgId;
  const provider = (value: string) => check(integrationProviderSchema, value, 'provider');

  app.get('/organization/:org', async (c) => {
    const org = await scope(c.req.param('org'), c.get('user').id);
    return c.json({ integrations: (await listIntegrations(db, org)).map(integrationToWire) });
  });
  app.get('/organization/:org/:provider', async (c) => {
    const org = await scope(c.req.param('org'), c.get('user').id);
    const row = await findIntegration(db, org, provider(c.req.param('provider')));
    if (!row) throw notFound('Integration');
    return c.json(integrationToWire(row));
  });
  app.put('/organization/:org/:provider', async (c) => {
    const org = await scope(c.req.param('org'), c.get('user').id);
    const name = provider(c.req.param('provider'));
    const body = await readJson(c, setIntegrationRequestSchema);
    return c.json(
      integrationToWire(await saveIntegration(db, secrets, org, name, body.credentials)),
    );
  });
  app.post('/organization/:org/:provider/test', async (c) => {
    const org = await scope(c.req.param('org'), c.get('user').id);
    const row = await findIntegration(db, org, provider(c.req.param('provider')));
    if (!row) throw notFound('Integration');
    return c.json(await testIntegration(db, secrets, row, env));
  });
  app.delete('/organization/:org/:provider', async (c) => {
    const org = await scope(c.req.param('org'), c.get('user').id);
    if (!(await deleteIntegration(db, org, provider(c.req.param('provider')))))
      throw notFound('Integration');
    return c.json({ success: true, message: 'Integration removed' });
  });
  return app;
}
