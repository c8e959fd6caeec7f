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
}: {
  agentId: string;
  orgId: string;
  section: AgentDetailTab;
  onSection: (tab: AgentDetailTab) => void;
  onBack: () => void;
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
      settings={{
        panels: <AgentSettings agentId={agentId} orgId={orgId} editing headingLevel={3} />,
        sectionIds: settingsSections,
      }}
    />
  );
}

/**
 * The Agents tab: the card grid, or one agent's detail when `?agent=` names it (the open
 * section is `?section=`), so both survive a reload and can be linked.
 */
export function AgentsArea({ orgId }: { orgId: string }) {
  const [params, setParams] = useSearchParams();
  const agentId = params.get('agent');
  const go = (next: Record<string, string>) => setParams({ tab: 'agents', ...next });
  if (agentId) {
    return (
      <AgentDetailWithCall
        agentId={agentId}
        orgId={orgId}
        section={agentDetailTabFrom(params.get('section'))}
        onSection={(section) => go({ agent: agentId, section })}
        onBack={() => go({})}
      />
    );
  }
  return <AgentsTab orgId={orgId} onOpenAgent={(id) => go({ agent: id })} />;
}
