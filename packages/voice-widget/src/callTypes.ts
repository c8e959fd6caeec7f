/**
 * The contract between the first script and the lazily loaded call chunks (voice-livekit.js,
 * voice-ws.js).
 */
export interface CallOptions {
  /** From /tokens/generate: the LiveKit server URL and join token, or the WebSocket stream URL ('' token). */
  url: string;
  token: string;
  /** The visitor's microphone (permission already granted). */
  microphone: MediaStreamTrack;
  /** Where the agent's audio elements go (inside the widget's shadow root). */
  audioContainer: HTMLElement;
  /**
   * The agent is in the call (it joined, or its state changed): its state (listening, thinking,
   * speaking) in the widget's language, '' when it has none to show.
   */
  onAgent: (state: string) => void;
  /** The call is over: the visitor ended it, the agent left, or the connection dropped. */
  onEnded: () => void;
  /**
   * Where the running transcript goes (the widget hides it while empty); its `lang` (mount.tsx
   * sets the widget's) is the language of the agent's state.
   */
  transcript?: HTMLElement;
  /** How long an empty room is kept before hanging up (spec §9: 3000 ms). */
  emptyRoomMs?: number;
}

export interface ActiveCall {
  end(): void;
}

export type StartCall = (options: CallOptions) => Promise<ActiveCall>;

/** What a call chunk (voice-livekit.js, voice-ws.js) puts on window. */
export interface CallChunk {
  startCall: StartCall;
}
