import type { VoiceStreamServerMessage } from '@parley/api-client';

/** One line of a WebSocket call's running transcript. */
export interface StreamLine {
  id: string;
  role: 'user' | 'agent';
  text: string;
  /** False while the line may still change. */
  final: boolean;
}

type Transcript = Extract<VoiceStreamServerMessage, { type: 'transcript' }>;

/**
 * A transcript frame applied to the lines (docs/voice-worker.md, "WebSocket calls"): its text is
 * the whole line so far, so it replaces the role's last line while that line is not final;
 * otherwise it starts a new line. Empty text changes nothing.
 */
export function applyTranscript(lines: readonly StreamLine[], m: Transcript): StreamLine[] {
  const text = m.text.trim();
  if (!text) return [...lines];
  let open = -1;
  for (let i = lines.length - 1; i >= 0; i--)
    if (lines[i]!.role === m.role) {
      if (!lines[i]!.final) open = i;
      break;
    }
  const next = [...lines];
  if (open >= 0) next[open] = { ...next[open]!, text, final: m.final };
  else next.push({ id: `${m.role}-${lines.length}`, role: m.role, text, final: m.final });
  return next;
}
