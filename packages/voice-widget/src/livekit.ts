import { Room, RoomEvent, Track, type Participant } from 'livekit-client';
import type { StartCall } from './callTypes';
import {
  addSegment,
  adoptTranscriptStyles,
  renderTranscript,
  stateText,
  type TranscriptLine,
} from './transcript';

/**
 * The call itself (voice-livekit.js, loaded when the visitor presses the call button): join the
 * room, publish the microphone, play the agent's audio, and hang up when the agent has left the
 * room for `emptyRoomMs` or the connection drops. While the call runs it reports the agent's state
 * (`lk.agent.state`) and the running transcript the worker publishes (`lk.transcription`).
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
    o.transcript?.replaceChildren();
    o.onEnded();
  };
  let lines: TranscriptLine[] = [];
  if (o.transcript) adoptTranscriptStyles(o.transcript);
  const language = o.transcript?.closest('[lang]')?.getAttribute('lang') || 'en';
  room.registerTextStreamHandler('lk.transcription', async (reader, from) => {
    const id = reader.info.attributes?.['lk.segment_id'] || reader.info.id;
    const agent = from.identity !== room.localParticipant.identity;
    let text = '';
    for await (const chunk of reader) {
      text += chunk;
      if (ended) return;
      lines = addSegment(lines, { id, agent, text });
      if (o.transcript) renderTranscript(o.transcript, lines);
    }
  });
  const showAgent = (p: Participant) =>
    o.onAgent(stateText(language, p.attributes['lk.agent.state']) ?? '');
  room
    .on(RoomEvent.ParticipantAttributesChanged, (_changed, p) => {
      if (p !== room.localParticipant) showAgent(p);
    })
    .on(RoomEvent.TrackSubscribed, (track) => {
      if (track.kind === Track.Kind.Audio) o.audioContainer.appendChild(track.attach());
    })
    .on(RoomEvent.TrackUnsubscribed, (track) => {
      for (const el of track.detach()) el.remove();
    })
    .on(RoomEvent.ParticipantConnected, (p) => {
      clearTimeout(emptyTimer);
      showAgent(p);
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
  for (const p of room.remoteParticipants.values()) showAgent(p);
  return { end: finish };
};
