import { expect, fn, userEvent, within } from 'storybook/test';
import { shows } from './plays';

/** Dates and times as the stories read them: UTC, in US English (the same on every machine). */
export const storyLocale = { timeZone: 'UTC', locale: 'en-US' } as const;

/** A thread view's actions in a story, each a fresh spy, with an empty draft. */
export const threadActions = () => ({
  onTakeover: fn(),
  onRelease: fn(),
  draft: '',
  onDraftChange: fn(),
  onSend: fn(),
  onClose: fn(),
});

/** A list of conversations still loading. */
export const loadingConversations = {
  args: { conversations: [], loading: true },
  play: shows('Loading conversations...'),
};

/** No conversation yet. */
export const noConversations = {
  args: { conversations: [] },
  play: shows('No conversations yet'),
};

/** An agent's tool call: check_slots for 27 November, answered in 340 ms with the free slots. */
export const checkSlotsStep = (free: string[]) => ({
  tool: 'check_slots',
  tool_id: 'call_1',
  input: { day: '2026-11-27' },
  output: { free },
  duration_ms: 340,
  error: null,
});

/** The first list of tool calls shows check_slots and its time; opened, its arguments. */
export const opensFirstToolStep = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  const steps = within(canvasElement).getAllByRole('list', { name: 'Tool calls' })[0]!;
  await expect(steps).toHaveTextContent('check_slots340 ms');
  await userEvent.click(within(steps).getByText('check_slots'));
  await expect(within(steps).getByText(/"day": "2026-11-27"/)).toBeVisible();
};
