import { useMemo, useState } from 'react';
import { useAgents, useCreateAgent, useDeleteAgent } from '../api/hooks';
import { AgentsScreen } from './AgentsScreen';
import { CreateAgentModal } from './CreateAgentModal';
import { DeleteAgentModal } from './DeleteAgentModal';
import { QrCodeModal } from './QrCodeModal';
import { AgentInfoDialog, type AgentInfoKind } from './AgentInfoDialog';
import { publicChatUrl, toAgentCardModel } from './agentView';
import { qrCodeDataUrl } from './qrCode';

export interface AgentsTabProps {
  orgId: string;
  /** Opens an agent (the editor); defaults to nothing until the editor lands. */
  onOpenAgent?: (agentId: string) => void;
  origin?: string;
}

type Overlay =
  | { kind: 'create' }
  | { kind: 'delete'; id: string }
  | { kind: 'qr'; id: string }
  | { kind: AgentInfoKind; id: string }
  | null;

/** Container: the organization's agents with create, delete, QR and info overlays. */
export function AgentsTab({
  orgId,
  onOpenAgent,
  origin = globalThis.location?.origin ?? '',
}: AgentsTabProps) {
  const agents = useAgents(orgId);
  const create = useCreateAgent();
  const remove = useDeleteAgent();
  const [overlay, setOverlay] = useState<Overlay>(null);

  const models = useMemo(() => (agents.data ?? []).map(toAgentCardModel), [agents.data]);
  const byId = (id: string) => {
    const agent = agents.data?.find((a) => a.id === id);
    const model = models.find((m) => m.id === id);
    return agent && model ? { ...agent, displayName: model.displayName } : null;
  };
  const selected = overlay && 'id' in overlay ? byId(overlay.id) : null;
  const close = () => setOverlay(null);
  const open = (id: string) => onOpenAgent?.(id);

  return (
    <>
      <AgentsScreen
        agents={models}
        loading={agents.isPending}
        error={agents.error ? agents.error.message : null}
        onRetry={() => void agents.refetch()}
        onCreate={() => {
          create.reset();
          setOverlay({ kind: 'create' });
        }}
        onOpen={open}
        onEdit={open}
        onQr={(id) => setOverlay({ kind: 'qr', id })}
        onDelete={(id) => setOverlay({ kind: 'delete', id })}
        onAnalytics={(id) => setOverlay({ kind: 'analytics', id })}
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
                onOpenAgent?.(agent.id);
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
                // The spec logs a failed delete and shows no message.
                onError: (e) => console.error('Failed to delete agent', e),
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
      {(overlay?.kind === 'analytics' || overlay?.kind === 'api') && selected ? (
        <AgentInfoDialog kind={overlay.kind} agent={selected} onOpenChange={(o) => !o && close()} />
      ) : null}
    </>
  );
}
