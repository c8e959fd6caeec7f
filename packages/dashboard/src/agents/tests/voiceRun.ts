import { speechToolsMissingMessage, type TestRun, type TurnResult } from '@parley/api-client';

/**
 * 'Run by voice' (issue 30): a voice agent's suite sent through the server's local speech
 * pipeline (each user line spoken with espeak-ng, transcribed, answered, the answer voiced).
 */

/** An agent has a voice when it has a text-to-speech configuration (its Voice & Transcriber). */
export function agentHasVoice(agent: { tts_config?: unknown }): boolean {
  return agent.tts_config !== undefined && agent.tts_config !== null;
}

/**
 * The server's words when its speech tools are missing (they name the apt-get line), when a
 * turn of the run failed for that reason; else null.
 */
export function speechToolsMissingOf(run: TestRun | null): string | null {
  if (!run?.voice) return null;
  for (const result of run.results)
    for (const turn of result.turns)
      if (turn.error === speechToolsMissingMessage) return turn.error;
  return null;
}

/** '2.4 s of voice' (rounded to a tenth). */
export function voiceSecondsText(seconds: number): string {
  return `${(Math.round(seconds * 10) / 10).toFixed(1)} s of voice`;
}

/**
 * What a voice turn shows beside the script: what the transcriber heard (null when it did not
 * get as far), the seconds of the agent's voice, and whether the call ended.
 */
export function voiceTurnFacts(turn: TurnResult): {
  heard: string | null;
  notes: string[];
} {
  const heard =
    turn.heard === undefined || turn.heard === null
      ? null
      : turn.heard.trim()
        ? turn.heard
        : '(nothing)';
  const notes: string[] = [];
  if (typeof turn.voice_seconds === 'number') notes.push(voiceSecondsText(turn.voice_seconds));
  if (!turn.error) notes.push(turn.ended_call ? 'the call ended' : 'the call went on');
  return { heard, notes };
}
