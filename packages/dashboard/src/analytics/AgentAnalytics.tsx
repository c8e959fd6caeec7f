import { useState } from 'react';
import { plainMessageOf, type AnalyticsPeriod } from '@parley/api-client';
import { AnalyticsView, analyticsTexts } from './AnalyticsView';
import { knowledgeDraft, versionItems } from './analyticsFormat';
import { useAgentAnalytics } from './queries';
import { OutcomeAnalyticsSection } from '../outcomes';

/**
 * Container of an agent's Analytics: the period, the version (every one, or one: `liveVersion`
 * is the newest), the figures, 'Add to knowledge' (copies).
 */
export default function AgentAnalytics({
  agentId,
  liveVersion = null,
}: {
  agentId: string;
  liveVersion?: number | null;
}) {
  const [period, setPeriod] = useState<AnalyticsPeriod>('7d');
  const [version, setVersion] = useState('all');
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const query = useAgentAnalytics(agentId, period, version);
  return (
    <>
      <AnalyticsView
        analytics={query.data ?? null}
        loading={query.isPending}
        error={query.error ? plainMessageOf(query.error) : null}
        period={period}
        onPeriodChange={setPeriod}
        version={version}
        versionItems={versionItems(liveVersion)}
        onVersionChange={setVersion}
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
      <OutcomeAnalyticsSection agentId={agentId} period={period} version={version} />
    </>
  );
}
