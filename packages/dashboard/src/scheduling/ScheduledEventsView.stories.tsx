import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { ScheduledEventsView } from './ScheduledEventsView';
import { fixtureEvents } from './schedulingFixtures';
import { shows } from '../stories/plays';

const meta = {
  title: 'Dashboard/Phone Numbers/Scheduled Events',
  component: ScheduledEventsView,
  args: {
    events: fixtureEvents,
    search: '',
    onSearchChange: fn(),
    selectedId: null,
    onSelect: fn(),
    onCreate: fn(),
    onEdit: fn(),
    onDelete: fn(),
    onResume: fn(),
    onOpenCall: fn(),
    onSandboxOutcome: fn(),
    timeZone: 'UTC',
  },
} satisfies Meta<typeof ScheduledEventsView>;
export default meta;
type Story = StoryObj<typeof meta>;

const dark = { globals: { theme: 'dark' } };
const byId = (n: number) => fixtureEvents[n]!.scheduled_id;

export const List: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { name: 'Scheduled Events' })).toBeVisible();
    await expect(c.getByText('6 scheduled events')).toBeVisible();
    await expect(c.getByText('Select a Scheduled Event')).toBeVisible();
    // Green for 'scheduled', yellow for any other value.
    const badges = canvasElement.querySelectorAll('[data-status]');
    await expect(badges).toHaveLength(6);
    await userEvent.click(c.getByRole('button', { name: /\+14155550111/ }));
    await expect(args.onSelect).toHaveBeenCalledWith(byId(0));
    await userEvent.click(c.getByRole('button', { name: 'Create Schedule' }));
    await expect(args.onCreate).toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { loading: true, events: [] },
  play: shows('Loading scheduled events...'),
};

export const Empty: Story = {
  args: { events: [] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('No scheduled events found')).toBeVisible();
    await expect(c.getByText('0 scheduled events')).toBeVisible();
  },
};

export const NoMatch: Story = {
  args: { search: 'nobody' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('No events match your search')).toBeVisible();
    await expect(c.getByText('0 of 6 events')).toBeVisible();
  },
};

export const Filtered: Story = {
  args: { search: 'support' },
  play: shows('2 of 6 events'),
};

export const SelectedScheduled: Story = {
  args: { selectedId: byId(0), sandbox: true },
  play: async ({ canvasElement, args }) => {
    const pane = within(canvasElement.querySelector('[aria-label="Scheduled event details"]')!);
    await expect(pane.getByText('sales_6f1c')).toBeVisible();
    await expect(pane.getByText('15 minutes')).toBeVisible();
    await expect(pane.getByText('Your appointment is tomorrow at 10:00.')).toBeVisible();
    await expect(pane.getByText('No attempts yet.')).toBeVisible();
    await userEvent.click(pane.getByRole('button', { name: 'Edit' }));
    await expect(args.onEdit).toHaveBeenCalledWith(fixtureEvents[0]);
    // The sandbox's outcome control for the event's number.
    await userEvent.click(pane.getByRole('combobox', { name: /Sandbox: calls to/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Busy' }));
    await userEvent.click(pane.getByRole('button', { name: 'Set outcome' }));
    await expect(args.onSandboxOutcome).toHaveBeenCalledWith({
      phone_number: '+14155550111',
      outcome: 'busy',
    });
  },
};

export const DeleteConfirmation: Story = {
  args: { selectedId: byId(0) },
  play: async ({ canvasElement, args }) => {
    const pane = within(canvasElement.querySelector('[aria-label="Scheduled event details"]')!);
    await userEvent.click(pane.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    await expect(
      within(dialog).getByText('Are you sure you want to delete this scheduled event?'),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(args.onDelete).toHaveBeenCalledWith(fixtureEvents[0]);
  },
};

export const InProgressWithAttempts: Story = {
  args: { selectedId: byId(1) },
  play: async ({ canvasElement }) => {
    const pane = within(canvasElement.querySelector('[aria-label="Scheduled event details"]')!);
    await expect(pane.getByText('Calling...')).toBeVisible();
    await expect(pane.getByText('No answer')).toBeVisible();
    await expect(pane.getByRole('button', { name: 'Delete' })).toBeDisabled();
  },
};

export const CompletedWithTranscript: Story = {
  args: { selectedId: byId(2) },
  play: async ({ canvasElement, args }) => {
    const pane = within(canvasElement.querySelector('[aria-label="Scheduled event details"]')!);
    await expect(pane.getByText('Answered')).toBeVisible();
    await expect(pane.getByText('192 s')).toBeVisible();
    await userEvent.click(pane.getByRole('button', { name: 'Transcript' }));
    await expect(args.onOpenCall).toHaveBeenCalledWith(
      fixtureEvents[2]!.attempts[0]!.conversation_id,
    );
  },
};

export const FailedDoNotCall: Story = {
  args: { selectedId: byId(3) },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Not dialled: +16175550144 is on the do-not-call list'),
    ).toBeVisible();
  },
};

export const Expired: Story = { args: { selectedId: byId(4) } };
export const Cancelled: Story = { args: { selectedId: byId(5) } };

export const BreakerOpen: Story = {
  args: {
    dialingPaused: {
      since: '2030-03-05T15:00:00.000Z',
      reason: '5 of the last 10 calls failed at the telephony provider',
    },
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Outbound dialling is paused')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Resume' }));
    await expect(args.onResume).toHaveBeenCalled();
  },
};

