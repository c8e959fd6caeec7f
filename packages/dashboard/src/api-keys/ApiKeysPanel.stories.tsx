import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import type { ApiKey, CreateApiKeyResponse } from '@parley/api-client';
import { ApiKeysPanel } from './ApiKeysPanel';
import { apiKeyReasons } from './apiKeyRules';

const now = Date.parse('2026-11-28T12:00:00.000Z');
const keys: ApiKey[] = [
  {
    id: '0b5f7c1e-1111-4a57-9d2e-1f3b5c7d9e0a',
    name: 'GitHub Actions',
    scopes: ['agents:read', 'agents:write', 'agents:publish'],
    key_hint: 'parley_…x9Qz',
    created_at: '2026-11-20T09:00:00.000Z',
    created_by: 'Ada Lovelace',
    last_used_at: '2026-11-28T11:55:00.000Z',
  },
  {
    id: '0b5f7c1e-2222-4a57-9d2e-1f3b5c7d9e0a',
    name: 'Nightly export',
    scopes: ['conversations:read'],
    key_hint: 'parley_…a1B2',
    created_at: '2026-10-01T09:00:00.000Z',
    created_by: null,
    last_used_at: null,
  },
];
const created: CreateApiKeyResponse = {
  ...keys[0]!,
  last_used_at: null,
  key: 'parley_BBHqB2EXMispS_Ll9aRmOnHzNnk50Nsglpf0cLodrSc',
};

const meta = {
  title: 'Dashboard/API keys',
  component: ApiKeysPanel,
  args: {
    viewerRole: 'owner',
    keys,
    now,
    onCreate: fn(),
    onRevoke: fn(),
    onDismissCreated: fn(),
  },
} satisfies Meta<typeof ApiKeysPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const row = within(c.getByRole('listitem', { name: 'GitHub Actions' }));
    await expect(row.getByText('parley_…x9Qz')).toBeVisible();
    await expect(row.getByText('agents:publish')).toBeVisible();
    await expect(row.getByText(/by Ada Lovelace · Used 5 minutes ago/)).toBeVisible();
    await expect(
      within(c.getByRole('listitem', { name: 'Nightly export' })).getByText(/Never used/),
    ).toBeVisible();
    await expect(c.getByText('Active keys (2)')).toBeVisible();
  },
};
export const ListDark: Story = { ...List, globals: { theme: 'dark' } };

export const Empty: Story = {
  args: { keys: [] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('No API keys yet')).toBeVisible();
    await expect(c.getByRole('button', { name: 'Create key' })).toBeEnabled();
  },
};
export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } };

export const Create: Story = {
  args: { keys: [] },
  play: async ({ args, canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Create key' }));
    await expect(
      c.getByText('Give the key a name (what uses it, e.g. GitHub Actions)'),
    ).toBeVisible();
    await expect(c.getByRole('alert')).toHaveTextContent('Choose at least one scope');
    await expect(args.onCreate).not.toHaveBeenCalled();
    await userEvent.type(c.getByLabelText(/Key name/), '  CI deploy ');
    await userEvent.click(c.getByRole('checkbox', { name: /agents:publish/ }));
    await userEvent.click(c.getByRole('checkbox', { name: /agents:read/ }));
    await userEvent.click(c.getByRole('button', { name: 'Create key' }));
    await expect(args.onCreate).toHaveBeenCalledWith({
      name: 'CI deploy',
      scopes: ['agents:read', 'agents:publish'],
    });
  },
};
export const CreateDark: Story = { ...Create, globals: { theme: 'dark' } };

export const CreatedKey: Story = {
  args: { created },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'API key created' }));
    await expect(dialog.getByText(/it is shown only this once/)).toBeVisible();
    await expect(dialog.getByLabelText('API key “GitHub Actions”')).toHaveValue(created.key);
    await expect(dialog.getByRole('button', { name: /Copy/ })).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Done' }));
    await expect(args.onDismissCreated).toHaveBeenCalled();
  },
};
export const CreatedKeyDark: Story = { ...CreatedKey, globals: { theme: 'dark' } };

export const Revoke: Story = {
  play: async ({ args, canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Revoke Nightly export' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await expect(
      dialog.getByText(/“Nightly export” \(parley_…a1B2\) stops working at once/),
    ).toBeVisible();
    await expect(args.onRevoke).not.toHaveBeenCalled();
    await userEvent.click(dialog.getByRole('button', { name: 'Revoke' }));
    await expect(args.onRevoke).toHaveBeenCalledWith(keys[1]!.id);
  },
};
export const RevokeDark: Story = { ...Revoke, globals: { theme: 'dark' } };

export const Member: Story = {
  args: { viewerRole: 'member' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(apiKeyReasons.manage)).toBeVisible();
    await expect(c.getByRole('button', { name: 'Create key' })).toBeDisabled();
    await expect(c.getByLabelText(/Key name/)).toBeDisabled();
    await expect(c.getByRole('checkbox', { name: /agents:read/ })).toBeDisabled();
    for (const button of c.getAllByRole('button', { name: /^Revoke / }))
      await expect(button).toBeDisabled();
    // The list stays visible to members.
    await expect(c.getByText('parley_…x9Qz')).toBeVisible();
  },
};
export const MemberDark: Story = { ...Member, globals: { theme: 'dark' } };

export const Refused: Story = {
  args: {
    actionError: 'This organization has 50 API keys, the most it may hold: revoke one first',
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText(
        'This organization has 50 API keys, the most it may hold: revoke one first',
      ),
    ).toBeVisible();
  },
};
export const RefusedDark: Story = { ...Refused, globals: { theme: 'dark' } };

export const LoadError: Story = {
  args: { error: 'HTTP 500: Internal Server Error', onRetry: fn() },
  play: async ({ args, canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Could not load the API keys')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(args.onRetry).toHaveBeenCalled());
  },
};
export const LoadErrorDark: Story = { ...LoadError, globals: { theme: 'dark' } };

export const Loading: Story = { args: { loading: true } };
export const LoadingDark: Story = { args: { loading: true }, globals: { theme: 'dark' } };

export const Creating: Story = { args: { creating: true, keys: [] } };
export const CreatingDark: Story = { ...Creating, globals: { theme: 'dark' } };
