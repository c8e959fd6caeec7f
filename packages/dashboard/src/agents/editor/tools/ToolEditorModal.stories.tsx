import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { ToolEditorModal, type ToolEditorModalProps } from './ToolEditorModal';
import {
  emptyToolForm,
  formFromTool,
  mcpListRequestFrom,
  toolRequestFrom,
  type ToolFormErrors,
} from './toolForm';
import {
  httpToolFixture,
  mcpListedToolsFixture,
  mcpToolFixture,
  transferToolFixture,
} from './toolFixtures';
import type { McpListState } from './McpAllowList';

/**
 * The modal with its form state held here, validated on Save and on 'List tools' as the container
 * does; 'List tools' answers `listAnswer` (the story's parameter).
 */
function Stateful({ listAnswer, ...props }: ToolEditorModalProps & { listAnswer?: McpListState }) {
  const [value, setValue] = useState(props.value);
  const [errors, setErrors] = useState<ToolFormErrors>(props.errors);
  const [mcpList, setMcpList] = useState(props.mcpList);
  return (
    <ToolEditorModal
      {...props}
      value={value}
      onChange={setValue}
      errors={errors}
      mcpList={mcpList}
      onListMcpTools={() => {
        const result = mcpListRequestFrom(value, null);
        setErrors(result.ok ? {} : result.errors);
        if (!result.ok) return;
        props.onListMcpTools?.();
        if (listAnswer) setMcpList(listAnswer);
      }}
      onSave={() => {
        const result = toolRequestFrom(value);
        setErrors(result.ok ? {} : result.errors);
        // The spy gets the request the container would send (the view's onSave takes none).
        if (result.ok) (props.onSave as (body: unknown) => void)(result.body);
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
    onListMcpTools: fn(),
  },
  render: (args, { parameters }) => (
    <Stateful {...args} listAnswer={parameters.listAnswer as McpListState | undefined} />
  ),
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
    // A group with a label, not the browser's fieldset frame.
    const group = screen.getByRole('group', { name: /^Headers/ });
    await expect(getComputedStyle(group).borderTopStyle).toBe('none');
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

const newMcpForm = { ...emptyToolForm(), type: 'mcp' as const };
const listed: McpListState = { loading: false, error: null, tools: mcpListedToolsFixture };

/** A new MCP tool (name and URL typed), by keyboard: 'List tools', tick a server's tool, save. */
export const NewMcpTool: Story = {
  args: { value: { ...newMcpForm, name: 'records', url: 'https://mcp.example.com/mcp' } },
  parameters: { listAnswer: listed },
  play: async ({ args }) => {
    await screen.findByRole('dialog', { name: 'Add tool' });
    await expect(screen.getByLabelText(/^Server URL/)).toHaveValue('https://mcp.example.com/mcp');
    await expect(screen.queryByLabelText(/^Parameters/)).toBeNull();
    screen.getByRole('button', { name: 'List tools' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onListMcpTools).toHaveBeenCalled();
    const first = await screen.findByRole('checkbox', { name: /lookup_patient/ });
    await userEvent.tab();
    await expect(first).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(first).toBeChecked();
    await expect(screen.getByRole('checkbox', { name: /book_visit/ })).not.toBeChecked();
    await expect(screen.getByRole('status')).toHaveTextContent('3 tools listed; 1 allowed');
    await userEvent.click(screen.getByRole('button', { name: 'Save tool' }));
    await expect(args.onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'mcp',
        url: 'https://mcp.example.com/mcp',
        allowed_tools: ['lookup_patient'],
      }),
    );
  },
};
/** The listed allow-list, dark (without replaying the keyboard). */
export const NewMcpToolDark: Story = {
  args: {
    value: {
      ...newMcpForm,
      name: 'records',
      url: 'https://mcp.example.com/mcp',
      allowedTools: ['lookup_patient'],
    },
    mcpList: listed,
  },
  globals: { theme: 'dark' },
  play: async () => {
    await expect(await screen.findByRole('checkbox', { name: /lookup_patient/ })).toBeChecked();
  },
};

/** 'List tools' and Save say which field is missing. */
export const McpValidation: Story = {
  args: { value: newMcpForm },
  play: async ({ args }) => {
    await screen.findByRole('dialog', { name: 'Add tool' });
    await userEvent.click(screen.getByRole('button', { name: 'List tools' }));
    await expect(await screen.findByText('url is required')).toBeVisible();
    await expect(args.onListMcpTools).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Save tool' }));
    await expect(await screen.findByText('url is required for an mcp tool')).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};
/** The same errors, shown dark (without replaying the clicks). */
export const McpValidationDark: Story = {
  args: { ...McpValidation.args, errors: { url: 'url is required for an mcp tool' } },
  globals: { theme: 'dark' },
  play: async () => {
    await expect(await screen.findByText('url is required for an mcp tool')).toBeVisible();
  },
};

/** The server is being asked for its tools. */
export const McpListing: Story = {
  args: {
    value: { ...newMcpForm, name: 'records', url: 'https://mcp.example.com/mcp' },
    mcpList: { loading: true, error: null, tools: null },
  },
  play: async ({ args }) => {
    const button = await screen.findByRole('button', { name: 'Listing tools...' });
    await expect(button).toBeEnabled();
    await userEvent.click(button);
    await expect(args.onListMcpTools).not.toHaveBeenCalled();
    await expect(screen.getByRole('status')).toHaveTextContent('Listing the server’s tools');
  },
};
export const McpListingDark: Story = { ...McpListing, globals: { theme: 'dark' } };

/** The server's tools could not be listed: its reason. */
export const McpListError: Story = {
  args: {
    value: { ...newMcpForm, name: 'records', url: 'http://localhost:3000/mcp' },
    mcpList: {
      loading: false,
      error: 'url: localhost resolves to 127.0.0.1, which is not a public address',
      tools: null,
    },
  },
  play: async () => {
    const alert = await screen.findByRole('alert');
    await expect(alert).toHaveTextContent('The server’s tools could not be listed');
    await expect(alert).toHaveTextContent('which is not a public address');
  },
};
export const McpListErrorDark: Story = { ...McpListError, globals: { theme: 'dark' } };

/** The server offers no tools. */
export const McpNoTools: Story = {
  args: {
    value: { ...newMcpForm, name: 'records', url: 'https://mcp.example.com/mcp' },
    mcpList: { loading: false, error: null, tools: [] },
  },
  play: async () => {
    await expect(await screen.findByText('The server offers no tools.')).toBeVisible();
    await expect(screen.queryByRole('checkbox')).toBeNull();
  },
};
export const McpNoToolsDark: Story = { ...McpNoTools, globals: { theme: 'dark' } };

/** A saved MCP tool: header masked, its allow-list; listed again, a saved name the server dropped. */
export const McpEditExisting: Story = {
  args: { editingExisting: true, value: formFromTool(mcpToolFixture), mcpList: listed },
  play: async () => {
    await screen.findByRole('dialog', { name: 'Edit tool' });
    await expect(screen.getByLabelText('Header 1 value')).toHaveValue('••••••••••••••wxyz');
    await expect(screen.getByRole('checkbox', { name: /lookup_patient/ })).toBeChecked();
    await expect(screen.getByRole('checkbox', { name: /book_visit/ })).not.toBeChecked();
    await expect(screen.getByRole('checkbox', { name: /cancel_visit/ })).toBeChecked();
    await expect(screen.getByText('Not offered by the server any more')).toBeVisible();
  },
};
export const McpEditExistingDark: Story = { ...McpEditExisting, globals: { theme: 'dark' } };
