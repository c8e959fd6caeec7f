import { delay, http, HttpResponse } from 'msw';
import type {
  ChannelConversation,
  ChannelMessage,
  ChannelMessagesResponse,
  PhoneNumberWire,
  SendLimits,
  SimulateEventResponse,
  TelephonyStatus,
} from '@parley/api-client';
import { fixtureNumbersWire, withChannelAgent } from './phoneHandlers';
import { fixtureAgents } from './fixtures';

const at = (min: number) => new Date(Date.UTC(2025, 0, 2, 10, min)).toISOString();
const msg = (
  id: string,
  min: number,
  author: ChannelMessage['author'],
  text: string,
): ChannelMessage => ({
  id,
  direction: author === 'visitor' ? 'inbound' : 'outbound',
  author,
  text,
  status: author === 'visitor' ? 'received' : 'sent',
  offline: false,
  error: null,
  created_at: at(min),
});

/** Two threads on +14155550100: a console send, then a person's question and the agent's reply. */
export const fixtureThreads: ChannelConversation[] = [
  {
    id: 'c1',
    agent_id: fixtureAgents[0]!.id,
    our_number: '+14155550100',
    end_user: '+15005550123',
    updated_at: at(12),
    messages: [
      msg('m3', 12, 'agent', 'We open at 9:00 every weekday.'),
      msg('m2', 11, 'visitor', 'When do you open tomorrow?'),
    ],
  },
  {
    id: 'c2',
    agent_id: fixtureAgents[0]!.id,
    our_number: '+14155550100',
    end_user: '+15005550999',
    updated_at: at(5),
    messages: [msg('m1', 5, 'member', 'Your table is ready.')],
  },
];

export const templateNeeded =
  "Outside WhatsApp's 24-hour customer-service window: a free-form message cannot be sent. Use message_type 'template' with an approved template.";

/**
 * The /messaging SMS and WhatsApp calls the tabs make, in memory per story: the channel's
 * numbers, the threads, sends (a text WhatsApp message is refused outside the window unless
 * `whatsappWindowOpen`), unassign, and the sandbox's simulated inbound message with the agent's
 * reply.
 */
