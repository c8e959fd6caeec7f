import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DisabledWebhooksBanner } from './DisabledWebhooksBanner';
import { allEventsHook, disabledHook } from './webhookFixtures';

const meta = {
  title: 'Dashboard/Webhooks/Disabled notice',
  component: DisabledWebhooksBanner,
  args: { disabled: [disabledHook], onOpen: fn() },
} satisfies Meta<typeof DisabledWebhooksBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

/** One webhook turned off by the server: says which, why, and opens Webhooks. */
export const One: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText(`Webhook to ${disabledHook.url} disabled`)).toBeVisible();
    await expect(c.getByText(/Every delivery failed for 5 days/)).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Open Webhooks' }));
    await expect(args.onOpen).toHaveBeenCalled();
  },
};
export const OneDark: Story = { globals: { theme: 'dark' } };

export const Several: Story = {
  args: {
    disabled: [disabledHook, { ...allEventsHook, enabled: false, disabled_reason: 'x' }],
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('2 webhooks disabled')).toBeVisible();
  },
};
export const SeveralDark: Story = { args: Several.args, globals: { theme: 'dark' } };

/** None disabled: nothing is shown. */
export const None: Story = {
  args: { disabled: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
  },
};
