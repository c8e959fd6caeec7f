import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { CopyButton } from './CopyButton';
import { Row, Stack } from '../../stories/Layout';
import { inDark } from '../../stories/inDark';

const meta = {
  title: 'UI/CopyButton',
  component: CopyButton,
  args: { value: '<script src="https://example.com/widget.js"></script>', onCopied: fn() },
  // Headless Chromium may refuse clipboard access: stub it for stable stories.
  beforeEach: () => {
    const spy = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    return () => spy.mockRestore();
  },
} satisfies Meta<typeof CopyButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    await expect(await canvas.findByRole('button', { name: 'Copied!' })).toBeVisible();
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(args.value);
    await expect(args.onCopied).toHaveBeenCalled();
    // Back to 'Copy' after 2 s.
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Copy' })).toBeVisible(), {
      timeout: 3000,
    });
  },
};

export const ClipboardRefused: Story = {
  beforeEach: () => {
    const spy = spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    return () => spy.mockRestore();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    await expect(await canvas.findByRole('button', { name: 'Copy failed' })).toBeVisible();
  },
};

export const Keyboard: Story = {
  args: { label: 'Copy Script' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Copy Script' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(await canvas.findByRole('button', { name: 'Copied!' })).toBeVisible();
  },
};

function AllStatesGrid() {
  return (
    <Stack>
      <Row label="Idle">
        <CopyButton value="a" />
        <CopyButton value="a" label="Copy Script" />
        <CopyButton value="a" variant="ghost" />
        <CopyButton value="a" disabled />
      </Row>
      <Row label="Copied / failed (shown via labels)">
        <CopyButton value="a" label="Copied!" />
        <CopyButton value="a" label="Copy failed" />
      </Row>
    </Stack>
  );
}

export const AllStates: Story = { render: () => <AllStatesGrid /> };

export const AllStatesDark: Story = inDark(AllStates);
