// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { callErrorText, callReducer, initialCall, type CallEvent } from './callMachine';

const run = (...events: CallEvent[]) => events.reduce(callReducer, initialCall);

describe('call machine', () => {
  it('shows Connecting... until both the room is joined and 3 s have passed', () => {
    expect(run({ type: 'talk' }).state).toBe('connecting');
    expect(run({ type: 'talk' }, { type: 'joined' }).state).toBe('connecting');
    expect(run({ type: 'talk' }, { type: 'joined' }, { type: 'connectingElapsed' }).state).toBe(
      'connected',
    );
    expect(run({ type: 'talk' }, { type: 'connectingElapsed' }, { type: 'joined' }).state).toBe(
      'connected',
    );
  });
  it('End Call, a disconnect or an empty room ends it', () => {
    const inCall = run({ type: 'talk' }, { type: 'joined' }, { type: 'connectingElapsed' });
    for (const end of ['end', 'disconnected', 'roomEmptyElapsed'] as const) {
      expect(callReducer(inCall, { type: end }).state).toBe('idle');
    }
  });
  it('a failure returns to idle with the error; talking again clears it', () => {
    const failed = run({ type: 'talk' }, { type: 'failed', error: 'Voice is not configured' });
    expect(failed).toMatchObject({ state: 'idle', error: 'Voice is not configured' });
    expect(callReducer(failed, { type: 'talk' }).error).toBeNull();
  });
  it('error text falls back to Failed to connect to agent', () => {
    expect(callErrorText(new Error('HTTP 502'))).toBe('HTTP 502');
    expect(callErrorText(undefined)).toBe('Failed to connect to agent');
  });
});
