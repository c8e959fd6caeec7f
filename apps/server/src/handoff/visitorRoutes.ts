import { Hono } from 'hono';
import { z } from 'zod';
import {
  handoffNotice,
  personReplyingNotice,
  visitorHandoffRequestSchema,
  type VisitorHandoffResponse,
} from '@parley/api-client';
import { conversations } from '../db/schema';
import type { Services } from '../lib/env';
import { check, HttpError, readJson } from '../lib/http';
import { assertOriginAllowed } from '../lib/publicAccess';
import { agentForKey, ownConversationWhere, turnStored } from '../runtime/chat';
import { bearer } from '../runtime/difyRoutes';
import { heldBy } from '../conversations/takeover';
import { openNow } from './hoursStore';
import { recordHandoff } from './record';

const idSchema = z.uuid({ error: 'must be a conversation id' });

/**
 * POST /v1/conversations/{id}/handoff (the agent's key as bearer): 'Talk to a person'. Only the
 * conversation's own visitor (`user`) may ask; anyone else, another agent's key or an unknown id
 * gets 404. The conversation waits for a person (needs_human) and the visitor is told what
 * happens next by the organization's business hours.
 */
export function visitorHandoffRoutes(services: Services) {
  const { db } = services;
  const app = new Hono();
  app.post('/conversations/:id/handoff', async (c) => {
    const agent = await agentForKey(db, bearer(c.req.header('Authorization')));
    assertOriginAllowed(c.req.header('Origin'), agent.allowedOrigins);
    const body = await readJson(c, visitorHandoffRequestSchema);
    const id = check(idSchema, c.req.param('id'), 'conversation_id');
    await turnStored(id);
    const [conv] = await db
      .select()
      .from(conversations)
      .where(ownConversationWhere(agent, id, body.user))
      .limit(1);
    if (!conv) throw new HttpError(404, 'Conversation Not Exists.', { code: 'not_found' });
    if (!agent.talkToPerson)
      throw new HttpError(403, 'This agent does not offer to talk to a person', {
        code: 'handoff_not_offered',
      });
    const now = services.clock?.() ?? new Date();
    const hold = await heldBy(db, id);
    if (hold) {
      const held: VisitorHandoffResponse = {
        conversation_id: id,
        status: 'held',
        in_hours: true,
        message: personReplyingNotice,
        requested_at: hold.heldAt.toISOString(),
      };
      return c.json(held);
    }
    const { inHours, outOfHoursMessage } = await openNow(db, agent.organizationId, now);
    const recorded = await recordHandoff(
      services,
      {
        conversationId: id,
        organizationId: conv.organizationId,
        agentName: conv.agentName,
        channel: conv.channel,
        endUser: conv.endUser,
      },
      {
        reason: body.reason || 'The visitor asked to talk to a person',
        source: 'visitor',
        inHours,
      },
    );
    if (!recorded) throw new HttpError(500, 'The request for a person could not be stored');
    const answer: VisitorHandoffResponse = {
      conversation_id: id,
      status: 'needs_human',
      in_hours: inHours,
      message: handoffNotice(inHours, outOfHoursMessage),
      requested_at: recorded.row.requestedAt.toISOString(),
    };
    return c.json(answer);
  });
  return app;
}
