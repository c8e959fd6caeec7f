import { Badge, Card, Spinner, type BadgeTone } from '@parley/ui';
import { livePhaseTexts, type LiveLine, type LivePhase } from './liveCall';
import * as transcript from '../../styles/transcript.css';
import * as styles from './voice.css';

export interface CallPanelProps {
  /** What the call is doing (connecting, waiting for the agent, listening, thinking, speaking). */
  phase: LivePhase;
  /** The running transcript, oldest first (the worker's LiveKit transcription). */
  lines: LiveLine[];
  headingLevel?: 2 | 3;
  title?: string;
}

const phaseTone: Record<LivePhase, BadgeTone> = {
  connecting: 'neutral',
  waiting: 'neutral',
  listening: 'success',
  thinking: 'info',
  speaking: 'primary',
};

export const callPanelTexts = {
  title: 'Live call',
  empty: 'Say something: the transcript appears here as you talk.',
  caller: 'You',
  agent: 'Agent',
  transcript: 'Live transcript',
} as const;

/**
 * The Talk to Agent live state and running transcript (issue 14 §7). A view: the LiveKit wiring
 * lives in LiveCallContainer.
 */
export function CallPanel({
  phase,
  lines,
  headingLevel = 2,
  title = callPanelTexts.title,
}: CallPanelProps) {
  const busy = phase === 'connecting' || phase === 'waiting';
  return (
    <Card title={title} headingLevel={headingLevel}>
      <div className={styles.stack}>
        <p className={styles.liveState} aria-live="polite" data-testid="live-call-state">
          {busy ? (
            <Spinner label={livePhaseTexts[phase]} size="sm" showLabel />
          ) : (
            <Badge tone={phaseTone[phase]} dot>
              {livePhaseTexts[phase]}
            </Badge>
          )}
        </p>
        {lines.length === 0 ? (
          <p className={styles.muted}>{callPanelTexts.empty}</p>
        ) : (
          <ol
            className={transcript.turns}
            aria-label={callPanelTexts.transcript}
            aria-live="polite"
          >
            {lines.map((line) => (
              <li
                key={line.id}
                className={line.speaker === 'caller' ? transcript.callerTurn : transcript.agentTurn}
              >
                <span className={transcript.speaker}>
                  {line.speaker === 'caller' ? callPanelTexts.caller : callPanelTexts.agent}
                </span>
                <p
                  className={[transcript.turnText, line.final ? '' : styles.interim]
                    .join(' ')
                    .trim()}
                >
                  {line.text}
                </p>
              </li>
            ))}
          </ol>
        )}
      </div>
    </Card>
  );
}
