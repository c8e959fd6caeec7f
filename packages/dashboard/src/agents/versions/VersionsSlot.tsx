import { lazy, Suspense } from 'react';
import { Spinner } from '@parley/ui';

/** The versions code: loaded when an agent's detail shows it, not with the detail. */
const load = () => import('./VersionsArea');
const VersionsArea = lazy(load);
const UnpublishedChangesArea = lazy(() =>
  load().then((m) => ({ default: m.UnpublishedChangesArea })),
);

interface SlotProps {
  orgId: string;
  agentId: string;
}

export function VersionsSlot(props: SlotProps) {
  return (
    <Suspense fallback={<Spinner label="Loading versions" />}>
      <VersionsArea {...props} />
    </Suspense>
  );
}

export function UnpublishedChangesSlot(props: SlotProps) {
  return (
    <Suspense fallback={null}>
      <UnpublishedChangesArea {...props} />
    </Suspense>
  );
}
