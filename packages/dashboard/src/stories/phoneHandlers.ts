import { delay, http, HttpResponse } from 'msw';
import {
  readPhoneNumbers,
  type AssignResponse,
  type PhoneNumber,
  type PhoneNumberListResponse,
  type PhoneNumberWire,
  type SyncResponse,
} from '@parley/api-client';
import { fixtureAgents, fixtureOrg } from './fixtures';

const at = '2025-01-02T10:00:00.000Z';
function wire(
  id: string,
  number: string,
  flags: [boolean, boolean, boolean],
  agent: { id: string; name: string } | null = null,
  friendly?: string,
): PhoneNumberWire {
  // The agent answers every channel the number has (as a number assigned before channels had
  // their own agents reads after the migration).
  const on = (enabled: boolean) => (enabled ? agent : null);
  return {
    phone_id: `0f8fad5b-d9cb-469f-a165-7086772895${id}`,
    phone_number: number,
    friendly_name: friendly ?? number,
    agent_id: agent?.id ?? null,
    agent_name: agent?.name ?? null,
    voice_agent_id: on(flags[0])?.id ?? null,
    voice_agent_name: on(flags[0])?.name ?? null,
    sms_agent_id: on(flags[1])?.id ?? null,
    sms_agent_name: on(flags[1])?.name ?? null,
    whatsapp_agent_id: on(flags[2])?.id ?? null,
    whatsapp_agent_name: on(flags[2])?.name ?? null,
    shared: false,
    organization_id: fixtureOrg.orgId,
    status: agent ? 'assigned' : 'available',
    provider: 'sandbox',
    voice_enabled: flags[0],
    sms_enabled: flags[1],
    whatsapp_enabled: flags[2],
    inbound_enabled: true,
    outbound_enabled: true,
    assigned_at: agent ? at : null,
    created_at: at,
    updated_at: at,
  };
}

const support = { id: fixtureAgents[0]!.id, name: 'support' };
const sales = { id: fixtureAgents[1]!.id, name: 'Sales desk' };

/** Numbers as the server answers them: mixed channels, two assigned, one non-US. */
export const fixtureNumbersWire: PhoneNumberWire[] = [
  wire('01', '+14155550100', [true, true, true], support, '(415) 555-0100'),
  wire('02', '+14155550101', [true, true, false], sales, 'Support line'),
  wire('03', '+14155550102', [true, false, false], null, '(415) 555-0102'),
  wire('04', '+14155550103', [false, true, true], null, '(415) 555-0103'),
  wire('05', '+442071838750', [false, false, true], null, 'London WhatsApp'),
];
export const fixtureNumbers: PhoneNumber[] = readPhoneNumbers(fixtureNumbersWire);
/** A number's agent fields, all empty. */
export const noAgents = {
  agent_id: null,
  agent_name: null,
  voice_agent_id: null,
  voice_agent_name: null,
  sms_agent_id: null,
  sms_agent_name: null,
  whatsapp_agent_id: null,
  whatsapp_agent_name: null,
};
export const fixtureUnassignedNumbers = fixtureNumbers.map((n) => ({
  ...n,
  ...noAgents,
  status: 'available',
}));

type Channel = 'voice' | 'sms' | 'whatsapp';
const channels: Channel[] = ['voice', 'sms', 'whatsapp'];

/** A number with one channel's agent set (null: unassigned), its summary fields recomputed. */
export function withChannelAgent(
  n: PhoneNumberWire,
  channel: Channel,
  agent: { id: string; name: string } | null,
): PhoneNumberWire {
  const next = {
    ...n,
    [`${channel}_agent_id`]: agent?.id ?? null,
    [`${channel}_agent_name`]: agent?.name ?? null,
  } as PhoneNumberWire;
  const main = channels.find((c) => next[`${c}_agent_id`]);
  return {
    ...next,
    agent_id: main ? next[`${main}_agent_id`] : null,
    agent_name: main ? next[`${main}_agent_name`] : null,
    status: main ? 'assigned' : 'available',
  };
}

