import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { OutcomeBadges, OutcomeCard } from './OutcomeCard';
import {
  checklistOutcome,
  doneOutcome,
  failedOutcome,
  scoreOutcome,
  skippedOutcome,
} from './outcomeFixtures';

/** A conversation's outcome on its thread (the inbox), and its badges on the list's row. */
const meta = {
  title: 'Dashboard/Outcomes/On a thread',
  component: OutcomeCard,
  args: { outcome: doneOutcome, timeZone: 'UTC', locale: 'en-GB' },
} satisfies Meta<typeof OutcomeCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Done: the summary, success and why, each field (yes/no in words), the tags. */
export const Done: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const card = within(c.getByRole('region', { name: 'Outcome' }));
    await expect(card.getByText('Success')).toBeVisible();
    await expect(card.getByText(/booked a table for four/)).toBeVisible();
    await expect(card.getByText('A table was booked.')).toBeVisible();
    await expect(card.getByText('Party size')).toBeVisible();
    await expect(card.getByText('4')).toBeVisible();
    await expect(card.getByText('No')).toBeVisible();
    await expect(card.getByText('booking', { selector: 'span' })).toBeVisible();
    await expect(card.getByText(/Version 2/)).toBeVisible();
  },
};
export const DoneDark: Story = { ...Done, globals: { theme: 'dark' } };

/** A score under 6 is not a success; an empty field reads as a dash. */
export const Score: Story = {
  args: { outcome: scoreOutcome },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Score 4/10')).toBeVisible();
    await expect(c.getByText('—')).toBeVisible();
    await expect(c.getByText('Yes')).toBeVisible();
  },
};

/** A checklist: each item met or not. */
export const Checklist: Story = {
  args: { outcome: checklistOutcome },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Not a success')).toBeVisible();
    await expect(c.getByText('Not met')).toBeVisible();
    await expect(c.getByText('Confirmed the new time')).toBeVisible();
  },
};

/** Skipped: it says why (no model key) and shows no empty figures. */
export const Skipped: Story = {
  args: { outcome: skippedOutcome },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Not analysed')).toBeVisible();
    await expect(c.getByText(/No model key/)).toBeVisible();
    await expect(c.queryByText('Summary')).toBeNull();
  },
};
export const SkippedDark: Story = { ...Skipped, globals: { theme: 'dark' } };

/** Failed: it says why. */
export const Failed: Story = {
  args: { outcome: failedOutcome },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Outcome failed')).toBeVisible();
    await expect(c.getByText(/did not fit the plan/)).toBeVisible();
  },
};
export const FailedDark: Story = { ...Failed, globals: { theme: 'dark' } };

/** Storage mode 'redacted': said on the card. */
export const Redacted: Story = {
  args: { outcome: { ...doneOutcome, privacy: { mode: 'redacted' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/replaced by placeholders/)).toBeVisible();
  },
};

/** The badges on a conversation's row: the headline (its title the summary) and two tags. */
export const RowBadges: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      <OutcomeBadges outcome={scoreOutcome} />
      <OutcomeBadges outcome={skippedOutcome} />
      <OutcomeBadges outcome={null} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const badge = (text: string) => c.getByText(text).closest('[title]');
    await expect(badge('Score 4/10')).toHaveAttribute('title', scoreOutcome.summary);
    await expect(c.getByText('complaint')).toBeVisible();
    await expect(badge('Not analysed')).toHaveAttribute('title', skippedOutcome.reason);
  },
};
export const RowBadgesDark: Story = { ...RowBadges, globals: { theme: 'dark' } };
