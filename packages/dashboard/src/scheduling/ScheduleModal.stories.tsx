import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { ScheduleModal } from './ScheduleModal';

const agents = [
  { id: 'sales_6f1c', label: 'sales' },
  { id: 'support_91ab', label: 'support' },
];
const now = () => new Date('2030-03-05T10:00:00');

const meta = {
  title: 'Dashboard/Phone Numbers/Schedule modal',
  component: ScheduleModal,
  args: { mode: 'create', open: true, onOpenChange: fn(), agents, onSubmit: fn(), now },
} satisfies Meta<typeof ScheduleModal>;
export default meta;
type Story = StoryObj<typeof meta>;
const dark = { globals: { theme: 'dark' } };

const filled = {
  agent_id: 'sales_6f1c',
  recipient_phone: '+14155550111',
  scheduled_time: '2030-03-05T11:00',
  flexible_time_minutes: 15,
  max_retries: 3,
  message_template: 'Your appointment is tomorrow.',
};

export const Create: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Scheduled Event' }));
    const submit = dialog.getByRole('button', { name: 'Scheduled Event' });
    // Enabled only when agent, recipient phone and scheduled time are filled.
    await expect(submit).toBeDisabled();
    await userEvent.click(dialog.getByRole('combobox', { name: 'Agent' }));
    await userEvent.click(await screen.findByRole('option', { name: 'sales' }));
    await userEvent.type(dialog.getByLabelText(/Recipient phone/), '12345');
    await userEvent.type(dialog.getByLabelText('Scheduled time'), '2030-03-05T09:00');
    await expect(submit).toBeEnabled();
    await userEvent.click(submit);
    await expect(dialog.getByText('Please fix the validation errors below.')).toBeVisible();
    await expect(
      dialog.getByText('Please enter a valid phone number (e.g., +1234567890)'),
    ).toBeVisible();
    await expect(dialog.getByText('Scheduled time must be in the future')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const Validation: Story = {
  args: {
    initial: { ...filled, recipient_phone: '0123', flexible_time_minutes: 61, max_retries: 11 },
    initialErrors: {
      agent_id: 'Please select an agent',
      recipient_phone: 'Please enter a valid phone number (e.g., +1234567890)',
      scheduled_time: 'Scheduled time is required',
      flexible_time_minutes: 'Flexible time must be between 0 and 60 minutes',
      max_retries: 'Max retries must be between 1 and 10',
    },
  },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    for (const text of [
      'Please fix the validation errors below.',
      'Please select an agent',
      'Scheduled time is required',
      'Flexible time must be between 0 and 60 minutes',
      'Max retries must be between 1 and 10',
    ])
      await expect(dialog.getByText(text)).toBeVisible();
  },
};

export const Creating: Story = {
  args: { initial: filled, busy: true },
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'Creating...' })).toBeVisible();
  },
};

export const CreateFailed: Story = {
  args: {
    initial: filled,
    error: 'Failed to schedule outbound call: agent_id: Agent not found',
  },
  play: async () => {
    await expect(
      await screen.findByText('Failed to schedule outbound call: agent_id: Agent not found'),
    ).toBeVisible();
  },
};

export const Edit: Story = {
  args: { mode: 'edit', initial: filled },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Scheduled Event' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Update Event' }));
    await expect(args.onSubmit).toHaveBeenCalledWith(filled);
  },
};

export const Updating: Story = {
  args: { mode: 'edit', initial: filled, busy: true },
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'Updating...' })).toBeVisible();
  },
};

export const UpdateFailed: Story = {
  args: {
    mode: 'edit',
    initial: filled,
    error:
      'Failed to update scheduled event: status: the event is completed and can no longer be edited',
  },
};

export const CreateDark: Story = { ...Create, play: undefined, ...dark };
export const ValidationDark: Story = { ...Validation, ...dark };
export const CreatingDark: Story = { ...Creating, ...dark };
export const CreateFailedDark: Story = { ...CreateFailed, ...dark };
export const EditDark: Story = { ...Edit, play: undefined, ...dark };
export const UpdatingDark: Story = { ...Updating, ...dark };
