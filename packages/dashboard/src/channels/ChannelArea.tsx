import { useMemo, useState, type ReactNode } from 'react';
import { agentDisplayName, messageOf, phoneMessages, smsMessages } from '@parley/api-client';
import type { PhoneNumber, SendLimitChannel } from '@parley/api-client';
import type { MessagingChannel } from '../api/DashboardApi';
import { useAgents } from '../agents';
import { AddAgentModal } from './AddAgentModal';
import type { AgentOption, ChannelTab, Notice } from './types';
import { ChannelScreen } from './ChannelScreen';
import { MakeTestControl } from '../agents';
import { MessagesPanel } from './MessagesPanel';
import { SimulateInboundModal } from './SimulateInboundModal';
import { useSendDialog } from './useSendDialog';
import { defaultChannelFilters, type ChannelFilters } from './channelFilters';
import { channelLabels } from './channelLabels';
import { channelAssignFailed, channelUnassignFailed, sendFailureText } from './channelMessages';
import {
  useAssignChannelNumber,
  useChannelMessages,
  useChannelPage,
  useSendLimits,
  useSimulateInbound,
  useUnassignChannelNumber,
} from './queries';

/** What a channel's send modal is given by the tab (the channel sends with its own hook). */
export interface ChannelSendProps {
  orgId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The channel's numbers (the modal pre-fills or offers them). */
  numbers: readonly PhoneNumber[];
  /** The organization's sending limit and usage on this channel. */
  limits: SendLimitChannel | null;
  error: string | null;
  onDismissError: () => void;
  /** The send went out: closes the modal and shows the server's line under Outbound. */
  onSent: (message: string) => void;
  onFailed: (error: unknown) => void;
}

export interface ChannelAreaProps {
  channel: MessagingChannel;
  orgId: string;
  orgName: string;
  /** The channel's own send modal. */
  renderSend: (send: ChannelSendProps) => ReactNode;
}

/** The SMS or WhatsApp tab: data hooks wired to the screen, the Outbound page and the modals. */
export function ChannelArea({ channel, orgId, orgName, renderSend }: ChannelAreaProps) {
  const words = channelLabels[channel];
  const page = useChannelPage(channel, orgId);
  const [tab, setTab] = useState<ChannelTab>('inbound');
  const threads = useChannelMessages(channel, orgId, tab === 'outbound');
  const agentsQuery = useAgents(orgId);
  const assign = useAssignChannelNumber(channel, orgId);
  const unassign = useUnassignChannelNumber(channel, orgId);
  const simulate = useSimulateInbound(channel, orgId);

  const numbers = useMemo(() => page.data?.numbers ?? [], [page.data]);
  // null: the §2 default (assigned numbers if any, else unassigned) until the user filters.
  const [chosen, setChosen] = useState<ChannelFilters | null>(null);
  const filters = chosen ?? defaultChannelFilters(numbers);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [sendNotice, setSendNotice] = useState<Notice | null>(null);
  const [assigning, setAssigning] = useState(false);
  const [assignError, setAssignError] = useState<string | null>(null);
  const send = useSendDialog();
  const [simulating, setSimulating] = useState<string | null>(null);
  const [simulateError, setSimulateError] = useState<string | null>(null);
  // The organization's sending limits, read while a send modal is open.
  const limits = useSendLimits(orgId, send.isOpen);

  const agents: AgentOption[] = useMemo(
    () => (agentsQuery.data?.agents ?? []).map((a) => ({ id: a.id, label: agentDisplayName(a) })),
    [agentsQuery.data],
  );
  const free = numbers.filter((n) => !n.agent_id);

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
            onOpenSend={() => send.open(true)}
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
      {renderSend({
        orgId,
        open: send.isOpen,
        onOpenChange: send.onOpenChange,
        numbers,
        limits: limits.data?.channels.find((l) => l.channel === channel) ?? null,
        error: send.error,
        onDismissError: send.dismissError,
        onSent: (message) => {
          send.done();
          setSendNotice({ tone: 'success', message });
        },
        onFailed: (error) => send.fail(sendFailureText(words.sendFailed, error)),
      })}
    </>
  );
}
