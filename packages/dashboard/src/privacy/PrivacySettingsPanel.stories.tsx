import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { manageReason, PrivacySettingsPanel } from './PrivacySettingsPanel';
import { settingsFixture } from './privacyFixtures';
import { shows } from '../stories/plays';

const meta = {
  title: 'Dashboard/Privacy/Settings',
  component: PrivacySettingsPanel,
  args: { settings: settingsFixture, canManage: true, onSave: fn(), onRetry: fn() },
} satisfies Meta<typeof PrivacySettingsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Owner: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const save = c.getByRole('button', { name: 'Save privacy settings' });
    // Nothing changed yet: nothing to save.
    await expect(save).toBeDisabled();
    await userEvent.click(c.getByRole('radio', { name: /Metadata only/ }));
    // The kinds of personal data apply to redacted storage only.
    await expect(c.getByRole('switch', { name: /Card numbers/ })).toBeDisabled();
    await userEvent.click(c.getByRole('radio', { name: /Redacted/ }));
    await userEvent.click(c.getByRole('switch', { name: /IP addresses/ }));
    await userEvent.click(save);
    await expect(args.onSave).toHaveBeenCalledWith({
      redact_categories: ['card', 'phone', 'email', 'iban', 'ssn'],
    });
  },
};
export const OwnerDark: Story = { ...Owner, globals: { theme: 'dark' } };

export const BadCountry: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByRole('textbox', { name: /Country of phone numbers/ }), 'U1');
    await expect(c.getByText(/Enter a two-letter country code/)).toBeVisible();
    await expect(c.getByRole('button', { name: 'Save privacy settings' })).toBeDisabled();
  },
};
export const BadCountryDark: Story = { ...BadCountry, globals: { theme: 'dark' } };

export const Member: Story = {
  args: { canManage: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(manageReason)).toBeVisible();
    await expect(c.getByRole('radio', { name: /Full/ })).toBeDisabled();
    await expect(c.getByRole('button', { name: 'Save privacy settings' })).toBeDisabled();
  },
};
export const MemberDark: Story = { ...Member, globals: { theme: 'dark' } };

export const Saving: Story = { args: { saving: true } };
export const SavingDark: Story = { ...Saving, globals: { theme: 'dark' } };

export const Saved: Story = {
  args: { saved: true },
  play: shows('Privacy settings saved'),
};
export const SavedDark: Story = { ...Saved, globals: { theme: 'dark' } };

export const SaveRefused: Story = {
  args: { saveError: 'Only an owner or admin can change the privacy settings' },
  play: shows('Not saved'),
};
export const SaveRefusedDark: Story = { ...SaveRefused, globals: { theme: 'dark' } };

export const RetentionSet: Story = {
  args: { settings: { ...settingsFixture, retention_days: 90 } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText(/older than 90 days are deleted by the retention job/)).toBeVisible();
    const field = c.getByRole('textbox', { name: /Delete data older than/ });
    await userEvent.clear(field);
    await userEvent.type(field, '0');
    await expect(c.getByText(/Enter a whole number of days/)).toBeVisible();
    await expect(c.getByRole('button', { name: 'Save privacy settings' })).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, '30');
    await userEvent.click(c.getByRole('button', { name: 'Save privacy settings' }));
    await expect(args.onSave).toHaveBeenCalledWith({ retention_days: 30 });
  },
};
export const RetentionSetDark: Story = { ...RetentionSet, globals: { theme: 'dark' } };
