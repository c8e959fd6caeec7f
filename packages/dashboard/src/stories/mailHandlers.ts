import { delay, http, HttpResponse } from 'msw';
import {
  campaignCreateRequestSchema,
  mailAgentMappingQuerySchema,
  mailboxRequestSchema,
  mailMessages,
  mailSendRequestSchema,
  mailSimulateInboundRequestSchema,
  type Campaign,
  type Mailbox,
  type MailMessage,
  type MailOutboxItem,
  type MailThread,
  type SendLimits,
} from '@parley/api-client';
import { fixtureAgents } from './fixtures';
import {
  fixtureCampaign,
  fixtureCampaigns,
  fixtureMailboxes,
  fixtureMailThreads,
  fixtureOutbox,
} from './mailFixtures';

/** The zod error as the server words it: 'field: reason'. */
const bad = (error: { issues: Array<{ path: PropertyKey[]; message: string }> }) =>
  HttpResponse.json(
    { error: `${error.issues[0]!.path.join('.')}: ${error.issues[0]!.message}` },
    { status: 400, statusText: 'Bad Request' },
  );

/**
 * The /messaging/mail calls of the Email tab, in memory per story, validated with the contract's
 * own schemas: mailboxes, mappings, threads (a simulated inbound mail is answered by the agent),
 * sends (a mailbox without SMTP sends into the outbox), drafts, Test, campaigns.
 */
