import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { KnowledgeListView } from './KnowledgeListView';
import { storyBases } from '../stories/knowledgeHandlers';
import * as frames from './storyFrames.css';
import { shows } from '../stories/plays';

const meta = {
  title: 'Dashboard/Knowledge/Knowledge list view',
  component: KnowledgeListView,
  args: {
    bases: storyBases,
    query: '',
    onQueryChange: fn(),
    onRetry: fn(),
    onSelect: fn(),
    onDelete: fn(),
    onCreate: fn(),
  },
} satisfies Meta<typeof KnowledgeListView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithBases: Story = {
  args: { selectedId: 'kb_docs' },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const docs = c.getByRole('article', { name: 'Product documentation' });
    await expect(within(docs).getByText('HQ • VECTOR')).toBeVisible();
    await expect(within(docs).getByText('Selected')).toBeVisible();
    await expect(within(docs).getByText('4 documents')).toBeVisible();
    const policies = c.getByRole('article', { name: 'Billing policies' });
    await expect(within(policies).getByText('No description')).toBeVisible();
    await expect(within(policies).getByText('0 documents')).toBeVisible();
    await userEvent.click(within(policies).getByRole('button', { name: 'Manage documents' }));
    await expect(args.onSelect).toHaveBeenCalledWith('kb_policies');
    await userEvent.click(within(policies).getByRole('button', { name: 'Delete knowledge base' }));
    await expect(args.onDelete).toHaveBeenCalledWith('kb_policies');
    await userEvent.type(c.getByRole('searchbox', { name: 'Search knowledge bases' }), 'x');
    await expect(args.onQueryChange).toHaveBeenCalledWith('x');
  },
};

export const Filtered: Story = {
  args: { query: 'HOURS' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getAllByRole('article')).toHaveLength(1);
    await expect(c.getByRole('article', { name: 'Clinic FAQ' })).toBeVisible();
  },
};

export const NoSearchResults: Story = {
  args: { query: 'zzz' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('No knowledge bases found')).toBeVisible();
    await expect(c.getByText('Try adjusting your search terms.')).toBeVisible();
  },
};

export const Empty: Story = {
  args: { bases: [] },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Create your first knowledge base to get started.')).toBeVisible();
    const buttons = c.getAllByRole('button', { name: 'Create Knowledge Base' });
    await userEvent.click(buttons[buttons.length - 1]!);
    await expect(args.onCreate).toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { bases: [], loading: true },
  play: shows('Loading knowledge bases...'),
};

export const Failed: Story = {
  args: { bases: [], error: 'Failed to fetch knowledge bases: Database unavailable' },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('alert')).toHaveTextContent(
      'Failed to fetch knowledge bases: Database unavailable',
    );
    await userEvent.click(c.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

const withStatuses = storyBases.map((b, i) => ({
  ...b,
  status: (['ready', 'processing', 'error'] as const)[i % 3],
}));

/** The knowledge-base status icons (spec §4): ready, processing, error. */
export const StatusIcons: Story = {
  args: { bases: withStatuses },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getAllByText('Ready').length).toBeGreaterThan(0);
    if (withStatuses.length > 1)
      await expect(c.getAllByText('Processing').length).toBeGreaterThan(0);
  },
};
export const StatusIconsDark: Story = { ...StatusIcons, globals: { theme: 'dark' } };

export const AllStates: Story = {
  render: (args) => (
    <div className={frames.stack}>
      <p className={frames.caption}>With bases (one selected)</p>
      <KnowledgeListView {...args} selectedId="kb_docs" />
      <p className={frames.caption}>Status icons: ready, processing, error</p>
      <KnowledgeListView {...args} bases={withStatuses} />
      <p className={frames.caption}>Loading</p>
      <KnowledgeListView {...args} bases={[]} loading />
      <p className={frames.caption}>No knowledge bases</p>
      <KnowledgeListView {...args} bases={[]} />
      <p className={frames.caption}>No search results</p>
      <KnowledgeListView {...args} query="zzz" />
      <p className={frames.caption}>Session expired</p>
      <KnowledgeListView
        {...args}
        bases={[]}
        error="Your session has expired. Please refresh the page and login again."
      />
      <p className={frames.caption}>Network</p>
      <KnowledgeListView
        {...args}
        bases={[]}
        error="Failed to connect to the server. Please check your internet connection."
      />
    </div>
  ),
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
