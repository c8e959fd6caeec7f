import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Spinner } from '@parley/ui';
import * as styles from './slot.css';

/** The Analytics code (its chart library too): loaded only when the section is shown. */
const AgentAnalytics = lazy(() => import('./AgentAnalytics'));

/** Starts loading this far before the section scrolls into view. */
export const analyticsPreloadMargin = '600px 0px';

/**
 * The agent detail's Analytics section: its code and figures load once the section is chosen
 * (`active`) or comes near the view, not with the detail. Until then it keeps the room the
 * figures take (slot.css), so the sections below do not jump when they arrive.
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
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      },
      { rootMargin: analyticsPreloadMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen]);
  const placeholder = (
    <div className={styles.placeholder}>
      <Spinner label="Loading analytics" />
    </div>
  );
  return (
    <div ref={ref}>
      {seen ? (
        <Suspense fallback={placeholder}>
          <AgentAnalytics agentId={agentId} liveVersion={liveVersion} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
