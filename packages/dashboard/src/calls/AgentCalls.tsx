import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { plainMessageOf } from '@parley/api-client';
import { useDashboardApi } from '../api/ApiContext';
import { queryKeys } from '../api/queryKeys';
import { CallListView } from './CallListView';
import { CallTranscriptView } from './CallTranscriptView';
import { callsRefetchInterval } from './callFormat';

export interface AgentCallsProps {
  agentId: string;
  headingLevel?: 2 | 3;
  id?: string;
  /** 'Make a test' on an opened call (its conversation id). */
  onMakeTest?: (conversationId: string) => void;
  makingTest?: boolean;
  makeTestError?: string | null;
}

/**
 * Container of the agent's Calls section: the call log, then one call's transcript when opened.
 * While a call is still running, both ask again every 5 s (callsRefetchInterval).
 */
export function AgentCalls({
  agentId,
  headingLevel,
  id,
  onMakeTest,
  makingTest,
  makeTestError,
}: AgentCallsProps) {
  const api = useDashboardApi();
  const [open, setOpen] = useState<string | null>(null);
  const calls = useQuery({
    queryKey: queryKeys.calls(agentId),
    queryFn: ({ signal }) => api.listCalls(agentId, signal),
    retry: false,
    refetchInterval: (q) => callsRefetchInterval(q.state.data),
  });
  const call = useQuery({
    queryKey: queryKeys.call(open ?? ''),
    queryFn: ({ signal }) => api.getCall(open!, signal),
    enabled: open !== null,
    retry: false,
    refetchInterval: (q) => callsRefetchInterval(q.state.data ? [q.state.data] : undefined),
  });

  if (open) {
    return (
      <CallTranscriptView
        id={id}
        headingLevel={headingLevel}
        call={call.data ?? null}
        loading={call.isPending}
        error={call.error ? plainMessageOf(call.error) : null}
        onRetry={() => void call.refetch()}
        onBack={() => setOpen(null)}
        onMakeTest={onMakeTest ? () => onMakeTest(open) : undefined}
        makingTest={makingTest}
        makeTestError={makeTestError}
      />
    );
  }
  return (
    <CallListView
      id={id}
      headingLevel={headingLevel}
      calls={calls.data ?? []}
      loading={calls.isPending}
      error={calls.error ? plainMessageOf(calls.error) : null}
      onRetry={() => void calls.refetch()}
      onOpen={setOpen}
    />
  );
}
