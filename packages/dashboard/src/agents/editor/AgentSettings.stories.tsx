import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { AgentSettings } from './AgentSettings';
import { StoryProviders } from '../../stories/StoryProviders';
import { editorAgent, editorAgentId, editorBackend } from '../../stories/editorHandlers';
import { storyDefaults } from '../../stories/editorFixtures';
import { autosaveDelays } from './autosave';
import { storyClock } from '../../stories/storyClock';

/** The settings container over the real client; MSW keeps an in-memory agent (contract-typed). */
const meta = {
  title: 'Dashboard/Editor/Agent settings',
  component: AgentSettings,
  args: { agentId: editorAgentId, orgId: 'org_1', editing: true, defaults: storyDefaults },
  render: (args) => (
    <StoryProviders>
      <AgentSettings {...args} />
    </StoryProviders>
  ),
} satisfies Meta<typeof AgentSettings>;
export default meta;
type Story = StoryObj<typeof meta>;

const status = (root: HTMLElement) =>
  within(root).findByRole('status', { name: 'Auto-save status' });
const slow = { timeout: 10_000 };
/** Past every autosave debounce (the stories move their clock on instead of waiting it out). */
const pastDebounce = Math.max(...Object.values(autosaveDelays));
/**
 * Runs the saves an edit armed without waiting out their debounce: once the strip shows the
 * pending change, the clock moves past the delay until no save is pending or running (a save
 * skipped while another ran is re-armed when that one ends).
 */
async function runSaves(root: HTMLElement, clock: ReturnType<typeof storyClock>) {
  const strip = await status(root);
  const busy = /Unsaved changes|Changes detected|Auto-saving/;
  await waitFor(() => expect(strip).toHaveTextContent(/Unsaved changes|Changes detected/));
  await waitFor(() => {
    clock.advance(pastDebounce);
    expect(strip).not.toHaveTextContent(busy);
  }, slow);
}

const editClock = storyClock();
export const EditAndAutosave: Story = {
  args: { options: { scheduler: editClock.scheduler } },
  beforeEach: ({ msw }) => {
    const onRequest = fn();
    msw.use(...editorBackend({ onRequest }));
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const strip = await status(canvasElement);
    await expect(strip).toHaveTextContent('Ready');
    const nudge = c.getByLabelText('Nudge Text');
    await userEvent.clear(nudge);
    // Pasted, not typed key by key: each key re-renders the whole form (slow on a loaded CI).
    await userEvent.click(nudge);
    await userEvent.paste('Are you still with me?');
    await userEvent.tab();
    await expect(strip).toHaveTextContent('Unsaved changes');
    await runSaves(canvasElement, editClock);
    await waitFor(() => expect(strip).toHaveTextContent('All changes saved'), slow);
    await expect(strip).toHaveTextContent('Last saved');
    await userEvent.click(c.getByLabelText('System Prompt'));
    await userEvent.paste(' Keep answers short.');
    await runSaves(canvasElement, editClock);
    await expect(await c.findByText('Prompt saved successfully', undefined, slow)).toBeVisible();
  },
};

export const ViewMode: Story = {
  args: { editing: false },
  beforeEach: ({ msw }) => msw.use(...editorBackend()),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await status(canvasElement);
    await expect(c.getByLabelText('System Prompt')).toBeDisabled();
    await expect(c.getByRole('combobox', { name: 'Voice Provider' })).toBeDisabled();
    await expect(c.getByRole('switch', { name: 'Punctuate' })).toBeDisabled();
    await expect(c.getByLabelText('Initial Message')).toBeDisabled();
    await expect(c.getByRole('button', { name: 'Add Knowledge Base' })).toBeDisabled();
  },
};

export const KnowledgeAddAndPublish: Story = {
  beforeEach: ({ msw }) => msw.use(...editorBackend()),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText('DELETED')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Add Knowledge Base' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Reference Knowledge' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Clinic FAQ/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add & Publish' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(
      await c.findByText('Model configuration saved successfully', undefined, slow),
    ).toBeVisible();
    await expect(c.queryByText('DELETED')).toBeNull();
    await expect(c.getByText('Clinic FAQ')).toBeVisible();
  },
};

