import { Hono } from 'hono';
import { auditLogQuerySchema, toValidationError } from '@parley/api-client';
import type { AppEnv, Services } from '../lib/env';
import { HttpError } from '../lib/http';
import { managers, requireRole } from '../lib/tenancy';
import { listAudit, verifyAudit } from './queries';

/** /api/org/{orgId}/audit-log[/verify]: owners and admins read the organization's audit log. */
export function auditRoutes({ db, requireSession }: Services) {
  const app = new Hono<AppEnv>();
  app.use('*', requireSession);
  const reader = (c: { get(key: 'user'): { id: string } }, orgId: string) =>
    requireRole(db, c.get('user').id, orgId, managers, 'read the audit log');

  app.get('/:orgId/audit-log', async (c) => {
    const orgId = c.req.param('orgId');
    await reader(c, orgId);
    const parsed = auditLogQuerySchema.safeParse(c.req.query());
    if (!parsed.success) {
      const body = toValidationError(parsed.error);
      throw new HttpError(400, body.error, { issues: body.issues });
    }
    return c.json(await listAudit(db, orgId, parsed.data));
  });

  app.get('/:orgId/audit-log/verify', async (c) => {
    const orgId = c.req.param('orgId');
    await reader(c, orgId);
    return c.json(await verifyAudit(db, orgId));
  });
  return app;
}
