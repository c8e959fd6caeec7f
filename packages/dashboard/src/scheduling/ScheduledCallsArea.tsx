import { useMemo, useState } from 'react';
import {
  agentDisplayName,
  messageOf,
  plainMessageOf,
  scheduleMessages,
  type ScheduledEvent,
} from '@parley/api-client';
import { useAgents } from '../agents';
import { managerActions, managerOnlyReason } from '@parley/api-client';
import { CallTranscriptView, useCall } from '../calls';
import { ScheduleModal } from './ScheduleModal';
import { ScheduledEventsView, type SchedulingNotice } from './ScheduledEventsView';
import { formOf } from './scheduleForm';
import {
  useCreateScheduled,
  useDeleteScheduled,
  useResumeDialing,
  useSandboxOutcome,
  useScheduledEvents,
  useUpdateScheduled,
} from './queries';

/** The Outbound side of Phone Numbers: data hooks wired to the Scheduled Events view and modals. */
export function ScheduledCallsArea({ orgId, role }: { orgId: string; role?: string | null }) {
  const page = useScheduledEvents(orgId);
  const agentsQuery = useAgents(orgId);
  const create = useCreateScheduled(orgId);
  const update = useUpdateScheduled(orgId);
  const remove = useDeleteScheduled(orgId);
  const resume = useResumeDialing(orgId);
  const sandbox = useSandboxOutcome(orgId);

  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ScheduledEvent | null>(null);
  const [modalError, setModalError] = useState<string | null>(null);
  const [notice, setNotice] = useState<SchedulingNotice | null>(null);
  const [openCall, setOpenCall] = useState<string | null>(null);
  const call = useCall(openCall);

  const agents = useMemo(
    () => (agentsQuery.data?.agents ?? []).map((a) => ({ id: a.id, label: agentDisplayName(a) })),
    [agentsQuery.data],
  );
  const agentNames = useMemo(() => new Map(agents.map((a) => [a.id, a.label])), [agents]);
  const events = page.data?.scheduled_events ?? [];

  return (
    <>
      {page.error ? (
        <p role="alert">{`Failed to load scheduled events: ${plainMessageOf(page.error)}`}</p>
      ) : null}
      <ScheduledEventsView
        events={events}
        agentNames={agentNames}
        loading={page.isPending}
        search={search}
        onSearchChange={setSearch}
        selectedId={selectedId}
        onSelect={(id) => {
          setSelectedId(id);
          setOpenCall(null);
        }}
        onCreate={() => {
          setModalError(null);
          setCreating(true);
        }}
        onEdit={(event) => {
          setModalError(null);
          setEditing(event);
        }}
        deleting={remove.isPending}
        onDelete={(event) =>
          remove.mutate(event.scheduled_id, {
            onSuccess: () => {
              // The deleted event is gone: nothing stays selected.
              setSelectedId((id) => (id === event.scheduled_id ? null : id));
              setNotice({ tone: 'success', message: scheduleMessages.deleted });
            },
            onError: (error) =>
              setNotice({
                tone: 'error',
                message: scheduleMessages.deleteFailed(messageOf(error)),
              }),
          })
        }
        notice={notice}
        onDismissNotice={() => setNotice(null)}
        dialingPaused={page.data?.dialing_paused ?? null}
        resuming={resume.isPending}
        resumeDisabledReason={managerOnlyReason(role, managerActions.resume)}
        onResume={() =>
          resume.mutate(undefined, {
            onError: (error) => setNotice({ tone: 'error', message: messageOf(error) }),
          })
        }
        sandbox={page.data?.sandbox ?? false}
        sandboxBusy={sandbox.isPending}
        onSandboxOutcome={(body) =>
          sandbox.mutate(body, {
            onSuccess: () =>
              setNotice({
                tone: 'success',
                message: `Sandbox: calls to ${body.phone_number} will be ${body.outcome}`,
              }),
            onError: (error) => setNotice({ tone: 'error', message: messageOf(error) }),
          })
        }
        onOpenCall={setOpenCall}
        transcript={
          openCall ? (
            <CallTranscriptView
              headingLevel={3}
              call={call.data ?? null}
              loading={call.isPending}
              error={call.error ? plainMessageOf(call.error) : null}
              onRetry={() => void call.refetch()}
              onBack={() => setOpenCall(null)}
            />
          ) : null
        }
      />
      <ScheduleModal
        mode="create"
        open={creating}
        onOpenChange={setCreating}
        agents={agents}
        busy={create.isPending}
        error={modalError}
        onSubmit={(form) =>
          create.mutate(form, {
            onSuccess: (event) => {
              setCreating(false);
              setSelectedId(event.scheduled_id);
              setNotice({ tone: 'success', message: scheduleMessages.scheduled });
            },
            onError: (error) => setModalError(scheduleMessages.scheduleFailed(messageOf(error))),
          })
        }
      />
      <ScheduleModal
        mode="edit"
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        agents={agents}
        initial={editing ? formOf(editing) : undefined}
        busy={update.isPending}
        error={modalError}
        onSubmit={(form) =>
          update.mutate(
            { id: editing!.scheduled_id, form },
            {
              onSuccess: () => {
                setEditing(null);
                setNotice({ tone: 'success', message: scheduleMessages.updated });
              },
              onError: (error) => {
                const reason = messageOf(error);
                setModalError(
                  reason
                    ? scheduleMessages.updateFailedReason(reason)
                    : scheduleMessages.updateFailed,
                );
              },
            },
          )
        }
      />
    </>
  );
}