export function mailBackend(
  options: {
    mailboxes?: Mailbox[];
    threads?: MailThread[];
    campaigns?: Campaign[];
    sendStatus?: number;
    listStatus?: number;
    latencyMs?: number | 'infinite';
  } = {},
) {
  let mailboxes = [...(options.mailboxes ?? fixtureMailboxes)];
  let threads = [...(options.threads ?? fixtureMailThreads)];
  let campaigns = [...(options.campaigns ?? fixtureCampaigns)];
  const outbox: MailOutboxItem[] = [...fixtureOutbox];
  const wait = () => delay(options.latencyMs ?? 50);
  let seq = 100;
  const now = () => new Date().toISOString();
  const message = (
    author: MailMessage['author'],
    from: string,
    to: string,
    subject: string,
    text: string,
    status: string,
  ): MailMessage => ({
    id: `m${seq++}`,
    direction: author === 'visitor' ? 'inbound' : 'outbound',
    author,
    from,
    to,
    subject,
    text,
    status,
    not_answered: null,
    message_id: `<m${seq}@acme.test>`,
    in_reply_to: null,
    offline: false,
    error: null,
    created_at: now(),
  });
  const addToThread = (mailbox: string, endUser: string, subject: string, m: MailMessage) => {
    const base = subject.replace(/^re:\s*/i, '');
    const existing = threads.find(
      (t) => t.mailbox === mailbox && t.end_user === endUser && t.subject === base,
    );
    const thread: MailThread = existing
      ? { ...existing, updated_at: m.created_at, messages: [m, ...existing.messages] }
      : {
          id: `t${seq++}`,
          agent_id: mailboxes.find((b) => b.email_address === mailbox)?.agent_id ?? null,
          mailbox,
          end_user: endUser,
          subject: base,
          drafts_waiting: 0,
          updated_at: m.created_at,
          messages: [m],
        };
    threads = [thread, ...threads.filter((t) => t !== existing)];
  };
  const patchBox = (email: string, patch: Partial<Mailbox>) => {
    mailboxes = mailboxes.map((b) =>
      b.email_address === email ? { ...b, ...patch, updated_at: now() } : b,
    );
  };
  const box = (email: string) => mailboxes.find((b) => b.email_address === email);
  const mask = (
    s: { host: string; port: number; secure: boolean; username: string; password?: string },
    old?: string,
  ) => ({
    host: s.host,
    port: s.port,
    secure: s.secure,
    username: s.username,
    password: s.password ? `••••${s.password.slice(-4)}` : (old ?? ''),
  });

  return [
    http.get('*/messaging/mail/mailboxes', async () => {
      await wait();
      if (options.listStatus)
        return HttpResponse.json(
          { error: 'Database unavailable' },
          { status: options.listStatus, statusText: 'Service Unavailable' },
        );
      return HttpResponse.json({ mailboxes });
    }),
    http.get('*/messaging/mail/agent-mappings', () => {
      const mappings = mailboxes
        .filter((b) => b.agent_id)
        .map((b) => ({
          email_address: b.email_address,
          agent_url: `agent:${b.agent_id}`,
          description: b.description,
          created_at: b.created_at,
          updated_at: b.updated_at,
          status: 'active' as const,
          agent_id: b.agent_id!,
          agent_name: b.agent_name,
        }));
      return HttpResponse.json({ mappings, total_mappings: mappings.length });
    }),
    http.post('*/messaging/mail/agent-mapping', async ({ request }) => {
      await wait();
      const q = Object.fromEntries(new URL(request.url).searchParams);
      const parsed = mailAgentMappingQuerySchema.safeParse(q);
      if (!parsed.success) return bad(parsed.error);
      const id = parsed.data.agent_url.replace(/^agent:/, '');
      const agent = fixtureAgents.find((a) => a.id === id);
      if (!agent)
        return HttpResponse.json(
          { error: "agent_url: is not one of this organization's agents" },
          { status: 400 },
        );
      const email = parsed.data.email_address;
      const patch = {
        agent_id: agent.id,
        agent_name: agent.id.split('_')[0]!,
        description: parsed.data.description ?? null,
      };
      if (box(email)) patchBox(email, patch);
      else
        mailboxes = [
          ...mailboxes,
          {
            ...fixtureMailboxes[1]!,
            email_address: email,
            ...patch,
            created_at: now(),
            updated_at: now(),
          },
        ];
      const b = box(email)!;
      return HttpResponse.json({
        success: true,
        message: mailMessages.assigned,
        data: {
          email_address: email,
          agent_url: parsed.data.agent_url,
          description: b.description,
          created_at: b.created_at,
          updated_at: b.updated_at,
          status: 'active',
          agent_id: agent.id,
          agent_name: b.agent_name,
        },
      });
    }),
    http.delete('*/messaging/mail/unassign-email-agent/:email', async ({ params }) => {
      await wait();
      patchBox(decodeURIComponent(String(params.email)), { agent_id: null, agent_name: null });
      return HttpResponse.json({ success: true, message: mailMessages.unassigned });
    }),
    http.get('*/messaging/mail/webhook/conversations', async ({ request }) => {
      await wait();
      const mailbox = new URL(request.url).searchParams.get('mailbox');
      return HttpResponse.json({
        conversations: threads.filter((t) => !mailbox || t.mailbox === mailbox),
      });
    }),
    http.post('*/messaging/mail/webhook/send', async ({ request }) => {
      await wait();
      const parsed = mailSendRequestSchema.safeParse(await request.json());
      if (!parsed.success) return bad(parsed.error);
      if (options.sendStatus)
        return HttpResponse.json(
          { error: 'the SMTP server refused the login' },
          { status: options.sendStatus, statusText: 'Bad Gateway' },
        );
      const from = parsed.data.receiving_number;
      const to = parsed.data.recipient_phone;
      const b = box(from);
      if (!b)
        return HttpResponse.json(
          { error: "receiving_number: is not one of this organization's mailboxes" },
          { status: 400 },
        );
      const status = b.sending === 'outbox' ? 'outbox' : 'sent';
      const m = message('member', from, to, parsed.data.context, parsed.data.message_text, status);
      addToThread(from, to, parsed.data.context, m);
      if (status === 'outbox')
        outbox.unshift({
          id: m.id,
          from,
          to,
          subject: m.subject,
          text: m.text,
          message_id: m.message_id!,
          headers: {},
          created_at: m.created_at,
        });
      return HttpResponse.json({
        success: true,
        message: status === 'outbox' ? mailMessages.outbox : mailMessages.sent,
        data: {
          status,
          message_id: m.message_id!,
          conversation_id: threads[0]!.id,
          from_email: from,
          to_email: to,
          scheduled_time: null,
        },
        timestamp: now(),
      });
    }),
    http.put('*/messaging/mail/mailboxes/:email', async ({ params, request }) => {
      await wait();
      const email = decodeURIComponent(String(params.email));
      const parsed = mailboxRequestSchema.safeParse(await request.json());
      if (!parsed.success) return bad(parsed.error);
      const old = box(email);
      const { smtp, imap, autonomy } = parsed.data;
      patchBox(email, {
        smtp: smtp ? mask(smtp, old?.smtp?.password) : null,
        imap: imap
          ? {
              ...mask(imap, old?.imap?.password),
              folder: imap.folder,
              last_checked_at: null,
              last_error: null,
            }
          : null,
        sending: smtp ? 'smtp' : 'outbox',
        ...(autonomy ? { autonomy } : {}),
      });
      return HttpResponse.json({
        success: true,
        message: mailMessages.mailboxSaved,
        mailbox: box(email),
      });
    }),
    http.post('*/messaging/mail/mailboxes/:email/test', async ({ params }) => {
      await wait();
      const b = box(decodeURIComponent(String(params.email)));
      return HttpResponse.json({
        success: false,
        message: 'SMTP works; IMAP failed: the password was refused',
        smtp: b?.smtp
          ? { ok: true, message: `Connected and logged in to ${b.smtp.host}:${b.smtp.port}` }
          : null,
        imap: b?.imap
          ? { ok: false, message: `${b.imap.host} refused the login: check the app password` }
          : null,
      });
    }),
    http.post('*/messaging/mail/drafts/:id/send', async ({ params, request }) => {
      await wait();
      const body = (await request.json()) as { text?: string };
      threads = threads.map((t) => ({
        ...t,
        drafts_waiting: t.messages.some((m) => m.id === params.id) ? 0 : t.drafts_waiting,
        messages: t.messages.map((m) =>
          m.id === params.id ? { ...m, status: 'sent', text: body.text ?? m.text } : m,
        ),
      }));
      mailboxes = mailboxes.map((b) => ({ ...b, drafts_waiting: 0 }));
      const t = threads.find((x) => x.messages.some((m) => m.id === params.id))!;
      return HttpResponse.json({
        success: true,
        message: mailMessages.draftSent,
        data: {
          status: 'sent',
          message_id: `<${String(params.id)}@acme.test>`,
          conversation_id: t.id,
          from_email: t.mailbox,
          to_email: t.end_user,
          scheduled_time: null,
        },
        timestamp: now(),
      });
    }),
    http.delete('*/messaging/mail/drafts/:id', async ({ params }) => {
      await wait();
      threads = threads.map((t) => ({
        ...t,
        messages: t.messages.map((m) => (m.id === params.id ? { ...m, status: 'discarded' } : m)),
      }));
      return HttpResponse.json({ success: true, message: mailMessages.draftDiscarded });
    }),
    http.get('*/messaging/mail/outbox', async ({ request }) => {
      await wait();
      const mailbox = new URL(request.url).searchParams.get('mailbox');
      return HttpResponse.json({ messages: outbox.filter((m) => !mailbox || m.from === mailbox) });
    }),
    http.post('*/messaging/mail/simulate-inbound', async ({ request }) => {
      await wait();
      const parsed = mailSimulateInboundRequestSchema.safeParse(await request.json());
      if (!parsed.success) return bad(parsed.error);
      const { to, from, subject, text } = parsed.data;
      const inbound = message('visitor', from, to, subject, text, 'received');
      addToThread(to, from, subject, inbound);
      const b = box(to);
      if (b?.agent_id)
        addToThread(
          to,
          from,
          subject,
          message(
            'agent',
            to,
            from,
            `Re: ${subject}`,
            `Thanks for your email: "${text}"`,
            b.autonomy === 'draft' ? 'draft' : 'sent',
          ),
        );
      return HttpResponse.json({
        success: true,
        stored: true,
        conversation_id: threads[0]!.id,
        message_id: inbound.message_id,
        reply_queued: Boolean(b?.agent_id),
        not_answered: b?.agent_id ? null : 'no agent is assigned to this mailbox',
      });
    }),
    http.get('*/messaging/mail/campaigns', async () => {
      await wait();
      return HttpResponse.json({ campaigns });
    }),
    http.post('*/messaging/mail/campaigns', async ({ request }) => {
      await wait();
      const parsed = campaignCreateRequestSchema.safeParse(await request.json());
      if (!parsed.success) return bad(parsed.error);
      const rows = (parsed.data.recipients_csv ?? '').trim().split('\n').length - 1;
      const c = fixtureCampaign(`cmp${seq++}`, {
        name: parsed.data.name,
        from_email: parsed.data.from_email,
        subject: parsed.data.subject,
        body: parsed.data.body,
        status: 'scheduled',
        rate_per_minute: parsed.data.rate_per_minute,
        total: rows,
        progress: { queued: rows, sent: 0, failed: 0, bounced: 0, replied: 0, unsubscribed: 0 },
        skipped: { duplicates: 0, unsubscribed: 0, bounced: 0 },
      });
      campaigns = [c, ...campaigns];
      return HttpResponse.json({
        success: true,
        message: 'Campaign created successfully!',
        campaign: c,
      });
    }),
    http.post('*/messaging/mail/campaigns/:id/:action', async ({ params }) => {
      await wait();
      const status = ({ pause: 'paused', resume: 'running', cancel: 'cancelled' } as const)[
        String(params.action) as 'pause' | 'resume' | 'cancel'
      ];
      campaigns = campaigns.map((c) => (c.id === params.id ? { ...c, status } : c));
      return HttpResponse.json({
        success: true,
        message: `Campaign ${status}`,
        campaign: campaigns.find((c) => c.id === params.id),
      });
    }),
    http.get('*/messaging/send-limits', () =>
      HttpResponse.json({
        organization_id: 'org_1',
        custom: false,
        channels: [
          { channel: 'email', per_minute: 30, per_day: 500, sent_last_minute: 0, sent_last_day: 0 },
        ],
      } satisfies SendLimits),
    ),
  ];
}
