import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { DiallingSettingsPanel } from './DiallingSettingsPanel';

const meta = {
  title: 'Dashboard/Phone Numbers/Dialling settings',
  component: DiallingSettingsPanel,
  args: {
    settings: {
      calling_window_start: '08:00',
      calling_window_end: '21:00',
      max_concurrent_calls: 5,
    },
    onSave: fn(),
  },
} satisfies Meta<typeof DiallingSettingsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;
const dark = { globals: { theme: 'dark' } };

/** An owner changes the window and the cap; Save is enabled once something changed. */
export const Owner: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const save = c.getByRole('button', { name: 'Save settings' });
    await expect(save).toBeDisabled();
    await expect(c.getByText(/Calling window: 08:00–21:00/)).toBeVisible();
    await userEvent.click(c.getByRole('combobox', { name: 'Calls until' }));
    await userEvent.click(await screen.findByRole('option', { name: '18:00' }));
    await expect(c.getByText(/Calling window: 08:00–18:00/)).toBeVisible();
    await userEvent.click(save);
    await expect(args.onSave).toHaveBeenCalledWith({
      calling_window_start: '08:00',
      calling_window_end: '18:00',
      max_concurrent_calls: 5,
    });
  },
};

/** A window that would never open is refused before it is sent. */
export const NeverOpens: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('combobox', { name: 'Calls until' }));
    await userEvent.click(await screen.findByRole('option', { name: '08:00' }));
    await userEvent.click(c.getByRole('button', { name: 'Save settings' }));
    await expect(
      c.getByText('The window must end at another time than it starts (it would never open)'),
    ).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** A member sees the settings, disabled, with the reason. */
export const Member: Story = {
  args: { disabledReason: 'Only an owner or admin can change dialling settings' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('combobox', { name: 'Calls from' })).toBeDisabled();
    const save = c.getByRole('button', { name: 'Save settings' });
    await expect(save).toBeDisabled();
    await expect(save).toHaveAccessibleDescription(
      'Only an owner or admin can change dialling settings',
    );
  },
};

export const AnyTime: Story = {
  args: {
    settings: {
      calling_window_start: '00:00',
      calling_window_end: '24:00',
      max_concurrent_calls: 1,
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Calling window: Any time/)).toBeVisible();
  },
};
export const Saving: Story = { args: { saving: true } };
export const Saved: Story = { args: { saved: 'Dialling settings saved' } };
export const SaveFailed: Story = {
  args: { error: 'calling_window_start: must be a time HH:MM from 00:00 to 24:00' },
};
export const Loading: Story = {
  args: { settings: null, loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading dialling settings')).toBeInTheDocument();
  },
};
export const LoadFailed: Story = { args: { settings: null, loadError: 'HTTP 502: Bad Gateway' } };

export const OwnerDark: Story = { ...Owner, ...dark };
export const MemberDark: Story = { ...Member, ...dark };
export const AnyTimeDark: Story = { ...AnyTime, ...dark };
export const SavedDark: Story = { ...Saved, ...dark };
export const SaveFailedDark: Story = { ...SaveFailed, ...dark };
export const LoadingDark: Story = { ...Loading, ...dark };
export const LoadFailedDark: Story = { ...LoadFailed, ...dark };
