import { Hono } from 'hono';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  createAppRequestSchema,
  deleteAppRequestSchema,
  getAppByKeyRequestSchema,
} from '@parley/api-client';
import type { AppEnv, Services } from '../lib/env';
import { HttpError, notFound, readJson } from '../lib/http';
import { requireMembership } from '../lib/tenancy';
import { apps, member } from '../db/schema';

/** A publishable app key: 'app-' + 24 random base62 characters. */
export function newAppKey(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(24);
  let out = 'app-';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}

/** The app service under /api/app: create-agent, delete-agent, get-app-by-key. */
export function appRoutes({ db, requireSession }: Services) {
  const app = new Hono<AppEnv>();
  app.use('*', requireSession);

  app.post('/create-agent', async (c) => {
    const body = await readJson(c, createAppRequestSchema);
    await requireMembership(db, c.get('user').id, body.organizationId);
    const [existing] = await db
      .select({ id: apps.id })
      .from(apps)
      .where(and(eq(apps.organizationId, body.organizationId), eq(apps.agentName, body.agentName)))
      .limit(1);
    if (existing)
      throw new HttpError(409, 'An app already exists for this agent', { success: false });
    const [row] = await db
      .insert(apps)
      .values({
        appKey: newAppKey(),
        agentName: body.agentName,
        organizationId: body.organizationId,
        modelProvider: body.modelProvider,
        modelName: body.modelName,
        agentType: body.agentType,
      })
      .returning();
    if (!row) throw new HttpError(500, 'Failed to create app');
    return c.json({ success: true, data: { appKey: row.appKey, appId: row.id } });
  });

  app.post('/delete-agent', async (c) => {
    const body = await readJson(c, deleteAppRequestSchema);
    await requireMembership(db, c.get('user').id, body.organizationId);
    const deleted = await db
      .delete(apps)
      .where(and(eq(apps.organizationId, body.organizationId), eq(apps.agentName, body.agentName)))
      .returning({ id: apps.id });
    if (deleted.length === 0) throw notFound('App');
    return c.json({ success: true });
  });

  app.post('/get-app-by-key', async (c) => {
    const { apiKey } = await readJson(c, getAppByKeyRequestSchema);
    const [row] = await db
      .select({ id: apps.id })
      .from(apps)
      .innerJoin(
        member,
        and(eq(member.organizationId, apps.organizationId), eq(member.userId, c.get('user').id)),
      )
      .where(eq(apps.appKey, apiKey))
      .limit(1);
    if (!row) throw notFound('App');
    return c.json({ appId: row.id });
  });

  return app;
}
