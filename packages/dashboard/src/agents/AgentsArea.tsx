import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '@parley/ui';
import { AgentsTab } from './AgentsTab';
import { agentDetailTabFrom } from '../detail/agentDetailTabs';

/** The detail, editor, chat and call code: loaded when an agent is opened, not with the grid. */
const loadAgentDetail = () => import('./AgentDetailWithCall');
const AgentDetailWithCall = lazy(loadAgentDetail);

/** Starts loading an agent's detail (the page was opened on one). */
export function preloadAgentDetail(): void {
  void loadAgentDetail();
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
      <Suspense fallback={<Spinner label="Loading the agent" />}>
        <AgentDetailWithCall
          agentId={agentId}
          orgId={orgId}
          section={agentDetailTabFrom(params.get('section'))}
          onSection={(section) => go({ agent: agentId, section })}
          onBack={() => go({})}
        />
      </Suspense>
    );
  }
  return <AgentsTab orgId={orgId} onOpenAgent={(id) => go({ agent: id })} />;
}
