import { lazy, Suspense } from 'react';
import type { Room } from 'livekit-client';
import type { AgentCallState } from './callState';
import { CallPanel } from './CallPanel';

// LiveKit's React bindings load with the call, like livekit-client itself.
const LiveCallContainer = lazy(() => import('./LiveCallContainer'));

/** The live call under the agent header: nothing when idle, 'Connecting...' until the room is up. */
export function LiveCallSlot({
  room,
  callState,
}: {
  room: Room | null;
  callState: AgentCallState;
}) {
  if (callState === 'idle') return null;
  const connecting = <CallPanel phase="connecting" lines={[]} />;
  if (!room) return connecting;
  return (
    <Suspense fallback={connecting}>
      <LiveCallContainer room={room} callState={callState} />
    </Suspense>
  );
}
