import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { InboxView } from '../conversations/InboxView';
import { ThreadView } from '../conversations/ThreadView';
import { emptyFilters } from '../conversations/inboxFormat';
import { HandoffCard } from './HandoffCard';
import { NeedsPersonView } from './NeedsPersonView';
import {
  fixtureHandoff,
  fixtureNow,
  freshWaiting,
  waitingFixtures,
  waitingThread,
} from './handoffFixtures';
import { retriesAfter } from '../stories/plays';
import { storyLocale, threadActions } from '../stories/conversationStories';

const meta = {
  title: 'Dashboard/Handoff/Needs a person',
  component: NeedsPersonView,
  args: {
    conversations: freshWaiting,
    now: fixtureNow,
    selectedId: null,
    onSelect: fn(),
    onRetry: fn(),
    notifications: { state: 'default', onEnable: fn(), onDisable: fn() },
  },
} satisfies Meta<typeof NeedsPersonView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  args: { conversations: [] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Nobody is waiting for a person')).toBeVisible();
    await expect(c.queryByRole('list', { name: 'Needs a person' })).toBeNull();
  },
};
export const EmptyDark: Story = { args: Empty.args, globals: { theme: 'dark' } };

/** One fresh request: how long it has waited, why; notifications offered behind a click. */
export const Waiting: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const list = c.getByRole('list', { name: 'Needs a person' });
    const row = within(list).getByRole('button');
    await expect(row).toHaveTextContent('+447700900123');
    await expect(row).toHaveTextContent('Waiting 2 min');
    await expect(row).toHaveTextContent('The visitor wants to move a surgery date');
    await expect(row).not.toHaveTextContent('Long wait');
    await userEvent.click(row);
    await expect(args.onSelect).toHaveBeenCalledWith('conv_wait_3');
    await userEvent.click(c.getByRole('button', { name: 'Turn on browser notifications' }));
    await expect(args.notifications!.onEnable).toHaveBeenCalled();
  },
};
export const WaitingDark: Story = { args: Waiting.args, globals: { theme: 'dark' } };

/** The longest waiting first: overnight (out of hours) and twelve minutes are long waits. */
export const LongWait: Story = {
  args: {
    conversations: waitingFixtures,
    selectedId: 'conv_wait_2',
    notifications: { state: 'on', onEnable: fn(), onDisable: fn() },
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const rows = within(c.getByRole('list', { name: 'Needs a person' })).getAllByRole('button');
    await expect(rows).toHaveLength(3);
    await expect(rows[0]).toHaveTextContent('Waiting 9 h 5 min');
    await expect(rows[0]).toHaveTextContent('Out of hours');
    await expect(rows[0]).toHaveTextContent('Long wait');
    await expect(rows[0]).toHaveAttribute('data-long-wait', 'true');
    await expect(rows[1]).toHaveTextContent('Asked by the visitor');
    await expect(rows[1]).toHaveAttribute('aria-current', 'true');
    await expect(rows[2]).not.toHaveAttribute('data-long-wait');
    await expect(c.getByText('Browser notifications are on for this computer.')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Turn off' }));
    await expect(args.notifications!.onDisable).toHaveBeenCalled();
  },
};
export const LongWaitDark: Story = { args: LongWait.args, globals: { theme: 'dark' } };

export const NotificationsBlocked: Story = {
  args: { notifications: { state: 'denied', onEnable: fn(), onDisable: fn() } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(/blocks notifications from this site/)).toBeVisible();
    await expect(c.queryByRole('button', { name: 'Turn on browser notifications' })).toBeNull();
  },
};
export const NotificationsBlockedDark: Story = {
  args: NotificationsBlocked.args,
  globals: { theme: 'dark' },
};

export const Failed: Story = {
  args: { conversations: [], error: 'HTTP 500: Internal Server Error' },
  play: retriesAfter('Failed to load the waiting list'),
};
export const FailedDark: Story = { args: Failed.args, globals: { theme: 'dark' } };

const thread = (
  <ThreadView
    conversation={waitingThread}
    myUserId="user_ada"
    {...threadActions()}
    {...storyLocale}
    now={fixtureNow}
  />
);

/** In the inbox: the chip's count badge, the waiting list in place of the list, the thread beside it. */
export const InTheInbox: Story = {
  render: (args) => (
    <InboxView
      filters={{ ...emptyFilters, status: 'needs_human' }}
      onFiltersChange={fn()}
      conversations={[]}
      selectedId="conv_wait_2"
      onSelect={fn()}
      onCloseThread={fn()}
      exportLinks={{ csv: '#csv', jsonl: '#jsonl' }}
      thread={thread}
      timeZone="UTC"
      locale="en-US"
      needsPerson={{ count: 3, view: <NeedsPersonView {...args} /> }}
    />
  ),
  args: { conversations: waitingFixtures, selectedId: 'conv_wait_2' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const chip = c.getByRole('button', { name: 'Needs a person 3' });
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    // The member who takes it over sees the reason and the summary first.
    const card = c.getByRole('region', { name: 'Needs a person' });
    await expect(card).toHaveTextContent('The visitor asked to talk to a person');
    await expect(card).toHaveTextContent('Summary by the agent’s model');
    await expect(card).toHaveTextContent('Waiting 12 min');
    await expect(c.getByRole('button', { name: 'Take over' })).toBeEnabled();
  },
};
export const InTheInboxDark: Story = { args: InTheInbox.args, globals: { theme: 'dark' } };

/** Taken over: who took it and after how long; the last messages when there was no model. */
export const TakenOver: Story = {
  render: () => (
    <HandoffCard
      now={fixtureNow}
      handoff={fixtureHandoff({
        taken_at: new Date(fixtureNow - 60_000).toISOString(),
        taken_by: { user_id: 'user_grace', name: 'Grace Hopper' },
        summary_source: 'last_messages',
        summary:
          'Visitor: I want to talk to a human\nAgent: A member of the team will reply here shortly',
      })}
    />
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Taken over by Grace Hopper after 3 min')).toBeVisible();
    await expect(c.getByText('The last messages')).toBeVisible();
    await expect(c.queryByText(/^Waiting/)).toBeNull();
  },
};
export const TakenOverDark: Story = { ...TakenOver, globals: { theme: 'dark' } };