export const Notices: Story = {
  args: { notice: { tone: 'success', message: 'Outbound call scheduled successfully!' } },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Outbound call scheduled successfully!'),
    ).toBeVisible();
  },
};

export const DeleteFailed: Story = {
  args: {
    notice: { tone: 'error', message: 'Failed to delete scheduled event: HTTP 409' },
  },
};

export const ListDark: Story = { ...List, ...dark };
export const LoadingDark: Story = { ...Loading, ...dark };
export const EmptyDark: Story = { ...Empty, ...dark };
export const NoMatchDark: Story = { ...NoMatch, ...dark };
export const SelectedScheduledDark: Story = { ...SelectedScheduled, play: undefined, ...dark };
export const InProgressWithAttemptsDark: Story = { ...InProgressWithAttempts, ...dark };
export const CompletedWithTranscriptDark: Story = { ...CompletedWithTranscript, ...dark };
export const FailedDoNotCallDark: Story = { ...FailedDoNotCall, ...dark };
export const ExpiredDark: Story = { ...Expired, ...dark };
export const CancelledDark: Story = { ...Cancelled, ...dark };
export const BreakerOpenDark: Story = { ...BreakerOpen, ...dark };
export const NoticesDark: Story = { ...Notices, ...dark };

const longAgent = 'support_bot_2c05a1b2_1111_4222_8333_444455556666';
const longEvents = [
  {
    ...fixtureEvents[0]!,
    agent_id: longAgent,
    status: 'cancelled',
    message_template: `Call about https://example.com/${'a'.repeat(400)}`,
  },
];
/**
 * Narrow (720 px, both columns): the agent shows by its name (not its raw id), the status chip
 * keeps its whole word, and a long template without spaces wraps: nothing scrolls sideways. (The
 * e2e test checks the whole page at 400 and 1280 px.)
 */
export const LongText: Story = {
  args: {
    events: longEvents,
    selectedId: longEvents[0]!.scheduled_id,
    agentNames: new Map([[longAgent, 'Front desk']]),
  },
  render: (args) => (
    <div style={{ width: 720 }} data-testid="frame">
      <ScheduledEventsView {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const frame = c.getByTestId('frame');
    await expect(frame.scrollWidth).toBeLessThanOrEqual(720);
    await expect(c.queryByText(new RegExp(longAgent))).toBeNull();
    await expect(c.getAllByText(/Front desk/).length).toBeGreaterThanOrEqual(2);
    // The chip's word is whole: its text is not cut by an ellipsis.
    for (const chip of canvasElement.querySelectorAll<HTMLElement>(
      '[data-status] > span:last-child',
    ))
      await expect(chip.scrollWidth).toBeLessThanOrEqual(chip.clientWidth);
  },
};
export const LongTextDark: Story = { ...LongText, ...dark };
