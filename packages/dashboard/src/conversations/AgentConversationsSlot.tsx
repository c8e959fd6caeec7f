import { lazy, Suspense } from 'react';
import { Spinner } from '@parley/ui';

/** An agent's Conversations section: its code loads when the agent's detail shows it. */
const Inbox = lazy(() => import('./Inbox'));

export function AgentConversationsSlot(props: { orgId: string; agentId: string; id?: string }) {
  return (
    <Suspense fallback={<Spinner label="Loading conversations" />}>
      <Inbox {...props} headingLevel={2} />
    </Suspense>
  );
}
