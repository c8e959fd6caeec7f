import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { ReindexDialog } from './ReindexDialog';
import { defaultChunkSettings } from './chunkSettings';

const meta = {
  title: 'Dashboard/Knowledge/Reindex dialog',
  component: ReindexDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    onReindex: fn(),
    documentName: 'Getting started.md',
    initialSettings: { ...defaultChunkSettings, chunkSize: 512 },
  },
} satisfies Meta<typeof ReindexDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => screen.findByRole('dialog', { name: 'Reindex Document' });

export const ChangeSettings: Story = {
  play: async ({ args }) => {
    const d = within(await dialog());
    const size = d.getByRole('textbox', { name: 'Chunk size' });
    await expect(size).toHaveValue('512');
    await userEvent.clear(size);
    await userEvent.type(size, '800');
    await userEvent.click(d.getByRole('switch', { name: 'Remove all URLs and email addresses' }));
    await userEvent.click(d.getByRole('button', { name: 'Reindex' }));
    await expect(args.onReindex).toHaveBeenCalledWith({
      ...defaultChunkSettings,
      chunkSize: 800,
      removeUrlsEmails: true,
    });
  },
};

export const Reindexing: Story = {
  args: { busy: true },
  play: async () => {
    const d = within(await dialog());
    await expect(d.getByRole('button', { name: 'Reindexing...' })).toBeDisabled();
    await expect(d.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};

export const Started: Story = {
  args: {
    outcome: {
      tone: 'success',
      title: 'Document reindexing started! It may take a few moments to complete.',
    },
  },
  play: async ({ args }) => {
    const d = within(await dialog());
    await expect(d.getByRole('status')).toHaveTextContent(
      'Document reindexing started! It may take a few moments to complete.',
    );
    await userEvent.click(d.getByRole('button', { name: 'Done' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const StartedWithWarning: Story = {
  args: {
    outcome: {
      tone: 'warning',
      title: 'Document reindexing started! It may take a few moments to complete.',
      message: 'No embedding key is configured: indexed with full-text search only.',
    },
  },
  play: async () => {
    const d = within(await dialog());
    await expect(d.getByRole('status')).toHaveTextContent('indexed with full-text search only.');
  },
};

export const Failed: Story = {
  args: {
    outcome: { tone: 'error', title: 'Failed to reindex: Ingestion queue is down' },
  },
  play: async () => {
    const d = within(await dialog());
    await expect(d.getByRole('alert')).toHaveTextContent(
      'Failed to reindex: Ingestion queue is down',
    );
    await expect(d.getByRole('button', { name: 'Reindex' })).toBeEnabled();
  },
};

/** The dialog holds one state at a time; this is its fullest: started with a warning. */
export const AllStates: Story = { ...StartedWithWarning };
export const AllStatesDark: Story = { ...StartedWithWarning, globals: { theme: 'dark' } };
