import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageOf, type WebhookUpdateRequest } from '@parley/api-client';
import type { WebhookDraft } from './webhookRules';
import { useWebhooksClient } from '../api/clients/webhooks';

export const webhooksKey = (orgId: string) => ['webhooks', orgId] as const;
export const deliveriesKey = (orgId: string, id: string) =>
  ['webhooks', orgId, id, 'deliveries'] as const;

type Busy = { id: string; what: 'test' | 'toggle' | 'rotate' | 'delete' | 'save' };

/** The organization's webhooks with every change, the secret shown once, and an open log. */
export function useWebhooks(orgId: string) {
  const client = useWebhooksClient();
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: webhooksKey(orgId),
    queryFn: ({ signal }) => client.list(orgId, signal),
    retry: false,
  });
  const [openLog, setOpenLog] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ url: string; secret: string; rotated: boolean } | null>(
    null,
  );
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy | null>(null);
  const reload = () => qc.invalidateQueries({ queryKey: webhooksKey(orgId) });
  const onError = (e: unknown) => setActionError(messageOf(e));
  const deliveries = useQuery({
    queryKey: deliveriesKey(orgId, openLog ?? ''),
    queryFn: ({ signal }) => client.deliveries(orgId, openLog!, { limit: 50 }, signal),
    enabled: openLog !== null,
    placeholderData: keepPreviousData,
    // While something is on its way, look again every 2 s.
    refetchInterval: (q) =>
      q.state.data?.deliveries.some((d) => d.status === 'pending') ? 2000 : false,
  });
  const create = useMutation({
    mutationFn: (draft: WebhookDraft) =>
      client.create(orgId, {
        url: draft.url,
        events: draft.events,
        description: draft.description || undefined,
      }),
    onMutate: () => {
      setActionError(null);
      setSecret(null);
    },
    onSuccess: ({ webhook }) =>
      setSecret({ url: webhook.url, secret: webhook.secret, rotated: false }),
    onError,
    onSettled: reload,
  });
  /** One action on one webhook; its answer refreshes the list (and the log it touched). */
  const useAction = <T>(
    what: Busy['what'],
    run: (id: string) => Promise<T>,
    after?: (id: string, answer: T) => void,
  ) =>
    useMutation({
      mutationFn: (id: string) => run(id),
      onMutate: (id) => {
        setActionError(null);
        setBusy({ id, what });
      },
      onSuccess: (answer, id) => after?.(id, answer),
      onError,
      onSettled: () => {
        setBusy(null);
        void reload();
      },
    });
  const test = useAction(
    'test',
    (id) => client.test(orgId, id),
    (id) => {
      setOpenLog(id);
      void qc.invalidateQueries({ queryKey: deliveriesKey(orgId, id) });
    },
  );
  const rotate = useAction(
    'rotate',
    (id) => client.rotateSecret(orgId, id),
    (_id, { webhook }) => setSecret({ url: webhook.url, secret: webhook.secret, rotated: true }),
  );
  const remove = useAction(
    'delete',
    (id) => client.remove(orgId, id),
    (id) => {
      if (openLog === id) setOpenLog(null);
    },
  );
  const toggle = useMutation({
    mutationFn: (v: { id: string; body: WebhookUpdateRequest }) =>
      client.update(orgId, v.id, v.body),
    onMutate: (v) => {
      setActionError(null);
      setBusy({ id: v.id, what: 'toggle' });
    },
    onError,
    onSettled: () => {
      setBusy(null);
      void reload();
    },
  });
  const replay = useMutation({
    mutationFn: (deliveryId: string) => client.replay(orgId, openLog!, deliveryId),
    onMutate: () => setActionError(null),
    onError,
    onSettled: () => qc.invalidateQueries({ queryKey: deliveriesKey(orgId, openLog ?? '') }),
  });
  return {
    list,
    deliveries,
    openLog,
    setOpenLog,
    secret,
    dismissSecret: () => setSecret(null),
    actionError,
    busy,
    create,
    test,
    rotate,
    remove,
    toggle,
    replay,
  };
}
