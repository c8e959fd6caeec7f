import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { Badge, Banner } from '@parley/ui';
import {
  AgentDetailHeaderCard,
  AgentDetailView,
  type AgentDetailViewProps,
} from './AgentDetailView';
import { WidgetTab } from './WidgetTab';
import { agentCallStates, agentSectionId } from './agentDetailTabs';
import { storyAgentKey, storyRuntimeUrl } from '../../stories/chatHandlers';
import * as frames from '../../chat/storyFrames.css';
import { CallPanel } from '../../calls/live/CallPanel';
import { CallListView } from '../../calls/CallListView';
import { fixtureCalls } from '../../calls/callFixtures';
import { disablesButton } from '../../stories/plays';

const agent = {
  id: 'support_123e4567_e89b_12d3_a456_426614174000',
  name: 'support',
  description: 'Answers questions about opening hours, bookings and the clinic’s services.',
  cost: '~$0.10/min',
  latency: '~1000ms',
};

/** Stand-ins for the settings panels (built elsewhere) and the autosave strip. */
function Placeholder({ text }: { text: string }) {
  return (
    <div className={frames.placeholder}>
      <p className={frames.caption}>{text}</p>
    </div>
  );
}

const sections: AgentDetailViewProps['sections'] = {
  model: <Placeholder text="System prompt, knowledge bases, model provider and key" />,
  voice: <Placeholder text="Voice provider, model, language, speed; transcriber settings" />,
  configurations: <Placeholder text="Initial message, nudges, typing volume, max call duration" />,
  widget: (
    <WidgetTab
      showTitle={false}
      agentName="support"
      apiUrl={storyRuntimeUrl}
      apiKey={storyAgentKey}
      origin="https://console.example.com"
    />
  ),
};

const statusStrip = (
  <div className={frames.strip}>
    <Badge tone="success" dot>
      All changes saved
    </Badge>
    <span className={frames.caption}>Last saved 10:42</span>
  </div>
);

const meta = {
  title: 'Dashboard/Agent detail/Agent detail view',
  component: AgentDetailView,
  args: {
    agent,
    tab: 'model',
    onTabChange: fn(),
    onBack: fn(),
    onRetry: fn(),
    onChat: fn(),
    onTalk: fn(),
    onEndCall: fn(),
    onPublish: fn(),
    statusSlot: statusStrip,
    sections,
  },
  beforeEach: () => {
    const spy = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    return () => spy.mockRestore();
  },
} satisfies Meta<typeof AgentDetailView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'support' })).toBeVisible();
    await expect(c.getByText(agent.description)).toBeVisible();
    await expect(c.getByText(`ID: ${agent.id}`)).toBeVisible();
    // The expected cost per minute and latency of its model and voice.
    await expect(c.getByText('Expected cost').nextElementSibling).toHaveTextContent('~$0.10/min');
    await expect(c.getByText('Latency').nextElementSibling).toHaveTextContent('~1000ms');
    await userEvent.click(c.getByRole('button', { name: 'Back to Agents' }));
    await expect(args.onBack).toHaveBeenCalled();
    await userEvent.click(c.getByRole('button', { name: 'Chat' }));
    await expect(args.onChat).toHaveBeenCalled();
    await userEvent.click(c.getByRole('button', { name: 'Talk to Agent' }));
    await expect(args.onTalk).toHaveBeenCalled();
    await userEvent.click(c.getByRole('button', { name: 'Publish Agent' }));
    await expect(args.onPublish).toHaveBeenCalled();
    // Choosing a tab scrolls to its section.
    await userEvent.click(c.getByRole('tab', { name: 'Widget' }));
    await expect(args.onTabChange).toHaveBeenCalledWith('widget');
    const widget = canvasElement.ownerDocument.getElementById(agentSectionId('widget'))!;
    await waitFor(() => expect(Math.abs(widget.getBoundingClientRect().top)).toBeLessThan(160));
    await expect(
      within(widget).getByRole('heading', { name: 'Widget Configuration' }),
    ).toBeVisible();
  },
};

