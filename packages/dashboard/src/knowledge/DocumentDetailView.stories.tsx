import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { DocumentDetailView } from './DocumentDetailView';
import { storyDocuments, storySegments } from '../stories/knowledgeHandlers';
import * as frames from './storyFrames.css';
import { shows } from '../stories/plays';

const [start, pricing, scan] = storyDocuments('kb_docs');

const meta = {
  title: 'Dashboard/Knowledge/Document detail view',
  component: DocumentDetailView,
  args: {
    document: start!,
    segments: storySegments('doc_start'),
    onRetry: fn(),
    onBack: fn(),
    onReindex: fn(),
    onToggleSegment: fn(),
  },
} satisfies Meta<typeof DocumentDetailView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Segments: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 2, name: 'Getting started.md' })).toBeVisible();
    const first = c.getByRole('article', { name: /^Chunk-01/ });
    await expect(within(first).getByText(/^\d[\d,]* characters$/)).toBeVisible();
    await expect(within(first).getByText('Retrieval count: 12')).toBeVisible();
    const second = c.getByRole('article', { name: /^Chunk-02/ });
    const preview = within(second).getByText(/…$/);
    // 200 characters and the ellipsis.
    await expect(preview.textContent).toHaveLength(201);
    preview.focus();
    await expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'even when the words differ.',
    );
    await userEvent.keyboard('{Escape}');
    const third = c.getByRole('article', { name: /^Chunk-03/ });
    await userEvent.click(within(third).getByRole('switch', { name: 'Disabled' }));
    await expect(args.onToggleSegment).toHaveBeenCalledWith('seg_3', true);
    await userEvent.click(c.getByRole('button', { name: 'Reindex' }));
    await expect(args.onReindex).toHaveBeenCalled();
    await userEvent.click(c.getByRole('button', { name: /Back to documents/ }));
    await expect(args.onBack).toHaveBeenCalled();
  },
};

export const Indexing: Story = {
  args: { document: pricing!, segments: [] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Segments appear when indexing completes.')).toBeVisible();
    await expect(c.getByRole('button', { name: 'Reindex' })).toBeDisabled();
  },
};

export const IndexingError: Story = {
  args: { document: scan!, segments: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'The PDF has no extractable text',
    );
  },
};

export const Loading: Story = {
  args: { segments: [], loading: true },
  play: shows('Loading segments...'),
};

export const Failed: Story = {
  args: {
    segments: [],
    error: 'Your session has expired. Please refresh the page and login again.',
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('alert')).toHaveTextContent('Your session has expired.');
    await userEvent.click(c.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const AllStates: Story = {
  render: (args) => (
    <div className={frames.stack}>
      <p className={frames.caption}>Segments</p>
      <DocumentDetailView {...args} />
      <p className={frames.caption}>Indexing</p>
      <DocumentDetailView {...args} document={pricing!} segments={[]} />
      <p className={frames.caption}>Indexing failed</p>
      <DocumentDetailView {...args} document={scan!} segments={[]} />
      <p className={frames.caption}>Loading</p>
      <DocumentDetailView {...args} segments={[]} loading />
      <p className={frames.caption}>Failed to load segments</p>
      <DocumentDetailView {...args} segments={[]} error="HTTP 500: Internal Server Error" />
    </div>
  ),
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
