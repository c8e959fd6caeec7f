import { Hono, type Context } from 'hono';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer';
import {
  mailAgentMappingQuerySchema,
  mailboxRequestSchema,
  mailDraftSendRequestSchema,
  mailMessages as words,
  mailSendFailedWords,
  mailSendRequestSchema,
  mailSimulateInboundRequestSchema,
  mailTestEmailQuerySchema,
  sendFailedMessage,
  type MailSendAnswer,
} from '@parley/api-client';
import type { AppEnv, Services } from '../../lib/env';
import { HttpError } from '../../lib/http';
import { managers, requireRole } from '../../lib/tenancy';
import type { Db } from '../../db/client';
import {
  agents,
  conversations,
  mailboxes,
  mailMessages,
  mailOutbox,
  mailSends,
  messageReplies,
  messages,
} from '../../db/schema';
import { storageOf } from '../../privacy/agentPrivacy';
import { latestMessagesOf } from '../threadMessages';
import { orgOf, readFields, validate } from '../routes';
import { reserveSend, sendLimitsOf } from '../sendLimits';
import {
  listMailboxes,
  listMappings,
  mailboxOf,
  mappingToWire,
  newInboundToken,
  nextServerSettings,
  requireMailbox,
  serverOf,
} from './mailboxes';
import { deliverMail, MailSendError } from './send';
import { sendMailNow as sendNow } from './sendNow';
import { completeOutbound, recordOutbound } from './store';
import { checkImap, checkSmtp, mailAllowHosts } from './servers';
import { campaignAction, campaignOf, listCampaigns } from './campaigns';
import { createCampaign } from './campaignCreate';
import { prepareCampaignInWorker } from './parsePool';
import { receiveRaw } from './webhooks';
import { registerMemberMail } from './memberReply';
import { publicUrlOf } from '../../telephony/resolve';
import type { MailServerMasked } from '../../db/schema-mail';

export { mailWebhookRoutes } from './webhooks';

/** The Email tab's lists: this many threads, this many messages each. */
const threadLimit = 50;
const messagesPerThread = 100;

const origin = (c: Context) => new URL(c.req.url).origin;
const emailParam = (c: Context, name = 'email') => {
  const value = decodeURIComponent(c.req.param(name) ?? '')
    .trim()
    .toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value))
    throw new HttpError(400, `${name}: ${words.email}`);
  return value;
};
const queryOf = (c: Context) => Object.fromEntries(new URL(c.req.url).searchParams);
/** The signed-in member as a thread names them: their name, else their address. */
const memberOf = (c: Context<AppEnv>) => {
  const user = c.get('user');
  return { id: user.id, name: user.name?.trim() || user.email };
};

/**
 * The agent a mapping names: `agent_url` `agent:{id}` (its key then must be `api_key`, or its id
 * for an agent without one), else `api_key` is the chatbot key of one of the organization's
 * agents. Anything else is 400 naming the field, nothing written.
 */
async function agentOfMapping(db: Db, orgId: string, form: { agent_url: string; api_key: string }) {
  const named = /^agent:(.+)$/.exec(form.agent_url.trim());
  const [agent] = await db
    .select()
    .from(agents)
    .where(
      and(
        eq(agents.organizationId, orgId),
        named ? eq(agents.agentName, named[1]!) : eq(agents.chatbotKey, form.api_key),
      ),
    )
    .limit(1);
  if (!agent)
    throw named
      ? new HttpError(400, "agent_url: is not one of this organization's agents")
      : new HttpError(400, "api_key: is not the key of one of this organization's agents");
  if (named && form.api_key !== (agent.chatbotKey || agent.agentName))
    throw new HttpError(400, "api_key: is not this agent's key");
  return agent;
}

/** A mailbox of the organization named as a send's From (400 naming the field otherwise). */
async function fromMailbox(db: Db, orgId: string, email: string, field: string) {
  const row = await mailboxOf(db, orgId, email);
  if (!row) throw new HttpError(400, `${field}: is not one of this organization's mailboxes`);
  return row;
}

/** A raw message built from simple fields (for 'Simulate inbound email'). */
function composeRaw(fields: {
  from: string;
  to: string;
  subject: string;
  text: string;
  inReplyTo?: string;
}): Promise<Buffer> {
  const composer = new MailComposer({
    from: fields.from,
    to: fields.to,
    subject: fields.subject,
    text: fields.text,
    inReplyTo: fields.inReplyTo,
    references: fields.inReplyTo ? [fields.inReplyTo] : undefined,
  });
  return new Promise((resolve, reject) =>
    composer.compile().build((err, message) => (err ? reject(err) : resolve(message))),
  );
}