export function messagingBackend(
  options: {
    numbers?: PhoneNumberWire[];
    threads?: ChannelConversation[];
    sandbox?: boolean;
    sendStatus?: number;
    listStatus?: number;
    whatsappWindowOpen?: boolean;
    latencyMs?: number | 'infinite';
    /** The organization's per-minute sending limit (GET /messaging/send-limits; default 60). */
    sendLimitPerMinute?: number;
  } = {},
) {
  let numbers = [...(options.numbers ?? fixtureNumbersWire)];
  let threads = [...(options.threads ?? fixtureThreads)];
  const sandbox = options.sandbox ?? true;
  const wait = () => delay(options.latencyMs ?? 50);
  let seq = 100;
  const add = (ours: string, them: string, m: ChannelMessage) => {
    const existing = threads.find((t) => t.our_number === ours && t.end_user === them);
    const thread: ChannelConversation = existing
      ? { ...existing, updated_at: m.created_at, messages: [m, ...existing.messages] }
      : {
          id: `c${seq++}`,
          agent_id: fixtureAgents[0]!.id,
          our_number: ours,
          end_user: them,
          updated_at: m.created_at,
          messages: [m],
        };
    threads = [thread, ...threads.filter((t) => t !== existing)];
  };
  const now = (author: ChannelMessage['author'], text: string): ChannelMessage => ({
    ...msg(`m${seq++}`, 0, author, text),
    created_at: new Date().toISOString(),
  });
  const flag = (channel: string) => (channel === 'sms' ? 'sms_enabled' : 'whatsapp_enabled');
  return [
    http.get('*/voice/telephony/organization/:org', () =>
      HttpResponse.json({
        provider: sandbox ? 'sandbox' : 'twilio',
        sandbox,
        credentials: sandbox ? 'none' : 'organization',
      } satisfies TelephonyStatus),
    ),
    http.get('*/messaging/:channel/phone-numbers', async ({ params }) => {
      await wait();
      if (options.listStatus)
        return HttpResponse.json({ error: 'Database unavailable' }, { status: options.listStatus });
      const rows = numbers.filter((n) => n[flag(String(params.channel))]);
      return HttpResponse.json({ phone_numbers: rows, count: rows.length });
    }),
    http.get('*/messaging/:channel/messages', async () => {
      await wait();
      return HttpResponse.json({ conversations: threads } satisfies ChannelMessagesResponse);
    }),
    http.post('*/voice/phone-numbers/:phoneId/assign/:agent', async ({ params }) => {
      await wait();
      numbers = numbers.map((n) =>
        n.phone_id === params.phoneId
          ? { ...n, agent_id: String(params.agent), agent_name: null, status: 'assigned' }
          : n,
      );
      return HttpResponse.json({ success: true, message: 'Assigned' });
    }),
    http.post('*/messaging/:channel/map-receiving-number-agent', async ({ params, request }) => {
      await wait();
      const form = new URLSearchParams(await request.text());
      const channel = String(params.channel) as 'sms' | 'whatsapp';
      const agent = (form.get('agent_url') ?? '').replace(/^agent:/, '');
      const number = numbers.find((n) => n.phone_number === form.get('receiving_number'));
      if (!number)
        return HttpResponse.json(
          { error: "receiving_number: is not one of this organization's numbers" },
          { status: 400, statusText: 'Bad Request' },
        );
      numbers = numbers.map((n) =>
        n === number
          ? withChannelAgent(n, channel, {
              id: agent,
              name: fixtureAgents.find((a) => a.id === agent)?.name ?? agent,
            })
          : n,
      );
      return HttpResponse.json({
        success: true,
        message:
          channel === 'sms'
            ? 'SMS mapping created successfully!'
            : 'WhatsApp mapping created successfully!',
      });
    }),
    http.delete(
      '*/messaging/:channel/unassign-receiving-number-agent/:number',
      async ({ params }) => {
        await wait();
        numbers = numbers.map((n) =>
          n.phone_number === `+${String(params.number)}`
            ? withChannelAgent(n, String(params.channel) as 'sms' | 'whatsapp', null)
            : n,
        );
        return HttpResponse.json({
          success: true,
          message: 'Receiving number unassigned successfully!',
        });
      },
    ),
    http.get('*/messaging/send-limits', async () => {
      await wait();
      // What the threads hold as sent (the fixture's threads serve both channels).
      const sent = (channel: string) =>
        channel === 'sms' || channel === 'whatsapp'
          ? threads.flatMap((t) => t.messages).filter((m) => m.direction === 'outbound').length
          : 0;
      const body: SendLimits = {
        organization_id: 'org-1',
        custom: false,
        channels: (['sms', 'whatsapp', 'email', 'call'] as const).map((channel) => ({
          channel,
          per_minute: options.sendLimitPerMinute ?? 60,
          per_day: 1000,
          sent_last_minute: Math.min(sent(channel), options.sendLimitPerMinute ?? 60),
          sent_last_day: sent(channel),
        })),
      };
      return HttpResponse.json(body);
    }),
    http.post('*/messaging/:channel/send-message', async ({ params, request }) => {
      await wait();
      const form = new URLSearchParams(await request.text());
      const channel = String(params.channel);
      if (options.sendStatus)
        return HttpResponse.json(
          { error: 'Provider unavailable' },
          { status: options.sendStatus, statusText: 'Service Unavailable' },
        );
      if (
        channel === 'whatsapp' &&
        form.get('message_type') !== 'template' &&
        !options.whatsappWindowOpen
      )
        return HttpResponse.json(
          { error: templateNeeded, code: 'template_required' },
          { status: 409, statusText: 'Conflict' },
        );
      const ours =
        form.get('from_number') ?? form.get('receiving_number') ?? numbers[0]!.phone_number;
      add(ours, form.get('to_number') ?? '', now('member', form.get('message_text') ?? ''));
      return HttpResponse.json({
        success: true,
        message:
          channel === 'sms'
            ? 'SMS message sent successfully!'
            : 'WhatsApp message sent successfully!',
        data: { to_number: form.get('to_number') },
        timestamp: new Date().toISOString(),
      });
    }),
    http.post('*/voice/telephony/organization/:org/simulate', async ({ request }) => {
      await wait();
      const body = (await request.json()) as { from: string; to: string; text?: string };
      add(body.to, body.from, now('visitor', body.text ?? ''));
      add(body.to, body.from, now('agent', `Thanks for your message: "${body.text ?? ''}"`));
      return HttpResponse.json({
        success: true,
        twiml: '<Response/>',
        answered_by: 'agent',
        agent_id: null,
        conversation_id: 'c-sim',
      } satisfies SimulateEventResponse);
    }),
  ];
}
