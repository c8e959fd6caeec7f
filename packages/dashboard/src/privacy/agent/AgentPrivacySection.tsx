import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageOf, storageModeValues, type StorageMode } from '@parley/api-client';
import { Spinner } from '@parley/ui';
import { useDashboardApi } from '../../api/ApiContext';
import { agentKeys, useAgent } from '../../agents';
import { AgentPrivacyPanel, type AgentPrivacyUpdate } from './AgentPrivacyPanel';

export interface AgentPrivacySectionProps {
  orgId: string;
  agentId: string;
  editing: boolean;
  headingLevel?: 2 | 3;
  id?: string;
}

const modeOf = (v: unknown): StorageMode | null =>
  (storageModeValues as readonly unknown[]).includes(v) ? (v as StorageMode) : null;

/** The agent's Privacy section wired to the API: its settings from the agent, saved to the draft. */
export default function AgentPrivacySection(props: AgentPrivacySectionProps) {
  const api = useDashboardApi();
  const queryClient = useQueryClient();
  const agent = useAgent(props.agentId);
  const save = useMutation({
    mutationFn: (update: AgentPrivacyUpdate) => api.updateAgent(props.agentId, props.orgId, update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.agent(props.agentId) }),
  });
  if (!agent.data) return <Spinner label="Loading privacy..." />;
  return (
    <AgentPrivacyPanel
      id={props.id}
      headingLevel={props.headingLevel}
      editing={props.editing}
      value={{
        storageMode: modeOf(agent.data.storage_mode),
        disclosure: agent.data.disclosure ?? null,
        transcriptionConsent: agent.data.transcription_consent ?? false,
      }}
      saving={save.isPending}
      saved={save.isSuccess}
      error={save.error ? messageOf(save.error) : null}
      onSave={(update) => save.mutate(update)}
    />
  );
}
