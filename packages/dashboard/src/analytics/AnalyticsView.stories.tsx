import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { AnalyticsView } from './AnalyticsView';
import { emptyAnalytics, fixtureAnalytics } from './analyticsFixtures';
import { versionItems } from './analyticsFormat';
import { stats as statsClass } from './analytics.css';
import { retriesAfter, shows } from '../stories/plays';

const meta = {
  title: 'Dashboard/Analytics/Analytics view',
  component: AnalyticsView,
  args: {
    analytics: fixtureAnalytics(),
    period: '7d',
    onPeriodChange: fn(),
    onRetry: fn(),
    onAddToKnowledge: fn(),
    locale: 'en-US',
  },
} satisfies Meta<typeof AnalyticsView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const a = fixtureAnalytics();
    await expect(c.getByText('Conversations', { selector: '*', exact: true })).toBeVisible();
    await expect(c.getByText(String(a.totals.messages))).toBeVisible();
    await expect(c.getByText('p50 412 ms')).toBeVisible();
    // The charts are drawn (hidden from screen readers) and their tables are there for them.
    await waitFor(() =>
      expect(canvasElement.querySelectorAll('.recharts-bar-rectangle').length).toBeGreaterThan(0),
    );
    const table = c.getByRole('table', { name: 'Messages by channel' });
    await expect(within(table).getAllByRole('row')).toHaveLength(1 + 8);
    await userEvent.click(c.getByRole('button', { name: '24 h' }));
    await expect(args.onPeriodChange).toHaveBeenCalledWith('24h');
    await userEvent.click(
      c.getByRole('button', { name: 'Add to knowledge: Can I pay with a voucher?' }),
    );
    await expect(args.onAddToKnowledge).toHaveBeenCalledWith('Can I pay with a voucher?');
    await expect(c.getByRole('row', { name: /Ada Lovelace/ })).toHaveTextContent('2');
    // One date format for the period and the questions ('Nov 21, 2026, 19:00 UTC').
    const utc = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} UTC$/;
    await expect(c.getByText(/^Since /).textContent).toMatch(
      /^Since [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} UTC, by day\.$/,
    );
    const when = c
      .getAllByText(/ · [A-Z][a-z]{2} \d/)[0]!
      .textContent!.split(' · ')
      .pop()!;
    await expect(when).toMatch(utc);
    // The legend's words in the text colour, not the series colour (3.7:1 for Chat's blue).
    const legend = canvasElement.querySelector('.recharts-legend-item-text span')!;
    const heading = c.getByRole('heading', { name: 'Messages by channel' });
    await expect(getComputedStyle(legend).color).toBe(getComputedStyle(heading).color);
    // No figure card alone on a row of its own.
    const cards = [...canvasElement.querySelectorAll(`.${statsClass} > *`)];
    const rowsOf = new Map<number, number>();
    for (const card of cards) {
      const top = Math.round(card.getBoundingClientRect().top);
      rowsOf.set(top, (rowsOf.get(top) ?? 0) + 1);
    }
    const counts = [...rowsOf.values()];
    // (A phone's single column has one card a row by design.)
    if (Math.max(...counts) > 1) await expect(counts.at(-1)).toBeGreaterThan(1);
  },
};
export const LoadedDark: Story = { ...Loaded, globals: { theme: 'dark' } };

export const AsTables: Story = {
  args: { initialTable: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByTestId('channel-chart')).toBeNull();
    await expect(c.getByRole('table', { name: 'Conversations by channel' })).toBeVisible();
    await userEvent.click(c.getAllByRole('switch', { name: 'Table' })[0]!);
    await expect(c.getAllByTestId('channel-chart')).toHaveLength(1);
  },
};
export const AsTablesDark: Story = { ...AsTables, globals: { theme: 'dark' } };

export const Dense: Story = {
  args: { analytics: fixtureAnalytics({ dense: true }) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getAllByRole('button', { name: /^Add to knowledge/ })).toHaveLength(20);
    await expect(c.getAllByRole('columnheader', { name: 'WhatsApp' })).toHaveLength(2);
  },
};
export const DenseDark: Story = { ...Dense, globals: { theme: 'dark' } };

export const Loading: Story = {
  args: { analytics: null, loading: true },
  play: shows('Loading analytics...'),
};
export const LoadingDark: Story = { ...Loading, globals: { theme: 'dark' } };

export const Empty: Story = {
  args: { analytics: emptyAnalytics() },
  play: shows('No conversations in this period'),
};
export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } };

export const Failed: Story = {
  args: { analytics: null, error: 'HTTP 500: Internal Server Error' },
  play: retriesAfter('Failed to load analytics'),
};
export const FailedDark: Story = { ...Failed, globals: { theme: 'dark' } };

export const Copied: Story = {
  args: {
    addNotice: {
      tone: 'success',
      message: 'Copied: paste it into a knowledge base’s Text Content and write the answer.',
    },
    knowledgeHref: '?tab=knowledge-base',
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('link', { name: 'Open the Knowledge Base' }),
    ).toBeVisible();
  },
};
export const CopiedDark: Story = { ...Copied, globals: { theme: 'dark' } };

/** Limited to one agent version (docs/versions.md): a change's effect is visible. */
export const ByVersion: Story = {
  args: {
    version: 'all',
    versionItems: versionItems(3),
    onVersionChange: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('combobox', { name: 'Version' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Version 2' }));
    await expect(args.onVersionChange).toHaveBeenCalledWith('2');
  },
};
export const ByVersionDark: Story = { ...ByVersion, globals: { theme: 'dark' } };
