import { useSearchParams } from 'react-router';
import { AgentsTab } from './AgentsTab';
import { AgentDetail, agentDetailTabFrom, type AgentDetailTab } from '../detail';
import { AgentSettings, agentSettingsSectionIds } from '../editor';
import { useVoiceCall } from '../voice/useVoiceCall';

const settingsSections: Partial<Record<AgentDetailTab, string>> = {
  model: agentSettingsSectionIds.model,
  voice: agentSettingsSectionIds.voice,
  configurations: agentSettingsSectionIds.configurations,
};

function AgentDetailWithCall({
  agentId,
  orgId,
  section,
  onSection,
  onBack,
  editing,
  onEditingChange,
}: {
  agentId: string;
  orgId: string;
  section: AgentDetailTab;
  onSection: (tab: AgentDetailTab) => void;
  onBack: () => void;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
}) {
  const call = useVoiceCall(agentId);
  return (
    <AgentDetail
      agentId={agentId}
      orgId={orgId}
      tab={section}
      onTabChange={onSection}
      onBack={onBack}
      call={call}
      editing={editing}
      onEditingChange={onEditingChange}
      settings={{
        panels: (
          <AgentSettings agentId={agentId} orgId={orgId} editing={editing} headingLevel={3} />
        ),
        sectionIds: settingsSections,
      }}
    />
  );
}

/**
 * The Agents tab: the card grid, or one agent's detail when `?agent=` names it (the open
 * section is `?section=`, edit mode `?edit=1`), so all survive a reload and can be linked.
 * 'Open Agent' opens it read-only; 'Edit agent settings' and a new agent open it editing.
 */
export function AgentsArea({ orgId }: { orgId: string }) {
  const [params, setParams] = useSearchParams();
  const agentId = params.get('agent');
  const go = (next: Record<string, string>) => setParams({ tab: 'agents', ...next });
  if (agentId) {
    const editing = params.get('edit') === '1';
    const section = agentDetailTabFrom(params.get('section'));
    const keep = (next: { section?: AgentDetailTab; edit?: boolean }) => {
      const e = next.edit ?? editing;
      go({
        agent: agentId,
        ...(params.get('section') || next.section ? { section: next.section ?? section } : {}),
        ...(e ? { edit: '1' } : {}),
      });
    };
    return (
      <AgentDetailWithCall
        agentId={agentId}
        orgId={orgId}
        section={section}
        onSection={(s) => keep({ section: s })}
        onBack={() => go({})}
        editing={editing}
        onEditingChange={(edit) => keep({ edit })}
      />
    );
  }
  return (
    <AgentsTab
      orgId={orgId}
      onOpenAgent={(id, options) => go({ agent: id, ...(options?.edit ? { edit: '1' } : {}) })}
    />
  );
}
