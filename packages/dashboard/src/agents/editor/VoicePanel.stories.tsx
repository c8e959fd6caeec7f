import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { maskValue } from '@parley/ui';
import { VoicePanel, type VoicePanelProps } from './VoicePanel';
import { updateVoice } from './providerRules';
import { storyDefaults, storySettings, storyVoices } from '../../stories/editorFixtures';
import { noLanguagesIn, showsLocalOffline } from '../../stories/providerPlays';
import type { VoiceSettings } from './types';
import * as styles from './editor.css';
import { ChangeVoiceModal } from '../../integrations/ChangeVoiceModal';
import { localVoiceKeyNote } from './options';

const openai = storySettings.voice;
const elevenlabs: VoiceSettings = updateVoice(openai, { provider: 'elevenlabs' }, storyDefaults);
const cartesia: VoiceSettings = updateVoice(openai, { provider: 'cartesian' }, storyDefaults);
const local: VoiceSettings = updateVoice(openai, { provider: 'local' }, storyDefaults);
const voices = storyVoices;

const meta = {
  title: 'Dashboard/Editor/Voice panel',
  component: VoicePanel,
  args: { value: openai, editing: true, onChange: fn() },
} satisfies Meta<typeof VoicePanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const OpenAi: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('combobox', { name: 'Voice Language' })).toBeDisabled();
    await userEvent.click(c.getByRole('combobox', { name: 'Voice' }));
    await userEvent.click(await screen.findByRole('option', { name: 'shimmer' }));
    await expect(args.onChange).toHaveBeenCalledWith({ voice: 'shimmer' });
    await userEvent.click(c.getByRole('combobox', { name: 'Response Format' }));
    await userEvent.click(await screen.findByRole('option', { name: 'opus' }));
    await expect(args.onChange).toHaveBeenCalledWith({ responseFormat: 'opus' });
    const speed = c.getByRole('slider', { name: 'Speed' });
    await expect(speed).toHaveAttribute('aria-valuetext', '1x');
    await expect(c.getByText('1x')).toBeVisible();
    speed.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(args.onChange).toHaveBeenCalledWith({ speed: 1.25 });
    await expect(c.getByLabelText('Voice API Key')).toHaveValue(maskValue('sk-voice-default-0000'));
  },
};

export const ElevenLabs: Story = {
  args: { value: elevenlabs },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('combobox', { name: 'Voice Language' })).toBeDisabled();
    await expect(c.getByRole('combobox', { name: 'Voice Language' })).toHaveTextContent('English');
    await expect(c.getByLabelText('Voice ID')).toHaveAttribute('readonly');
    await expect(c.getByLabelText('Voice ID')).toHaveValue(maskValue('EXAVITQu4vr4xnSDxMaL'));
    const stability = c.getByRole('slider', { name: 'Stability' });
    await expect(stability).toHaveAttribute('aria-valuetext', '0.5');
    stability.focus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(args.onChange).toHaveBeenCalledWith({ stability: 0.4 });
    await expect(c.getByRole('slider', { name: 'Similarity Boost' })).toBeVisible();
    await expect(c.queryByRole('combobox', { name: 'Voice' })).toBeNull();
  },
};

export const Cartesia: Story = {
  args: { value: cartesia },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const language = c.getByRole('combobox', { name: 'Voice Language' });
    await expect(language).toBeEnabled();
    await userEvent.click(language);
    await expect(await screen.findAllByRole('option')).toHaveLength(15);
    await userEvent.click(screen.getByRole('option', { name: 'French' }));
    await expect(args.onChange).toHaveBeenCalledWith({ language: 'fr' });
    const speed = c.getByRole('slider', { name: 'Speed' });
    await expect(speed).toHaveAttribute('aria-valuemin', '-2');
    await expect(speed).toHaveAttribute('aria-valuemax', '2');
  },
};

export const NoLanguages: Story = {
  args: { value: { ...elevenlabs, model: 'eleven_unknown' } },
  play: noLanguagesIn('Voice'),
};