/** System Status says no call can start here: Talk to Agent is disabled, the reason shown. */
export const TalkUnavailable: Story = {
  args: {
    talkUnavailable: 'Voice calls are not set up on this server (LiveKit is not configured).',
    publishNote: <span>Tests: all 3 passed · must pass to publish</span>,
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const talk = c.getByRole('button', { name: 'Talk to Agent' });
    await expect(talk).toBeDisabled();
    await expect(talk).toHaveAccessibleDescription(/Voice calls are not set up on this server/);
    await expect(c.getByText(/Voice calls are not set up on this server/)).toBeVisible();
    await expect(args.onTalk).not.toHaveBeenCalled();
    // The notes sit under the buttons: the name and id keep their room.
    const id = c.getByText(`ID: ${agent.id}`);
    await expect(id.scrollWidth).toBeLessThanOrEqual(id.clientWidth + 1);
  },
};
export const TalkUnavailableDark: Story = { ...TalkUnavailable, globals: { theme: 'dark' } };

export const OpenedOnWidgetTab: Story = {
  args: { tab: 'widget' },
  play: async ({ canvasElement }) => {
    const widget = canvasElement.ownerDocument.getElementById(agentSectionId('widget'))!;
    await waitFor(() => expect(Math.abs(widget.getBoundingClientRect().top)).toBeLessThan(160));
  },
};

export const Loading: Story = {
  args: { agent: null, loading: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Loading agent...')).toBeVisible();
    await expect(c.getByRole('button', { name: 'Back to Agents' })).toBeVisible();
  },
};

export const LoadFailed: Story = {
  args: { agent: null, error: 'HTTP 502: Bad Gateway' },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('alert')).toHaveTextContent('Failed to get agent configuration');
    await userEvent.click(c.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const Connecting: Story = {
  args: { callState: 'connecting' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Connecting...' }),
    ).toBeDisabled();
  },
};

export const InCall: Story = {
  args: { callState: 'connected' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'End Call' }));
    await expect(args.onEndCall).toHaveBeenCalled();
  },
};

export const Publishing: Story = {
  args: { publishing: true },
  play: disablesButton('Publishing...'),
};

export const WithBanners: Story = {
  args: {
    banners: (
      <>
        <Banner tone="success" title="Success" message="Agent published successfully" />
        <Banner tone="error" title="Error" message="Failed to publish agent: The app is archived" />
        <Banner
          tone="warning"
          title="Warning"
          message="Could not find app ID. The configuration has been saved but may require manual publishing."
        />
      </>
    ),
  },
};

export const NoVoiceYet: Story = {
  args: { onTalk: undefined, sections: { widget: sections.widget } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Talk to Agent' })).toBeDisabled();
    await expect(c.getAllByText('Nothing to configure here yet.')).toHaveLength(5);
  },
};

/** The editor's panels as one block (their own section ids), with the Widget section after. */
export const WithSettingsBlock: Story = {
  args: {
    sections: { widget: sections.widget },
    panels: (
      <div className={frames.stack}>
        <section id="story-settings-voice" className={frames.placeholder}>
          <h3 className={frames.caption}>Voice</h3>
          <p className={frames.caption}>All settings panels, built by the editor (h3 headings)</p>
        </section>
      </div>
    ),
    sectionIds: { voice: 'story-settings-voice' },
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole('heading', { name: 'Model' })).toBeNull();
    await userEvent.click(c.getByRole('tab', { name: 'Voice & Transcriber' }));
    await expect(args.onTabChange).toHaveBeenCalledWith('voice');
  },
};

