import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LatestConversationsPanel } from './LatestConversationsPanel';
import { fixtureSummaries } from './inboxFixtures';
import { loadingConversations, noConversations, storyLocale } from '../stories/conversationStories';

const meta = {
  title: 'Dashboard/Conversations/Latest (Overview)',
  component: LatestConversationsPanel,
  args: {
    conversations: fixtureSummaries,
    onOpen: fn(),
    onRetry: fn(),
    ...storyLocale,
  },
} satisfies Meta<typeof LatestConversationsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const first = c.getByRole('link', { name: /visitor-4f2a/ });
    await expect(first).toHaveAttribute('href', '/?view=conversations&conversation=conv_chat_1');
    await userEvent.click(first);
    await expect(args.onOpen).toHaveBeenCalledWith('conv_chat_1');
    await userEvent.click(c.getByRole('link', { name: 'Open inbox' }));
    await expect(args.onOpen).toHaveBeenLastCalledWith(undefined);
  },
};
export const LoadedDark: Story = { args: Loaded.args, globals: { theme: 'dark' } };

export const Loading: Story = { ...loadingConversations };
export const LoadingDark: Story = { args: Loading.args, globals: { theme: 'dark' } };

export const Empty: Story = { ...noConversations };
export const EmptyDark: Story = { args: Empty.args, globals: { theme: 'dark' } };

export const Failed: Story = {
  args: { conversations: [], error: 'HTTP 500: Internal Server Error' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
export const FailedDark: Story = { args: Failed.args, globals: { theme: 'dark' } };
