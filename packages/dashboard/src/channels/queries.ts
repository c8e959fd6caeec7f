import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDashboardApi } from '../api/ApiContext';
import { overviewKeys } from '../overview';
import type {
  MessagingChannel,
  SimulateInboundInput,
  SmsSendInput,
  WhatsappSendInput,
} from '../api/DashboardApi';

/**
 * The channels' query keys: the organization's numbers (the Phone Numbers tab's page: a number
 * mapped here changes it), each channel's numbers and threads, the sending limits.
 */
export const channelKeys = {
  phoneNumbers: (orgId: string) => ['phone-numbers', orgId] as const,
  page: (channel: string, orgId: string) => ['channel', channel, orgId, 'numbers'] as const,
  messages: (channel: string, orgId: string) => ['channel', channel, orgId, 'messages'] as const,
  sendLimits: (orgId: string) => ['send-limits', orgId] as const,
} as const;

/** How often the Outbound page looks for new messages (the agent's reply is a background job). */
export const messagesPollMs = 3000;

/** The channel's numbers and the provider in use. */
export function useChannelPage(channel: MessagingChannel, orgId: string) {
  const api = useDashboardApi();
  return useQuery({
    queryKey: channelKeys.page(channel, orgId),
    queryFn: ({ signal }) => api.channelPage(channel, orgId, signal),
    retry: false,
  });
}

/** The channel's threads; polled while `live` (the Outbound page is open). */
export function useChannelMessages(channel: MessagingChannel, orgId: string, live: boolean) {
  const api = useDashboardApi();
  return useQuery({
    queryKey: channelKeys.messages(channel, orgId),
    queryFn: ({ signal }) => api.channelMessages(channel, orgId, signal),
    enabled: live,
    refetchInterval: live ? messagesPollMs : false,
    retry: false,
  });
}

/** After an assignment change the mappings are reloaded (spec §4), and the other tabs' too. */
function useReloadNumbers(channel: MessagingChannel, orgId: string) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: channelKeys.page(channel, orgId) }),
      qc.invalidateQueries({ queryKey: channelKeys.phoneNumbers(orgId) }),
      qc.invalidateQueries({ queryKey: overviewKeys.stats(orgId) }),
    ]);
}

function useReloadMessages(channel: MessagingChannel, orgId: string) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: channelKeys.messages(channel, orgId) }),
      qc.invalidateQueries({ queryKey: channelKeys.sendLimits(orgId) }),
    ]);
}

/** The organization's sending limits and usage (read while a send modal is open). */
export function useSendLimits(orgId: string, enabled: boolean) {
  const api = useDashboardApi();
  return useQuery({
    queryKey: channelKeys.sendLimits(orgId),
    queryFn: ({ signal }) => api.sendLimits(orgId, signal),
    enabled,
    retry: false,
  });
}

/**
 * Assigning maps the channel's receiving number to the agent (§7's map-receiving-number-agent):
 * the number's other channels keep their agents.
 */
export function useAssignChannelNumber(channel: MessagingChannel, orgId: string) {
  const api = useDashboardApi();
  const reload = useReloadNumbers(channel, orgId);
  return useMutation({
    mutationFn: (input: { number: string; agentId: string; agentKey?: string | null }) =>
      api.mapChannelNumber(channel, orgId, input),
    onSettled: reload,
  });
}

export function useUnassignChannelNumber(channel: MessagingChannel, orgId: string) {
  const api = useDashboardApi();
  const reload = useReloadNumbers(channel, orgId);
  return useMutation({
    mutationFn: (number: string) => api.unassignChannelNumber(channel, orgId, number),
    onSettled: reload,
  });
}

export function useSendSms(orgId: string) {
  const api = useDashboardApi();
  const reload = useReloadMessages('sms', orgId);
  return useMutation({
    mutationFn: (input: SmsSendInput) => api.sendSms(orgId, input),
    onSettled: reload,
  });
}

export function useSendWhatsapp(orgId: string) {
  const api = useDashboardApi();
  const reload = useReloadMessages('whatsapp', orgId);
  return useMutation({
    mutationFn: (input: WhatsappSendInput) => api.sendWhatsapp(orgId, input),
    onSettled: reload,
  });
}

export function useSimulateInbound(channel: MessagingChannel, orgId: string) {
  const api = useDashboardApi();
  const reload = useReloadMessages(channel, orgId);
  return useMutation({
    mutationFn: (input: Omit<SimulateInboundInput, 'channel'>) =>
      api.simulateInbound(orgId, { ...input, channel }),
    onSettled: reload,
  });
}
