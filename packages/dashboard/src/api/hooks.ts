import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDashboardApi } from './ApiContext';
import type { SignInInput, SignUpInput } from './DashboardApi';
import { queryKeys } from './queryKeys';

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
