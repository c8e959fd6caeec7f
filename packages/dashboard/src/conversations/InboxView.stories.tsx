import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { InboxView, type InboxViewProps } from './InboxView';
import { ThreadView } from './ThreadView';
import { emptyFilters, type InboxFilters } from './inboxFormat';
import { chatThread, denseSummaries, fixtureSummaries, me } from './inboxFixtures';
import { retriesAfter } from '../stories/plays';
import { scoreOutcome, skippedOutcome } from '../outcomes/outcomeFixtures';
import {
  loadingConversations,
  noConversations,
  storyLocale,
  threadActions,
} from '../stories/conversationStories';

const items = fixtureSummaries.map((c) => ({ ...c, isUnread: c.unread }));
const agents = [
  { id: 'clinic_1', name: 'Clinic' },
  { id: 'sales_2', name: 'Sales' },
];

/** The view with its filters kept in story state (so chips and selects respond). */
function Stateful(props: InboxViewProps) {
  const [filters, setFilters] = useState<InboxFilters>(props.filters);
  return (
    <InboxView
      {...props}
      filters={filters}
      onFiltersChange={(f) => {
        setFilters(f);
        props.onFiltersChange(f);
      }}
    />
  );
}

const placeholder = <ThreadView conversation={null} {...threadActions()} />;

const meta = {
  title: 'Dashboard/Conversations/Inbox',
  component: InboxView,
  render: (args) => <Stateful {...args} />,
  args: {
    filters: emptyFilters,
    onFiltersChange: fn(),
    agents,
    conversations: items,
    selectedId: null,
    onSelect: fn(),
    onCloseThread: fn(),
    onRetry: fn(),
    onLoadMore: fn(),
    exportLinks: {
      csv: '/api/conversations/export?organization_id=org_1&format=csv',
      jsonl: '/api/conversations/export?organization_id=org_1&format=jsonl',
    },
    thread: placeholder,
    ...storyLocale,
  },
} satisfies Meta<typeof InboxView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const options = c.getAllByRole('option');
    await expect(options).toHaveLength(4);
    await expect(options[0]).toHaveTextContent('visitor-4f2a');
    await expect(within(options[0]!).getByRole('img', { name: 'Unread' })).toBeVisible();
    await expect(options[1]).toHaveTextContent('Held by Grace Hopper');
    // Keyboard: the list takes focus, arrows move, Enter opens.
    options[0]!.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(options[2]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).toHaveBeenCalledWith('conv_voice_1');
    // Status chips filter.
    await userEvent.click(c.getByRole('button', { name: 'Held' }));
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith({
      ...emptyFilters,
      status: 'held',
    });
    await expect(c.getByRole('button', { name: 'Held' })).toHaveAttribute('aria-pressed', 'true');
    // Search is sent on Enter.
    await userEvent.type(c.getByRole('searchbox', { name: 'Search messages' }), 'parking{Enter}');
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith({
      ...emptyFilters,
      status: 'held',
      q: 'parking',
    });
    await expect(c.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      args.exportLinks.csv,
    );
  },
};
export const LoadedDark: Story = { args: Loaded.args, globals: { theme: 'dark' } };

/**
 * A member's own test chat from the agent's page is named as one (not `console-{org id}`); the
 * filters share one baseline and the search shows its whole placeholder.
 */
export const ConsoleChatAndFilters: Story = {
  args: {
    agents: [{ id: 'clinic_1', name: 'Clinic' }],
    conversations: [
      { ...fixtureSummaries[0]!, end_user: 'console-org_1', isUnread: false },
      ...items.slice(1),
    ],
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const first = c.getAllByRole('option')[0]!;
    await expect(first).toHaveTextContent('Test chat (console)');
    await expect(first).not.toHaveTextContent('console-org_1');
    const fields = [
      c.getByRole('searchbox', { name: 'Search messages' }),
      c.getByRole('combobox', { name: 'Agent' }),
      c.getByRole('combobox', { name: 'Channel' }),
      c.getByLabelText('Active since'),
      c.getByLabelText('Started before'),
    ];
    // One row: every field's box starts and ends at the same height (labels above each).
    for (const edge of ['top', 'bottom'] as const) {
      const at = fields.map((f) => Math.round(f.getBoundingClientRect()[edge]));
      await expect(Math.max(...at) - Math.min(...at)).toBeLessThanOrEqual(2);
    }
    const search = fields[0] as HTMLInputElement;
    await expect(search.getBoundingClientRect().width).toBeGreaterThan(200);
  },
};
export const ConsoleChatAndFiltersDark: Story = {
  args: ConsoleChatAndFilters.args,
  globals: { theme: 'dark' },
};

