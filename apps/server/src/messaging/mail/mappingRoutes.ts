import { Hono } from 'hono';
import {
  mailAgentMappingQuerySchema,
  mailMessages as words,
  mailSendRequestSchema,
  mailTestEmailQuerySchema,
  type MailSendAnswer,
} from '@parley/api-client';
import type { AppEnv, Services } from '../../lib/env';
import { HttpError } from '../../lib/http';
import { orgOf, readFields, validate } from '../routes';
import { listMappings, mappingToWire } from './mailboxes';
import { agentOfMapping, assignAgent, fromMailbox, unassignAgent } from './mailboxStore';
import {
  mailThreadsOf,
  messageIdsByThread,
  queueMemberSend,
  threadMessagesOf,
} from './mailThreadStore';
import { sendMailNow as sendNow } from './sendNow';
import { emailParam, memberOf, queryOf } from './routeHelpers';

/** The Email tab's lists: this many threads, this many messages each. */
const threadLimit = 50;
const messagesPerThread = 100;

/** §7's Email calls: the agent mappings, the threads, a member's send and the test e-mail. */
export function mailMappingRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();

  app.get('/agent-mappings', async (c) => {
    const orgId = await orgOf(c, db);
    const mappings = await listMappings(db, orgId);
    return c.json({ mappings, total_mappings: mappings.length });
  });

  app.post('/agent-mapping', async (c) => {
    const fields = { ...(await readFields(c)), ...queryOf(c) };
    const orgId = await orgOf(c, db, fields);
    const form = validate(mailAgentMappingQuerySchema, fields);
    const agent = await agentOfMapping(db, orgId, form);
    const row = await assignAgent(db, orgId, {
      emailAddress: form.email_address,
      agentName: agent.agentName,
      description: form.description,
    });
    return c.json({ success: true, message: words.assigned, data: mappingToWire(row, agent) });
  });

  app.delete('/unassign-email-agent/:email', async (c) => {
    const orgId = await orgOf(c, db);
    const email = emailParam(c);
    if (!(await unassignAgent(db, orgId, email)))
      throw new HttpError(404, 'Email mapping not found');
    return c.json({ success: true, message: words.unassigned });
  });

  app.get('/conversation-mappings', async (c) => {
    const orgId = await orgOf(c, db);
    const threads = await mailThreadsOf(db, orgId, 500);
    const byThread = await messageIdsByThread(
      db,
      threads.map((t) => t.id),
    );
    const mappings = threads.map((t) => ({
      conversation_id: t.id,
      email_address: t.agentAddress ?? '',
      end_user: t.endUser,
      subject: String(t.metadata.subject ?? ''),
      agent_id: t.agentName,
      message_ids: byThread.get(t.id) ?? [],
      last_activity: t.updatedAt.toISOString(),
    }));
    return c.json({ mappings, total_mappings: mappings.length });
  });

  app.get('/webhook/conversations', async (c) => {
    const orgId = await orgOf(c, db);
    const mailbox = c.req.query('mailbox')?.trim().toLowerCase();
    const threads = await mailThreadsOf(db, orgId, threadLimit, mailbox);
    const byThread = await threadMessagesOf(db, threads, messagesPerThread);
    return c.json({
      conversations: threads.map((t) => {
        const list = byThread.get(t.id) ?? [];
        return {
          id: t.id,
          agent_id: t.agentName,
          mailbox: t.agentAddress ?? '',
          end_user: t.endUser,
          subject: String(t.metadata.subject ?? ''),
          drafts_waiting: list.filter((r) => r.m.status === 'draft').length,
          updated_at: t.updatedAt.toISOString(),
          messages: list.map(({ m, mail }) => {
            const inbound = m.direction === 'inbound';
            return {
              id: m.id,
              direction: inbound ? ('inbound' as const) : ('outbound' as const),
              author: (m.author ?? (inbound ? 'visitor' : 'agent')) as
                'visitor' | 'agent' | 'member',
              from: mail?.fromAddress ?? (inbound ? t.endUser : (t.agentAddress ?? '')),
              to: mail?.toAddress ?? (inbound ? (t.agentAddress ?? '') : t.endUser),
              subject: mail?.subject ?? String(t.metadata.subject ?? ''),
              text: m.content,
              status: m.status ?? (inbound ? 'received' : 'sending'),
              not_answered: mail?.notAnswered ?? null,
              message_id: mail?.rfcMessageId ?? null,
              in_reply_to: mail?.inReplyTo ?? null,
              offline: m.offline,
              error: m.error,
              created_at: m.createdAt.toISOString(),
              ...(m.toolSteps?.length ? { tool_steps: m.toolSteps } : {}),
            };
          }),
        };
      }),
    });
  });

  app.post('/webhook/send', async (c) => {
    const fields = await readFields(c);
    const orgId = await orgOf(c, db, fields);
    const body = validate(mailSendRequestSchema, fields);
    const mailbox = await fromMailbox(db, orgId, body.receiving_number, 'receiving_number');
    const mail = { to: body.recipient_phone, subject: body.context, text: body.message_text };
    const due = body.scheduled_time ? new Date(body.scheduled_time) : null;
    if (due && due.getTime() > Date.now()) {
      const queued = await queueMemberSend(db, mailbox, mail, {
        member: memberOf(c),
        maxAttempts: body.max_retries,
        due,
      });
      return c.json({
        success: true,
        message: words.queued,
        data: {
          status: 'queued',
          message_id: queued.rfcMessageId,
          conversation_id: queued.conversationId,
          from_email: mailbox.emailAddress,
          to_email: mail.to,
          scheduled_time: due.toISOString(),
        },
        timestamp: new Date().toISOString(),
      } satisfies MailSendAnswer);
    }
    return c.json(await sendNow(services, mailbox, mail, 'member', memberOf(c)));
  });

  app.post('/send-test-email', async (c) => {
    const query = queryOf(c);
    const orgId = await orgOf(c, db, query);
    const q = validate(mailTestEmailQuerySchema, query);
    const mailbox = await fromMailbox(db, orgId, q.from_email, 'from_email');
    return c.json(
      await sendNow(
        services,
        mailbox,
        { to: q.to_email, subject: q.subject, text: q.message },
        'member',
        memberOf(c),
      ),
    );
  });

  return app;
}
