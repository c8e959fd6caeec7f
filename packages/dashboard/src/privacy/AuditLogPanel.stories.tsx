import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AuditLogPanel, auditReason } from './AuditLogPanel';
import { auditFixture } from './privacyFixtures';
import { shows } from '../stories/plays';

const meta = {
  title: 'Dashboard/Privacy/Audit log',
  component: AuditLogPanel,
  args: {
    canRead: true,
    entries: auditFixture,
    action: '',
    actor: '',
    onActionChange: fn(),
    onActorChange: fn(),
    onLoadMore: fn(),
    onExportCsv: fn(),
    onVerify: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof AuditLogPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Entries: Story = {
  args: { hasMore: true },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('privacy.update')).toBeVisible();
    await expect(c.getByText('storage_mode: full → redacted')).toBeVisible();
    // Secrets are never shown, only that they changed.
    await expect(c.getByText('credentials.api_key: •••• → ••••')).toBeVisible();
    await userEvent.type(c.getByRole('textbox', { name: /Person/ }), 'a');
    await expect(args.onActorChange).toHaveBeenCalledWith('a');
    await userEvent.click(c.getByRole('button', { name: 'Download CSV' }));
    await expect(args.onExportCsv).toHaveBeenCalled();
    await userEvent.click(c.getByRole('button', { name: 'Verify chain' }));
    await expect(args.onVerify).toHaveBeenCalled();
    await userEvent.click(c.getByRole('button', { name: 'Load more' }));
    await expect(args.onLoadMore).toHaveBeenCalled();
  },
};
export const EntriesDark: Story = { args: { hasMore: true }, globals: { theme: 'dark' } };

export const Verified: Story = {
  args: { verified: { ok: true, entries: 3, broken: null } },
  play: shows('The audit log is intact'),
};
export const VerifiedDark: Story = { ...Verified, globals: { theme: 'dark' } };

export const Tampered: Story = {
  args: {
    verified: {
      ok: false,
      entries: 1,
      broken: {
        id: 'a2',
        at: '2026-11-28T10:01:00.000Z',
        reason: 'its contents do not match its hash (changed after it was written)',
      },
    },
  },
  play: shows('The audit log was changed'),
};
export const TamperedDark: Story = { ...Tampered, globals: { theme: 'dark' } };

export const Empty: Story = {
  args: { entries: [] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Nothing recorded yet for these filters.')).toBeVisible();
    await expect(c.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  },
};
export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } };

export const Loading: Story = { args: { entries: [], loading: true } };
export const LoadingDark: Story = { ...Loading, globals: { theme: 'dark' } };

export const Failed: Story = {
  args: { entries: [], error: 'HTTP 500: Internal Server Error' },
  play: shows('Could not load the audit log'),
};
export const FailedDark: Story = { ...Failed, globals: { theme: 'dark' } };

export const Member: Story = {
  args: { canRead: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(auditReason)).toBeVisible();
  },
};
export const MemberDark: Story = { ...Member, globals: { theme: 'dark' } };
