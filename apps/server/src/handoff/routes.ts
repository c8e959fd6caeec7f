import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import {
  businessHoursSchema,
  memberNotificationsUpdateSchema,
  memberProfileUpdateSchema,
  waitingQuerySchema,
} from '@parley/api-client';
import { memberNotifications, userProfiles } from '../db/schema';
import type { AppEnv, Services } from '../lib/env';
import { HttpError, readJson } from '../lib/http';
import { organizationOf, requireManagerOf, requireMembership } from '../lib/tenancy';
import { readQuery } from '../conversations/routes';
import { waitingConversations } from '../conversations/queries';
import { businessHoursOf, saveBusinessHours } from './hoursStore';
import { audit, changesBetween } from '../audit/log';

/**
 * /api/org/{orgId}/business-hours (every member reads them; owners and admins change them) and
 * /api/org/{orgId}/notifications (the signed-in member's own alerts of the organization).
 */
export function handoffOrgRoutes(services: Services) {
  const { db, env, requireSession } = services;
  const app = new Hono<AppEnv>();
  app.use('*', requireSession);

  app.get('/:orgId/business-hours', async (c) => {
    const { orgId } = await requireMembership(db, c.get('user').id, c.req.param('orgId'));
    return c.json(await businessHoursOf(db, orgId));
  });

  app.put('/:orgId/business-hours', async (c) => {
    const { orgId } = await requireManagerOf(db, c, 'change business hours');
    const hours = await readJson(c, businessHoursSchema);
    const before = await businessHoursOf(db, orgId);
    const saved = await saveBusinessHours(db, orgId, hours);
    await audit(c, services, orgId, {
      action: 'business_hours.update',
      target: { type: 'organization', id: orgId },
      changes: changesBetween(before, saved),
    });
    return c.json(saved);
  });

  const mailer = () => Boolean(env.PARLEY_SMTP_URL?.trim());
  const alertsOf = async (orgId: string, userId: string) => {
    const [row] = await db
      .select({ handoffEmail: memberNotifications.handoffEmail })
      .from(memberNotifications)
      .where(
        and(eq(memberNotifications.organizationId, orgId), eq(memberNotifications.userId, userId)),
      )
      .limit(1);
    return { handoff_email: row?.handoffEmail ?? false, mailer: mailer() };
  };

  app.get('/:orgId/notifications', async (c) => {
    const userId = c.get('user').id;
    const { orgId } = await requireMembership(db, userId, c.req.param('orgId'));
    return c.json(await alertsOf(orgId, userId));
  });

  app.put('/:orgId/notifications', async (c) => {
    const userId = c.get('user').id;
    const { orgId } = await requireMembership(db, userId, c.req.param('orgId'));
    const body = await readJson(c, memberNotificationsUpdateSchema);
    const values = { handoffEmail: body.handoff_email, updatedAt: new Date() };
    await db
      .insert(memberNotifications)
      .values({ organizationId: orgId, userId, ...values })
      .onConflictDoUpdate({
        target: [memberNotifications.organizationId, memberNotifications.userId],
        set: values,
      });
    return c.json(await alertsOf(orgId, userId));
  });

  return app;
}

/** GET /api/conversations/waiting: the organization's conversations waiting for a person now. */
export function waitingRoutes({ db, requireSession }: Services) {
  const app = new Hono<AppEnv>();
  app.use('*', requireSession);
  app.get('/waiting', async (c) => {
    const query = readQuery(c, waitingQuerySchema);
    const userId = c.get('user').id;
    const orgId = await organizationOf(db, userId, query.organization_id);
    return c.json(await waitingConversations(db, { orgId, userId }));
  });
  return app;
}

const phoneMessage = 'must be a phone number with its country code, e.g. +14155550100';

/** A phone number as typed (spaces, dashes, brackets allowed) → E.164, or a 400 naming the field. */
export function e164Of(value: string): string {
  const parsed = value.startsWith('+') ? parsePhoneNumberFromString(value) : undefined;
  if (!parsed?.isValid())
    throw new HttpError(400, `phone_number: ${phoneMessage}`, {
      issues: [{ field: 'phone_number', message: phoneMessage }],
    });
  return parsed.number;
}

/** /api/account/profile: the signed-in member's own phone number (a call's handoff rings it). */
export function profileRoutes({ db, requireSession }: Services) {
  const app = new Hono<AppEnv>();
  app.use('*', requireSession);
  const phoneOf = async (userId: string) => {
    const [row] = await db
      .select({ phone: userProfiles.phoneNumber })
      .from(userProfiles)
      .where(eq(userProfiles.userId, userId))
      .limit(1);
    return { phone_number: row?.phone ?? null };
  };

  app.get('/profile', async (c) => c.json(await phoneOf(c.get('user').id)));

  app.put('/profile', async (c) => {
    const userId = c.get('user').id;
    const body = await readJson(c, memberProfileUpdateSchema);
    const phone = body.phone_number ? e164Of(body.phone_number) : null;
    const values = { phoneNumber: phone, updatedAt: new Date() };
    await db
      .insert(userProfiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: userProfiles.userId, set: values });
    return c.json(await phoneOf(userId));
  });

  return app;
}
