import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { Room } from 'livekit-client';
import type { WebSocketJoin } from '@parley/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { useDashboardApi } from '../../api/ApiContext';
import { callKeys } from '../queries';
import { callErrorText, callReducer, connectingMs, initialCall, roomEmptyMs } from './callMachine';
import { streamLines, type StreamCallView } from './streamCall';

/** The capture worklet of WebSocket calls, served with the widgets (voice-widget's build). */
export const voiceWorkletUrl = '/widget/voice-worklet.js';

/** The microphone, as the widget asks for it (a refusal throws the browser's error). */
async function openMicrophone(): Promise<MediaStreamTrack> {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
  });
  return stream.getAudioTracks()[0]!;
}

/**
 * The console's browser voice call: the token from the voice backend, then a LiveKit room with
 * the microphone on, or without LiveKit the server's own WebSocket stream (the token says which).
 * livekit-client, or the WebSocket call code, is loaded only when the call starts.
 */
export function useVoiceCall(agentId: string, version: 'draft' | 'live' = 'draft') {
  const api = useDashboardApi();
  const [model, dispatch] = useReducer(callReducer, initialCall);
  const queryClient = useQueryClient();
  const room = useRef<Room | null>(null);
  const stream = useRef<{ end(): void } | null>(null);
  /** The running call's room, for the live panel (state and transcript). */
  const [liveRoom, setLiveRoom] = useState<Room | null>(null);
  /** The running WebSocket call's state and transcript, for the same panel. */
  const [streamView, setStreamView] = useState<StreamCallView | null>(null);
  const timers = useRef<number[]>([]);

  const clearTimers = () => {
    timers.current.forEach((t) => window.clearTimeout(t));
    timers.current = [];
  };
  const hangUp = useCallback(() => {
    clearTimers();
    const current = room.current;
    room.current = null;
    setLiveRoom(null);
    void current?.disconnect();
    const call = stream.current;
    stream.current = null;
    setStreamView(null);
    call?.end();
  }, []);
  // A finished call shows up in the Calls section (the worker logs its end).
  const refreshCalls = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: callKeys.calls(agentId) }),
    [agentId, queryClient],
  );

  /** Without LiveKit: the microphone, then the server's WebSocket stream. */
  const talkOverStream = useCallback(
    async (join: WebSocketJoin) => {
      const microphone = await openMicrophone();
      try {
        const { startWsCall } = await import('@parley/voice-widget/ws-call');
        setStreamView({ state: null, lines: [] });
        stream.current = await startWsCall({
          url: join.url,
          microphone,
          workletUrl: voiceWorkletUrl,
          onState: (state) => setStreamView((v) => v && { ...v, state }),
          onTranscript: (lines) => setStreamView((v) => v && { ...v, lines: streamLines(lines) }),
          onEnded: () => {
            clearTimers();
            stream.current = null;
            setStreamView(null);
            dispatch({ type: 'disconnected' });
            refreshCalls();
          },
        });
      } catch (error) {
        microphone.stop();
        throw error;
      }
    },
    [refreshCalls],
  );

  const onTalk = useCallback(async () => {
    dispatch({ type: 'talk' });
    timers.current.push(
      window.setTimeout(() => dispatch({ type: 'connectingElapsed' }), connectingMs),
    );
    try {
      // The console tests the draft, or the live version when the switch says so.
      const join = await api.generateVoiceToken(agentId, version === 'live' ? 'live' : undefined);
      if (join.transport === 'websocket') {
        await talkOverStream(join);
        dispatch({ type: 'joined' });
        return;
      }
      const { Room, RoomEvent } = await import('livekit-client');
      const r = new Room();
      room.current = r;
      let emptyTimer: number | undefined;
      const watchEmpty = () => {
        window.clearTimeout(emptyTimer);
        if (r.remoteParticipants.size === 0) {
          emptyTimer = window.setTimeout(() => {
            dispatch({ type: 'roomEmptyElapsed' });
            hangUp();
          }, roomEmptyMs);
          timers.current.push(emptyTimer);
        }
      };
      r.on(RoomEvent.ParticipantConnected, watchEmpty);
      r.on(RoomEvent.ParticipantDisconnected, watchEmpty);
      r.on(RoomEvent.Disconnected, () => {
        clearTimers();
        setLiveRoom(null);
        dispatch({ type: 'disconnected' });
        refreshCalls();
      });
      await r.connect(join.livekit_url, join.token);
      setLiveRoom(r);
      await r.localParticipant.setMicrophoneEnabled(true);
      dispatch({ type: 'joined' });
      watchEmpty();
    } catch (error) {
      hangUp();
      dispatch({ type: 'failed', error: callErrorText(error) });
    }
  }, [agentId, api, hangUp, refreshCalls, talkOverStream, version]);

  const onEndCall = useCallback(() => {
    hangUp();
    dispatch({ type: 'end' });
    refreshCalls();
  }, [hangUp, refreshCalls]);

  useEffect(() => hangUp, [hangUp]);

  const dismissError = useCallback(() => dispatch({ type: 'dismissError' }), []);
  return {
    state: model.state,
    error: model.error,
    onTalk: () => void onTalk(),
    onEndCall,
    dismissError,
    room: liveRoom,
    stream: streamView,
  };
}
