import { lazy, Suspense } from 'react';
import { useSeenBefore } from '../storage/storedFlag';
import { OverviewScreen, type OverviewScreenProps } from './OverviewScreen';

/** Remembers (per user, in this browser) that the Overview was seen: 'Welcome' once, then 'Welcome back'. */
export const welcomedKey = (userId: string) => `parley.welcomed.${userId}`;

// The latest conversations and the configured lines load after the page (not in the first tab).
const loadAdditions = () => import('./OverviewAdditions');
const LatestConversations = lazy(() =>
  loadAdditions().then((m) => ({ default: m.LatestConversations })),
);
const ConfiguredStatus = lazy(() => loadAdditions().then((m) => ({ default: m.ConfiguredStatus })));
const WaitingNow = lazy(() => loadAdditions().then((m) => ({ default: m.WaitingNow })));

export function OverviewArea({
  userId,
  orgId,
  ...props
}: Omit<OverviewScreenProps, 'returning'> & { userId: string; orgId?: string }) {
  const returning = useSeenBefore(welcomedKey(userId));
  return (
    <OverviewScreen
      {...props}
      returning={returning}
      latest={
        orgId ? (
          <Suspense fallback={null}>
            <WaitingNow orgId={orgId} />
            <LatestConversations orgId={orgId} />
          </Suspense>
        ) : null
      }
      statusExtra={
        orgId ? (
          <Suspense fallback={null}>
            <ConfiguredStatus orgId={orgId} />
          </Suspense>
        ) : null
      }
    />
  );
}
