import { Banner, Button } from '@parley/ui';
import { useStoredFlag } from '../storage/storedFlag';
import * as styles from './channel.css';
import { sharedProviderMessages } from '@parley/api-client';

export const sandboxNoticeText =
  'No telephony account is connected, so these numbers are simulated: nothing is sent or received over a real phone network, and outgoing messages go to the sandbox outbox. Connect Twilio in Integrations to use your own numbers.';
/** The one line the notice is (its details open below it). */
export const sandboxNoticeShort = 'Simulated numbers: nothing goes over a real phone network.';
/** Said on the same line when the install's shared numbers do not serve this organization. */
export const sharedUnavailableShort =
  "The install's shared numbers do not serve this organization.";
/** Where an opened notice is remembered (every channel screen shares it). */
export const sandboxNoticeKey = 'parley.sandboxNotice.expanded';

export interface SandboxNoticeViewProps {
  /** The organization's numbers are the sandbox's (simulated). */
  sandbox?: boolean;
  /** The install's shared telephony exists but does not serve this organization. */
  sharedUnavailable?: boolean;
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
}

/**
 * The telephony notice of a channel screen: one slim line (the sandbox, and the shared numbers
 * that do not serve this organization, side by side), with Details opening the full text below
 * it. Props in, events out.
 */
export function SandboxNoticeView({
  sandbox = true,
  sharedUnavailable = false,
  expanded,
  onExpandedChange,
}: SandboxNoticeViewProps) {
  if (!sandbox && !sharedUnavailable) return null;
  const line = [
    sandbox ? sandboxNoticeShort : null,
    sharedUnavailable ? sharedUnavailableShort : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Banner
      slim
      tone={sandbox ? 'warning' : 'info'}
      title={sandbox ? 'Sandbox' : 'Shared numbers not available'}
      message={line}
      data-testid={sandbox ? 'sandbox-notice' : 'shared-telephony-notice'}
      data-expanded={expanded || undefined}
    >
      <Button
        size="sm"
        variant="ghost"
        className={styles.noticeToggle}
        aria-expanded={expanded}
        onClick={() => onExpandedChange(!expanded)}
      >
        {expanded ? 'Hide details' : 'Details'}
      </Button>
      {expanded ? (
        <div className={styles.noticeDetails}>
          {sandbox ? <p className={styles.noticeText}>{sandboxNoticeText}</p> : null}
          {sharedUnavailable ? (
            <p className={styles.noticeText} data-testid="shared-telephony-notice">
              {sharedProviderMessages.telephony}
            </p>
          ) : null}
        </div>
      ) : null}
    </Banner>
  );
}

/**
 * Shown on every channel screen while the organization uses the sandbox provider, or when the
 * install's shared numbers do not serve it: one slim line; opening its details is remembered.
 */
export function SandboxNotice(props: { sandbox?: boolean; sharedUnavailable?: boolean }) {
  const [expanded, setExpanded] = useStoredFlag(sandboxNoticeKey);
  return <SandboxNoticeView {...props} expanded={expanded} onExpandedChange={setExpanded} />;
}
