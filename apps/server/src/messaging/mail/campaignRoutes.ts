import { Hono } from 'hono';
import type { AppEnv, Services } from '../../lib/env';
import { publicUrlOf } from '../../telephony/resolve';
import { orgOf } from '../routes';
import { campaignAction, campaignOf, listCampaigns } from './campaigns';
import { createCampaign } from './campaignCreate';
import { fromMailbox } from './mailboxStore';
import { prepareCampaignInWorker } from './parsePool';
import { origin } from './routeHelpers';

/** Campaigns: list, create (recipients read in the mail worker thread), pause, resume, cancel. */
export function mailCampaignRoutes(services: Services) {
  const { db, env } = services;
  const app = new Hono<AppEnv>();

  app.get('/campaigns', async (c) => {
    const orgId = await orgOf(c, db);
    return c.json({ campaigns: await listCampaigns(db, orgId) });
  });

  app.post('/campaigns', async (c) => {
    // Read and validated in the mail worker thread: a 100,000-recipient body never blocks here.
    const json = (c.req.header('Content-Type') ?? '').includes('application/json');
    const prepared = await prepareCampaignInWorker(new Uint8Array(await c.req.arrayBuffer()), json);
    const orgId = await orgOf(c, db, prepared.request);
    const { from_email: from } = prepared.request;
    const mailbox = await fromMailbox(db, orgId, from, 'from_email');
    const created = await createCampaign(db, mailbox, prepared, publicUrlOf(env) ?? origin(c));
    const [campaign] = await listCampaigns(db, orgId, created.id);
    return c.json({ success: true, message: 'Campaign created', campaign: campaign! });
  });

  app.get('/campaigns/:id', async (c) => {
    const orgId = await orgOf(c, db);
    const row = await campaignOf(db, orgId, c.req.param('id'));
    const [campaign] = await listCampaigns(db, orgId, row.id);
    return c.json({ success: true, message: '', campaign: campaign! });
  });

  for (const action of ['pause', 'resume', 'cancel'] as const)
    app.post(`/campaigns/:id/${action}`, async (c) => {
      const orgId = await orgOf(c, db);
      const row = await campaignOf(db, orgId, c.req.param('id'));
      await campaignAction(db, row, action);
      const [campaign] = await listCampaigns(db, orgId, row.id);
      const done = { pause: 'paused', resume: 'resumed', cancel: 'cancelled' }[action];
      return c.json({ success: true, message: `Campaign ${done}`, campaign: campaign! });
    });

  return app;
}
