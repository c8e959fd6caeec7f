import { useMemo, useState } from 'react';
import { agentErrorMessages, plainMessageOf } from '@parley/api-client';
import { useAgents, useCreateAgent, useDeleteAgent } from './queries';
import { AgentsScreen } from './AgentsScreen';
import { CreateAgentModal } from './CreateAgentModal';
import { DeleteAgentModal } from './DeleteAgentModal';
import { QrCodeModal } from './QrCodeModal';
import { AgentInfoDialog, type AgentInfoKind } from './AgentInfoDialog';
import { publicChatUrl, toAgentCardModel } from './agentView';
import { qrCodeDataUrl } from './qrCode';

export interface AgentListAreaProps {
  orgId: string;
  /**
   * Opens an agent: 'Open Agent' (and a newly created agent) read-only, 'Edit agent settings'
   * with editing on (spec §2, §5, §6); the detail's Edit control switches it.
   */
  onOpenAgent?: (agentId: string, options?: { edit: boolean; section?: 'analytics' }) => void;
  origin?: string;
}

type Overlay =
  | { kind: 'create' }
  | { kind: 'delete'; id: string }
  | { kind: 'qr'; id: string }
  | { kind: AgentInfoKind; id: string }
  | null;

/** Container: the organization's agents with create, delete, QR and info overlays. */
export function AgentListArea({
  orgId,
  onOpenAgent,
  origin = globalThis.location?.origin ?? '',
}: AgentListAreaProps) {
  const agents = useAgents(orgId);
  const create = useCreateAgent();
  const remove = useDeleteAgent();
  const [overlay, setOverlay] = useState<Overlay>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const list = agents.data?.agents;
  const models = useMemo(() => (list ?? []).map(toAgentCardModel), [list]);
  const byId = (id: string) => {
    const agent = list?.find((a) => a.id === id);
    const model = models.find((m) => m.id === id);
    return agent && model ? { ...agent, displayName: model.displayName } : null;
  };
  const selected = overlay && 'id' in overlay ? byId(overlay.id) : null;
  const close = () => setOverlay(null);
  const open = (id: string) => onOpenAgent?.(id, { edit: false });
  const edit = (id: string) => onOpenAgent?.(id, { edit: true });

  return (
    <>
      <AgentsScreen
        agents={models}
        loading={agents.isPending}
        error={agents.error ? plainMessageOf(agents.error) : null}
        noAgentsAnswer={agents.data?.noAgents ?? false}
        notice={notice}
        onDismissNotice={() => setNotice(null)}
        onRetry={() => void agents.refetch()}
        onCreate={() => {
          create.reset();
          setOverlay({ kind: 'create' });
        }}
        onOpen={open}
        onEdit={edit}
        onQr={(id) => setOverlay({ kind: 'qr', id })}
        onDelete={(id) => setOverlay({ kind: 'delete', id })}
        onAnalytics={(id) => onOpenAgent?.(id, { edit: false, section: 'analytics' })}
        onApiEndpoints={(id) => setOverlay({ kind: 'api', id })}
      />
      <CreateAgentModal
        open={overlay?.kind === 'create'}
        onOpenChange={(o) => !o && close()}
        orgId={orgId}
        busy={create.isPending}
        error={create.error ? create.error.message || 'Unknown error' : null}
        onCreate={({ prefix, kind }) =>
          create.mutate(
            { prefix, kind, orgId },
            {
              onSuccess: (agent) => {
                close();
                onOpenAgent?.(agent.id, { edit: false });
              },
            },
          )
        }
      />
      {overlay?.kind === 'delete' && selected ? (
        <DeleteAgentModal
          open
          agentName={selected.displayName}
          busy={remove.isPending}
          onOpenChange={(o) => !o && !remove.isPending && close()}
          onConfirm={() =>
            remove.mutate(
              { agentId: selected.id, orgId },
              {
                onSettled: close,
                // Issue 12: a failed delete says so (the spec only logged it).
                onError: (e) => {
                  console.error('Failed to delete agent', e);
                  setNotice(`${agentErrorMessages.delete}: ${plainMessageOf(e)}`);
                },
              },
            )
          }
        />
      ) : null}
      {overlay?.kind === 'qr' && selected ? (
        <QrCodeModal
          open
          onOpenChange={(o) => !o && close()}
          agentName={selected.displayName}
          url={publicChatUrl(origin, selected.id)}
          renderQr={qrCodeDataUrl}
        />
      ) : null}
      {overlay?.kind === 'api' && selected ? (
        <AgentInfoDialog kind={overlay.kind} agent={selected} onOpenChange={(o) => !o && close()} />
      ) : null}
    </>
  );
}
