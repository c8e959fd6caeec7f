import { lazy, Suspense } from 'react';
import { Spinner } from '@parley/ui';

/** The Tests section's code: loaded when an agent's detail shows it, not with the detail. */
const load = () => import('./AgentTests');
const AgentTests = lazy(load);
const TestsPublishNote = lazy(() => load().then((m) => ({ default: m.TestsPublishNote })));

export function AgentTestsSlot(props: {
  agentId: string;
  headingLevel?: 2 | 3;
  id?: string;
  /** The agent has a voice ('Run by voice'). */
  voice?: boolean;
  /** Scroll to the section once loaded (opened by a link to it). */
  focus?: boolean;
}) {
  return (
    <Suspense fallback={<Spinner label="Loading tests" />}>
      <AgentTests {...props} />
    </Suspense>
  );
}

export function TestsPublishNoteSlot({ agentId }: { agentId: string }) {
  return (
    <Suspense fallback={null}>
      <TestsPublishNote agentId={agentId} />
    </Suspense>
  );
}
