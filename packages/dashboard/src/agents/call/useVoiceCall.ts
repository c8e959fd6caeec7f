import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { Room } from 'livekit-client';
import { useQueryClient } from '@tanstack/react-query';
import { useDashboardApi } from '../../api/ApiContext';
import { queryKeys } from '../../api/queryKeys';
import { callErrorText, callReducer, connectingMs, initialCall, roomEmptyMs } from './callMachine';

/**
 * The console's browser voice call: token from the voice backend, then a LiveKit room with the
 * microphone on (livekit-client is loaded only when the call starts).
 */
export function useVoiceCall(agentId: string, version: 'draft' | 'live' = 'draft') {
  const api = useDashboardApi();
  const [model, dispatch] = useReducer(callReducer, initialCall);
  const queryClient = useQueryClient();
  const room = useRef<Room | null>(null);
  /** The running call's room, for the live panel (state and transcript). */
  const [liveRoom, setLiveRoom] = useState<Room | null>(null);
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
  }, []);
  // A finished call shows up in the Calls section (the worker logs its end).
  const refreshCalls = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.calls(agentId) }),
    [agentId, queryClient],
  );

  const onTalk = useCallback(async () => {
    dispatch({ type: 'talk' });
    timers.current.push(
      window.setTimeout(() => dispatch({ type: 'connectingElapsed' }), connectingMs),
    );
    try {
      // The console tests the draft, or the live version when the switch says so.
      const join = await api.generateVoiceToken(agentId, version === 'live' ? 'live' : undefined);
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
  }, [agentId, api, hangUp, refreshCalls, version]);

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
  };
}
