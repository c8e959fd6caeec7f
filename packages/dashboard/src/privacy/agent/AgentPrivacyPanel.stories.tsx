import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AgentPrivacyPanel } from './AgentPrivacyPanel';

const meta = {
  title: 'Dashboard/Privacy/Agent privacy',
  component: AgentPrivacyPanel,
  args: {
    value: { storageMode: null, disclosure: null, transcriptionConsent: false },
    editing: true,
    onSave: fn(),
  },
} satisfies Meta<typeof AgentPrivacyPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The organization's mode; set the agent's own, a disclosure and consent, save the changes. */
export const Editing: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const save = c.getByRole('button', { name: 'Save privacy' });
    await expect(c.getByRole('radio', { name: /The organization's setting/ })).toBeChecked();
    await expect(save).toBeDisabled();
    await userEvent.click(c.getByRole('radio', { name: /Redacted/ }));
    await userEvent.type(
      c.getByRole('textbox', { name: 'Disclosure line' }),
      'You talk with an AI.',
    );
    await userEvent.click(c.getByRole('switch', { name: /consent to transcribe/ }));
    await userEvent.click(save);
    await expect(args.onSave).toHaveBeenCalledWith({
      storage_mode: 'redacted',
      disclosure: 'You talk with an AI.',
      transcription_consent: true,
    });
  },
};
export const EditingDark: Story = { ...Editing, globals: { theme: 'dark' } };

/** Back to the organization's mode, the disclosure emptied: both sent as null. */
export const Overridden: Story = {
  args: {
    value: { storageMode: 'metadata_only', disclosure: 'AI here.', transcriptionConsent: true },
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('radio', { name: /Metadata only/ })).toBeChecked();
    await userEvent.click(c.getByRole('radio', { name: /The organization's setting/ }));
    await userEvent.clear(c.getByRole('textbox', { name: 'Disclosure line' }));
    await userEvent.click(c.getByRole('button', { name: 'Save privacy' }));
    await expect(args.onSave).toHaveBeenCalledWith({ storage_mode: null, disclosure: null });
  },
};
export const OverriddenDark: Story = { ...Overridden, globals: { theme: 'dark' } };

export const TooLong: Story = {
  args: { value: { storageMode: null, disclosure: 'x'.repeat(501), transcriptionConsent: false } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(/At most 500 characters/)).toBeVisible();
    await userEvent.type(c.getByRole('textbox', { name: 'Disclosure line' }), 'y');
    await expect(c.getByRole('button', { name: 'Save privacy' })).toBeDisabled();
  },
};
export const TooLongDark: Story = { ...TooLong, globals: { theme: 'dark' } };

export const ReadOnly: Story = {
  args: { editing: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('radio', { name: /Redacted/ })).toBeDisabled();
    await expect(c.getByRole('textbox', { name: 'Disclosure line' })).toBeDisabled();
    await expect(c.getByRole('button', { name: 'Save privacy' })).toBeDisabled();
  },
};
export const ReadOnlyDark: Story = { ...ReadOnly, globals: { theme: 'dark' } };

export const Refused: Story = {
  args: { error: 'disclosure: must be at most 500 characters' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Not saved')).toBeVisible();
  },
};
export const RefusedDark: Story = { ...Refused, globals: { theme: 'dark' } };

export const Saved: Story = {
  args: { saved: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/live once published/)).toBeVisible();
  },
};
export const SavedDark: Story = { ...Saved, globals: { theme: 'dark' } };
