import { Room, RoomEvent, Track } from 'livekit-client';
import type { StartCall } from './callTypes';

/**
 * The call itself (voice-livekit.js, loaded when the visitor presses the call button): join the
 * room, publish the microphone, play the agent's audio, and hang up when the agent has left the
 * room for `emptyRoomMs` or the connection drops.
 */
export const startCall: StartCall = async (o) => {
  const room = new Room({ adaptiveStream: true, dynacast: true });
  let ended = false;
  let emptyTimer: ReturnType<typeof setTimeout> | undefined;
  const finish = () => {
    if (ended) return;
    ended = true;
    clearTimeout(emptyTimer);
    void room.disconnect();
    o.microphone.stop();
    o.audioContainer.replaceChildren();
    o.onEnded();
  };
  room
    .on(RoomEvent.TrackSubscribed, (track) => {
      if (track.kind === Track.Kind.Audio) o.audioContainer.appendChild(track.attach());
    })
    .on(RoomEvent.TrackUnsubscribed, (track) => {
      for (const el of track.detach()) el.remove();
    })
    .on(RoomEvent.ParticipantConnected, () => {
      clearTimeout(emptyTimer);
      o.onAgentJoined();
    })
    .on(RoomEvent.ParticipantDisconnected, () => {
      if (room.remoteParticipants.size > 0) return;
      clearTimeout(emptyTimer);
      emptyTimer = setTimeout(() => {
        if (room.remoteParticipants.size === 0) finish();
      }, o.emptyRoomMs ?? 3000);
    })
    .on(RoomEvent.Disconnected, finish);
  try {
    await room.connect(o.url, o.token);
    await room.localParticipant.publishTrack(o.microphone, { source: Track.Source.Microphone });
    void room.startAudio();
  } catch (error) {
    ended = true;
    void room.disconnect();
    throw error;
  }
  if (room.remoteParticipants.size > 0) o.onAgentJoined();
  return { end: finish };
};
