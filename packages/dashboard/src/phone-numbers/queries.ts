import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDashboardApi } from '../api/ApiContext';
import { channelKeys } from '../channels';
import { overviewKeys } from '../overview';

/** The Phone Numbers tab's query keys (its page is the channels' `phoneNumbers`). */
export const phoneNumberKeys = {
  page: channelKeys.phoneNumbers,
  /** Unassigned numbers (under the page's key: read again with it). */
  available: (orgId: string) => [...channelKeys.phoneNumbers(orgId), 'available'] as const,
} as const;

/** The organization's numbers and provider (sandbox or twilio). */
export function usePhoneNumberPage(orgId: string) {
  const api = useDashboardApi();
  return useQuery({
    queryKey: phoneNumberKeys.page(orgId),
    queryFn: ({ signal }) => api.phoneNumberPage(orgId, signal),
    retry: false,
  });
}

/** Unassigned numbers for the Add Agent modal (loaded while it is open). */
export function useAvailablePhoneNumbers(orgId: string, enabled: boolean) {
  const api = useDashboardApi();
  return useQuery({
    queryKey: phoneNumberKeys.available(orgId),
    queryFn: () => api.availablePhoneNumbers(orgId),
    enabled,
    retry: false,
  });
}

/** After any change the numbers (and the Overview's counts) are fetched again (spec §4). */
function useReload(orgId: string) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: phoneNumberKeys.page(orgId) }),
      qc.invalidateQueries({ queryKey: overviewKeys.stats(orgId) }),
    ]);
}

export function useSyncPhoneNumbers(orgId: string) {
  const api = useDashboardApi();
  const reload = useReload(orgId);
  return useMutation({ mutationFn: () => api.syncPhoneNumbers(orgId), onSettled: reload });
}

export function useAssignPhoneNumber(orgId: string) {
  const api = useDashboardApi();
  const reload = useReload(orgId);
  return useMutation({
    mutationFn: ({
      phoneId,
      agentId,
      channels,
    }: {
      phoneId: string;
      agentId: string;
      channels?: Array<'voice' | 'sms' | 'whatsapp'>;
    }) => api.assignPhoneNumber(phoneId, agentId, channels),
    onSettled: reload,
  });
}

export function useUnassignPhoneNumber(orgId: string) {
  const api = useDashboardApi();
  const reload = useReload(orgId);
  return useMutation({
    // The Phone Numbers tab is the voice assignment: the SMS and WhatsApp agents stay.
    mutationFn: ({ phoneId, agentId }: { phoneId: string; agentId: string }) =>
      api.unassignPhoneNumber(phoneId, agentId, 'voice'),
    onSettled: reload,
  });
}