export const Loading: Story = { ...loadingConversations };
export const LoadingDark: Story = { args: Loading.args, globals: { theme: 'dark' } };

export const Empty: Story = { ...noConversations };
export const EmptyDark: Story = { args: Empty.args, globals: { theme: 'dark' } };

/** Filters that match nothing: the empty state offers to clear them. */
export const EmptyFiltered: Story = {
  args: { conversations: [], filters: { ...emptyFilters, channel: 'whatsapp' } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('No conversations match these filters')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Clear filters' }));
    await expect(args.onFiltersChange).toHaveBeenCalledWith(emptyFilters);
  },
};
export const EmptyFilteredDark: Story = { args: EmptyFiltered.args, globals: { theme: 'dark' } };

export const Failed: Story = {
  args: { conversations: [], error: 'HTTP 500: Internal Server Error' },
  play: retriesAfter('Failed to load conversations'),
};
export const FailedDark: Story = { args: Failed.args, globals: { theme: 'dark' } };

/** Dense data: forty conversations and more pages behind Load more. */
export const Dense: Story = {
  args: {
    conversations: denseSummaries.map((c) => ({ ...c, isUnread: c.unread })),
    hasMore: true,
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getAllByRole('option')).toHaveLength(40);
    await userEvent.click(c.getByRole('button', { name: 'Unread' }));
    await expect(c.getAllByRole('option')).toHaveLength(14);
    await userEvent.click(c.getByRole('button', { name: 'Load more' }));
    await expect(args.onLoadMore).toHaveBeenCalled();
  },
};
export const DenseDark: Story = { args: Dense.args, globals: { theme: 'dark' } };

/** A thread open beside the list; Esc closes it. */
export const ThreadOpen: Story = {
  args: {
    selectedId: 'conv_chat_1',
    thread: (
      <ThreadView
        conversation={chatThread}
        myUserId={me.userId}
        {...threadActions()}
        {...storyLocale}
      />
    ),
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await expect(c.getByRole('button', { name: 'Take over' })).toBeVisible();
    c.getAllByRole('option')[0]!.focus();
    await userEvent.keyboard('{Escape}');
    await expect(args.onCloseThread).toHaveBeenCalled();
  },
};
export const ThreadOpenDark: Story = { args: ThreadOpen.args, globals: { theme: 'dark' } };

/** An agent's own section: no agent filter. */
export const AgentSection: Story = {
  args: { agents: undefined, headingLevel: 2 },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole('combobox', { name: 'Agent' })).toBeNull();
    await expect(c.getByRole('combobox', { name: 'Channel' })).toBeVisible();
  },
};
export const AgentSectionDark: Story = { args: AgentSection.args, globals: { theme: 'dark' } };

/** Outcomes on the rows (a score, not analysed) and the outcome filters (docs/outcomes.md). */
export const WithOutcomes: Story = {
  args: {
    conversations: items.map((c, i) => ({
      ...c,
      outcome: i === 0 ? scoreOutcome : i === 1 ? skippedOutcome : null,
    })),
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Score 4/10')).toBeVisible();
    await expect(c.getByText('Not analysed')).toBeVisible();
    await userEvent.click(c.getByRole('combobox', { name: 'Outcome' }));
    await userEvent.click(within(document.body).getByRole('option', { name: 'Success' }));
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ success: 'true' }),
    );
    await userEvent.type(c.getByRole('searchbox', { name: 'Outcome tag' }), 'refund{Enter}');
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ success: 'true', tag: 'refund' }),
    );
  },
};
export const WithOutcomesDark: Story = { args: WithOutcomes.args, globals: { theme: 'dark' } };
