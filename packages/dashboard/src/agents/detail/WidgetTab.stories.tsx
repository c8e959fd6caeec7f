import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { WidgetTab, widgetTexts, type WidgetTabProps } from './WidgetTab';
import { widgetSnippets } from './widgetSnippets';
import { storyAgentKey, storyRuntimeUrl } from '../../stories/chatHandlers';
import { StateGrid } from '../../stories/StateGrid';

const base: WidgetTabProps = {
  agentName: 'support',
  apiUrl: storyRuntimeUrl,
  apiKey: storyAgentKey,
  origin: 'https://console.example.com',
};

const meta = {
  title: 'Dashboard/Agent detail/Widget tab',
  component: WidgetTab,
  args: { ...base, onRefresh: fn(), headingLevel: 2 },
  // Headless Chromium may refuse clipboard access: stub it for stable stories.
  beforeEach: () => {
    const spy = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    return () => spy.mockRestore();
  },
} satisfies Meta<typeof WidgetTab>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Configured: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { name: 'Widget Configuration' })).toBeVisible();
    await expect(c.getByLabelText('Agent API URL')).toHaveValue(storyRuntimeUrl);
    await expect(c.getByLabelText('Agent API Key')).toHaveAttribute('type', 'password');
    const snippets = widgetSnippets({
      origin: args.origin,
      apiUrl: storyRuntimeUrl,
      apiKey: storyAgentKey,
      agentName: 'support',
    });
    const voice = c.getByRole('group', { name: 'Voice Widget Script' });
    await expect(voice).toHaveTextContent('https://console.example.com/widget/voice.js');
    await expect(voice).toHaveTextContent('data-agent-url="http://localhost:3000"');
    const [chatCopy, voiceCopy] = c.getAllByRole('button', { name: 'Copy Script' });
    await userEvent.click(voiceCopy!);
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(snippets.voice);
    await expect(await c.findByRole('button', { name: 'Copied!' })).toBeVisible();
    await expect(chatCopy).toHaveAccessibleName('Copy Script');
    await waitFor(() => expect(c.queryByRole('button', { name: 'Copied!' })).toBeNull(), {
      timeout: 3000,
    });
    await userEvent.click(chatCopy!);
    await expect(navigator.clipboard.writeText).toHaveBeenLastCalledWith(snippets.chat);
    await expect(c.getByRole('heading', { name: 'How to Use These Widgets' })).toBeVisible();
  },
};

export const KeyMissing: Story = {
  args: { apiKey: null },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const alert = c.getByRole('alert');
    await expect(alert).toHaveTextContent(widgetTexts.keyMissing);
    await expect(alert).toHaveTextContent('Session timeout: refresh the page');
    await userEvent.click(within(alert).getByRole('button', { name: 'Refresh' }));
    await expect(args.onRefresh).toHaveBeenCalled();
    await expect(c.queryByRole('button', { name: 'Copy Script' })).toBeNull();
  },
};

export const InvalidKeyFormat: Story = {
  args: { apiKey: 'key-1234567890' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(widgetTexts.invalidKey)).toBeVisible();
    await expect(c.getAllByRole('button', { name: 'Copy Script' }).length).toBeGreaterThanOrEqual(
      2,
    );
  },
};

export const UrlMissing: Story = { args: { apiUrl: null } };

export const LongName: Story = {
  args: { agentName: 'Customer "VIP" <support> & sales desk for the northern region' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('group', { name: 'Chatbot Widget Script' })).toHaveTextContent(
      'data-agent-name="Customer &quot;VIP&quot; &lt;support&gt; &amp; sales desk',
    );
  },
};

export const PhoneSize: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async () => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

const states: Array<[string, Partial<WidgetTabProps>]> = [
  ['Configured', {}],
  ['API key missing', { apiKey: null }],
  ['Invalid key format', { apiKey: 'key-1234567890' }],
  ['Agent URL missing', { apiUrl: null }],
];

export const AllStates: Story = {
  render: (args) => (
    <StateGrid
      states={states}
      render={(props) => <WidgetTab {...args} {...props} headingLevel={2} />}
    />
  ),
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
