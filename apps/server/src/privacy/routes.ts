import { Hono } from 'hono';
import { privacySettingsUpdateSchema } from '@parley/api-client';
import { audit, changesBetween } from '../audit/log';
import type { AppEnv, Services } from '../lib/env';
import { readJson } from '../lib/http';
import { requireManagerOf, requireMembership } from '../lib/tenancy';
import { eraseContact, exportContact, parseContact } from './contacts';
import { purgeRoutes } from './purgeRoutes';
import { privacyOf, privacyToWire, updatePrivacy } from './settings';

/**
 * /api/org/{orgId}/privacy (every member reads; owners and admins change it) and a person's data,
 * /api/org/{orgId}/contacts/{contact}[/export] (owners and admins): docs/privacy.md.
 */
export function privacyRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  app.use('*', services.requireSession);

  app.get('/:orgId/privacy', async (c) => {
    const { orgId } = await requireMembership(db, c.get('user').id, c.req.param('orgId'));
    return c.json(privacyToWire(await privacyOf(db, orgId)));
  });

  app.put('/:orgId/privacy', async (c) => {
    const { orgId } = await requireManagerOf(db, c, 'change the privacy settings');
    const body = await readJson(c, privacySettingsUpdateSchema);
    const { before, after } = await updatePrivacy(db, orgId, body);
    const changes = changesBetween(privacyToWire(before), privacyToWire(after), {
      only: ['storage_mode', 'retention_days', 'redact_categories', 'phone_region'],
    });
    if (changes.length)
      await audit(c, services, orgId, {
        action: 'privacy.update',
        target: { type: 'organization', id: orgId },
        changes,
      });
    return c.json(privacyToWire(after));
  });

  app.get('/:orgId/contacts/:contact/export', async (c) => {
    const { orgId } = await requireManagerOf(db, c, "export a person's data");
    const contact = parseContact(c.req.param('contact'), (await privacyOf(db, orgId)).region);
    const doc = await exportContact(db, orgId, contact);
    await audit(c, services, orgId, {
      action: 'contact.export',
      target: { type: 'contact', id: contact.token },
      changes: [],
    });
    c.header('Content-Disposition', `attachment; filename="contact-export.json"`);
    return c.json(doc);
  });

  app.delete('/:orgId/contacts/:contact', async (c) => {
    const { orgId } = await requireManagerOf(db, c, "erase a person's data");
    const contact = parseContact(c.req.param('contact'), (await privacyOf(db, orgId)).region);
    const result = await eraseContact(db, orgId, contact);
    await audit(c, services, orgId, {
      action: 'contact.erase',
      target: { type: 'contact', id: contact.token },
      changes: Object.entries(result.erased).map(([field, after]) => ({
        field,
        before: null,
        after,
      })),
    });
    return c.json(result);
  });
  app.route('/', purgeRoutes(services));
  return app;
}