export const LongNameAndDescription: Story = {
  args: {
    agent: {
      id: 'customer_support_and_sales_for_the_northern_region_9b2f0c1e_4d3a_4b5c_8e7f_0a1b2c3d4e5f',
      name: 'Customer support and sales for the northern region',
      description:
        'Qualifies inbound leads, answers pricing questions and books demos with the sales team. It hands over to a human when a prospect asks for a custom contract or a discount beyond policy.',
    },
  },
  play: async ({ canvasElement, args }) => {
    // The id stays on one line (never broken mid-string); the whole id is in its title.
    const id = within(canvasElement).getByText(`ID: ${args.agent!.id}`);
    const range = document.createRange();
    range.selectNodeContents(id);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    await expect(lines.size).toBe(1);
    await expect(id).toHaveAttribute('title', args.agent!.id);
    // One 'Widget Configuration' heading: the section's, not a second one inside it.
    await expect(
      within(canvasElement).getAllByRole('heading', { name: 'Widget Configuration' }),
    ).toHaveLength(1);
  },
};
export const LongNameAndDescriptionDark: Story = {
  ...LongNameAndDescription,
  globals: { theme: 'dark' },
};

export const PhoneSize: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    // Below the md breakpoint the tabs are a select.
    const select = c.getByRole('combobox', { name: 'Agent settings' });
    await expect(select).toBeVisible();
    await userEvent.selectOptions(select, 'Configurations');
    await expect(args.onTabChange).toHaveBeenCalledWith('configurations');
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** Edit mode off ('Open Agent'): a read-only note and an Edit control. */
export const EditModeOff: Story = {
  args: {
    editing: false,
    onEditingChange: fn(),
    chatPageUrl: 'https://console.example.com/chatbot/support?api_url=x&api_key=y',
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Read-only: choose Edit to change the settings.')).toBeVisible();
    await expect(c.getByRole('link', { name: /Open chat page/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    await userEvent.click(c.getByRole('button', { name: 'Edit' }));
    await expect(args.onEditingChange).toHaveBeenCalledWith(true);
  },
};

/** Edit mode on ('Edit agent settings' or Edit): 'Done editing' turns it off. */
export const EditModeOn: Story = {
  args: { editing: true, onEditingChange: fn() },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const done = c.getByRole('button', { name: 'Done editing' });
    await expect(done).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(done);
    await expect(args.onEditingChange).toHaveBeenCalledWith(false);
  },
};

export const AllStates: Story = {
  render: (args) => (
    <div className={frames.stack}>
      <p className={frames.caption}>Loading</p>
      <AgentDetailView {...args} agent={null} loading />
      <p className={frames.caption}>Load failed</p>
      <AgentDetailView {...args} agent={null} error="HTTP 502: Bad Gateway" />
      {agentCallStates.map((state) => (
        <div key={state} className={frames.cell}>
          <p className={frames.caption}>Call: {state}</p>
          <AgentDetailHeaderCard {...args} agent={agent} callState={state} />
        </div>
      ))}
      <p className={frames.caption}>Edit mode off / on</p>
      <AgentDetailHeaderCard {...args} agent={agent} editing={false} onEditingChange={() => {}} />
      <AgentDetailHeaderCard {...args} agent={agent} editing onEditingChange={() => {}} />
      <p className={frames.caption}>Publishing</p>
      <AgentDetailHeaderCard {...args} agent={agent} publishing />
      <p className={frames.caption}>Ready</p>
      <AgentDetailView {...args} />
    </div>
  ),
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };

/** Talk to Agent running: the live call under the header, and the Calls section after the settings. */
export const InCallWithCalls: Story = {
  args: {
    callState: 'connected',
    livePanel: (
      <CallPanel
        phase="speaking"
        lines={[
          { id: '1', speaker: 'agent', text: 'Hello! How can I help you today?', final: true },
          { id: '2', speaker: 'caller', text: 'What are your opening hours?', final: true },
        ]}
      />
    ),
    calls: <CallListView calls={fixtureCalls} onOpen={fn()} timeZone="UTC" locale="en-US" />,
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'End Call' })).toBeVisible();
    await expect(c.getByTestId('live-call-state')).toHaveTextContent('Agent speaking');
    await expect(c.getByRole('heading', { name: 'Calls' })).toBeVisible();
  },
};
export const InCallWithCallsDark: Story = { ...InCallWithCalls, globals: { theme: 'dark' } };
