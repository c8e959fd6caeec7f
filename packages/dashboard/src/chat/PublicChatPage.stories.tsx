import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { PublicChatPage } from './PublicChatPage';
import {
  chatRuntime,
  chatRuntimeError,
  fixtureAgentConfig,
  offlineHandbookRuntime,
  storyAgentKey,
  storyRuntimeUrl,
} from '../stories/chatHandlers';

/** The agent the story runtime answers for. */
const agentId = fixtureAgentConfig.agent_name!;
const search = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;
const fullLink = search({
  api_url: storyRuntimeUrl,
  api_key: storyAgentKey,
  initial_message: 'Hello! How can I help you today?',
  name: 'Clinic desk',
});

/** The public page /chatbot/{agentId}: no login, configured by its query string. */
const meta = {
  title: 'Dashboard/Chat/Public chat page',
  component: PublicChatPage,
  parameters: { layout: 'fullscreen' },
  args: { agentId, search: fullLink },
  beforeEach: ({ msw }) => msw.use(chatRuntime({ firstDeltaMs: 300, deltaMs: 30 })),
} satisfies Meta<typeof PublicChatPage>;
export default meta;
type Story = StoryObj<typeof meta>;

async function ask(canvasElement: HTMLElement, question: string) {
  const c = within(canvasElement);
  await userEvent.type(c.getByPlaceholderText('Type your message here...'), `${question}{Enter}`);
  return c;
}

export const WithInitialMessage: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Clinic desk Assistant' })).toBeVisible();
    const log = c.getByRole('log');
    await expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent(
      'Hello! How can I help you today?',
    );
    await ask(canvasElement, 'When are you open?');
    await expect(await c.findByText('Thinking...')).toBeVisible();
    await waitFor(() => expect(c.getByRole('link', { name: 'our booking page' })).toBeVisible(), {
      timeout: 5000,
    });
  },
};

export const NoInitialMessage: Story = {
  args: { search: search({ api_url: storyRuntimeUrl, api_key: storyAgentKey }) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { name: 'support Assistant' })).toBeVisible();
    await expect(c.getByText('Start a conversation')).toBeVisible();
  },
};

export const PhoneSize: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const c = await ask(canvasElement, 'Hours?');
    await waitFor(() => expect(c.getByRole('link', { name: 'our booking page' })).toBeVisible(), {
      timeout: 5000,
    });
    // The message box stays on screen, and nothing is wider than the phone.
    const box = c.getByPlaceholderText('Type your message here...').getBoundingClientRect();
    await expect(box.bottom).toBeLessThanOrEqual(window.innerHeight);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const OfflineResponder: Story = {
  beforeEach: ({ msw }) => msw.use(offlineHandbookRuntime()),
  play: async ({ canvasElement }) => {
    const c = await ask(canvasElement, 'Sunday?');
    const badge = await c.findByText('Offline responder', {}, { timeout: 4000 });
    await expect(badge).toBeVisible();
  },
};

export const RuntimeError: Story = {
  beforeEach: ({ msw }) => msw.use(chatRuntimeError(401, 'Invalid API key')),
  play: async ({ canvasElement }) => {
    const c = await ask(canvasElement, 'Hello');
    await expect(
      await c.findByText('Sorry, I encountered an error. Please try again.'),
    ).toBeVisible();
    await expect(c.getByText('Invalid API key')).toBeVisible();
  },
};

export const MissingParameters: Story = {
  args: { search: search({ name: 'Clinic desk' }) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('alert')).toHaveTextContent('This chat link is incomplete');
    await expect(c.getByText('api_url is missing')).toBeVisible();
    await expect(c.getByText('api_key is missing')).toBeVisible();
  },
};

export const MissingParametersPhone: Story = {
  ...MissingParameters,
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

/** The page's states one under the other (each full height; no `main` so they can share a page). */
export const AllStates: Story = {
  render: (args) => (
    <>
      <PublicChatPage {...args} landmark={false} />
      <PublicChatPage
        {...args}
        landmark={false}
        search={search({ api_url: storyRuntimeUrl, api_key: storyAgentKey })}
      />
      <PublicChatPage {...args} landmark={false} search={search({ api_url: 'ftp://x' })} />
    </>
  ),
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
