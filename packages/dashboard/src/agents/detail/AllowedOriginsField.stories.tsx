import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AllowedOriginsField, allowedOriginsTexts } from './AllowedOriginsField';
import { StateGrid } from '../../stories/StateGrid';

const meta = {
  title: 'Dashboard/Agent detail/Allowed origins',
  component: AllowedOriginsField,
  args: { origins: [], onSave: fn() },
} satisfies Meta<typeof AllowedOriginsField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AnySite: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText(allowedOriginsTexts.anySite)).toBeVisible();
    const field = c.getByRole('textbox', { name: allowedOriginsTexts.label });
    await userEvent.type(field, 'https://shop.example');
    await userEvent.click(c.getByRole('button', { name: allowedOriginsTexts.save }));
    await expect(args.onSave).toHaveBeenCalledWith(['https://shop.example']);
  },
};

export const WithOrigins: Story = {
  args: { origins: ['https://shop.example', 'http://localhost:3000'] },
};

export const InvalidEntry: Story = {
  args: { origins: ['https://shop.example'] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const field = c.getByRole('textbox', { name: allowedOriginsTexts.label });
    await userEvent.type(field, '{Enter}shop.example/cart');
    await expect(c.getByText(/"shop.example\/cart" is not an origin/)).toBeVisible();
    await expect(c.getByRole('button', { name: allowedOriginsTexts.save })).toBeDisabled();
  },
};

export const Saving: Story = { args: { origins: ['https://shop.example'], saving: true } };
export const Saved: Story = { args: { origins: ['https://shop.example'], saved: true } };
export const ServerError: Story = {
  args: { origins: ['https://shop.example'], error: 'HTTP 400: Bad Request' },
};
export const Disabled: Story = { args: { origins: ['https://shop.example'], disabled: true } };

const states: Array<[string, Partial<Parameters<typeof AllowedOriginsField>[0]>]> = [
  ['Any site', {}],
  ['With origins', WithOrigins.args!],
  ['Saving', Saving.args!],
  ['Saved', Saved.args!],
  ['Server error', ServerError.args!],
  ['Disabled', Disabled.args!],
];

export const AllStates: Story = {
  render: (args) => (
    <StateGrid states={states} render={(props) => <AllowedOriginsField {...args} {...props} />} />
  ),
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
