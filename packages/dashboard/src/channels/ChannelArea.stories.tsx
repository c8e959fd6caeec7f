import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ChannelArea } from './ChannelArea';
import { SmsArea } from '../sms';
import { WhatsappArea } from '../whatsapp';
import { StoryProviders } from '../stories/StoryProviders';
import { messagingBackend } from '../stories/messagingHandlers';
import { backend } from '../stories/handlers';

/** The SMS and WhatsApp tabs over the real client; MSW keeps numbers and threads per story. */
const meta = {
  title: 'Dashboard/SMS and WhatsApp/Channel tab',
  component: ChannelArea,
  // The channel's own tab (its send modal) over the shared one.
  args: { channel: 'sms', orgId: 'org_1', orgName: 'Acme Labs', renderSend: () => null },
  render: ({ channel, orgId, orgName }) => (
    <StoryProviders>
      {channel === 'whatsapp' ? (
        <WhatsappArea orgId={orgId} orgName={orgName} />
      ) : (
        <SmsArea orgId={orgId} orgName={orgName} />
      )}
    </StoryProviders>
  ),
} satisfies Meta<typeof ChannelArea>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SmsSendAndSimulate: Story = {
  beforeEach: ({ msw }) => msw.use(...messagingBackend({ threads: [] }), ...backend({})),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(
      await c.findByRole('button', { name: 'Simulate inbound message to +14155550100' }),
    );
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Open today?');
    await userEvent.click(screen.getByRole('button', { name: 'Simulate' }));
    await expect(await c.findByText(/the agent's reply appears under Outbound/)).toBeVisible();
    await userEvent.click(c.getByRole('tab', { name: 'Outbound' }));
    await expect(await c.findByText('Thanks for your message: "Open today?"')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Send SMS Message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send SMS Message' });
    // The organization's sending limit and what it sent (the agent's reply) under the fields.
    await expect(await within(dialog).findByLabelText('Sending limit')).toHaveTextContent(
      'Sending limit: 60 SMS messages a minute, 1,000 a day for this organization. Sent: 1 in the last minute, 1 in the last day.',
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /To Number/ }),
      '+15005550777',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Message Text/ }), 'Hi there');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    await expect(await c.findByText('SMS message sent successfully!')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(await c.findByText('Hi there')).toBeVisible();
  },
};

/** Assign Agent maps the receiving number (§7) and says the spec's line. */
export const SmsAssignAgent: Story = {
  beforeEach: ({ msw }) => msw.use(...messagingBackend({ threads: [] }), ...backend({})),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'Assign Agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Agent' });
    await userEvent.click(await within(dialog).findByRole('combobox', { name: 'Agent prefix' }));
    await userEvent.click(await screen.findByRole('option', { name: 'support' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Phone number' }));
    await userEvent.click(await screen.findByRole('option', { name: '+1 415 555 0103' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign Agent' }));
    await expect(await c.findByText('SMS mapping created successfully!')).toBeVisible();
    await expect(await c.findByRole('button', { name: 'Unassign +14155550103' })).toBeVisible();
  },
};

/** Unassigning a number's WhatsApp agent leaves its other channels (and its other rows) alone. */
export const WhatsAppUnassignOneChannel: Story = {
  args: { channel: 'whatsapp' },
  beforeEach: ({ msw }) => msw.use(...messagingBackend({ threads: [] }), ...backend({})),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'Unassign +14155550100' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Unassign' }),
    );
    await expect(await c.findByText('Receiving number unassigned successfully!')).toBeVisible();
  },
};

export const SmsSendFails: Story = {
  beforeEach: ({ msw }) => msw.use(...messagingBackend({ sendStatus: 503 }), ...backend({})),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    // The numbers are loaded (the From number is pre-filled with the first assigned one).
    await c.findByRole('button', { name: 'Unassign +14155550100' });
    await userEvent.click(c.getByRole('tab', { name: 'Outbound' }));
    await userEvent.click(c.getByRole('button', { name: 'Send SMS Message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send SMS Message' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /To Number/ }),
      '+15005550777',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Message Text/ }), 'Hi');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    await expect(
      await within(dialog).findByText('Failed to send SMS message: Provider unavailable'),
    ).toBeVisible();
  },
};

export const WhatsAppOutsideWindow: Story = {
  args: { channel: 'whatsapp' },
  beforeEach: ({ msw }) => msw.use(...messagingBackend(), ...backend({})),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(
      await c.findByRole('heading', { name: 'WhatsApp-Enabled Phone Numbers' }),
    ).toBeVisible();
    await userEvent.click(c.getByRole('tab', { name: 'Outbound' }));
    await userEvent.click(c.getByRole('button', { name: 'Send WhatsApp Message' }));
    const dialog = await screen.findByRole('dialog', { name: 'WhatsApp Send Message' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Recipient Phone/ }),
      '+15005550777',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Message Text/ }), 'Hi');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    await expect(await within(dialog).findByText(/24-hour customer-service window/)).toBeVisible();
  },
};

export const WhatsAppTemplateSent: Story = {
  args: { channel: 'whatsapp' },
  beforeEach: ({ msw }) => msw.use(...messagingBackend({ threads: [] }), ...backend({})),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('tab', { name: 'Outbound' }));
    await expect(await c.findByText('No messages yet')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Send WhatsApp Message' }));
    const dialog = await screen.findByRole('dialog', { name: 'WhatsApp Send Message' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Recipient Phone/ }),
      '+15005550777',
    );
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Message Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Template' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Message Text/ }), 'Reminder');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    await expect(await c.findByText('WhatsApp message sent successfully!')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(await c.findByText('Reminder')).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(...messagingBackend({ latencyMs: 'infinite' }), ...backend({})),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Loading phone numbers...'),
    ).toBeInTheDocument();
  },
};

const dark = { globals: { theme: 'dark' } };
export const WhatsAppDark: Story = {
  args: { channel: 'whatsapp' },
  beforeEach: ({ msw }) => msw.use(...messagingBackend(), ...backend({})),
  ...dark,
};
export const SmsAssignAgentDark: Story = { ...SmsAssignAgent, globals: { theme: 'dark' } };
export const SmsDark: Story = {
  beforeEach: ({ msw }) => msw.use(...messagingBackend(), ...backend({})),
  ...dark,
};
