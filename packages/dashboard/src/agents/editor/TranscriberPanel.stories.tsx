import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { maskValue } from '@parley/ui';
import { TranscriberPanel, type TranscriberPanelProps } from './TranscriberPanel';
import { updateTranscriber } from './providerRules';
import { storyDefaults, storySettings } from '../../stories/editorFixtures';
import { noLanguagesIn, showsLocalOffline } from '../../stories/providerPlays';
import type { TranscriberSettings } from './types';
import { localTranscriberKeyNote } from './options';
import * as styles from './editor.css';

const deepgram = storySettings.transcriber;
const openai: TranscriberSettings = updateTranscriber(
  deepgram,
  { provider: 'openai' },
  storyDefaults,
);

const local: TranscriberSettings = updateTranscriber(
  deepgram,
  { provider: 'local' },
  storyDefaults,
);

const meta = {
  title: 'Dashboard/Editor/Transcriber panel',
  component: TranscriberPanel,
  args: { value: deepgram, editing: true, onChange: fn() },
} satisfies Meta<typeof TranscriberPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Deepgram: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('combobox', { name: 'Transcriber Language' })).toHaveTextContent(
      'English (United States)',
    );
    await userEvent.click(c.getByRole('switch', { name: 'Punctuate' }));
    await expect(args.onChange).toHaveBeenCalledWith({ punctuate: false });
    await userEvent.click(c.getByRole('switch', { name: 'Smart Format' }));
    await expect(args.onChange).toHaveBeenCalledWith({ smartFormat: false });
    await userEvent.click(c.getByRole('switch', { name: 'Interim Results' }));
    await expect(args.onChange).toHaveBeenCalledWith({ interimResults: true });
    await userEvent.click(c.getByRole('combobox', { name: 'Transcriber Model' }));
    await userEvent.click(await screen.findByRole('option', { name: 'nova-3' }));
    await expect(args.onChange).toHaveBeenCalledWith({ model: 'nova-3' });
    await expect(c.getByLabelText('Transcriber API Key')).toHaveValue(
      maskValue('dg-default-key-1111'),
    );
  },
};

export const OpenAi: Story = {
  args: { value: openai },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole('switch')).toBeNull();
    await expect(c.getByRole('combobox', { name: 'Transcriber Model' })).toHaveTextContent(
      'whisper-1',
    );
    await expect(c.getByRole('combobox', { name: 'Transcriber Language' })).toHaveTextContent(
      'English',
    );
  },
};

export const NoLanguages: Story = {
  args: { value: { ...deepgram, model: 'nova-unknown' } },
  play: noLanguagesIn('Transcriber'),
};

export const ViewMode: Story = {
  args: { editing: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('combobox', { name: 'Transcriber Provider' })).toBeDisabled();
    await expect(c.getByRole('switch', { name: 'Punctuate' })).toBeDisabled();
  },
};

function StatefulTranscriberPanel(props: TranscriberPanelProps) {
  const [value, setValue] = useState(props.value);
  return (
    <TranscriberPanel
      {...props}
      value={value}
      onChange={(patch) => setValue((v) => updateTranscriber(v, patch, storyDefaults))}
    />
  );
}

/** Provider change: first model, language en, default key; model change keeps or resets (§4). */
export const ProviderChange: Story = {
  args: { value: { ...deepgram, language: 'th-TH' } },
  render: (args) => <StatefulTranscriberPanel {...args} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('combobox', { name: 'Transcriber Model' }));
    await userEvent.click(await screen.findByRole('option', { name: 'nova-3' }));
    await expect(c.getByRole('combobox', { name: 'Transcriber Language' })).toHaveTextContent(
      'English',
    );
    await userEvent.click(c.getByRole('combobox', { name: 'Transcriber Provider' }));
    await userEvent.click(await screen.findByRole('option', { name: 'OpenAI' }));
    await expect(c.getByRole('combobox', { name: 'Transcriber Model' })).toHaveTextContent(
      'whisper-1',
    );
    await expect(c.getByLabelText('Transcriber API Key')).toHaveValue(
      maskValue('sk-stt-default-4444'),
    );
  },
};

/** The keyless provider of the voice worker (pocketsphinx), named 'Local (offline)'. */
export const LocalOffline: Story = {
  args: { value: local },
  play: async ({ canvasElement }) => {
    await showsLocalOffline(canvasElement, 'Transcriber', localTranscriberKeyNote);
    await expect(within(canvasElement).queryByRole('switch', { name: 'Punctuate' })).toBeNull();
  },
};
export const LocalOfflineDark: Story = { ...LocalOffline, globals: { theme: 'dark' } };

export const AllStates: Story = {
  render: (args) => (
    <div className={styles.storyStack}>
      <TranscriberPanel {...args} title="Transcriber (view mode)" editing={false} />
      <TranscriberPanel {...args} title="Transcriber (Deepgram)" />
      <TranscriberPanel {...args} title="Transcriber (OpenAI)" value={openai} />
      <TranscriberPanel {...args} title="Transcriber (Local (offline))" value={local} />
      <TranscriberPanel
        {...args}
        title="Transcriber (no languages, no key)"
        value={{ ...deepgram, model: 'nova-unknown', apiKey: '' }}
      />
    </div>
  ),
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
