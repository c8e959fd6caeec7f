import { Banner } from '@parley/ui';
import { sharedProviderMessages } from '@parley/api-client';

export const sandboxNoticeText =
  'No telephony account is connected, so these numbers are simulated: nothing is sent or received over a real phone network, and outgoing messages go to the sandbox outbox. Connect Twilio in Integrations to use your own numbers.';

/** Shown on every channel screen while the organization uses the sandbox provider. */
export function SandboxNotice() {
  return (
    <Banner
      tone="warning"
      title="Sandbox"
      message={sandboxNoticeText}
      data-testid="sandbox-notice"
    />
  );
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