/**
 * An in-memory voice backend for the phone-number calls (§7), typed by the contract. Sync seeds
 * the numbers (a fresh organization has none until then).
 */
export function phoneBackend(
  options: {
    numbers?: PhoneNumberWire[];
    sandbox?: boolean;
    syncStatus?: number;
    listStatus?: number;
    latencyMs?: number | 'infinite';
  } = {},
) {
  let numbers = [...(options.numbers ?? fixtureNumbersWire)];
  const sandbox = options.sandbox ?? true;
  const wait = () => delay(options.latencyMs ?? 50);
  const agentName = (id: string) => fixtureAgents.find((a) => a.id === id)?.name ?? id;
  const update = (phoneId: string, agent: string | null, on: Channel[] = ['voice']) => {
    numbers = numbers.map((n) =>
      n.phone_id === phoneId
        ? on.reduce(
            (acc, c) =>
              withChannelAgent(acc, c, agent ? { id: agent, name: agentName(agent) } : null),
            n,
          )
        : n,
    );
    return numbers.find((n) => n.phone_id === phoneId);
  };
  const channelsOf = (request: Request): Channel[] => {
    const url = new URL(request.url);
    const list = (url.searchParams.get('channels') ?? url.searchParams.get('channel') ?? 'voice')
      .split(',')
      .filter((c): c is Channel => (channels as string[]).includes(c));
    return list.length ? list : ['voice'];
  };
  const status = {
    provider: sandbox ? 'sandbox' : 'twilio',
    sandbox,
    credentials: sandbox ? 'none' : 'organization',
  } as const;
  return [
    http.get('*/voice/phone-numbers/organization/:org', async () => {
      await wait();
      if (options.listStatus)
        return HttpResponse.json(
          { detail: 'Database unavailable' },
          { status: options.listStatus },
        );
      return HttpResponse.json({
        ...status,
        phone_numbers: numbers,
        count: numbers.length,
        total_count: numbers.length,
      } satisfies PhoneNumberListResponse);
    }),
    http.get('*/voice/phone-numbers/status/available', async ({ request }) => {
      await wait();
      const [channel] = channelsOf(request);
      const free = numbers.filter((n) => !n[`${channel ?? 'voice'}_agent_id`]);
      return HttpResponse.json({
        phone_numbers: free,
        count: free.length,
        total_count: free.length,
      });
    }),
    http.post('*/voice/phone-numbers/sync-all-providers', async () => {
      await wait();
      if (options.syncStatus)
        return HttpResponse.json(
          { detail: 'Failed to sync phone numbers from Twilio: Authenticate' },
          { status: options.syncStatus },
        );
      const added = numbers.length ? 0 : fixtureNumbersWire.length;
      if (!numbers.length)
        numbers = fixtureNumbersWire.map((n) => ({
          ...n,
          ...noAgents,
          status: 'available' as const,
        }));
      return HttpResponse.json({
        success: true,
        message: 'Phone numbers synced successfully from a telephony provider!',
        organization_id: fixtureOrg.orgId,
        ...status,
        synced: numbers.length,
        added,
        removed: 0,
        webhooks_configured: 0,
      } satisfies SyncResponse);
    }),
    http.post('*/voice/phone-numbers/:phoneId/assign/:agent', async ({ params, request }) => {
      await wait();
      const n = update(String(params.phoneId), String(params.agent), channelsOf(request));
      if (!n) return HttpResponse.json({ detail: 'Phone number not found' }, { status: 404 });
      return HttpResponse.json({
        success: true,
        message: `Phone number ${n.phone_number} assigned successfully!`,
        phone_number: n,
      } satisfies AssignResponse);
    }),
    http.post('*/voice/phone-numbers/:phoneId/unassign/:agent', async ({ params, request }) => {
      await wait();
      const n = update(String(params.phoneId), null, channelsOf(request));
      if (!n) return HttpResponse.json({ detail: 'Phone number not found' }, { status: 404 });
      return HttpResponse.json({
        success: true,
        message: `Phone number ${n.phone_number} unassigned successfully!`,
      });
    }),
  ];
}
