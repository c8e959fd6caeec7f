import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { Room } from 'livekit-client';
import { useDashboardApi } from '../api/ApiContext';
import { callErrorText, callReducer, connectingMs, initialCall, roomEmptyMs } from './callMachine';

/**
 * The console's browser voice call: token from the voice backend, then a LiveKit room with the
 * microphone on (livekit-client is loaded only when the call starts).
 */
export function useVoiceCall(agentId: string) {
  const api = useDashboardApi();
  const [model, dispatch] = useReducer(callReducer, initialCall);
  const room = useRef<Room | null>(null);
  const timers = useRef<number[]>([]);

  const clearTimers = () => {
    timers.current.forEach((t) => window.clearTimeout(t));
    timers.current = [];
  };
  const hangUp = useCallback(() => {
    clearTimers();
    const current = room.current;
    room.current = null;
    void current?.disconnect();
  }, []);

  const onTalk = useCallback(async () => {
    dispatch({ type: 'talk' });
    timers.current.push(
      window.setTimeout(() => dispatch({ type: 'connectingElapsed' }), connectingMs),
    );
    try {
      const join = await api.generateVoiceToken(agentId);
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
        dispatch({ type: 'disconnected' });
      });
      await r.connect(join.livekit_url, join.token);
      await r.localParticipant.setMicrophoneEnabled(true);
      dispatch({ type: 'joined' });
      watchEmpty();
    } catch (error) {
      hangUp();
      dispatch({ type: 'failed', error: callErrorText(error) });
    }
  }, [agentId, api, hangUp]);

  const onEndCall = useCallback(() => {
    hangUp();
    dispatch({ type: 'end' });
  }, [hangUp]);

  useEffect(() => hangUp, [hangUp]);

  const dismissError = useCallback(() => dispatch({ type: 'dismissError' }), []);
  return {
    state: model.state,
    error: model.error,
    onTalk: () => void onTalk(),
    onEndCall,
    dismissError,
  };
}
