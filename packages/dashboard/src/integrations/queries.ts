import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageOf } from '@parley/api-client';
import { useDashboardApi } from '../api/ApiContext';
import type { ProviderActivity } from './IntegrationsPanel';

/** Query keys of the integrations: the organization's providers, and one provider's voices. */
export const integrationKeys = {
  list: (orgId: string) => ['integrations', orgId] as const,
  voices: (orgId: string, provider: string) => ['integrations', orgId, 'voices', provider] as const,
} as const;

/** The list, plus Save/Test/Remove per provider with what each is doing (for the panel). */
export function useIntegrations(orgId: string) {
  const client = useDashboardApi().integrations;
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: integrationKeys.list(orgId),
    queryFn: () => client.list(orgId),
    retry: false,
  });
  const [activity, setActivity] = useState<Record<string, ProviderActivity>>({});
  const patch = (provider: string, next: ProviderActivity) =>
    setActivity((a) => ({ ...a, [provider]: { ...a[provider], ...next } }));
  const reload = () => qc.invalidateQueries({ queryKey: integrationKeys.list(orgId) });

  const save = useMutation({
    mutationFn: (v: { provider: string; credentials: Record<string, string> }) =>
      client.set(orgId, v.provider, v.credentials),
    onMutate: (v) => patch(v.provider, { saving: true, error: undefined, test: undefined }),
    onError: (e, v) => patch(v.provider, { error: messageOf(e) }),
    onSettled: async (_d, _e, v) => {
      await reload();
      patch(v.provider, { saving: false });
    },
  });
  const test = useMutation({
    mutationFn: (provider: string) => client.test(orgId, provider),
    onMutate: (p) => patch(p, { testing: true, error: undefined, test: undefined }),
    onSuccess: (result, p) => patch(p, { test: result }),
    onError: (e, p) => patch(p, { test: { success: false, message: messageOf(e) } }),
    onSettled: async (_d, _e, p) => {
      patch(p, { testing: false });
      await reload();
    },
  });
  const remove = useMutation({
    mutationFn: (provider: string) => client.remove(orgId, provider),
    onMutate: (p) => patch(p, { removing: true, error: undefined, test: undefined }),
    onError: (e, p) => patch(p, { error: messageOf(e) }),
    onSettled: async (_d, _e, p) => {
      await reload();
      patch(p, { removing: false });
    },
  });
  return {
    list,
    activity,
    save: (provider: string, credentials: Record<string, string>) =>
      save.mutate({ provider, credentials }),
    test: (provider: string) => test.mutate(provider),
    remove: (provider: string) => remove.mutate(provider),
  };
}

/** 'Change voice': a provider's voices through the stored key (while the dialog is open). */
export function useProviderVoices(orgId: string, provider: string, enabled: boolean) {
  const client = useDashboardApi().integrations;
  return useQuery({
    queryKey: integrationKeys.voices(orgId, provider),
    queryFn: () => client.voices(orgId, provider),
    enabled,
    retry: false,
  });
}
