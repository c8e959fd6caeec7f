import { Badge, Banner, Button, Dialog, TextArea } from '@parley/ui';
import type { ToolTestResponse } from '@parley/api-client';
import * as styles from './tools.css';

export interface ToolTestModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  toolName: string;
  /** Sample arguments as JSON text. */
  argumentsText: string;
  onArgumentsChange: (text: string) => void;
  /** The arguments are not a JSON object (why). */
  argumentsError?: string | null;
  running?: boolean;
  onRun: () => void;
  /** The last run's step. */
  result?: ToolTestResponse | null;
  /** The request itself failed (not the tool). */
  requestError?: string | null;
}

function show(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2) ?? '';
}

/** 'Test tool': run the tool once with sample arguments and see what it answers. */
export function ToolTestModal({
  open,
  onOpenChange,
  toolName,
  argumentsText,
  onArgumentsChange,
  argumentsError,
  running,
  onRun,
  result,
  requestError,
}: ToolTestModalProps) {
  const step = result?.step;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Test tool ${toolName}`}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button busy={running} busyLabel="Running..." onClick={onRun}>
            Run test
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        <TextArea
          label="Sample arguments (JSON)"
          value={argumentsText}
          onChange={onArgumentsChange}
          rows={5}
          errorMessage={argumentsError ?? undefined}
        />
        {requestError ? <Banner tone="error" title={requestError} /> : null}
        {step ? (
          <section aria-label="Test result" className={styles.form}>
            <span className={styles.rowTitle}>
              {result.dry_run ? (
                <Badge tone="info">Dry run</Badge>
              ) : result.ok ? (
                <Badge tone="success">Answered</Badge>
              ) : (
                <Badge tone="danger">Failed</Badge>
              )}
              <span className={styles.muted}>{step.duration_ms} ms</span>
            </span>
            {step.error ? (
              <p className={styles.errorText}>{step.error}</p>
            ) : (
              <pre className={styles.code}>{show(step.output)}</pre>
            )}
          </section>
        ) : null}
      </div>
    </Dialog>
  );
}
