import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { maskValue } from '@parley/ui';
import { ModelPanel, type ModelPanelProps } from './ModelPanel';
import { changeModelProvider } from './providerRules';
import { keyStaysReason } from './fieldRules';
import {
  storyDefaults,
  storyKnowledge,
  storyKnowledgeWithDeleted,
  storySettings,
} from '../../stories/editorFixtures';
import * as styles from './editor.css';
import { disablesButton } from '../../stories/plays';

const meta = {
  title: 'Dashboard/Editor/Model panel',
  component: ModelPanel,
  args: {
    value: storySettings.model,
    editing: true,
    keyLocked: false,
    knowledge: storyKnowledge,
    hasInvalidKnowledge: false,
    publishing: false,
    onProviderChange: fn(),
    onChange: fn(),
    onApiKeyBlur: fn(),
    onReplaceApiKey: fn(),
    onSystemPromptChange: fn(),
    onAddKnowledge: fn(),
    onRemoveKnowledge: fn(),
    onClearInvalid: fn(),
  },
} satisfies Meta<typeof ModelPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ViewMode: Story = {
  args: { editing: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('combobox', { name: 'Model Provider' })).toBeDisabled();
    await expect(c.getByRole('combobox', { name: 'Model' })).toBeDisabled();
    await expect(c.getByLabelText('System Prompt')).toBeDisabled();
    await expect(c.getByLabelText('Agent URL')).toBeDisabled();
    await expect(c.getByRole('button', { name: 'Add Knowledge Base' })).toBeDisabled();
    await expect(c.getByRole('button', { name: 'Delete Product documentation' })).toBeDisabled();
  },
};

export const EditMode: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByLabelText('System Prompt')).toHaveAttribute('rows', '12');
    await userEvent.type(c.getByLabelText('System Prompt'), '!');
    await expect(args.onSystemPromptChange).toHaveBeenCalled();
    await userEvent.click(c.getByRole('combobox', { name: 'Model Provider' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Anthropic' }));
    await expect(args.onProviderChange).toHaveBeenCalledWith('Anthropic');
    await userEvent.click(c.getByRole('combobox', { name: 'Model' }));
    await userEvent.click(await screen.findByRole('option', { name: 'GPT-4o Mini' }));
    await expect(args.onChange).toHaveBeenCalledWith({ model: 'GPT-4o Mini' });
    await userEvent.type(c.getByLabelText('Model API Key'), 'sk');
    await userEvent.tab();
    await expect(args.onApiKeyBlur).toHaveBeenCalled();
    await userEvent.click(c.getByRole('button', { name: 'Add Knowledge Base' }));
    await expect(args.onAddKnowledge).toHaveBeenCalled();
    await userEvent.click(c.getByRole('button', { name: 'Delete Clinic FAQ' }));
    await expect(args.onRemoveKnowledge).toHaveBeenCalledWith('kb_faq');
    await expect(c.queryByRole('button', { name: 'Clear Invalid' })).toBeNull();
  },
};

export const LockedKey: Story = {
  args: { keyLocked: true, value: { ...storySettings.model, apiKey: 'sk-my-own-key-9876' } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const key = c.getByLabelText('Model API Key');
    await expect(key).toHaveAttribute('readonly');
    await expect(key).toHaveValue(maskValue('sk-my-own-key-9876'));
    await userEvent.click(c.getByRole('button', { name: 'Replace Key' }));
    await expect(args.onReplaceApiKey).toHaveBeenCalled();
  },
};

/** A new Live URL with the stored key: it waits, unsaved, until the key is typed again. */
export const KeyStaysWithItsAddress: Story = {
  args: {
    keyLocked: true,
    value: {
      ...storySettings.model,
      apiKey: maskValue('sk-my-own-key-9876'),
      liveUrl: 'https://elsewhere.example/v1',
      keyAddress: 'https://models.example/v1',
    },
    problems: { liveUrl: keyStaysReason },
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText(`Model Live URL ${keyStaysReason}`)).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Replace Key' }));
    await expect(args.onReplaceApiKey).toHaveBeenCalled();
  },
};
export const KeyStaysWithItsAddressDark: Story = {
  ...KeyStaysWithItsAddress,
  globals: { theme: 'dark' },
};

export const DeletedKnowledge: Story = {
  args: { knowledge: storyKnowledgeWithDeleted, hasInvalidKnowledge: true },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('DELETED')).toBeVisible();
    await expect(c.getByText('HQ • VECTOR')).toBeVisible();
    await expect(c.getByText('ECONOMY')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Clear Invalid' }));
    await expect(args.onClearInvalid).toHaveBeenCalled();
  },
};

export const NoKnowledge: Story = { args: { knowledge: [] } };

export const Publishing: Story = {
  args: { publishing: true },
  play: disablesButton('Publishing...'),
};

/** Replace Key: the stored key stays until a valid new key; the draft's problem shows inline. */
export const ReplacingKey: Story = {
  args: {
    keyLocked: true,
    keyDraft: 'sk-',
    problems: { modelApiKey: 'is too short to be an API key' },
    onKeyDraftChange: fn(),
    onCancelReplace: fn(),
    value: { ...storySettings.model, apiKey: '••••••••9876' },
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Model API Key is too short to be an API key')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancelReplace).toHaveBeenCalled();
  },
};

