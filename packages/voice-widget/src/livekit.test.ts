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
  localParticipant = { identity: 'visitor', publishTrack: vi.fn(async () => undefined) };
  textHandlers = new Map<string, (reader: unknown, from: { identity: string }) => Promise<void>>();
  registerTextStreamHandler(
    topic: string,
    handler: (reader: unknown, from: { identity: string }) => Promise<void>,
  ) {
    this.textHandlers.set(topic, handler);
  }
  /** Sends one text stream on a topic, chunk by chunk, as the worker's transcription does. */
  async stream(topic: string, from: string, attributes: Record<string, string>, chunks: string[]) {
    const reader = {
      info: { id: `stream-${Math.random()}`, attributes },
      async *[Symbol.asyncIterator]() {
        yield* chunks;
      },
    };
    await this.textHandlers.get(topic)!(reader, { identity: from });
  }
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
    ParticipantAttributesChanged: 'participantAttributesChanged',
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
    onAgent: vi.fn(),
    onEnded: vi.fn(),
    transcript: document.createElement('div'),
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
    room.emit('participantConnected', { identity: 'agent', attributes: {} });
    expect(o.onAgent).toHaveBeenCalledWith('');
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

  it("shows the agent's state and the running transcript the worker publishes", async () => {
    const o = options();
    await startCall(o);
    const room = rooms[0]!;
    const agent = { identity: 'agent-1', attributes: { 'lk.agent.state': 'listening' } };
    room.remoteParticipants.set('agent-1', agent);
    room.emit('participantConnected', agent);
    expect(o.onAgent).toHaveBeenLastCalledWith('Listening');
    room.emit(
      'participantAttributesChanged',
      {},
      { ...agent, attributes: { 'lk.agent.state': 'speaking' } },
    );
    expect(o.onAgent).toHaveBeenLastCalledWith('Agent speaking');
    room.emit('participantAttributesChanged', {}, room.localParticipant);
    expect(o.onAgent).toHaveBeenCalledTimes(2);

    await room.stream('lk.transcription', 'visitor', { 'lk.segment_id': 'u1' }, ['what are']);
    await room.stream('lk.transcription', 'visitor', { 'lk.segment_id': 'u1' }, [
      'what are your opening hours',
    ]);
    await room.stream('lk.transcription', 'agent-1', { 'lk.segment_id': 'a1' }, [
      'We open ',
      'at nine.',
    ]);
    expect([...o.transcript.children].map((p) => [p.className, p.textContent])).toEqual([
      ['me', 'what are your opening hours'],
      ['', 'We open at nine.'],
    ]);
    room.emit('disconnected');
    expect(o.transcript.childElementCount).toBe(0);
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
