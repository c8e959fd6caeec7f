import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { EditAssignmentModal } from './EditAssignmentModal';
import { fixtureNumbers } from '../stories/phoneHandlers';
import { fixtureAgents } from '../stories/fixtures';

const agents = [
  { id: fixtureAgents[0]!.id, label: 'support' },
  { id: fixtureAgents[1]!.id, label: 'Sales desk' },
];

const meta = {
  title: 'Dashboard/Phone Numbers/Edit Assignment modal',
  component: EditAssignmentModal,
  args: { number: fixtureNumbers[0]!, onClose: fn(), agents, onSave: fn() },
} satisfies Meta<typeof EditAssignmentModal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const DeleteAgent: Story = {
  play: async ({ args }) => {
    await screen.findByRole('dialog', { name: 'Edit Assignment' });
    await expect(screen.getByText('+1 415 555 0100')).toBeVisible();
    await userEvent.click(screen.getByRole('combobox', { name: 'Agent' }));
    await userEvent.click(await screen.findByRole('option', { name: 'None (Delete Agent)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect(args.onSave).toHaveBeenCalledWith({ number: fixtureNumbers[0], agentId: null });
  },
};

export const ChangeAgent: Story = {
  play: async ({ args }) => {
    await screen.findByRole('dialog', { name: 'Edit Assignment' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Agent' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sales desk' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect(args.onSave).toHaveBeenCalledWith({
      number: fixtureNumbers[0],
      agentId: agents[1]!.id,
    });
  },
};

export const UnassignedNumberNone: Story = {
  args: { number: fixtureNumbers[2]! },
  play: async () => {
    await screen.findByRole('dialog', { name: 'Edit Assignment' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect(
      await screen.findByText('Phone ID or current agent not found. Please refresh and try again.'),
    ).toBeVisible();
  },
};

export const Failed: Story = {
  args: {
    error: 'Failed to unassign phone number from agent: All unassign endpoint patterns failed',
  },
  play: async () => {
    await expect(
      await screen.findByText(
        'Failed to unassign phone number from agent: All unassign endpoint patterns failed',
      ),
    ).toBeVisible();
  },
};

export const Busy: Story = { args: { busy: true } };

const dark = { globals: { theme: 'dark' } };
export const DeleteAgentDark: Story = { ...DeleteAgent, ...dark };
export const FailedDark: Story = { ...Failed, ...dark };
