import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDashboardApi } from './ApiContext';
import type { CreateAgentInput, SignInInput, SignUpInput } from './DashboardApi';
import { queryKeys } from './queryKeys';
import { loadDashboardStats } from '../overview/stats';

export function useMe() {
  const api = useDashboardApi();
  return useQuery({ queryKey: queryKeys.me, queryFn: () => api.me(), retry: false });
}

/** After sign-in or sign-up: who is signed in is asked again. */
function signedInChanged(qc: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: queryKeys.me }),
    qc.invalidateQueries({ queryKey: queryKeys.signedIn }),
  ]);
}

/** Whether the browser is signed in (the login page), without a 401 when it is not. */
export function useSignedIn() {
  const api = useDashboardApi();
  return useQuery({
    queryKey: queryKeys.signedIn,
    queryFn: async () => (api.signedIn ? api.signedIn() : Boolean(await api.me())),
    retry: false,
  });
}

export function useSignIn() {
  const api = useDashboardApi();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => api.signIn(input),
    onSuccess: () => signedInChanged(qc),
  });
}

export function useSignUp() {
  const api = useDashboardApi();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SignUpInput) => api.signUp(input),
    onSuccess: () => signedInChanged(qc),
  });
}

export function useSignOut() {
  const api = useDashboardApi();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.signOut(),
    onSuccess: () => {
      clearStoredChatMessages(globalThis.localStorage);
      qc.clear();
    },
  });
}

export function useCreateOrganization() {
  const api = useDashboardApi();
  return useMutation({ mutationFn: (orgName: string) => api.createOrganization(orgName) });
}

/**
 * The organization's agents. TanStack Query runs one fetch per key at a time and refetches
 * when the organization (the key) changes, as the spec's list loading asks.
 */
export function useAgents(orgId: string | undefined) {
  const api = useDashboardApi();
  return useQuery({
    queryKey: queryKeys.agents(orgId ?? ''),
    queryFn: async ({ signal }) =>
      api.listAgentsResult
        ? api.listAgentsResult(orgId!, signal)
        : { agents: await api.listAgents(orgId!, signal), noAgents: false },
    enabled: Boolean(orgId),
    retry: false,
  });
}

/** Post-creation refresh delay (spec §9: 2 s). */
export const postCreateRefreshMs = 2000;

export function useCreateAgent() {
  const api = useDashboardApi();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAgentInput) => api.createAgent(input),
    onSuccess: async (_agent, input) => {
      await qc.invalidateQueries({ queryKey: queryKeys.agents(input.orgId) });
      setTimeout(() => {
        void qc.invalidateQueries({ queryKey: queryKeys.agents(input.orgId) });
      }, postCreateRefreshMs);
    },
  });
}

export function useDeleteAgent() {
  const api = useDashboardApi();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ agentId, orgId }: { agentId: string; orgId: string }) =>
      api.deleteAgent(agentId, orgId),
    onSettled: (_r, _e, vars) => qc.invalidateQueries({ queryKey: queryKeys.agents(vars.orgId) }),
  });
}

export function useDashboardStats(orgId: string | undefined) {
  const api = useDashboardApi();
  return useQuery({
    queryKey: queryKeys.stats(orgId ?? ''),
    enabled: Boolean(orgId),
    queryFn: () =>
      loadDashboardStats({
        agents: () => api.listAgents(orgId!),
        phoneNumbers: () => api.listPhoneNumbers(orgId!),
        // The Email channel is not built yet (its tab says so and the server has no
        // /messaging/mail routes): no mailbox can be mapped, so Total Emails is 0 without a
        // request that could only fail (a 404 in the console on every dashboard load).
        mailboxMappings: async () => [],
      }),
  });
}

/** Logout clears the chat messages held in local storage (spec: channels-and-shell §2). */
export const chatStoragePrefix = 'parley.chat.';

export function clearStoredChatMessages(storage: Storage | undefined): void {
  if (!storage) return;
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key && (key.startsWith(chatStoragePrefix) || key === 'chatMessages')) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}
