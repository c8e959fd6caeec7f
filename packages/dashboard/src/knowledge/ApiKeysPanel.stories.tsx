import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ApiKeysPanel } from './ApiKeysPanel';
import { storyApiKeys } from '../stories/knowledgeHandlers';
import * as frames from './storyFrames.css';
import { shows } from '../stories/plays';

const meta = {
  title: 'Dashboard/Knowledge/API keys panel',
  component: ApiKeysPanel,
  args: {
    knowledgeBaseName: 'Product documentation',
    keys: storyApiKeys('kb_docs'),
    onCreate: fn(),
    onRetry: fn(),
    endpoint: 'https://console.example/v1/datasets/kb_docs/retrieve',
  },
} satisfies Meta<typeof ApiKeysPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const KeysAndCopy: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const row = c.getByRole('row', { name: /7bXc/ });
    await expect(row).toHaveTextContent('••••••••7bXc');
    await expect(row).not.toHaveTextContent('dataset-3kQ9');
    // Copy puts the whole token on the clipboard.
    let copied = '';
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void (copied = text) },
    });
    await userEvent.click(within(row).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(copied).toBe('dataset-3kQ9zT1vYwP0aLmN7bXc'));
    await expect(await within(row).findByText('Copied!')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Create API Key' }));
    await expect(args.onCreate).toHaveBeenCalledWith('API Key for Product documentation');
  },
};

export const Empty: Story = {
  args: { keys: [] },
  play: shows('No API keys yet'),
};

export const Loading: Story = {
  args: { keys: [], loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading API keys...')).toBeInTheDocument();
  },
};

export const Creating: Story = {
  args: { creating: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Creating...' })).toBeDisabled();
  },
};

export const Failed: Story = {
  args: { keys: [], error: 'HTTP 500: Internal Server Error', createError: null },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('alert')).toHaveTextContent('HTTP 500: Internal Server Error');
    await userEvent.click(c.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const CreateFailed: Story = {
  args: { createError: 'name: name is required' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'name: name is required',
    );
  },
};

export const AllStates: Story = {
  render: (args) => (
    <div className={frames.stack}>
      <p className={frames.caption}>Keys</p>
      <ApiKeysPanel {...args} />
      <p className={frames.caption}>Loading</p>
      <ApiKeysPanel {...args} knowledgeBaseName="Clinic FAQ" keys={[]} loading />
      <p className={frames.caption}>No keys</p>
      <ApiKeysPanel {...args} knowledgeBaseName="Billing policies" keys={[]} />
      <p className={frames.caption}>Creating</p>
      <ApiKeysPanel {...args} knowledgeBaseName="Support macros" creating />
      <p className={frames.caption}>Failed</p>
      <ApiKeysPanel
        {...args}
        knowledgeBaseName="Old base"
        keys={[]}
        error="Your session has expired. Please refresh the page and login again."
      />
    </div>
  ),
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
