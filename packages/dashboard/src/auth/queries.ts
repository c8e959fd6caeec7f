import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDashboardApi } from '../api/ApiContext';
import type { SignInInput, SignUpInput } from '../api/DashboardApi';
import { sessionKeys } from '../api/hooks';

/** After sign-in or sign-up: who is signed in is asked again. */
function signedInChanged(qc: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: sessionKeys.me }),
    qc.invalidateQueries({ queryKey: sessionKeys.signedIn }),
  ]);
}

/** Whether the browser is signed in (the login page), without a 401 when it is not. */
export function useSignedIn() {
  const api = useDashboardApi();
  return useQuery({
    queryKey: sessionKeys.signedIn,
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
