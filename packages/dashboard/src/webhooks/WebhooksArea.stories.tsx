import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { StoryProviders } from '../stories/StoryProviders';
import { WebhooksArea } from './WebhooksArea';
import { webhooksBackend } from './webhookHandlers';

/** The container over the real client; MSW answers with contract-typed handlers. */
const meta = {
  title: 'Dashboard/Webhooks/Area',
  component: WebhooksArea,
  args: { orgId: 'org_1', role: 'owner' },
  render: (args) => (
    <StoryProviders>
      <WebhooksArea {...args} />
    </StoryProviders>
  ),
} satisfies Meta<typeof WebhooksArea>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Add a webhook (the secret once), send a test event, see it in the log, replay it. */
export const AddTestReplay: Story = {
  beforeEach: ({ msw }) => msw.use(...webhooksBackend()),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(await c.findByLabelText('Endpoint URL'), 'https://crm.example.com/hook');
    await userEvent.click(c.getByRole('checkbox', { name: /^All events/ }));
    await userEvent.click(c.getByRole('button', { name: 'Add webhook' }));
    await expect(await c.findByLabelText('Signing secret')).toHaveValue(
      'whsec_c3Rvcnlib29rLXNlY3JldC0wMDAwMDAwMDAwMDA=',
    );
    await userEvent.click(
      await c.findByRole('button', { name: 'Send test event to https://crm.example.com/hook' }),
    );
    const log = within(await c.findByRole('region', { name: 'Delivery log' }));
    await expect(await log.findByText('HTTP 200')).toBeVisible();
    await userEvent.click(log.getByRole('button', { name: /^Replay webhook\.test/ }));
    await waitFor(() =>
      expect(log.getAllByRole('button', { name: /^Replay webhook\.test/ })).toHaveLength(2),
    );
  },
};
export const AddTestReplayDark: Story = {
  beforeEach: ({ msw }) => msw.use(...webhooksBackend()),
  globals: { theme: 'dark' },
};
