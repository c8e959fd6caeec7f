import { plainMessageOf, type AnalyticsPeriod } from '@parley/api-client';
import { OutcomeFigures } from './OutcomeFigures';
import { useOutcomeAnalytics } from './queries';

/**
 * Container of the Analytics tab's outcomes: the same period and version as the figures above
 * (`version`: 'all', a number or 'draft').
 */
export function OutcomeAnalyticsSection({
  agentId,
  period,
  version,
}: {
  agentId: string;
  period: AnalyticsPeriod;
  version: string;
}) {
  const query = useOutcomeAnalytics(agentId, period, version);
  return (
    <OutcomeFigures
      analytics={query.data ?? null}
      loading={query.isPending}
      error={query.error ? plainMessageOf(query.error) : null}
      onRetry={() => void query.refetch()}
    />
  );
}
