import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DocumentListView } from './DocumentListView';
import { storyDocuments } from '../stories/knowledgeHandlers';
import * as frames from './storyFrames.css';
import { shows } from '../stories/plays';

const documents = storyDocuments('kb_docs');

const meta = {
  title: 'Dashboard/Knowledge/Document list view',
  component: DocumentListView,
  args: {
    documents,
    knowledgeBaseName: 'Product documentation',
    onRetry: fn(),
    onOpen: fn(),
    onToggle: fn(),
    onReindex: fn(),
    onDelete: fn(),
  },
} satisfies Meta<typeof DocumentListView>;
export default meta;
type Story = StoryObj<typeof meta>;

const badgeOf = (row: HTMLElement, text: string) =>
  within(row).getByText(text).closest('[data-tone]');

export const Indexing: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(
      c.getByText('Indexing in progress: the list refreshes every 2 seconds.'),
    ).toBeVisible();
    const start = c.getByRole('row', { name: /Getting started\.md/ });
    await expect(badgeOf(start, 'completed')).toHaveAttribute('data-tone', 'success');
    const pricing = c.getByRole('row', { name: /Pricing page/ });
    await expect(badgeOf(pricing, 'indexing')).toHaveAttribute('data-tone', 'warning');
    await expect(within(pricing).getByRole('button', { name: 'Reindex' })).toBeDisabled();
    const scan = c.getByRole('row', { name: /Scanned contract/ });
    await expect(badgeOf(scan, 'error')).toHaveAttribute('data-tone', 'danger');
    await expect(within(scan).getByText('The PDF has no extractable text')).toBeVisible();
    const old = c.getByRole('row', { name: /Old FAQ/ });
    await userEvent.click(within(old).getByRole('switch', { name: 'Disabled' }));
    await expect(args.onToggle).toHaveBeenCalledWith('doc_old', true);
    await userEvent.click(within(start).getByRole('button', { name: 'Getting started.md' }));
    await expect(args.onOpen).toHaveBeenCalledWith('doc_start');
    await userEvent.click(within(start).getByRole('button', { name: 'Reindex' }));
    await expect(args.onReindex).toHaveBeenCalledWith('doc_start');
    await userEvent.click(within(start).getByRole('button', { name: 'Delete document' }));
    await expect(args.onDelete).toHaveBeenCalledWith('doc_start');
  },
};

export const AllCompleted: Story = {
  args: { documents: documents.filter((d) => d.status === 'completed') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText(/refreshes every 2 seconds/)).toBeNull();
  },
};

export const Empty: Story = {
  args: { documents: [] },
  play: shows('No documents yet'),
};

export const Loading: Story = {
  args: { documents: [], loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading documents...')).toBeInTheDocument();
  },
};

export const Failed: Story = {
  args: { documents: [], error: 'HTTP 500: Internal Server Error' },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('alert')).toHaveTextContent('HTTP 500: Internal Server Error');
    await userEvent.click(c.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const AllStates: Story = {
  render: (args) => (
    <div className={frames.stack}>
      <p className={frames.caption}>Indexing, completed, error, disabled</p>
      <DocumentListView {...args} />
      <p className={frames.caption}>Loading</p>
      <DocumentListView {...args} knowledgeBaseName="Clinic FAQ" documents={[]} loading />
      <p className={frames.caption}>Empty</p>
      <DocumentListView {...args} knowledgeBaseName="Billing policies" documents={[]} />
      <p className={frames.caption}>Failed</p>
      <DocumentListView
        {...args}
        knowledgeBaseName="Old base"
        documents={[]}
        error="Failed to connect to the server. Please check your internet connection."
      />
    </div>
  ),
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
