import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import type { InvitationDetails } from '@parley/api-client';
import { InviteScreen } from './InviteScreen';
import { shows } from '../stories/plays';

const invitation: InvitationDetails = {
  id: 'inv_1',
  organizationName: 'Acme Labs',
  email: 'grace@example.com',
  role: 'member',
  status: 'pending',
  inviterName: 'Ada Lovelace',
  expiresAt: '2026-12-08T00:00:00.000Z',
};

const meta = {
  title: 'Dashboard/Invite',
  component: InviteScreen,
  args: {
    state: { kind: 'signed-out', invitation },
    onSignIn: fn(),
    onSwitchAccount: fn(),
    onAccept: fn(),
    onOpenDashboard: fn(),
  },
} satisfies Meta<typeof InviteScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const dark = { globals: { theme: 'dark' } };

export const SignedOut: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { name: 'Join Acme Labs' })).toBeVisible();
    await expect(c.getByRole('button', { name: 'Sign in or sign up to join' })).toBeEnabled();
  },
};
export const SignedOutDark: Story = { ...SignedOut, ...dark };

export const Ready: Story = {
  args: { state: { kind: 'ready', invitation } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    c.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(args.onAccept).toHaveBeenCalled();
  },
};
export const ReadyDark: Story = { args: { state: { kind: 'ready', invitation } }, ...dark };

export const Joining: Story = { args: { state: { kind: 'ready', invitation, busy: true } } };
export const JoiningDark: Story = { ...Joining, ...dark };

export const AcceptFailed: Story = {
  args: {
    state: { kind: 'ready', invitation, error: 'You are not the recipient of the invitation' },
  },
};
export const AcceptFailedDark: Story = { ...AcceptFailed, ...dark };

export const WrongAccount: Story = {
  args: { state: { kind: 'wrong-account', invitation, signedInAs: 'alan@example.com' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('You are signed in as alan@example.com')).toBeVisible();
  },
};
export const WrongAccountDark: Story = { ...WrongAccount, ...dark };

export const Joined: Story = {
  args: { state: { kind: 'joined', invitation } },
  play: shows('You joined Acme Labs as Member'),
};
export const JoinedDark: Story = { ...Joined, ...dark };

export const Expired: Story = {
  args: { state: { kind: 'signed-out', invitation: { ...invitation, status: 'expired' } } },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('This invitation has expired. Ask for a new one.'),
    ).toBeVisible();
  },
};
export const ExpiredDark: Story = { ...Expired, ...dark };

export const Invalid: Story = {
  args: { state: { kind: 'invalid', message: 'Invitation not found' } },
};
export const InvalidDark: Story = { ...Invalid, ...dark };

export const Loading: Story = { args: { state: { kind: 'loading' } } };
export const LoadingDark: Story = { ...Loading, ...dark };
