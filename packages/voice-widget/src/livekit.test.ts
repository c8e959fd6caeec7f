import { afterEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for livekit-client's Room: an event emitter with the calls startCall makes. */
const rooms: FakeRoom[] = [];
let connectError: Error | null = null;
class FakeRoom {
  handlers = new Map<string, Array<(...args: unknown[]) => void>>();
  remoteParticipants = new Map<string, unknown>();
  connect = vi.fn(async (_url: string, _token: string) => {
    if (connectError) throw connectError;
  });
  disconnect = vi.fn(async () => undefined);
  startAudio = vi.fn(async () => undefined);
  localParticipant = { publishTrack: vi.fn(async () => undefined) };
  constructor() {
    rooms.push(this);
  }
  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    for (const h of this.handlers.get(event) ?? []) h(...args);
  }
}

vi.mock('livekit-client', () => ({
  Room: FakeRoom,
  RoomEvent: {
    TrackSubscribed: 'trackSubscribed',
    TrackUnsubscribed: 'trackUnsubscribed',
    ParticipantConnected: 'participantConnected',
    ParticipantDisconnected: 'participantDisconnected',
    Disconnected: 'disconnected',
  },
  Track: { Kind: { Audio: 'audio' }, Source: { Microphone: 'microphone' } },
}));

const { startCall } = await import('./livekit');

afterEach(() => {
  rooms.length = 0;
  connectError = null;
  vi.useRealTimers();
});

function options() {
  return {
    url: 'wss://lk.example',
    token: 'jwt',
    microphone: { stop: vi.fn() } as unknown as MediaStreamTrack,
    audioContainer: document.createElement('div'),
    onAgentJoined: vi.fn(),
    onEnded: vi.fn(),
  };
}

describe('startCall (voice-livekit.js)', () => {
  it("joins, publishes the microphone, plays the agent's audio and ends 3 s after the agent leaves", async () => {
    vi.useFakeTimers();
    const o = options();
    await startCall(o);
    const room = rooms[0]!;
    expect(room.connect).toHaveBeenCalledWith('wss://lk.example', 'jwt');
    expect(room.localParticipant.publishTrack).toHaveBeenCalledWith(o.microphone, {
      source: 'microphone',
    });

    room.remoteParticipants.set('agent', {});
    room.emit('participantConnected');
    expect(o.onAgentJoined).toHaveBeenCalled();
    const audio = document.createElement('audio');
    room.emit('trackSubscribed', { kind: 'audio', attach: () => audio });
    expect(o.audioContainer.contains(audio)).toBe(true);

    room.remoteParticipants.clear();
    room.emit('participantDisconnected');
    vi.advanceTimersByTime(2999);
    expect(o.onEnded).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(o.onEnded).toHaveBeenCalledTimes(1);
    expect(room.disconnect).toHaveBeenCalled();
    expect(o.microphone.stop).toHaveBeenCalled();
    expect(o.audioContainer.childElementCount).toBe(0);
  });

  it('End Call hangs up once; a dropped connection ends the call too', async () => {
    const o = options();
    const call = await startCall(o);
    call.end();
    call.end();
    rooms[0]!.emit('disconnected');
    expect(o.onEnded).toHaveBeenCalledTimes(1);

    const p = options();
    await startCall(p);
    rooms[1]!.emit('disconnected');
    expect(p.onEnded).toHaveBeenCalledTimes(1);
  });

  it('a failed join throws (the widget shows the error) and leaves the room', async () => {
    const o = options();
    connectError = new Error('could not establish signal connection');
    await expect(startCall(o)).rejects.toThrow('could not establish signal connection');
    expect(rooms[0]!.disconnect).toHaveBeenCalled();
    expect(o.onEnded).not.toHaveBeenCalled();
  });
});
