import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageOf, type CreateApiKeyRequest, type CreateApiKeyResponse } from '@parley/api-client';
import { useApiKeysClient } from '../api/clients/apiKeys';

export const apiKeysKey = (orgId: string) => ['api-keys', orgId] as const;

/** The organization's API keys, with create (the key kept until dismissed) and revoke. */
export function useApiKeys(orgId: string) {
  const client = useApiKeysClient();
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: apiKeysKey(orgId),
    queryFn: ({ signal }) => client.list(orgId, signal),
    retry: false,
  });
  const reload = () => qc.invalidateQueries({ queryKey: apiKeysKey(orgId) });
  const [created, setCreated] = useState<CreateApiKeyResponse | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const onError = (e: unknown) => setActionError(messageOf(e));
  const create = useMutation({
    mutationFn: (body: CreateApiKeyRequest) => client.create(orgId, body),
    onMutate: () => setActionError(null),
    onSuccess: (answer) => setCreated(answer),
    onError,
    onSettled: reload,
  });
  const revoke = useMutation({
    mutationFn: (id: string) => client.revoke(orgId, id),
    onMutate: () => setActionError(null),
    onError,
    onSettled: reload,
  });
  return { list, create, revoke, created, dismissCreated: () => setCreated(null), actionError };
}
