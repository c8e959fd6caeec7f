import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { ToolEditorModal, type ToolEditorModalProps } from './ToolEditorModal';
import { emptyToolForm, formFromTool, toolRequestFrom, type ToolFormErrors } from './toolForm';
import { httpToolFixture, transferToolFixture } from './toolFixtures';

/** The modal with its form state held here, validated on Save as the container does. */
function Stateful(props: ToolEditorModalProps) {
  const [value, setValue] = useState(props.value);
  const [errors, setErrors] = useState<ToolFormErrors>(props.errors);
  return (
    <ToolEditorModal
      {...props}
      value={value}
      onChange={setValue}
      errors={errors}
      onSave={() => {
        const result = toolRequestFrom(value);
        setErrors(result.ok ? {} : result.errors);
        if (result.ok) props.onSave();
      }}
    />
  );
}

const meta = {
  title: 'Dashboard/Editor/Tool editor modal',
  component: ToolEditorModal,
  args: {
    open: true,
    onOpenChange: fn(),
    editingExisting: false,
    value: emptyToolForm(),
    onChange: fn(),
    errors: {},
    onSave: fn(),
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof ToolEditorModal>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A new HTTP tool: filled in and saved. */
export const NewHttpTool: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Add tool' });
    await userEvent.type(screen.getByLabelText(/^Name/), 'check_slots');
    await userEvent.type(screen.getByLabelText(/^URL/), 'https://booking.example.com/slots');
    await userEvent.click(screen.getByRole('button', { name: 'Add header' }));
    await userEvent.type(screen.getByLabelText('Header 1 name'), 'X-Api-Key');
    await userEvent.type(screen.getByLabelText('Header 1 value'), 'sk-live-1234');
    await expect(dialog).toHaveTextContent('Headers (secret: saved encrypted, shown masked)');
    await userEvent.click(screen.getByRole('button', { name: 'Save tool' }));
    await expect(args.onSave).toHaveBeenCalled();
  },
};
export const NewHttpToolDark: Story = { globals: { theme: 'dark' } };

/** Every field that cannot be saved says why. */
export const ValidationErrors: Story = {
  args: {
    value: { ...emptyToolForm(), name: 'bad name', parameters: '{ nope', timeoutMs: '60000' },
  },
  play: async ({ args }) => {
    await screen.findByRole('dialog', { name: 'Add tool' });
    await userEvent.click(screen.getByRole('button', { name: 'Save tool' }));
    await expect(
      await screen.findByText('must be 1 to 64 letters, digits, underscores or hyphens'),
    ).toBeVisible();
    await expect(screen.getByText('Parameters must be valid JSON')).toBeVisible();
    await expect(screen.getByText('must be between 100 and 10000')).toBeVisible();
    await expect(screen.getByText('url is required for an http tool')).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};
export const ValidationErrorsDark: Story = { ...ValidationErrors, globals: { theme: 'dark' } };

/** A saved tool: its header value shown masked. */
export const EditExisting: Story = {
  args: { editingExisting: true, value: formFromTool(httpToolFixture) },
  play: async () => {
    await screen.findByRole('dialog', { name: 'Edit tool' });
    await expect(screen.getByLabelText('Header 1 value')).toHaveValue('••••••••••••••ABCD');
  },
};
export const EditExistingDark: Story = { ...EditExisting, globals: { theme: 'dark' } };

/** A built-in: a number to transfer to, and its fixed arguments. */
export const TransferCall: Story = {
  args: { editingExisting: true, value: formFromTool(transferToolFixture) },
  play: async () => {
    await screen.findByRole('dialog', { name: 'Edit tool' });
    await expect(screen.getByLabelText(/^Transfer to/)).toHaveValue('+14155550123');
    await expect(screen.getByText(/fixed for a built-in/)).toBeVisible();
  },
};
export const TransferCallDark: Story = { ...TransferCall, globals: { theme: 'dark' } };

export const SaveRefused: Story = {
  args: {
    value: formFromTool(httpToolFixture),
    saveError: 'url: localhost resolves to 127.0.0.1, which is not a public address',
  },
  play: async () => {
    await expect(await screen.findByText(/which is not a public address/)).toBeVisible();
  },
};
export const SaveRefusedDark: Story = { ...SaveRefused, globals: { theme: 'dark' } };

export const Saving: Story = {
  args: { value: formFromTool(httpToolFixture), saving: true },
  play: async () => {
    await expect(await screen.findByRole('button', { name: /Saving/ })).toBeDisabled();
  },
};
export const SavingDark: Story = { ...Saving, globals: { theme: 'dark' } };
