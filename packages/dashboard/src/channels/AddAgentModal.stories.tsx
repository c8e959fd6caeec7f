import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { AddAgentModal } from './AddAgentModal';
import { fixtureUnassignedNumbers } from '../stories/phoneHandlers';
import { fixtureAgents } from '../stories/fixtures';

const agents = [
  { id: fixtureAgents[0]!.id, label: 'support' },
  { id: fixtureAgents[1]!.id, label: 'Sales desk' },
];

const meta = {
  title: 'Dashboard/Phone Numbers/Add Agent modal',
  component: AddAgentModal,
  args: {
    open: true,
    onOpenChange: fn(),
    agents,
    numbers: fixtureUnassignedNumbers,
    onAdd: fn(),
  },
} satisfies Meta<typeof AddAgentModal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ChooseAgentAndNumber: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Add Agent' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Agent prefix' }));
    await userEvent.click(await screen.findByRole('option', { name: 'support' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Agent' }));
    await expect(await screen.findByText('Please select a phone number.')).toBeVisible();
    await userEvent.click(screen.getByRole('combobox', { name: 'Phone number' }));
    // Dialog format of §9.
    await userEvent.click(await screen.findByRole('option', { name: '+1 415 555 0102' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Agent' }));
    await expect(args.onAdd).toHaveBeenCalledWith({
      agentId: agents[0]!.id,
      phoneId: fixtureUnassignedNumbers[2]!.phone_id,
      phoneNumber: '+14155550102',
      channels: ['voice'],
    });
    await expect(dialog).toBeVisible();
  },
};

export const EscapeCloses: Story = {
  play: async ({ args }) => {
    await screen.findByRole('dialog', { name: 'Add Agent' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(args.onOpenChange).toHaveBeenCalledWith(false));
  },
};

/** Phone Numbers: voice is assigned, and the number's SMS and WhatsApp are offered too. */
export const OfferOtherChannels: Story = {
  args: { offerOtherChannels: true },
  play: async ({ args }) => {
    await screen.findByRole('dialog', { name: 'Add Agent' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Agent prefix' }));
    await userEvent.click(await screen.findByRole('option', { name: 'support' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Phone number' }));
    await userEvent.click(await screen.findByRole('option', { name: '+1 415 555 0100' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Also answer SMS' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Agent' }));
    await expect(args.onAdd).toHaveBeenCalledWith({
      agentId: agents[0]!.id,
      phoneId: fixtureUnassignedNumbers[0]!.phone_id,
      phoneNumber: '+14155550100',
      channels: ['voice', 'sms'],
    });
  },
};

/** A voice-only number: SMS and WhatsApp cannot be chosen, and say why. */
export const OtherChannelsUnavailable: Story = {
  args: { offerOtherChannels: true },
  play: async () => {
    await userEvent.click(await screen.findByRole('combobox', { name: 'Phone number' }));
    await userEvent.click(await screen.findByRole('option', { name: '+1 415 555 0102' }));
    await expect(screen.getByRole('switch', { name: 'Also answer SMS' })).toBeDisabled();
    await expect(screen.getByText('This number has no SMS.')).toBeVisible();
    await expect(screen.getByText('This number has no WhatsApp.')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async () => {
    await expect(await screen.findByText('Loading available phone numbers...')).toBeInTheDocument();
  },
};

export const NoAvailableNumbers: Story = {
  args: { numbers: [] },
  play: async () => {
    await expect(await screen.findByText('No available phone numbers')).toBeVisible();
  },
};

export const Failed: Story = {
  args: { error: 'Failed to assign phone number to agent: Agent not found' },
  play: async () => {
    await expect(
      await screen.findByText('Failed to assign phone number to agent: Agent not found'),
    ).toBeVisible();
  },
};

export const Busy: Story = { args: { busy: true } };

const dark = { globals: { theme: 'dark' } };
export const ChooseDark: Story = { ...dark };
export const OfferOtherChannelsDark: Story = { ...OfferOtherChannels, ...dark };
export const OtherChannelsUnavailableDark: Story = { ...OtherChannelsUnavailable, ...dark };
export const LoadingDark: Story = { ...Loading, ...dark };
export const NoAvailableNumbersDark: Story = { ...NoAvailableNumbers, ...dark };
export const FailedDark: Story = { ...Failed, ...dark };
