import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { ChangeVoiceModal } from './ChangeVoiceModal';
import { storyVoices } from '../stories/editorFixtures';

const meta = {
  title: 'Dashboard/Integrations/Change voice',
  component: ChangeVoiceModal,
  args: {
    open: true,
    onOpenChange: fn(),
    onChoose: fn(),
    providerLabel: 'ElevenLabs',
    currentVoiceId: '21m00Tcm4TlvDq8ikWAM',
    voices: storyVoices,
  },
} satisfies Meta<typeof ChangeVoiceModal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Voices: Story = {
  play: async ({ args }) => {
    await userEvent.click(await screen.findByRole('button', { name: 'Use Domi' }));
    await expect(args.onChoose).toHaveBeenCalledWith('AZnzlk1XvdvUeBnXmlld');
  },
};
export const Loading: Story = { args: { loading: true, voices: [] } };
export const Empty: Story = { args: { voices: [] } };
export const ListFailed: Story = {
  args: {
    voices: [],
    error: 'ElevenLabs rejected the API key (401): Invalid API key',
  },
  play: async ({ args }) => {
    await userEvent.type(await screen.findByLabelText('Voice ID'), 'my-voice-id');
    await userEvent.click(screen.getByRole('button', { name: 'Use this ID' }));
    await expect(args.onChoose).toHaveBeenCalledWith('my-voice-id');
  },
};

const dark = { globals: { theme: 'dark' } };
export const VoicesDark: Story = { ...Voices, play: undefined, ...dark };
export const LoadingDark: Story = { ...Loading, ...dark };
export const EmptyDark: Story = { ...Empty, ...dark };
export const ListFailedDark: Story = { ...ListFailed, play: undefined, ...dark };
