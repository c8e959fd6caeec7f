import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SchedulingSettings, UpdateScheduledRequest } from '@parley/api-client';
import { useDashboardApi } from '../api/ApiContext';
import { schedulingRefetchInterval, type ScheduleForm } from './scheduleForm';

/** The scheduled calls' query keys: the events, the dialling settings, the do-not-call list. */
export const schedulingKeys = {
  scheduled: (orgId: string) => ['scheduled', orgId] as const,
  settings: (orgId: string) => ['scheduled', orgId, 'settings'] as const,
  doNotCall: (orgId: string) => ['scheduled', orgId, 'do-not-call'] as const,
} as const;

/** The organization's scheduled events, asked again every 2 s while a call runs or one is due soon. */
export function useScheduledEvents(orgId: string) {
  const api = useDashboardApi();
  return useQuery({
    queryKey: schedulingKeys.scheduled(orgId),
    queryFn: ({ signal }) => api.scheduling.scheduledPage(orgId, { limit: 500 }, signal),
    retry: false,
    refetchInterval: (q) => schedulingRefetchInterval(q.state.data?.scheduled_events),
  });
}

function useReload(orgId: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: schedulingKeys.scheduled(orgId) });
}

/** The form's values as the API takes them (the local time as an instant). */
export function requestOf(form: ScheduleForm) {
  return {
    agent_id: form.agent_id,
    recipient_phone: form.recipient_phone.trim(),
    scheduled_time: new Date(form.scheduled_time).toISOString(),
    flexible_time_minutes: form.flexible_time_minutes,
    max_retries: form.max_retries,
    message_template: form.message_template.trim() || undefined,
  };
}

export function useCreateScheduled(orgId: string) {
  const api = useDashboardApi();
  const reload = useReload(orgId);
  return useMutation({
    mutationFn: (form: ScheduleForm) =>
      api.scheduling.createScheduled({
        organization_id: orgId,
        call_type: 'outbound_call',
        ...requestOf(form),
      }),
    onSettled: reload,
  });
}

export function useUpdateScheduled(orgId: string) {
  const api = useDashboardApi();
  const reload = useReload(orgId);
  return useMutation({
    mutationFn: ({ id, form }: { id: string; form: ScheduleForm }) => {
      const body: UpdateScheduledRequest = {
        ...requestOf(form),
        message_template: form.message_template.trim() || null,
      };
      return api.scheduling.updateScheduled(id, body);
    },
    onSettled: reload,
  });
}

export function useDeleteScheduled(orgId: string) {
  const api = useDashboardApi();
  const reload = useReload(orgId);
  return useMutation({
    mutationFn: (id: string) => api.scheduling.deleteScheduled(id),
    onSettled: reload,
  });
}

export function useResumeDialing(orgId: string) {
  const api = useDashboardApi();
  const reload = useReload(orgId);
  return useMutation({ mutationFn: () => api.scheduling.resumeDialing(orgId), onSettled: reload });
}

export function useSandboxOutcome(orgId: string) {
  const api = useDashboardApi();
  return useMutation({
    mutationFn: (body: { phone_number: string; outcome: string }) =>
      api.scheduling.setSandboxOutcome(orgId, body as { phone_number: string; outcome: 'busy' }),
  });
}

/** The calling window and the cap (every member reads them; owners and admins change them). */
export function useSchedulingSettings(orgId: string) {
  const api = useDashboardApi();
  return useQuery({
    queryKey: schedulingKeys.settings(orgId),
    queryFn: () => api.scheduling.schedulingSettings(orgId),
    retry: false,
  });
}

export function useSaveSchedulingSettings(orgId: string) {
  const api = useDashboardApi();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: SchedulingSettings) => api.scheduling.updateSchedulingSettings(orgId, form),
    onSuccess: (saved) => qc.setQueryData(schedulingKeys.settings(orgId), saved),
  });
}

/** The do-not-call list and the STOP opt-outs beside it. */
export function useDoNotCall(orgId: string) {
  const api = useDashboardApi();
  return useQuery({
    queryKey: schedulingKeys.doNotCall(orgId),
    queryFn: ({ signal }) => api.scheduling.doNotCallPage(orgId, signal),
    retry: false,
  });
}

export function useAddDoNotCall(orgId: string) {
  const api = useDashboardApi();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { phone_number: string; reason?: string }) =>
      api.scheduling.addDoNotCall(orgId, body),
    onSettled: () => qc.invalidateQueries({ queryKey: schedulingKeys.doNotCall(orgId) }),
  });
}

export function useRemoveDoNotCall(orgId: string) {
  const api = useDashboardApi();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (phone: string) => api.scheduling.removeDoNotCall(orgId, phone),
    onSettled: () => qc.invalidateQueries({ queryKey: schedulingKeys.doNotCall(orgId) }),
  });
}
