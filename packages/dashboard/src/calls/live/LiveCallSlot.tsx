import { lazy, Suspense } from 'react';
import type { Room } from 'livekit-client';
import type { AgentCallState } from './callState';
import { CallPanel } from './CallPanel';
import { streamPhase, type StreamCallView } from './streamCall';

// LiveKit's React bindings load with the call, like livekit-client itself.
const LiveCallContainer = lazy(() => import('./LiveCallContainer'));

/**
 * The live call under the agent header: nothing when idle, 'Connecting...' until the room (or the
 * server's WebSocket stream, without LiveKit) is up, then the agent's state and the transcript.
 */
export function LiveCallSlot({
  room,
  stream = null,
  callState,
}: {
  room: Room | null;
  /** A WebSocket call's state and transcript (no LiveKit). */
  stream?: StreamCallView | null;
  callState: AgentCallState;
}) {
  if (callState === 'idle') return null;
  const connecting = <CallPanel phase="connecting" lines={[]} />;
  if (stream) {
    const phase = streamPhase(callState, stream);
    return phase ? <CallPanel phase={phase} lines={stream.lines} /> : null;
  }
  if (!room) return connecting;
  return (
    <Suspense fallback={connecting}>
      <LiveCallContainer room={room} callState={callState} />
    </Suspense>
  );
}
