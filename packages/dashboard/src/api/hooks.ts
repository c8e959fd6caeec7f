/** The session's hooks every feature shares (who is signed in, sign out, a first organization). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDashboardApi } from './ApiContext';

/** The session's query keys: who is signed in (the dashboard), whether anyone is (the login page). */
export const sessionKeys = {
  me: ['me'] as const,
  signedIn: ['signed-in'] as const,
} as const;

export function useMe() {
  const api = useDashboardApi();
  return useQuery({ queryKey: sessionKeys.me, queryFn: () => api.me(), retry: false });
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
