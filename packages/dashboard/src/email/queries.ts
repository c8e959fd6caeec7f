import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CampaignCreateRequest,
  MailboxRequest,
  MailSimulateInboundRequest,
} from '@parley/api-client';
import { useDashboardApi } from '../api/ApiContext';
import { channelKeys } from '../channels';
import { overviewKeys } from '../overview';
import { toMailSendRequest, type EmailSendValues } from './emailForms';

/** How often open threads, the outbox and running campaigns are read again (replies are jobs). */
export const mailPollMs = 3000;

/** The Email tab's query keys (one factory, `as const`). */
export const mailKeys = {
  all: (orgId: string) => ['mail', orgId] as const,
  mailboxes: (orgId: string) => ['mail', orgId, 'mailboxes'] as const,
  threads: (orgId: string, mailbox: string) => ['mail', orgId, 'threads', mailbox] as const,
  outbox: (orgId: string, mailbox: string) => ['mail', orgId, 'outbox', mailbox] as const,
  campaigns: (orgId: string) => ['mail', orgId, 'campaigns'] as const,
};

/** One key per send: a retried request is answered, not sent twice. */
const idempotencyKey = () => globalThis.crypto.randomUUID();

export function useMailboxes(orgId: string) {
  const api = useDashboardApi();
  return useQuery({
    queryKey: mailKeys.mailboxes(orgId),
    queryFn: async ({ signal }) => (await (await api.mail()).mailboxes(orgId, signal)).mailboxes,
    retry: false,
  });
}

/** A mailbox's threads, newest activity first; polled while shown. */
export function useMailThreads(orgId: string, mailbox: string | null) {
  const api = useDashboardApi();
  return useQuery({
    queryKey: mailKeys.threads(orgId, mailbox ?? ''),
    queryFn: async ({ signal }) =>
      (
        await (
          await api.mail()
        ).conversations({ mailbox: mailbox ?? undefined, organizationId: orgId }, signal)
      ).conversations,
    enabled: mailbox !== null,
    refetchInterval: mailbox !== null ? mailPollMs : false,
    retry: false,
  });
}

export function useMailOutbox(orgId: string, mailbox: string | null) {
  const api = useDashboardApi();
  return useQuery({
    queryKey: mailKeys.outbox(orgId, mailbox ?? ''),
    queryFn: async ({ signal }) =>
      (
        await (
          await api.mail()
        ).outbox({ mailbox: mailbox ?? undefined, organizationId: orgId }, signal)
      ).messages,
    enabled: mailbox !== null,
    refetchInterval: mailbox !== null ? mailPollMs : false,
    retry: false,
  });
}

export function useCampaigns(orgId: string, live: boolean) {
  const api = useDashboardApi();
  return useQuery({
    queryKey: mailKeys.campaigns(orgId),
    queryFn: async ({ signal }) => (await (await api.mail()).campaigns(orgId, signal)).campaigns,
    enabled: live,
    refetchInterval: live ? mailPollMs : false,
    retry: false,
  });
}

/** After any change the mailboxes (and their mappings, §4) are fetched again, and the stats. */
function useReloadMail(orgId: string) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: mailKeys.all(orgId) }),
      qc.invalidateQueries({ queryKey: overviewKeys.stats(orgId) }),
      qc.invalidateQueries({ queryKey: channelKeys.sendLimits(orgId) }),
    ]);
}

/** POST /mail/agent-mapping: `agent:{id}` and the agent's key (its id when it has none). */
export function useAssignMailbox(orgId: string) {
  const api = useDashboardApi();
  const reload = useReloadMail(orgId);
  return useMutation({
    mutationFn: async (input: {
      email: string;
      agentId: string;
      agentKey?: string | null;
      description?: string;
    }) =>
      (await api.mail()).mapAgent(
        {
          email_address: input.email,
          agent_url: `agent:${input.agentId}`,
          api_key: input.agentKey || input.agentId,
          ...(input.description ? { description: input.description } : {}),
        },
        orgId,
      ),
    onSettled: reload,
  });
}

export function useUnassignMailbox(orgId: string) {
  const api = useDashboardApi();
  const reload = useReloadMail(orgId);
  return useMutation({
    mutationFn: async (email: string) => (await api.mail()).unassignAgent(email, orgId),
    onSettled: reload,
  });
}

/** POST /mail/webhook/send with the shared send form (§3). */
export function useSendMail(orgId: string) {
  const api = useDashboardApi();
  const reload = useReloadMail(orgId);
  return useMutation({
    mutationFn: async (values: EmailSendValues) =>
      (await api.mail()).send(toMailSendRequest(values, orgId), idempotencyKey()),
    onSettled: reload,
  });
}

export function useSaveMailbox(orgId: string) {
  const api = useDashboardApi();
  const reload = useReloadMail(orgId);
  return useMutation({
    mutationFn: async ({ email, request }: { email: string; request: MailboxRequest }) =>
      (await api.mail()).saveMailbox(email, request, orgId),
    onSettled: reload,
  });
}

export function useTestMailbox(orgId: string) {
  const api = useDashboardApi();
  const reload = useReloadMail(orgId);
  return useMutation({
    mutationFn: async (email: string) => (await api.mail()).testMailbox(email, orgId),
    onSettled: reload,
  });
}

export function useSendDraft(orgId: string) {
  const api = useDashboardApi();
  const reload = useReloadMail(orgId);
  return useMutation({
    mutationFn: async ({ id, text }: { id: string; text?: string }) =>
      (await api.mail()).sendDraft(id, text, orgId),
    onSettled: reload,
  });
}

export function useDiscardDraft(orgId: string) {
  const api = useDashboardApi();
  const reload = useReloadMail(orgId);
  return useMutation({
    mutationFn: async (id: string) => (await api.mail()).discardDraft(id, orgId),
    onSettled: reload,
  });
}

export function useSimulateMail(orgId: string) {
  const api = useDashboardApi();
  const reload = useReloadMail(orgId);
  return useMutation({
    mutationFn: async (body: MailSimulateInboundRequest) =>
      (await api.mail()).simulateInbound(body, orgId),
    onSettled: reload,
  });
}

export function useCreateCampaign(orgId: string) {
  const api = useDashboardApi();
  const reload = useReloadMail(orgId);
  return useMutation({
    mutationFn: async (body: CampaignCreateRequest) =>
      (await api.mail()).createCampaign(body, orgId),
    onSettled: reload,
  });
}

export function useCampaignAction(orgId: string) {
  const api = useDashboardApi();
  const reload = useReloadMail(orgId);
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'pause' | 'resume' | 'cancel' }) =>
      (await api.mail()).campaignAction(id, action, orgId),
    onSettled: reload,
  });
}
