import { useQuery } from '@tanstack/react-query';
import type { SystemStatus } from '@parley/api-client';
import { useSystemStatusClient } from '../../api/clients/systemStatus';
import { overviewKeys } from '../../overview';

/**
 * Why 'Talk to Agent' cannot start a call here, from System Status' one `voice` field, or null
 * when it can — or while that is not known yet (a status that cannot be read never blocks a call:
 * the call itself then says what is wrong).
 */
export function talkUnavailableReason(status: Pick<SystemStatus, 'voice'> | undefined) {
  if (!status || status.voice.available) return null;
  return status.voice.reason ?? 'Voice calls are not available on this server.';
}

/** System Status' voice availability for the organization (shared with the Overview's panel). */
export function useTalkUnavailable(orgId: string): string | null {
  const client = useSystemStatusClient();
  const status = useQuery({
    queryKey: overviewKeys.systemStatus(orgId),
    queryFn: ({ signal }) => client.get(orgId, signal),
    enabled: Boolean(orgId),
    retry: false,
    staleTime: 60_000,
  });
  return talkUnavailableReason(status.data);
}
