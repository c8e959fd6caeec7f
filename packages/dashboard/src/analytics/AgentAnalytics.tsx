import { useState } from 'react';
import { plainMessageOf, type AnalyticsPeriod } from '@parley/api-client';
import { AnalyticsView, analyticsTexts } from './AnalyticsView';
import { knowledgeDraft } from './analyticsFormat';
import { useAgentAnalytics } from './queries';

/** Container of an agent's Analytics: the period, the figures, 'Add to knowledge' (copies). */
export default function AgentAnalytics({ agentId }: { agentId: string }) {
  const [period, setPeriod] = useState<AnalyticsPeriod>('7d');
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const query = useAgentAnalytics(agentId, period);
  return (
    <AnalyticsView
      analytics={query.data ?? null}
      loading={query.isPending}
      error={query.error ? plainMessageOf(query.error) : null}
      period={period}
      onPeriodChange={setPeriod}
      onRetry={() => void query.refetch()}
      knowledgeHref="?tab=knowledge-base"
      addNotice={notice}
      onAddToKnowledge={(question) => {
        const clipboard = globalThis.navigator?.clipboard;
        if (!clipboard) {
          setNotice({ tone: 'error', message: analyticsTexts.copyFailed });
          return;
        }
        clipboard.writeText(knowledgeDraft(question)).then(
          () => setNotice({ tone: 'success', message: analyticsTexts.copied }),
          () => setNotice({ tone: 'error', message: analyticsTexts.copyFailed }),
        );
      }}
    />
  );
}
