/**
 * The live call the console shows while Talk to Agent runs (issue 14 §7), as plain logic: the
 * phase from the call state and the agent's state, and the running transcript from the
 * transcription streams the voice worker publishes (LiveKit `lk.transcription`).
 */
import type { AgentCallState } from './callState';

/** What the call panel says: connecting, waiting for the agent, listening, thinking, speaking. */
export type LivePhase = 'connecting' | 'waiting' | 'listening' | 'thinking' | 'speaking';

export const livePhaseTexts: Record<LivePhase, string> = {
  connecting: 'Connecting...',
  waiting: 'Waiting for the agent to join...',
  listening: 'Listening',
  thinking: 'Thinking...',
  speaking: 'Agent speaking',
};

/** The LiveKit agent states (`lk.agent.state`) and the hook's own connection states. */
export type AgentSdkState =
  | 'disconnected'
  | 'connecting'
  | 'pre-connect-buffering'
  | 'failed'
  | 'initializing'
  | 'idle'
  | 'listening'
  | 'thinking'
  | 'speaking';

/** The panel's phase; null when no call is running. */
export function livePhase(
  call: AgentCallState,
  agent: AgentSdkState | undefined,
): LivePhase | null {
  if (call === 'idle') return null;
  if (call === 'connecting') return 'connecting';
  switch (agent) {
    case 'listening':
    case 'idle':
      return 'listening';
    case 'thinking':
      return 'thinking';
    case 'speaking':
      return 'speaking';
    default:
      return 'waiting';
  }
}

/** One line of the running transcript. */
export interface LiveLine {
  id: string;
  speaker: 'caller' | 'agent';
  text: string;
  /** False while the segment may still change (interim transcription). */
  final: boolean;
}

/** The shape of a transcription stream as @livekit/components-react hands it over. */
export interface TranscriptionStream {
  text: string;
  participantInfo: { identity: string };
  streamInfo: { id: string; timestamp?: number; attributes?: Record<string, string> };
}

/**
 * Transcription streams → transcript lines, oldest first: the caller is the local participant,
 * anyone else is the agent; empty segments are dropped; segments sharing `lk.segment_id` are one line.
 */
export function liveLines(
  streams: ReadonlyArray<TranscriptionStream>,
  localIdentity: string | undefined,
): LiveLine[] {
  const lines = new Map<string, LiveLine & { at: number; order: number }>();
  streams.forEach((s, order) => {
    const attrs = s.streamInfo.attributes ?? {};
    const id = attrs['lk.segment_id'] || s.streamInfo.id;
    const text = s.text.trim();
    if (!text) return;
    const previous = lines.get(id);
    lines.set(id, {
      id,
      speaker: localIdentity && s.participantInfo.identity === localIdentity ? 'caller' : 'agent',
      text,
      final: attrs['lk.transcription_final'] === 'true',
      at: previous?.at ?? s.streamInfo.timestamp ?? 0,
      order: previous?.order ?? order,
    });
  });
  return [...lines.values()]
    .sort((a, b) => a.at - b.at || a.order - b.order)
    .map(({ id, speaker, text, final }) => ({ id, speaker, text, final }));
}
