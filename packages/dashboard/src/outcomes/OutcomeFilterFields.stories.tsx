import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { OutcomeFilterFields } from './OutcomeFilterFields';

/** The inbox's outcome filters: success or not, and a tag. */
const meta = {
  title: 'Dashboard/Outcomes/Inbox filters',
  component: OutcomeFilterFields,
  args: { value: { success: '', tag: '' }, onChange: fn() },
} satisfies Meta<typeof OutcomeFilterFields>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('combobox', { name: 'Outcome' }));
    await userEvent.click(within(document.body).getByRole('option', { name: 'Not a success' }));
    await expect(args.onChange).toHaveBeenCalledWith({ success: 'false' });
    await userEvent.type(c.getByRole('searchbox', { name: 'Outcome tag' }), ' refund {Enter}');
    await expect(args.onChange).toHaveBeenCalledWith({ tag: 'refund' });
  },
};
export const DefaultDark: Story = { globals: { theme: 'dark' } };
