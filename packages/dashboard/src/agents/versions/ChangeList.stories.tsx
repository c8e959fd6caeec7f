import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ChangeList } from './ChangeList';
import { draftChanges } from './versionFixtures';

const meta = {
  title: 'Dashboard/Agents/Versions/Diff',
  component: ChangeList,
  args: { changes: draftChanges, caption: 'The draft against version 3 (live)' },
} satisfies Meta<typeof ChangeList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const DraftAgainstLive: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const table = c.getByRole('table', { name: 'The draft against version 3 (live)' });
    await expect(within(table).getByRole('rowheader', { name: 'Initial message' })).toBeVisible();
    await expect(
      within(table).getByRole('rowheader', { name: 'Tool lookup_booking' }),
    ).toBeVisible();
    // A secret is named, never shown; a new tool's live side is '(none)'.
    await expect(within(table).getAllByText('••••')).toHaveLength(2);
    await expect(within(table).getByText('(none)')).toBeVisible();
    await expect(within(table).getByRole('columnheader', { name: 'Draft' })).toBeVisible();
  },
};
export const DraftAgainstLiveDark: Story = { ...DraftAgainstLive, globals: { theme: 'dark' } };

export const VersionAgainstLive: Story = {
  args: {
    caption: 'Version 2 against version 4 (live)',
    otherLabel: 'Version 2',
    changes: draftChanges.slice(0, 1),
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('columnheader', { name: 'Version 2' }),
    ).toBeVisible();
  },
};
export const VersionAgainstLiveDark: Story = { ...VersionAgainstLive, globals: { theme: 'dark' } };

export const LongValue: Story = {
  args: {
    changes: [{ field: 'system_prompt', live: 'Short.', draft: 'A long prompt. '.repeat(60) }],
  },
  play: async ({ canvasElement }) => {
    const cut = within(canvasElement).getByText(/…$/);
    await expect(cut.getAttribute('title')).toBe('A long prompt. '.repeat(60));
  },
};
export const LongValueDark: Story = { ...LongValue, globals: { theme: 'dark' } };

export const NoChanges: Story = {
  args: { changes: [] },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Same settings as the live version.'),
    ).toBeVisible();
  },
};
export const NoChangesDark: Story = { ...NoChanges, globals: { theme: 'dark' } };
