import { useMemo, useState } from 'react';
import { agentDisplayName, messageOf, phoneMessages, smsMessages } from '@parley/api-client';
import type { PhoneNumber } from '@parley/api-client';
import type { MessagingChannel } from '../api/DashboardApi';
import { useAgents } from '../api/hooks';
import { AddAgentModal, type AgentOption } from '../phone-numbers/AddAgentModal';
import type { Notice } from '../phone-numbers/PhoneNumbersScreen';
import { SendWhatsappModal } from '../whatsapp/SendWhatsappModal';
import { ChannelScreen, type ChannelTab } from './ChannelScreen';
import { MakeTestControl } from '../agents/tests/MakeTestControl';
import { MessagesPanel } from './MessagesPanel';
import { SendSmsModal } from './SendSmsModal';
import { SimulateInboundModal } from './SimulateInboundModal';
import { defaultChannelFilters, type ChannelFilters } from './channelFilters';
import { channelLabels } from './channelLabels';
import { channelAssignFailed, channelUnassignFailed, sendFailureText } from './channelMessages';
import {
  useAssignChannelNumber,
  useChannelMessages,
  useChannelPage,
  useSendLimits,
  useSendSms,
  useSendWhatsapp,
  useSimulateInbound,
  useUnassignChannelNumber,
} from './useChannel';

export interface ChannelAreaProps {
  channel: MessagingChannel;
  orgId: string;
  orgName: string;
}

