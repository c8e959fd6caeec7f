import { Banner, Button } from '@parley/ui';
import { useStoredFlag } from '../storage/storedFlag';
import * as styles from './channel.css';
import { sharedProviderMessages } from '@parley/api-client';

export const sandboxNoticeText =
  'No telephony account is connected, so these numbers are simulated: nothing is sent or received over a real phone network, and outgoing messages go to the sandbox outbox. Connect Twilio in Integrations to use your own numbers.';
/** The one line left when the notice is collapsed. */
export const sandboxNoticeShort = 'Simulated numbers: nothing goes over a real phone network.';
/** Where the collapsed state is remembered (every channel screen shares it). */
export const sandboxNoticeKey = 'parley.sandboxNotice.collapsed';

export interface SandboxNoticeViewProps {
  collapsed: boolean;
  onCollapsedChange: (collapsed: boolean) => void;
}

/** The sandbox notice, full or collapsed to one line, with the toggle (props in, events out). */
export function SandboxNoticeView({ collapsed, onCollapsedChange }: SandboxNoticeViewProps) {
  return (
    <Banner
      tone="warning"
      title="Sandbox"
      message={collapsed ? sandboxNoticeShort : sandboxNoticeText}
      data-testid="sandbox-notice"
      data-collapsed={collapsed || undefined}
    >
      <Button
        size="sm"
        variant="ghost"
        className={styles.noticeToggle}
        aria-expanded={!collapsed}
        onClick={() => onCollapsedChange(!collapsed)}
      >
        {collapsed ? 'Show details' : 'Hide details'}
      </Button>
    </Banner>
  );
}

/** Shown on every channel screen while the organization uses the sandbox provider; collapsing it is remembered. */
export function SandboxNotice() {
  const [collapsed, setCollapsed] = useStoredFlag(sandboxNoticeKey);
  return <SandboxNoticeView collapsed={collapsed} onCollapsedChange={setCollapsed} />;
}

/**
 * Shown where the install's shared telephony (the operator's Twilio account or configured
 * numbers) would have been used, when it does not serve this organization.
 */
export function SharedTelephonyNotice() {
  return (
    <Banner
      tone="info"
      title="Shared numbers not available"
      message={sharedProviderMessages.telephony}
      data-testid="shared-telephony-notice"
    />
  );
}
