import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Spinner } from '@parley/ui';

/** The Analytics code (its chart library too): loaded only when the section is shown. */
const AgentAnalytics = lazy(() => import('./AgentAnalytics'));

/**
 * The agent detail's Analytics section: its code and figures load once the section is chosen
 * (`active`) or scrolled into view, not with the detail.
 */
export function AnalyticsSlot({
  agentId,
  active,
  liveVersion = null,
}: {
  agentId: string;
  active: boolean;
  /** The agent's live (newest) version: the figures can be limited to one version. */
  liveVersion?: number | null;
}) {
  const [seen, setSeen] = useState(active);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (active) setSeen(true);
  }, [active]);
  useEffect(() => {
    const el = ref.current;
    if (seen || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen]);
  return (
    <div ref={ref}>
      {seen ? (
        <Suspense fallback={<Spinner label="Loading analytics" />}>
          <AgentAnalytics agentId={agentId} liveVersion={liveVersion} />
        </Suspense>
      ) : (
        <Spinner label="Loading analytics" />
      )}
    </div>
  );
}