export const ClearInvalidSaving: Story = {
  beforeEach: ({ msw }) => msw.use(...editorBackend({ saveLatencyMs: 'infinite' })),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'Clear Invalid' }));
    await expect(await c.findByText('Saving...', undefined, slow)).toBeVisible();
    await expect(
      c.getByText('Configuration is being saved to localStorage and Dify API'),
    ).toBeVisible();
    await expect(await status(canvasElement)).toHaveTextContent('Auto-saving...');
  },
};

const modelClock = storyClock();
export const ModelUnauthorized: Story = {
  args: { options: { scheduler: modelClock.scheduler } },
  beforeEach: ({ msw }) => msw.use(...editorBackend({ modelConfigStatus: 401 })),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await status(canvasElement);
    await userEvent.click(c.getByRole('combobox', { name: 'Model' }));
    await userEvent.click(await screen.findByRole('option', { name: 'GPT-4 Turbo' }));
    await runSaves(canvasElement, modelClock);
    await expect(
      await c.findByText(
        'Unauthorized: Please check your Dify API key configuration',
        { selector: 'p' },
        slow,
      ),
    ).toBeVisible();
  },
};

const failClock = storyClock();
export const SaveFailed: Story = {
  args: { options: { scheduler: failClock.scheduler } },
  beforeEach: ({ msw }) => msw.use(...editorBackend({ updateStatus: 500 })),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const strip = await status(canvasElement);
    const interval = c.getByLabelText('Nudge Interval (seconds)');
    await userEvent.clear(interval);
    await userEvent.type(interval, '20');
    await userEvent.tab();
    await runSaves(canvasElement, failClock);
    await waitFor(() => expect(strip).toHaveTextContent('Save failed: Database unavailable'), slow);
  },
};

export const PublishFailed: Story = {
  beforeEach: ({ msw }) => msw.use(...editorBackend({ publishStatus: 404 })),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'Add Knowledge Base' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Reference Knowledge' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add & Publish' }));
    await expect(
      await c.findByText('Failed to publish agent: App not found', undefined, slow),
    ).toBeVisible();
  },
};

export const ApiKeyMissing: Story = {
  beforeEach: ({ msw }) =>
    msw.use(...editorBackend({ agent: { ...editorAgent, chatbot_key: null, app_id: null } })),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText('API Key Missing')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Refresh' }));
    await expect(c.getByText('API Key Missing')).toBeVisible();
  },
};

export const InvalidApiKeyFormat: Story = {
  beforeEach: ({ msw }) =>
    msw.use(...editorBackend({ agent: { ...editorAgent, chatbot_key: 'key-123456' } })),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Invalid API Key Format')).toBeVisible();
  },
};

export const LockedUserKey: Story = {
  beforeEach: ({ msw }) =>
    msw.use(...editorBackend({ agent: { ...editorAgent, model_api_key_masked: '••••••••5678' } })),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await status(canvasElement);
    await expect(c.getByLabelText('Model API Key')).toHaveAttribute('readonly');
    await userEvent.click(c.getByRole('button', { name: 'Replace Key' }));
    await expect(c.getByLabelText('Model API Key')).toHaveValue('');
  },
};

export const LoadError: Story = {
  beforeEach: ({ msw }) => msw.use(...editorBackend({ infoStatus: 404 })),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText('Failed to get agent configuration')).toBeVisible();
    await expect(c.getByText('Agent not found')).toBeVisible();
    await expect(c.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(...editorBackend({ latencyMs: 'infinite' })),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Loading agent settings'),
    ).toBeInTheDocument();
  },
};

/** The loaded editor in edit mode (each panel's own stories show its states one by one). */
export const AllStates: Story = {
  beforeEach: ({ msw }) => msw.use(...editorBackend()),
  play: async ({ canvasElement }) => {
    await expect(await status(canvasElement)).toHaveTextContent('Ready');
  },
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
