import { Hono, type Context } from 'hono';
import { stream } from 'hono/streaming';
import type { z } from 'zod';
import {
  conversationListQuerySchema,
  exportQuerySchema,
  inboxEventsQuerySchema,
  memberReplyRequestSchema,
  toValidationError,
} from '@parley/api-client';
import type { AppEnv, Services } from '../lib/env';
import { HttpError, readJson } from '../lib/http';
import { organizationOf as organizationOfUser } from '../lib/tenancy';
import { csvLine, csvValues, exportColumns, exportRows } from './exportRows';
import { inboxEvents } from './inboxEvents';
import { conversationDetail, conversationFor, listConversations, threadMessageOf } from './queries';
import { sendMemberReply } from './send';
import { audit } from '../audit/log';
import { auditSecretMask } from '@parley/api-client';
import { heldBy, release, takeOver } from './takeover';
import { closeConversation } from './lifecycle';

/** The query string parsed with a contract schema; bad input → 400 naming the field. */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) {
    const body = toValidationError(parsed.error);
    throw new HttpError(400, body.error, { issues: body.issues });
  }
  return parsed.data;
}

/** The organization asked for (a member of it), else the user's only one. */
export const organizationOf = (c: Context<AppEnv>, services: Services, asked?: string) =>
  organizationOfUser(services.db, c.get('user').id, asked);

const memberOf = (c: Context<AppEnv>) => {
  const user = c.get('user');
  return { id: user.id, name: user.name || user.email };
};

/**
 * The inbox under /api/conversations (session): every channel's conversations of the
 * organization, a thread, takeover / release, close, a member's reply, and the streamed export.
 */
export function conversationRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  app.use('*', services.requireSession);

  app.get('/', async (c) => {
    const query = readQuery(c, conversationListQuerySchema);
    const orgId = await organizationOf(c, services, query.organization_id);
    return c.json(
      await listConversations(db, {
        orgId,
        userId: c.get('user').id,
        filters: query,
        cursor: query.cursor,
        limit: query.limit ?? 25,
      }),
    );
  });

  app.get('/export', async (c) => {
    const query = readQuery(c, exportQuerySchema);
    const orgId = await organizationOf(c, services, query.organization_id);
    const day = new Date().toISOString().slice(0, 10);
    const { organization_id: _org, ...filters } = query;
    await audit(c, services, orgId, {
      action: 'conversation.export',
      target: { type: 'organization', id: orgId },
      changes: Object.entries(filters)
        .filter(([, v]) => v !== undefined && v !== null && v !== '')
        // The search text may be a person's number or address: recorded only as set.
        .map(([field, v]) => ({
          field,
          before: null,
          after: field === 'q' ? auditSecretMask : v instanceof Date ? v.toISOString() : v,
        })),
    });
    c.header(
      'Content-Type',
      query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson',
    );
    c.header('Content-Disposition', `attachment; filename="conversations-${day}.${query.format}"`);
    c.header('Cache-Control', 'no-store');
    return stream(c, async (out) => {
      if (query.format === 'csv') await out.write(csvLine(exportColumns));
      for await (const batch of exportRows(db, orgId, query)) {
        if (out.aborted) return;
        await out.write(
          batch
            .map((row) =>
              query.format === 'csv' ? csvLine(csvValues(row)) : `${JSON.stringify(row)}\n`,
            )
            .join(''),
        );
      }
    });
  });

  // The inbox's live list: the organization's conversation changes as server-sent events.
  app.get('/events', async (c) => {
    const query = readQuery(c, inboxEventsQuerySchema);
    return inboxEvents(c, services, await organizationOf(c, services, query.organization_id));
  });

  app.get('/:id', async (c) => {
    const conv = await conversationFor(db, c.get('user').id, c.req.param('id'));
    return c.json(await conversationDetail(db, conv, c.get('user').id));
  });

  const holdAnswer = async (id: string) => {
    const hold = await heldBy(db, id);
    return {
      success: true as const,
      conversation: {
        id,
        status: hold ? ('held' as const) : ('open' as const),
        held_by: hold
          ? { user_id: hold.userId, name: hold.userName, since: hold.heldAt.toISOString() }
          : null,
      },
    };
  };

  // Taking over and releasing: the same route but for the step and the audit action.
  for (const [path, step, action] of [
    ['takeover', takeOver, 'conversation.takeover'],
    ['release', release, 'conversation.release'],
  ] as const)
    app.post(`/:id/${path}`, async (c) => {
      const conv = await conversationFor(db, c.get('user').id, c.req.param('id'));
      await step(db, conv, memberOf(c));
      await audit(c, services, conv.organizationId, {
        action,
        target: { type: 'conversation', id: conv.id },
      });
      return c.json(await holdAnswer(conv.id));
    });

  // A member ends a chat, SMS, WhatsApp or e-mail conversation (a later message reopens it).
  app.post('/:id/close', async (c) => {
    const conv = await conversationFor(db, c.get('user').id, c.req.param('id'));
    const closed = await closeConversation(db, conv);
    const hold = await heldBy(db, conv.id);
    return c.json({
      success: true as const,
      conversation: {
        id: conv.id,
        status: hold ? 'held' : closed.endedAt ? 'ended' : 'open',
        ended_at: closed.endedAt?.toISOString() ?? null,
        ended_by: closed.endedBy,
      },
    });
  });

  app.post('/:id/messages', async (c) => {
    const conv = await conversationFor(db, c.get('user').id, c.req.param('id'));
    const body = await readJson(c, memberReplyRequestSchema);
    const sent = await sendMemberReply(services, conv, memberOf(c), body.text);
    return c.json({ message: threadMessageOf(sent) });
  });

  return app;
}
