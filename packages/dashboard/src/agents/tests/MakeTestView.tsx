import { Banner, Button } from '@parley/ui';
import { testsTexts } from './testsFormat';
import * as styles from './tests.css';

/** The 'Make a test' button of a conversation (any channel). */
export function MakeTestButton({ onClick, busy = false }: { onClick: () => void; busy?: boolean }) {
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={onClick}
      busy={busy}
      busyLabel={testsTexts.makingTest}
    >
      {testsTexts.fromConversation}
    </Button>
  );
}

/**
 * What came of 'Make a test': the test made (where to find it), or why it could not be made.
 * Away from the agent's page, `testsHref` links to the agent's Tests section (a real link:
 * keyboard reachable, opens in a new tab too); `onOpenTests` follows it inside the console.
 */
export function MakeTestResult({
  error,
  made,
  testsHref,
  onOpenTests,
}: {
  error?: string | null;
  made?: { name: string } | null;
  testsHref?: string;
  onOpenTests?: (href: string) => void;
}) {
  if (error) return <Banner tone="error" title={testsTexts.makeTestFailed} message={error} />;
  if (made)
    return (
      <Banner
        tone="success"
        title={testsTexts.testMade(made.name)}
        message={testsTexts.testMadeHint}
      >
        {testsHref ? (
          <a
            className={styles.link}
            href={testsHref}
            onClick={(event) => {
              if (!onOpenTests) return;
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              onOpenTests(testsHref);
            }}
          >
            {testsTexts.openTests}
          </a>
        ) : null}
      </Banner>
    );
  return null;
}

export interface MakeTestViewProps {
  onMakeTest: () => void;
  busy?: boolean;
  /** Why the test could not be made. */
  error?: string | null;
  /** The test made of this conversation. */
  made?: { name: string } | null;
  /** Away from the agent's page: the address of its Tests section, linked from the notice. */
  testsHref?: string;
  onOpenTests?: (href: string) => void;
}

/** 'Make a test' of a conversation with its result under it (threads, the chat drawer). */
export function MakeTestView({
  onMakeTest,
  busy,
  error,
  made,
  testsHref,
  onOpenTests,
}: MakeTestViewProps) {
  return (
    <div className={styles.makeTest}>
      <MakeTestButton onClick={onMakeTest} busy={busy} />
      <MakeTestResult error={error} made={made} testsHref={testsHref} onOpenTests={onOpenTests} />
    </div>
  );
}
