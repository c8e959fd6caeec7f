import { Banner } from '@parley/ui';

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
