import { Badge } from '@parley/ui';
import type { ToolStepWire } from '@parley/api-client';
import { chatToolSteps, type ChatToolStep } from './chatSession';
import * as styles from './toolSteps.css';

/** JSON text pretty-printed when it parses; as it is otherwise. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** '120 ms', '1.5 s'. */
export function formatStepTime(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export interface ToolStepListProps {
  steps: ChatToolStep[];
}

/**
 * The tools an answer called, each collapsed to its name and time (and a Failed badge); opened,
 * its arguments and what it answered.
 */
export function ToolStepList({ steps }: ToolStepListProps) {
  return (
    <ol className={styles.list} aria-label="Tool calls">
      {steps.map((step) => (
        <li key={step.id}>
          <details className={styles.step} data-error={step.error ? 'true' : undefined}>
            <summary className={styles.summary}>
              <span className={styles.toolName}>{step.tool}</span>
              {step.durationMs !== undefined ? (
                <span className={styles.muted}>{formatStepTime(step.durationMs)}</span>
              ) : null}
              {step.error ? <Badge tone="danger">Failed</Badge> : null}
            </summary>
            <div className={styles.body}>
              <p className={styles.label}>Arguments</p>
              <pre className={styles.code}>{prettyJson(step.input) || '{}'}</pre>
              <p className={styles.label}>Result</p>
              <pre className={styles.code}>{prettyJson(step.output) || '(no answer yet)'}</pre>
            </div>
          </details>
        </li>
      ))}
    </ol>
  );
}

/**
 * The tools a stored answer called (`tool_steps` of a thread message or a call turn), collapsed
 * as in the chat; nothing when it called none.
 */
export function StoredToolSteps({
  messageId,
  steps,
}: {
  messageId: string;
  steps: readonly ToolStepWire[] | undefined;
}) {
  return steps?.length ? <ToolStepList steps={chatToolSteps(messageId, steps)} /> : null;
}
