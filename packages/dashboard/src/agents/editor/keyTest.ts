import { useCallback, useState } from 'react';
import { plainMessageOf } from '@parley/api-client';
import type { KeyTestState } from './types';

/**
 * The agent key's test (POST {agent URL}/chat-messages, spec §7): idle → testing → ok, or failed
 * with the reason in plain words; reset when the key or URL changes.
 */
export function useKeyTest(
  test: ((agentUrl: string, agentKey: string) => Promise<void>) | undefined,
) {
  const [state, setState] = useState<KeyTestState>({ status: 'idle' });
  const run = useCallback(
    async (agentUrl: string, agentKey: string) => {
      if (!test) return;
      setState({ status: 'testing' });
      try {
        await test(agentUrl, agentKey);
        setState({ status: 'ok' });
      } catch (error) {
        setState({ status: 'failed', reason: plainMessageOf(error) });
      }
    },
    [test],
  );
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, run, reset };
}
