import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessHoursInput } from '@parley/api-client';
import { useHandoffClient } from '../api/clients/handoff';

/**
 * Handoff to people's data (issue 41): the waiting list (its count is the badge), the
 * organization's business hours, the member's own phone number and e-mail alerts.
 */
export const handoffKeys = {
  all: ['handoff'] as const,
  /** Every organization's waiting list (prefix of `waiting`): the inbox's events read it again. */
  waitings: ['handoff', 'waiting'] as const,
  waiting: (orgId: string) => ['handoff', 'waiting', orgId] as const,
  hours: (orgId: string) => ['handoff', 'hours', orgId] as const,
  alerts: (orgId: string) => ['handoff', 'alerts', orgId] as const,
  profile: ['handoff', 'profile'] as const,
} as const;

/** While the inbox's live stream is away, the waiting list is read this often. */
export const waitingRefreshMs = 30_000;

/** The conversations waiting for a person now, the longest waiting first, and their count. */
export function useWaiting(orgId: string | undefined, refetchInterval = waitingRefreshMs) {
  const client = useHandoffClient();
  return useQuery({
    queryKey: handoffKeys.waiting(orgId ?? ''),
    queryFn: ({ signal }) => client.waiting(orgId!, signal),
    enabled: Boolean(orgId),
    refetchInterval,
    retry: false,
  });
}

export function useBusinessHours(orgId: string) {
  const client = useHandoffClient();
  return useQuery({
    queryKey: handoffKeys.hours(orgId),
    queryFn: ({ signal }) => client.businessHours(orgId, signal),
    retry: false,
  });
}

export function useSaveBusinessHours(orgId: string) {
  const client = useHandoffClient();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (hours: BusinessHoursInput) => client.saveBusinessHours(orgId, hours),
    onSuccess: (saved) => qc.setQueryData(handoffKeys.hours(orgId), saved),
  });
}

export function useProfile() {
  const client = useHandoffClient();
  return useQuery({
    queryKey: handoffKeys.profile,
    queryFn: ({ signal }) => client.profile(signal),
    retry: false,
  });
}

export function useSaveProfile() {
  const client = useHandoffClient();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (phone: string | null) => client.saveProfile(phone),
    onSuccess: (saved) => qc.setQueryData(handoffKeys.profile, saved),
  });
}

export function useAlerts(orgId: string) {
  const client = useHandoffClient();
  return useQuery({
    queryKey: handoffKeys.alerts(orgId),
    queryFn: ({ signal }) => client.notifications(orgId, signal),
    retry: false,
  });
}

export function useSaveAlerts(orgId: string) {
  const client = useHandoffClient();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => client.saveNotifications(orgId, on),
    onSuccess: (saved) => qc.setQueryData(handoffKeys.alerts(orgId), saved),
  });
}

/** The time now, read again every `everyMs` (waiting times count up while a view is open). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
