import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '@parley/ui';
import { AgentsTab } from './AgentsTab';
import { agentDetailTabFrom, type AgentDetailTab } from '../detail/agentDetailTabs';
import { agentTestsSection } from './tests/testsLink';

/** The detail, editor, chat and call code: loaded when an agent is opened, not with the grid. */
const loadAgentDetail = () => import('./AgentDetailWithCall');
const AgentDetailWithCall = lazy(loadAgentDetail);

/** Starts loading an agent's detail (the page was opened on one). */
export function preloadAgentDetail(): void {
  void loadAgentDetail();
}

/**
 * The Agents tab: the card grid, or one agent's detail when `?agent=` names it (the open
 * section is `?section=`, edit mode `?edit=1`), so all survive a reload and can be linked;
 * `?section=tests` opens it at its Tests (a 'Test made' notice links there).
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
      <Suspense fallback={<Spinner label="Loading the agent" />}>
        <AgentDetailWithCall
          agentId={agentId}
          orgId={orgId}
          section={section}
          onSection={(s) => keep({ section: s })}
          onBack={() => go({})}
          editing={editing}
          onEditingChange={(edit) => keep({ edit })}
          focusTests={params.get('section') === agentTestsSection}
        />
      </Suspense>
    );
  }
  return (
    <AgentsTab
      orgId={orgId}
      onOpenAgent={(id, options) =>
        go({
          agent: id,
          ...(options?.edit ? { edit: '1' } : {}),
          ...(options?.section ? { section: options.section } : {}),
        })
      }
    />
  );
}