export const ViewMode: Story = {
  args: { editing: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('combobox', { name: 'Voice Provider' })).toBeDisabled();
    await expect(c.getByRole('combobox', { name: 'Voice Model' })).toBeDisabled();
    await expect(c.getByRole('combobox', { name: 'Voice' })).toBeDisabled();
    await expect(c.getByRole('slider', { name: 'Speed' })).toHaveAttribute('aria-disabled', 'true');
  },
};

function StatefulVoicePanel(props: VoicePanelProps) {
  const [value, setValue] = useState(props.value);
  return (
    <VoicePanel
      {...props}
      value={value}
      onChange={(patch) => setValue((v) => updateVoice(v, patch, storyDefaults))}
    />
  );
}

/** Provider and 11Labs model rules (spec §4). */
export const ProviderChange: Story = {
  render: (args) => <StatefulVoicePanel {...args} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('combobox', { name: 'Voice Provider' }));
    await userEvent.click(await screen.findByRole('option', { name: '11Labs' }));
    await expect(c.getByRole('combobox', { name: 'Voice Model' })).toHaveTextContent('eleven_v3');
    await expect(c.getByLabelText('Voice API Key')).toHaveValue(maskValue('el-default-key-2222'));
    await userEvent.click(c.getByRole('combobox', { name: 'Voice Model' }));
    await userEvent.click(await screen.findByRole('option', { name: 'eleven_turbo_v2' }));
    await expect(c.getByRole('combobox', { name: 'Voice Language' })).toHaveTextContent('English');
    await userEvent.click(c.getByRole('combobox', { name: 'Voice Provider' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Cartesia' }));
    await expect(c.getByRole('combobox', { name: 'Voice Model' })).toHaveTextContent('sonic-2');
  },
};

/** 'Change voice' opens the dialog; the chosen voice shows masked (last 4) in Voice ID. */
function VoicePanelWithDialog(props: VoicePanelProps) {
  const [value, setValue] = useState(props.value);
  const [open, setOpen] = useState(false);
  return (
    <>
      <VoicePanel
        {...props}
        value={value}
        onChange={(patch) => setValue((v) => updateVoice(v, patch, storyDefaults))}
        onChangeVoice={() => setOpen(true)}
      />
      <ChangeVoiceModal
        open={open}
        onOpenChange={setOpen}
        providerLabel="ElevenLabs"
        voices={voices}
        currentVoiceId={value.voiceId}
        onChoose={(voiceId) => setValue((v) => updateVoice(v, { voiceId }, storyDefaults))}
      />
    </>
  );
}

export const ChangeVoice: Story = {
  args: { value: elevenlabs },
  render: (args) => <VoicePanelWithDialog {...args} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Change voice' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Use Domi' }));
    await expect(c.getByLabelText('Voice ID')).toHaveValue(maskValue('AZnzlk1XvdvUeBnXmlld'));
  },
};
export const ChangeVoiceDark: Story = { ...ChangeVoice, globals: { theme: 'dark' } };

export const ChangeVoiceReadOnly: Story = {
  args: { value: cartesia, editing: false, onChangeVoice: fn() },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Change voice' }),
    ).toBeDisabled();
  },
};

/** The keyless espeak-ng voice of the worker, named 'Local (offline)'; no key and no voice ID. */
export const LocalOffline: Story = {
  args: { value: local },
  play: async ({ canvasElement }) => {
    await showsLocalOffline(canvasElement, 'Voice', localVoiceKeyNote);
    await expect(within(canvasElement).queryByLabelText('Voice ID')).toBeNull();
  },
};
export const LocalOfflineDark: Story = { ...LocalOffline, globals: { theme: 'dark' } };

export const AllStates: Story = {
  render: (args) => (
    <div className={styles.storyStack}>
      <VoicePanel {...args} title="Voice (OpenAI, view mode)" editing={false} />
      <VoicePanel {...args} title="Voice (OpenAI)" />
      <VoicePanel {...args} title="Voice (11Labs)" value={elevenlabs} />
      <VoicePanel {...args} title="Voice (Cartesia)" value={cartesia} onChangeVoice={fn()} />
      <VoicePanel {...args} title="Voice (Local (offline))" value={local} />
      <VoicePanel
        {...args}
        title="Voice (no languages, no key)"
        value={{ ...elevenlabs, model: 'eleven_unknown', apiKey: '', voiceId: '' }}
      />
    </div>
  ),
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
