import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Banner } from './Banner';
import { RetryBanner } from './RetryBanner';
import { Stack } from '../../stories/Layout';
import { inDark } from '../../stories/inDark';

const meta = {
  title: 'UI/Banner',
  component: Banner,
  args: {
    tone: 'success',
    title: 'Configuration saved',
    message: 'All changes saved',
  },
} satisfies Meta<typeof Banner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Configuration saved',
    );
  },
};

export const ErrorWithAction: Story = {
  args: {
    tone: 'error',
    title: 'API Key Missing',
    message: 'Try refreshing the page.',
    action: { label: 'Refresh', onClick: fn() },
  },
  play: async ({ canvasElement, args }) => {
    const alert = within(canvasElement).getByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Refresh' }));
    await expect(args.action?.onClick).toHaveBeenCalled();
  },
};

export const Dismissible: Story = {
  args: { dismissible: true, onDismiss: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await expect(args.onDismiss).toHaveBeenCalled();
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

export const AutoDismiss: Story = {
  args: {
    tone: 'info',
    title: 'Numbers synced',
    message: undefined,
    autoDismissMs: 300,
    onDismiss: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Numbers synced');
    await waitFor(() => expect(canvas.queryByRole('status')).toBeNull());
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};

function AllStatesGrid() {
  return (
    <Stack>
      <Banner tone="success" title="Success" message="Agent configuration saved successfully!" />
      <Banner tone="error" title="Error" message="Save failed: Unknown error" dismissible />
      <Banner
        tone="info"
        title="Saving..."
        message="Configuration is being saved to localStorage and Dify API"
        busy
      />
      <Banner
        tone="error"
        title="API Key Missing"
        message="The agent API key could not be found. Possible causes:"
        action={{ label: 'Refresh', onClick: () => {} }}
      >
        <ul>
          <li>Session timeout (refresh the page)</li>
          <li>Agent not configured properly</li>
          <li>Backend issue (contact support)</li>
        </ul>
      </Banner>
      <Banner
        tone="warning"
        title="Invalid API Key Format"
        message="The key should start with 'app-' or 'sk-'."
        dismissible
      />
      <Banner
        tone="info"
        title="A very long banner title that keeps going to show how long content wraps inside the banner without overflowing"
        message="And an equally long message, with a-very-long-unbroken-token-like-an-api-key-app-0123456789abcdefghijklmnopqrstuvwxyz, to check wrapping."
        action={{ label: 'Retry', onClick: () => {} }}
        dismissible
      />
    </Stack>
  );
}

/** Slim: one line, for a notice that stays above a screen's content. */
export const Slim: Story = {
  args: {
    tone: 'warning',
    title: 'Sandbox',
    message: 'Simulated numbers: nothing goes over a real phone network.',
    slim: true,
    action: { label: 'Details', onClick: () => {} },
  },
  play: async ({ canvasElement }) => {
    const banner = within(canvasElement).getByRole('status');
    await expect(banner).toHaveAttribute('data-density', 'slim');
    // One line: title, message and action side by side (about 36 px, not ~100).
    await expect(banner.getBoundingClientRect().height).toBeLessThan(48);
  },
};
export const SlimDark: Story = { ...Slim, globals: { theme: 'dark' } };

export const AllStates: Story = { render: () => <AllStatesGrid /> };

export const AllStatesDark: Story = inDark(AllStates);

/** RetryBanner: what failed to load, with Retry when the screen can try again. */
const retried = fn();
export const Retry: Story = {
  args: { tone: 'error', title: 'Could not load the calls', message: 'HTTP 500' },
  render: (args) => <RetryBanner title={args.title} message={args.message} onRetry={retried} />,
  play: async ({ canvasElement }) => {
    retried.mockClear();
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveTextContent('Could not load the calls');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await expect(retried).toHaveBeenCalledTimes(1);
  },
};

export const RetryDark: Story = inDark(Retry);
