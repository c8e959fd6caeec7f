import { Hono } from 'hono';
import type { AppEnv, Services } from '../../lib/env';
import { registerMemberMail } from './memberReply';
import { mailMappingRoutes } from './mappingRoutes';
import { mailboxRoutes } from './mailboxRoutes';
import { mailDraftRoutes } from './draftRoutes';
import { mailSandboxRoutes } from './sandboxRoutes';
import { mailCampaignRoutes } from './campaignRoutes';

/** The inbound webhook (/webhooks/mail: a mailbox's inbound URL, unsubscribe links). */
export { mailWebhookRoutes } from './webhooks';

/**
 * /messaging/mail: the Email channel of the signed-in user's organization — §7's calls
 * (mappingRoutes.ts), the mailboxes' settings and test (mailboxRoutes.ts), drafts
 * (draftRoutes.ts), the sandbox outbox and 'Simulate inbound email' (sandboxRoutes.ts) and
 * campaigns (campaignRoutes.ts). Their queries live in mailboxStore.ts, mailThreadStore.ts,
 * draftStore.ts and campaigns.ts.
 */
export function mailRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.use('*', services.requireSession);
  // A member's reply in a held e-mail thread goes out through its mailbox.
  registerMemberMail();
  app.route('/', mailMappingRoutes(services));
  app.route('/', mailboxRoutes(services));
  app.route('/', mailDraftRoutes(services));
  app.route('/', mailSandboxRoutes(services));
  app.route('/', mailCampaignRoutes(services));
  return app;
}