/** A key the server sent masked: no Show button (it could not show it). */
export const StoredMaskedKey: Story = {
  args: { keyLocked: true, value: { ...storySettings.model, apiKey: '••••••••9876' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Replace Key' })).toBeVisible();
    await expect(c.queryByRole('button', { name: 'Show' })).toBeNull();
  },
};

/** The key field's placeholder is the chosen provider's own prefix (never 'sk-...' for Anthropic). */
export const KeyPlaceholderPerProvider: Story = {
  render: (args) => (
    <div className={styles.storyStack}>
      {(['Anthropic', 'Groq', 'Google'] as const).map((provider) => (
        <ModelPanel
          key={provider}
          {...args}
          title={`Model (${provider})`}
          value={{ ...storySettings.model, provider, apiKey: '' }}
        />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const keys = within(canvasElement).getAllByLabelText('Model API Key');
    await expect(keys.map((k) => k.getAttribute('placeholder'))).toEqual([
      'sk-ant-...',
      'gsk_...',
      'AIza...',
    ]);
  },
};
export const KeyPlaceholderPerProviderDark: Story = {
  ...KeyPlaceholderPerProvider,
  globals: { theme: 'dark' },
};

/** The install's shared OpenAI key does not serve this organization: the key field says so. */
export const SharedKeyNotServed: Story = {
  args: {
    value: { ...storySettings.model, provider: 'OpenAI', apiKey: '' },
    sharedKeyNotice:
      "This install's shared OpenAI key serves only its first organization and those its operator lists; add your own key here (or set one in Integrations).",
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText(/shared OpenAI key serves only its first organization/),
    ).toBeVisible();
  },
};
export const SharedKeyNotServedDark: Story = {
  ...SharedKeyNotServed,
  globals: { theme: 'dark' },
};

/** Invalid URLs are named beside their fields (the others keep saving). */
export const InvalidFields: Story = {
  args: {
    value: { ...storySettings.model, agentUrl: 'not a url', liveUrl: 'wss://live' },
    problems: {
      agentUrl: 'must be a web address starting with http:// or https://',
      liveUrl: 'must be a web address starting with http:// or https://',
    },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(
      c.getByText('Agent URL must be a web address starting with http:// or https://'),
    ).toBeVisible();
    await expect(c.getByLabelText('Model Live URL')).toHaveAttribute(
      'placeholder',
      'https://api.openai.com/v1 (OpenAI-compatible base URL)',
    );
  },
};

export const KeyTestWorking: Story = {
  args: { keyTest: { status: 'ok' }, onTestKey: fn() },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Chatbot API key is working correctly'),
    ).toBeVisible();
  },
};

export const KeyTestFailed: Story = {
  args: { keyTest: { status: 'failed', reason: 'Invalid API key' }, onTestKey: fn() },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Chatbot API key test failed: Invalid API key'),
    ).toBeVisible();
  },
};

export const KeyTesting: Story = {
  args: { keyTest: { status: 'testing' }, onTestKey: fn() },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Testing...' })).toBeDisabled();
    await expect(args.onTestKey).not.toHaveBeenCalled();
  },
};

function StatefulModelPanel(props: ModelPanelProps) {
  const [value, setValue] = useState(props.value);
  return (
    <ModelPanel
      {...props}
      value={value}
      onProviderChange={(p) => setValue((v) => changeModelProvider(v, p, storyDefaults))}
      onChange={(patch) => setValue((v) => ({ ...v, ...patch }))}
    />
  );
}

/** The provider rule (spec §4): first model of the provider and its default key. */
export const ProviderChange: Story = {
  render: (args) => <StatefulModelPanel {...args} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('combobox', { name: 'Model Provider' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Groq' }));
    await expect(c.getByRole('combobox', { name: 'Model' })).toHaveTextContent('Llama 3.1 8B');
    await expect(c.getByLabelText('Model API Key')).toHaveValue('');
    await userEvent.click(c.getByRole('combobox', { name: 'Model Provider' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Anthropic' }));
    await expect(c.getByRole('combobox', { name: 'Model' })).toHaveTextContent('Claude Opus 4');
    await expect(c.getByLabelText('Model API Key')).toHaveValue('sk-ant-default-0000');
  },
};

export const AllStates: Story = {
  render: (args) => (
    <div className={styles.storyStack}>
      <ModelPanel {...args} title="Model (view mode)" editing={false} />
      <ModelPanel {...args} title="Model (edit mode)" />
      <ModelPanel
        {...args}
        title="Model (locked key, deleted knowledge base)"
        keyLocked
        value={{ ...storySettings.model, apiKey: 'sk-my-own-key-9876' }}
        knowledge={storyKnowledgeWithDeleted}
        hasInvalidKnowledge
      />
      <ModelPanel {...args} title="Model (publishing, no knowledge)" knowledge={[]} publishing />
      <ModelPanel
        {...args}
        title="Model (replacing the key, invalid URLs)"
        keyLocked
        keyDraft="sk-"
        value={{ ...storySettings.model, apiKey: '••••••••9876', agentUrl: 'not a url' }}
        problems={{
          modelApiKey: 'is too short to be an API key',
          agentUrl: 'must be a web address starting with http:// or https://',
        }}
      />
      <ModelPanel
        {...args}
        title="Model (key test: working)"
        keyTest={{ status: 'ok' }}
        onTestKey={() => {}}
      />
      <ModelPanel
        {...args}
        title="Model (key test: failed)"
        keyTest={{ status: 'failed', reason: 'Invalid API key' }}
        onTestKey={() => {}}
      />
    </div>
  ),
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