/** The SMS or WhatsApp tab: data hooks wired to the screen, the Outbound page and the modals. */
export function ChannelArea({ channel, orgId, orgName }: ChannelAreaProps) {
  const words = channelLabels[channel];
  const page = useChannelPage(channel, orgId);
  const [tab, setTab] = useState<ChannelTab>('inbound');
  const threads = useChannelMessages(channel, orgId, tab === 'outbound');
  const agentsQuery = useAgents(orgId);
  const assign = useAssignChannelNumber(channel, orgId);
  const unassign = useUnassignChannelNumber(channel, orgId);
  const sendSms = useSendSms(orgId);
  const sendWhatsapp = useSendWhatsapp(orgId);
  const simulate = useSimulateInbound(channel, orgId);

  const numbers = useMemo(() => page.data?.numbers ?? [], [page.data]);
  // null: the §2 default (assigned numbers if any, else unassigned) until the user filters.
  const [chosen, setChosen] = useState<ChannelFilters | null>(null);
  const filters = chosen ?? defaultChannelFilters(numbers);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [sendNotice, setSendNotice] = useState<Notice | null>(null);
  const [assigning, setAssigning] = useState(false);
  const [assignError, setAssignError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [simulating, setSimulating] = useState<string | null>(null);
  const [simulateError, setSimulateError] = useState<string | null>(null);
  // The organization's sending limits, read while a send modal is open.
  const limits = useSendLimits(orgId, sending);
  const limitsOf = (c: MessagingChannel) =>
    limits.data?.channels.find((l) => l.channel === c) ?? null;

  const agents: AgentOption[] = useMemo(
    () => (agentsQuery.data?.agents ?? []).map((a) => ({ id: a.id, label: agentDisplayName(a) })),
    [agentsQuery.data],
  );
  const free = numbers.filter((n) => !n.agent_id);
  const firstAssigned = numbers.find((n) => n.agent_id)?.phone_number ?? '';

  const onSent = (message: string) => {
    setSending(false);
    setSendError(null);
    setSendNotice({ tone: 'success', message });
  };
  const onSendFailed = (error: unknown) => setSendError(sendFailureText(words.sendFailed, error));

  return (
    <>
      <ChannelScreen
        channel={channel}
        orgName={orgName}
        numbers={numbers}
        loading={page.isPending}
        error={page.error ? phoneMessages.listFailed(messageOf(page.error)) : null}
        onRetry={() => void page.refetch()}
        sandbox={page.data?.sandbox ?? false}
        refreshing={page.isFetching && !page.isPending}
        onRefresh={() => {
          void page.refetch();
          if (tab === 'outbound') void threads.refetch();
        }}
        tab={tab}
        onTabChange={setTab}
        filters={filters}
        onFiltersChange={setChosen}
        notice={notice}
        onDismissNotice={() => setNotice(null)}
        unassigningNumber={unassign.isPending ? (unassign.variables ?? null) : null}
        onAssign={() => {
          setAssignError(null);
          setAssigning(true);
        }}
        onUnassign={(row: PhoneNumber) =>
          unassign.mutate(row.phone_number, {
            onSuccess: () => setNotice({ tone: 'success', message: smsMessages.unassigned }),
            onError: (error) => setNotice({ tone: 'error', message: channelUnassignFailed(error) }),
          })
        }
        onSimulate={(row) => {
          setSimulateError(null);
          setSimulating(row.phone_number);
        }}
        outbound={
          <MessagesPanel
            channel={channel}
            threads={threads.data ?? []}
            loading={threads.isPending}
            error={threads.error ? messageOf(threads.error) : null}
            onRetry={() => void threads.refetch()}
            notice={sendNotice}
            onDismissNotice={() => setSendNotice(null)}
            threadActions={(t) =>
              t.agent_id ? <MakeTestControl agentId={t.agent_id} conversationId={t.id} /> : null
            }
            onOpenSend={() => {
              setSendError(null);
              setSending(true);
            }}
          />
        }
      />
      <AddAgentModal
        title="Assign Agent"
        submitLabel="Assign Agent"
        busyLabel="Assigning..."
        description={`Choose an agent and the ${words.name} number it answers.`}
        open={assigning}
        onOpenChange={setAssigning}
        agents={agents}
        numbers={free}
        loading={agentsQuery.isPending && assigning}
        busy={assign.isPending}
        error={assignError}
        onAdd={({ agentId, phoneNumber }) =>
          assign.mutate(
            {
              number: phoneNumber,
              agentId,
              agentKey: agentsQuery.data?.agents.find((a) => a.id === agentId)?.chatbot_key,
            },
            {
              // The server's line: 'SMS mapping created successfully!' (spec §8).
              onSuccess: (r) => {
                setAssigning(false);
                setChosen(null);
                setNotice({ tone: 'success', message: r.message });
              },
              onError: (error) => setAssignError(channelAssignFailed(error)),
            },
          )
        }
      />
      <SimulateInboundModal
        channel={channel}
        number={simulating}
        onClose={() => setSimulating(null)}
        busy={simulate.isPending}
        error={simulateError}
        onSimulate={({ from, text }) =>
          simulate.mutate(
            { from, to: simulating ?? '', text },
            {
              onSuccess: (r) => {
                setNotice({
                  tone: 'success',
                  message:
                    r.answeredBy === 'agent'
                      ? `Inbound message from ${from} received; the agent's reply appears under Outbound.`
                      : `Inbound message from ${from} received; this number has no agent to answer it.`,
                });
                setSimulating(null);
              },
              onError: (error) => setSimulateError(messageOf(error)),
            },
          )
        }
      />
      {channel === 'sms' ? (
        <SendSmsModal
          open={sending}
          onOpenChange={setSending}
          defaultFrom={firstAssigned}
          busy={sendSms.isPending}
          error={sendError}
          onDismissError={() => setSendError(null)}
          limits={limitsOf('sms')}
          onSend={(values) =>
            sendSms.mutate(values, {
              onSuccess: (r) => onSent(r.message),
              onError: onSendFailed,
            })
          }
        />
      ) : (
        <SendWhatsappModal
          open={sending}
          onOpenChange={setSending}
          numbers={numbers.map((n) => n.phone_number)}
          busy={sendWhatsapp.isPending}
          error={sendError}
          onDismissError={() => setSendError(null)}
          limits={limitsOf('whatsapp')}
          onSend={(values) =>
            sendWhatsapp.mutate(values, {
              onSuccess: (r) => onSent(r.message),
              onError: onSendFailed,
            })
          }
        />
      )}
    </>
  );
}

export function SmsArea(props: Omit<ChannelAreaProps, 'channel'>) {
  return <ChannelArea channel="sms" {...props} />;
}
