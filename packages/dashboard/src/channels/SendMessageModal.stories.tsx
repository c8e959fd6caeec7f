import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { TextField } from '@parley/ui';
import { SendMessageModal } from './SendMessageModal';

interface NoteValues {
  to: string;
  text: string;
}

/** The shared frame of the SMS, WhatsApp and Email send modals, with two fields of its own. */
const meta = {
  title: 'Dashboard/Channels/Send message modal',
  component: SendMessageModal<NoteValues>,
  args: {
    open: true,
    onOpenChange: fn(),
    onSend: fn(),
    onDismissError: fn(),
    title: 'Send Note',
    description: 'A channel with two fields.',
    empty: { to: '', text: '' },
    validate: (v: NoteValues) => (v.to.trim() ? {} : { to: 'To is required' }),
    canSubmit: (v: NoteValues) => Boolean(v.to && v.text),
    clean: (v: NoteValues) => ({ ...v, to: v.to.trim() }),
    fields: (form) => (
      <>
        <TextField label="To" isRequired {...form.field('to')} />
        <TextField label="Text" isRequired {...form.field('text')} />
      </>
    ),
  },
} satisfies Meta<typeof SendMessageModal<NoteValues>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Sends: Story = {
  play: async ({ args }) => {
    await screen.findByRole('dialog', { name: 'Send Note' });
    await expect(screen.getByRole('button', { name: 'Send Message' })).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: /To/ }), ' +1555 ');
    await userEvent.type(screen.getByRole('textbox', { name: /Text/ }), 'Hi');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(args.onSend).toHaveBeenCalledWith({ to: '+1555', text: 'Hi' }));
  },
};

export const Failed: Story = {
  args: {
    initialValues: { to: '+1555', text: 'Hi' },
    error: 'Failed to send Note: Provider unavailable',
  },
  play: async () => {
    await expect(
      await screen.findByText('Failed to send Note: Provider unavailable'),
    ).toBeVisible();
  },
};

export const Sending: Story = { args: { busy: true, initialValues: { to: '+1555', text: 'Hi' } } };
export const SendingDark: Story = { ...Sending, globals: { theme: 'dark' } };
export const FailedDark: Story = { ...Failed, globals: { theme: 'dark' } };
