import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { DoNotCallPanel } from './DoNotCallPanel';

const numbers = [
  {
    phone_number: '+14155550123',
    reason: 'Asked not to be called again (call 9c1f…)',
    created_at: '2030-03-04T10:00:00.000Z',
  },
  { phone_number: '+442079460000', reason: '', created_at: '2030-03-02T10:00:00.000Z' },
];
const optOuts = [
  {
    phone_number: '+15005550188',
    keyword: 'STOP',
    channel: 'sms' as const,
    our_number: '+14155550100',
    created_at: '2030-03-03T10:00:00.000Z',
  },
];

const meta = {
  title: 'Dashboard/Phone Numbers/Do-not-call list',
  component: DoNotCallPanel,
  args: { numbers, optOuts, onAdd: fn(), onRemove: fn(), timeZone: 'UTC' },
} satisfies Meta<typeof DoNotCallPanel>;
export default meta;
type Story = StoryObj<typeof meta>;
const dark = { globals: { theme: 'dark' } };

/** The list, the STOP opt-outs beside it; a number is added (checked first) and one removed. */
export const Listed: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const list = c.getByRole('list', { name: 'Do-not-call list' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await expect(c.getByRole('list', { name: 'Opted out by message' })).toHaveTextContent(
      'Sent STOP to +14155550100',
    );
    await userEvent.type(c.getByLabelText('Phone number'), '4155550199');
    await userEvent.click(c.getByRole('button', { name: 'Add' }));
    await expect(
      c.getByText('Please enter a valid phone number (e.g., +1234567890)'),
    ).toBeVisible();
    await expect(args.onAdd).not.toHaveBeenCalled();
    await userEvent.clear(c.getByLabelText('Phone number'));
    await userEvent.type(c.getByLabelText('Phone number'), '+14155550199');
    await userEvent.type(c.getByLabelText('Reason (optional)'), 'Wrong number');
    await userEvent.click(c.getByRole('button', { name: 'Add' }));
    await expect(args.onAdd).toHaveBeenCalledWith({
      phone_number: '+14155550199',
      reason: 'Wrong number',
    });
    await userEvent.click(
      c.getByRole('button', { name: 'Remove +442079460000 from the do-not-call list' }),
    );
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await expect(args.onRemove).toHaveBeenCalledWith('+442079460000');
  },
};

/** A member adds numbers but does not remove them: Remove disabled, the reason shown. */
export const Member: Story = {
  args: {
    removeDisabledReason: 'Only an owner or admin can remove numbers from the do-not-call list',
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    for (const button of c.getAllByRole('button', { name: /^Remove / }))
      await expect(button).toBeDisabled();
    await expect(
      c.getByText('Only an owner or admin can remove numbers from the do-not-call list'),
    ).toBeVisible();
    await expect(c.getByRole('button', { name: 'Add' })).toBeEnabled();
  },
};

export const Empty: Story = {
  args: { numbers: [], optOuts: [] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('No numbers on the list.')).toBeVisible();
    await expect(c.getByText(/Nobody has sent STOP/)).toBeVisible();
  },
};
export const Added: Story = { args: { notice: '+14155550199 will not be called' } };
export const AddFailed: Story = {
  args: { error: 'phone_number: Please enter a valid phone number (e.g., +1234567890)' },
};
export const Loading: Story = { args: { numbers: [], optOuts: [], loading: true } };
export const LoadFailed: Story = { args: { loadError: 'HTTP 502: Bad Gateway' } };

export const ListedDark: Story = { ...Listed, ...dark };
export const MemberDark: Story = { ...Member, ...dark };
export const EmptyDark: Story = { ...Empty, ...dark };
export const AddedDark: Story = { ...Added, ...dark };
export const AddFailedDark: Story = { ...AddFailed, ...dark };
export const LoadingDark: Story = { ...Loading, ...dark };
export const LoadFailedDark: Story = { ...LoadFailed, ...dark };
