/**
 * The live call panel of a WebSocket call (no LiveKit), as plain logic: the stream's lines as
 * the panel's transcript lines, and its phase from the agent's state.
 */
import type { VoiceStreamState } from '@parley/api-client';
import type { StreamLine } from '@parley/voice-widget/ws-call';
import type { AgentCallState } from './callState';
import { livePhase, type LiveLine, type LivePhase } from './liveCall';

/** What the panel shows of a running WebSocket call. */
export interface StreamCallView {
  /** The agent's last state (null until the server said one). */
  state: VoiceStreamState | null;
  lines: LiveLine[];
}

/** The stream's transcript lines → the panel's (the caller is 'user' on the wire). */
export function streamLines(lines: readonly StreamLine[]): LiveLine[] {
  return lines.map((l) => ({
    id: l.id,
    speaker: l.role === 'user' ? 'caller' : 'agent',
    text: l.text,
    final: l.final,
  }));
}

/** The panel's phase: connecting, then waiting for the agent's first state, then that state. */
export function streamPhase(call: AgentCallState, view: StreamCallView): LivePhase | null {
  return livePhase(call, view.state ?? undefined);
}
