import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import type { OrgInvitation, OrgMember } from '@parley/api-client';
import { MembersPanel } from './MembersPanel';
import { reasons } from './memberRules';
import { shows } from '../stories/plays';

const members: OrgMember[] = [
  {
    memberId: 'm1',
    userId: 'user_1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    role: 'owner',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  {
    memberId: 'm2',
    userId: 'user_2',
    name: 'Grace Hopper',
    email: 'grace@example.com',
    role: 'admin',
    createdAt: '2026-01-02T00:00:00.000Z',
  },
  {
    memberId: 'm3',
    userId: 'user_3',
    name: 'Alan Turing',
    email: 'alan@example.com',
    role: 'member',
    createdAt: '2026-01-03T00:00:00.000Z',
  },
];
const invitation: OrgInvitation = {
  id: 'inv_1',
  email: 'katherine@example.com',
  role: 'member',
  status: 'pending',
  expiresAt: '2026-12-08T00:00:00.000Z',
  createdAt: '2026-12-01T00:00:00.000Z',
  inviterName: 'Ada Lovelace',
  path: '/invite/inv_1',
};
const expired: OrgInvitation = {
  ...invitation,
  id: 'inv_2',
  email: 'dorothy@example.com',
  role: 'admin',
  status: 'expired',
  path: '/invite/inv_2',
};

const meta = {
  title: 'Dashboard/Members',
  component: MembersPanel,
  args: {
    viewer: { userId: 'user_1', role: 'owner' },
    members,
    invitations: [invitation, expired],
    mailer: false,
    origin: 'https://parley.example',
    onInvite: fn(),
    onCancelInvitation: fn(),
    onChangeRole: fn(),
    onRemove: fn(),
  },
} satisfies Meta<typeof MembersPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Owner: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(/No mailer is configured on this server/)).toBeVisible();
    await expect(c.getByRole('button', { name: 'Invite' })).toBeEnabled();
    await expect(c.getByLabelText('Invite link for katherine@example.com')).toHaveValue(
      'https://parley.example/invite/inv_1',
    );
    // The only owner cannot be changed, and says why.
    await expect(c.getByText(reasons.lastOwner)).toBeVisible();
    // Remove is a plain button of its own width (the red one is the confirmation's).
    const remove = c.getAllByRole('button', { name: 'Remove' })[0]!;
    await expect(remove.getBoundingClientRect().width).toBeLessThan(
      remove.closest('li')!.getBoundingClientRect().width / 2,
    );
  },
};
export const OwnerDark: Story = { globals: { theme: 'dark' } };

export const JustInvited: Story = {
  args: { lastInvite: { invitation, emailed: false } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Invitation created for katherine@example.com')).toBeVisible();
    await expect(c.getByLabelText('Invite link')).toHaveValue(
      'https://parley.example/invite/inv_1',
    );
  },
};
export const JustInvitedDark: Story = { ...JustInvited, globals: { theme: 'dark' } };

export const JustInvitedAndMailed: Story = {
  args: { mailer: true, lastInvite: { invitation, emailed: true } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('The link was e-mailed; you can also copy it below.')).toBeVisible();
    await expect(c.queryByText(/No mailer is configured/)).toBeNull();
  },
};
export const JustInvitedAndMailedDark: Story = {
  ...JustInvitedAndMailed,
  globals: { theme: 'dark' },
};

export const Admin: Story = {
  args: { viewer: { userId: 'user_2', role: 'admin' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(reasons.ownerRole)).toBeVisible();
    await expect(c.getByRole('button', { name: 'Invite' })).toBeEnabled();
  },
};
export const AdminDark: Story = { ...Admin, globals: { theme: 'dark' } };

export const Member: Story = {
  args: {
    viewer: { userId: 'user_3', role: 'member' },
    invitations: [{ ...invitation, path: null }],
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(reasons.manage)).toBeVisible();
    await expect(c.getByRole('button', { name: 'Invite' })).toBeDisabled();
    await expect(c.getByRole('button', { name: 'Cancel invitation' })).toBeDisabled();
    await expect(c.queryByLabelText(/Invite link/)).toBeNull();
    // A member may leave (their own row), not remove anyone else.
    await expect(c.getByRole('button', { name: 'Leave' })).toBeEnabled();
    await expect(c.getAllByRole('button', { name: 'Remove' })[0]).toBeDisabled();
  },
};
export const MemberDark: Story = { ...Member, globals: { theme: 'dark' } };

export const NoInvitations: Story = {
  args: { members: members.slice(0, 1), invitations: [] },
  play: shows('No pending invitations.'),
};
export const NoInvitationsDark: Story = { ...NoInvitations, globals: { theme: 'dark' } };

export const Inviting: Story = { args: { inviting: true } };
export const InvitingDark: Story = { args: { inviting: true }, globals: { theme: 'dark' } };

export const Refused: Story = {
  args: { actionError: 'Only an owner can grant or change the owner role' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Only an owner can grant or change the owner role'),
    ).toBeVisible();
  },
};
export const RefusedDark: Story = { ...Refused, globals: { theme: 'dark' } };

export const Loading: Story = { args: { loading: true } };
export const LoadingDark: Story = { args: { loading: true }, globals: { theme: 'dark' } };

export const LoadError: Story = {
  args: { error: 'HTTP 500: Internal Server Error', onRetry: fn() },
  play: shows('Could not load the members'),
};
export const LoadErrorDark: Story = { ...LoadError, globals: { theme: 'dark' } };
