import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { MaskedField } from './MaskedField';
import { Stack } from '../../stories/Layout';

const meta = {
  title: 'UI/MaskedField',
  component: MaskedField,
  args: {
    label: 'OpenAI API key',
    value: 'sk-proj-abcd9876',
    description: 'Stored encrypted. Only the last four characters are shown.',
  },
} satisfies Meta<typeof MaskedField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ShowAndHide: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('OpenAI API key');
    await expect(input).toHaveValue('••••••••••••9876');
    await userEvent.tab();
    await userEvent.tab();
    const show = canvas.getByRole('button', { name: 'Show' });
    await expect(show).toHaveFocus();
    await expect(show).toHaveAttribute('aria-pressed', 'false');
    await userEvent.keyboard('{Enter}');
    await expect(input).toHaveValue('sk-proj-abcd9876');
    await expect(canvas.getByRole('button', { name: 'Hide' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Hide' }));
    await expect(input).toHaveValue('••••••••••••9876');
  },
};

/** Revealed (the toggle pressed). */
export const Revealed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show' }));
    await expect(canvas.getByLabelText('OpenAI API key')).toHaveValue('sk-proj-abcd9876');
  },
};

function AllStatesView() {
  return (
    <Stack>
      <MaskedField label="Masked" value="sk-proj-abcd9876" />
      <MaskedField
        label="With help"
        value="AC0123456789abcdef"
        description="Stored encrypted. Only the last four characters are shown."
      />
      <MaskedField label="Short secret (fully masked)" value="1234" />
      <MaskedField label="Empty" value="" />
      <MaskedField
        label="Long content"
        value="sk-ant-api03-a-very-long-secret-value-that-keeps-going-to-show-how-long-content-behaves-XYZ9"
      />
    </Stack>
  );
}
export const AllStates: Story = { render: () => <AllStatesView /> };
export const AllStatesDark: Story = { render: () => <AllStatesView />, globals: { theme: 'dark' } };
