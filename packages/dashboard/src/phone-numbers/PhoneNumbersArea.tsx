import { useMemo, useState } from 'react';
import {
  agentDisplayName,
  managerActions,
  managerOnlyReason,
  messageOf,
  phoneMessages,
  type PhoneNumber,
} from '@parley/api-client';
import { useAgents } from '../agents';
import { AddAgentModal, type AgentOption, type Notice } from '../channels';
import { PhoneNumbersScreen, type PhoneNumbersTab } from './PhoneNumbersScreen';
import { EditAssignmentModal } from './EditAssignmentModal';
import { OutboundRulesArea, ScheduledCallsArea } from '../scheduling';
import { noFilters, type PhoneFilters } from './phoneFilters';
import { assignFailureMessage, syncFailureMessage, unassignFailureMessage } from './phoneMessages';
import {
  useAssignPhoneNumber,
  useAvailablePhoneNumbers,
  usePhoneNumberPage,
  useSyncPhoneNumbers,
  useUnassignPhoneNumber,
} from './queries';

/** Numbers as the Phone Numbers tab shows them: `agent_id` / `agent_name` are the voice agent's. */
export function voiceView(numbers: readonly PhoneNumber[]): PhoneNumber[] {
  return numbers.map((n) => ({
    ...n,
    agent_id: n.voice_agent_id,
    agent_name: n.voice_agent_name,
    status: n.voice_agent_id ? 'assigned' : 'available',
  }));
}

/** The Phone Numbers tab: data hooks wired to the screen and its two modals. */
export function PhoneNumbersArea({
  orgId,
  orgName,
  role,
}: {
  orgId: string;
  orgName: string;
  /** The user's role: a member sees Sync Phone Numbers disabled, with the reason. */
  role?: string | null;
}) {
  const page = usePhoneNumberPage(orgId);
  const agentsQuery = useAgents(orgId);
  const sync = useSyncPhoneNumbers(orgId);
  const assign = useAssignPhoneNumber(orgId);
  const unassign = useUnassignPhoneNumber(orgId);

  const [tab, setTab] = useState<PhoneNumbersTab>('inbound');
  const [filters, setFilters] = useState<PhoneFilters>(noFilters);
  const [syncNotice, setSyncNotice] = useState<Notice | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const [editing, setEditing] = useState<PhoneNumber | null>(null);
  const [editError, setEditError] = useState<string | null>(null);
  const available = useAvailablePhoneNumbers(orgId, adding);

  // This tab assigns voice: a number's Agent is its voice agent (SMS and WhatsApp show beside it).
  const voiceNumbers = useMemo(() => voiceView(page.data?.numbers ?? []), [page.data]);
  const agents: AgentOption[] = useMemo(
    () => (agentsQuery.data?.agents ?? []).map((a) => ({ id: a.id, label: agentDisplayName(a) })),
    [agentsQuery.data],
  );

  const runUnassign = (row: PhoneNumber, after?: () => void) => {
    if (!row.phone_id || !row.agent_id) {
      setNotice({ tone: 'error', message: phoneMessages.phoneIdOrAgentMissing });
      return;
    }
    unassign.mutate(
      { phoneId: row.phone_id, agentId: row.agent_id },
      {
        onSuccess: () => {
          setNotice({ tone: 'success', message: phoneMessages.unassigned(row.phone_number) });
          after?.();
        },
        onError: (error) => {
          const message = unassignFailureMessage(error);
          if (after) setEditError(message);
          else setNotice({ tone: 'error', message });
        },
      },
    );
  };

  return (
    <>
      <PhoneNumbersScreen
        orgName={orgName}
        numbers={voiceNumbers}
        sharedUnavailable={Boolean(page.data?.shared?.configured && !page.data.shared.served)}
        loading={page.isPending}
        error={page.error ? phoneMessages.listFailed(messageOf(page.error)) : null}
        onRetry={() => void page.refetch()}
        sandbox={page.data?.sandbox ?? false}
        tab={tab}
        onTabChange={setTab}
        filters={filters}
        onFiltersChange={setFilters}
        syncing={sync.isPending}
        syncDisabledReason={managerOnlyReason(role, managerActions.sync)}
        syncNotice={syncNotice}
        onDismissSyncNotice={() => setSyncNotice(null)}
        notice={notice}
        onDismissNotice={() => setNotice(null)}
        unassigningId={unassign.isPending ? (unassign.variables?.phoneId ?? null) : null}
        onSync={() => {
          setSyncNotice(null);
          sync.mutate(undefined, {
            onSuccess: (r) => setSyncNotice({ tone: 'success', message: r.message }),
            onError: (error) =>
              setSyncNotice({ tone: 'error', message: syncFailureMessage(error) }),
          });
        }}
        onAddAgent={() => {
          setAddError(null);
          setAdding(true);
        }}
        onEdit={(row) => {
          setEditError(null);
          setEditing(row);
        }}
        onUnassign={(row) => runUnassign(row)}
        outbound={
          <>
            <ScheduledCallsArea orgId={orgId} role={role} />
            <OutboundRulesArea orgId={orgId} role={role} />
          </>
        }
      />
      <AddAgentModal
        open={adding}
        onOpenChange={setAdding}
        agents={agents}
        // Voice is assigned here: only numbers that have voice.
        numbers={voiceView(available.data ?? []).filter((n) => n.voice_enabled)}
        offerOtherChannels
        loading={available.isPending && adding}
        busy={assign.isPending}
        error={addError}
        onAdd={({ agentId, phoneId, phoneNumber, channels }) =>
          assign.mutate(
            { phoneId, agentId, channels },
            {
              onSuccess: () => {
                setAdding(false);
                setNotice({ tone: 'success', message: phoneMessages.assigned(phoneNumber) });
              },
              onError: (error) => setAddError(assignFailureMessage(error)),
            },
          )
        }
      />
      <EditAssignmentModal
        number={editing}
        onClose={() => setEditing(null)}
        agents={agents}
        busy={assign.isPending || unassign.isPending}
        error={editError}
        onSave={({ number, agentId }) => {
          if (agentId === null) {
            runUnassign(number, () => setEditing(null));
            return;
          }
          if (agentId === number.agent_id) {
            setEditing(null);
            return;
          }
          assign.mutate(
            { phoneId: number.phone_id, agentId },
            {
              onSuccess: () => {
                setEditing(null);
                setNotice({
                  tone: 'success',
                  message: phoneMessages.assigned(number.phone_number),
                });
              },
              onError: (error) => setEditError(assignFailureMessage(error)),
            },
          );
        }}
      />
    </>
  );
}