/** The same IMAP folder of the same account on the same server (its UID cursor still holds). */
function sameImapFolder(a: MailServerMasked | null, b: MailServerMasked | null) {
  return Boolean(
    a &&
    b &&
    a.host.toLowerCase() === b.host.toLowerCase() &&
    a.port === b.port &&
    a.username === b.username &&
    (a.folder || 'INBOX') === (b.folder || 'INBOX'),
  );
}

/**
 * /messaging/mail: the Email channel of the signed-in user's organization — §7's calls, the
 * mailboxes' settings and test, drafts, the sandbox outbox and 'Simulate inbound email'.
 */
export function mailRoutes(services: Services) {
  const { db, env, secrets } = services;
  const app = new Hono<AppEnv>();
  // A member's reply in a held e-mail thread goes out through its mailbox.
  registerMemberMail();

  // ---------- §7 ----------

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
    const now = new Date();
    const [row] = await db
      .insert(mailboxes)
      .values({
        organizationId: orgId,
        emailAddress: form.email_address,
        agentName: agent.agentName,
        description: form.description ?? null,
        agentAssignedAt: now,
        inboundToken: newInboundToken(),
      })
      .onConflictDoUpdate({
        target: [mailboxes.organizationId, mailboxes.emailAddress],
        set: {
          agentName: agent.agentName,
          agentAssignedAt: now,
          updatedAt: now,
          ...(form.description !== undefined ? { description: form.description } : {}),
        },
      })
      .returning();
    return c.json({ success: true, message: words.assigned, data: mappingToWire(row!, agent) });
  });

  app.delete('/unassign-email-agent/:email', async (c) => {
    const orgId = await orgOf(c, db);
    const email = emailParam(c);
    const done = await db
      .update(mailboxes)
      .set({ agentName: null, agentAssignedAt: null, updatedAt: new Date() })
      .where(
        and(
          eq(mailboxes.organizationId, orgId),
          eq(mailboxes.emailAddress, email),
          isNotNull(mailboxes.agentName),
        ),
      )
      .returning({ id: mailboxes.id });
    if (!done.length) throw new HttpError(404, 'Email mapping not found');
    return c.json({ success: true, message: words.unassigned });
  });

  app.get('/conversation-mappings', async (c) => {
    const orgId = await orgOf(c, db);
    const threads = await db
      .select()
      .from(conversations)
      .where(and(eq(conversations.organizationId, orgId), eq(conversations.channel, 'email')))
      .orderBy(desc(conversations.updatedAt))
      .limit(500);
    const ids = threads.map((t) => t.id);
    const rows = ids.length
      ? await db
          .select({ conversationId: mailMessages.conversationId, id: mailMessages.rfcMessageId })
          .from(mailMessages)
          .where(inArray(mailMessages.conversationId, ids))
          .orderBy(mailMessages.createdAt)
      : [];
    const byThread = new Map<string, string[]>();
    for (const r of rows)
      byThread.set(r.conversationId, [...(byThread.get(r.conversationId) ?? []), r.id]);
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
    const threads = await db
      .select()
      .from(conversations)
      .where(
        and(
          eq(conversations.organizationId, orgId),
          eq(conversations.channel, 'email'),
          mailbox ? eq(conversations.agentAddress, mailbox) : undefined,
        ),
      )
      .orderBy(desc(conversations.updatedAt))
      .limit(threadLimit);
    const list = await latestMessagesOf(
      db,
      threads.map((t) => t.id),
      messagesPerThread,
    );
    const mailRows = list.length
      ? await db
          .select()
          .from(mailMessages)
          .where(
            inArray(
              mailMessages.messageId,
              list.map((m) => m.id),
            ),
          )
      : [];
    const mailOf = new Map(mailRows.map((r) => [r.messageId, r]));
    const rows = list.map((m) => ({ m, mail: mailOf.get(m.id) ?? null }));
    const byThread = new Map<string, typeof rows>();
    for (const r of rows)
      byThread.set(r.m.conversationId, [...(byThread.get(r.m.conversationId) ?? []), r]);
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
      const queued = await db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const recorded = await recordOutbound(tx, mailbox, {
          ...mail,
          status: 'queued',
          author: 'member',
          metadata: { member_id: memberOf(c).id, member_name: memberOf(c).name },
        });
        await tx.insert(mailSends).values({
          organizationId: orgId,
          mailboxId: mailbox.id,
          toAddress: mail.to,
          subject: mail.subject,
          body: mail.text,
          messageId: recorded.messageId,
          rfcMessageId: recorded.rfcMessageId,
          maxAttempts: body.max_retries,
          dueAt: due,
        });
        return recorded;
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

  // ---------- mailboxes ----------

  app.get('/mailboxes', async (c) => {
    const orgId = await orgOf(c, db);
    return c.json({ mailboxes: await listMailboxes(db, env, origin(c), orgId) });
  });

  app.put('/mailboxes/:email', async (c) => {
    const fields = await readFields(c);
    const orgId = await orgOf(c, db, fields);
    await requireRole(db, c.get('user').id, orgId, managers, 'change mailbox settings');
    const email = emailParam(c);
    const body = validate(mailboxRequestSchema, fields);
    const current = await mailboxOf(db, orgId, email);
    const smtp = nextServerSettings(
      secrets,
      'smtp',
      body.smtp,
      current ? serverOf(secrets, current, 'smtp') : null,
    );
    const imap = nextServerSettings(
      secrets,
      'imap',
      body.imap,
      current ? serverOf(secrets, current, 'imap') : null,
    );
    const now = new Date();
    const set = {
      ...(smtp ? { smtpEncrypted: smtp.encrypted, smtpMasked: smtp.masked } : {}),
      ...(imap
        ? {
            imapEncrypted: imap.encrypted,
            imapMasked: imap.masked,
            imapLastError: null,
            // Another server, account or folder: its UIDs mean something else; read from its newest.
            ...(sameImapFolder(current?.imapMasked ?? null, imap.masked)
              ? {}
              : { imapUidValidity: null, imapLastUid: null }),
          }
        : {}),
      ...(body.display_name !== undefined ? { displayName: body.display_name || null } : {}),
      ...(body.autonomy ? { autonomy: body.autonomy } : {}),
      // New settings are not tested yet.
      ...(smtp || imap ? { lastTestedAt: null, lastTestOk: null, lastTestMessage: null } : {}),
      updatedAt: now,
    };
    if (current) await db.update(mailboxes).set(set).where(eq(mailboxes.id, current.id));
    else
      await db.insert(mailboxes).values({
        organizationId: orgId,
        emailAddress: email,
        inboundToken: newInboundToken(),
        ...set,
      });
    const [mailbox] = await listMailboxes(db, env, origin(c), orgId, email);
    return c.json({ success: true, message: words.mailboxSaved, mailbox: mailbox! });
  });

  app.delete('/mailboxes/:email', async (c) => {
    const orgId = await orgOf(c, db);
    await requireRole(db, c.get('user').id, orgId, managers, 'delete mailboxes');
    const mailbox = await requireMailbox(db, orgId, emailParam(c));
    await db.delete(mailboxes).where(eq(mailboxes.id, mailbox.id));
    return c.json({ success: true, message: words.mailboxDeleted });
  });

  app.post('/mailboxes/:email/test', async (c) => {
    const orgId = await orgOf(c, db);
    const mailbox = await requireMailbox(db, orgId, emailParam(c));
    const smtpServer = serverOf(secrets, mailbox, 'smtp');
    const imapServer = serverOf(secrets, mailbox, 'imap');
    if (!smtpServer && !imapServer)
      throw new HttpError(
        400,
        'smtp: this mailbox has no SMTP or IMAP settings to test (it sends into the sandbox outbox)',
      );
    const allow = mailAllowHosts(env);
    const [smtp, imap] = await Promise.all([
      smtpServer ? checkSmtp(smtpServer, allow) : null,
      imapServer ? checkImap(imapServer, allow) : null,
    ]);
    const success = (smtp?.ok ?? true) && (imap?.ok ?? true);
    const message = [smtp?.message, imap?.message].filter(Boolean).join('; ');
    await db
      .update(mailboxes)
      .set({ lastTestedAt: new Date(), lastTestOk: success, lastTestMessage: message })
      .where(eq(mailboxes.id, mailbox.id));
    return c.json({ success, message, smtp, imap });
  });

  // ---------- drafts ----------

  /** A draft of the organization (an agent's reply waiting for approval), else 404. */
  const draftOf = async (orgId: string, id: string) => {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
      throw new HttpError(404, 'Draft not found');
    const [row] = await db
      .select({ message: messages, mail: mailMessages, mailbox: mailboxes })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .innerJoin(mailMessages, eq(mailMessages.messageId, messages.id))
      .innerJoin(mailboxes, eq(mailboxes.id, mailMessages.mailboxId))
      .where(
        and(
          eq(messages.id, id),
          eq(conversations.organizationId, orgId),
          eq(messages.status, 'draft'),
        ),
      )
      .limit(1);
    if (!row) throw new HttpError(404, 'Draft not found');
    return row;
  };

  app.post('/drafts/:id/send', async (c) => {
    const fields = await readFields(c);
    const orgId = await orgOf(c, db, fields);
    const body = validate(mailDraftSendRequestSchema, fields);
    const { message, mail, mailbox } = await draftOf(orgId, c.req.param('id'));
    // The agent's words as written (its reply job keeps them: the stored draft may be redacted).
    const [reply] = await db
      .select({ text: messageReplies.replyText })
      .from(messageReplies)
      .where(eq(messageReplies.replyMessageId, message.id))
      .limit(1);
    const text = body.text ?? reply?.text ?? message.content;
    const kept = (await storageOf(db, orgId, mailbox.agentName))(text);
    // Taken by this request only: a second click finds no draft.
    const taken = await reserveSend(db, sendLimitsOf(env), orgId, 'email', (tx) =>
      tx
        .update(messages)
        .set({
          status: 'sending',
          content: kept.content,
          metadata: { ...message.metadata, approved_by: c.get('user').id },
        })
        .where(and(eq(messages.id, message.id), eq(messages.status, 'draft')))
        .returning({ id: messages.id }),
    );
    if (!taken.length) throw new HttpError(404, 'Draft not found');
    try {
      const sent = await deliverMail(services, mailbox, {
        to: mail.toAddress,
        subject: mail.subject,
        text,
        messageId: mail.rfcMessageId,
        inReplyTo: mail.inReplyTo,
        references: mail.references,
      });
      await completeOutbound(db, message.id, {
        status: sent.status,
        rfcMessageId: mail.rfcMessageId,
      });
      return c.json({
        success: true,
        message: words.draftSent,
        data: {
          status: sent.status,
          message_id: mail.rfcMessageId,
          conversation_id: message.conversationId,
          from_email: mailbox.emailAddress,
          to_email: mail.toAddress,
          scheduled_time: null,
        },
        timestamp: new Date().toISOString(),
      } satisfies MailSendAnswer);
    } catch (error) {
      const reason =
        error instanceof MailSendError ? error.message : String((error as Error)?.message);
      // Back to a draft: a member can try again.
      await db
        .update(messages)
        .set({ status: 'draft', error: reason.slice(0, 500) })
        .where(eq(messages.id, message.id));
      throw new HttpError(
        502,
        sendFailedMessage(mailSendFailedWords(mailbox.smtpMasked?.host), reason),
      );
    }
  });

  app.delete('/drafts/:id', async (c) => {
    const orgId = await orgOf(c, db);
    const { message } = await draftOf(orgId, c.req.param('id'));
    await db.update(messages).set({ status: 'discarded' }).where(eq(messages.id, message.id));
    return c.json({ success: true, message: words.draftDiscarded });
  });

  // ---------- sandbox ----------

  app.get('/outbox', async (c) => {
    const orgId = await orgOf(c, db);
    const mailbox = c.req.query('mailbox')?.trim().toLowerCase();
    const rows = await db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.organizationId, orgId),
          mailbox ? eq(mailOutbox.fromAddress, mailbox) : undefined,
        ),
      )
      .orderBy(desc(mailOutbox.createdAt))
      .limit(100);
    return c.json({
      messages: rows.map((r) => ({
        id: r.id,
        from: r.fromAddress,
        to: r.toAddress,
        subject: r.subject,
        text: r.body,
        message_id: r.rfcMessageId,
        headers: r.headers,
        created_at: r.createdAt.toISOString(),
      })),
    });
  });

  app.post('/simulate-inbound', async (c) => {
    const fields = await readFields(c);
    const orgId = await orgOf(c, db, fields);
    const body = validate(mailSimulateInboundRequestSchema, fields);
    const mailbox = await mailboxOf(db, orgId, body.to);
    if (!mailbox) throw new HttpError(400, "to: is not one of this organization's mailboxes");
    const raw = await composeRaw({
      from: body.from,
      to: body.to,
      subject: body.subject,
      text: body.text,
      inReplyTo: body.in_reply_to,
    });
    return c.json(await receiveRaw(services, mailbox, raw));
  });

  // ---------- campaigns ----------

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
