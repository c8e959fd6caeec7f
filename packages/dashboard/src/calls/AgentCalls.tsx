import { useState } from 'react';
import { plainMessageOf } from '@parley/api-client';
import { CallListView } from './CallListView';
import { CallTranscriptView } from './CallTranscriptView';
import { useAgentCalls, useCall } from './queries';

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
  const [open, setOpen] = useState<string | null>(null);
  const calls = useAgentCalls(agentId);
  const call = useCall(open, { live: true });

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
