import type { Room } from 'livekit-client';
import { RoomContext, useTranscriptions, useVoiceAssistant } from '@livekit/components-react';
import type { AgentCallState } from './callState';
import { CallPanel } from './CallPanel';
import { liveLines, livePhase } from './liveCall';

function LiveState({ room, callState }: { room: Room; callState: AgentCallState }) {
  const { state } = useVoiceAssistant();
  const streams = useTranscriptions({ room });
  const phase = livePhase(callState, state);
  if (!phase) return null;
  return <CallPanel phase={phase} lines={liveLines(streams, room.localParticipant.identity)} />;
}

/**
 * Thin container: the room of the running Talk to Agent call → the agent's state and the
 * transcription streams (@livekit/components-react) → CallPanel. Loaded only once a call starts.
 */
export default function LiveCallContainer({
  room,
  callState,
}: {
  room: Room;
  callState: AgentCallState;
}) {
  return (
    <RoomContext.Provider value={room}>
      <LiveState room={room} callState={callState} />
    </RoomContext.Provider>
  );
}
