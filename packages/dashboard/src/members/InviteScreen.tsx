import { Banner, Button, Card, Spinner } from '@parley/ui';
import type { InvitationDetails } from '@parley/api-client';
import { roleLabel } from './memberRules';
import * as account from '../account/account.css';
import * as styles from './members.css';

export type InviteState =
  | { kind: 'loading' }
  | { kind: 'invalid'; message: string }
  | { kind: 'signed-out'; invitation: InvitationDetails }
  | { kind: 'wrong-account'; invitation: InvitationDetails; signedInAs: string }
  | { kind: 'ready'; invitation: InvitationDetails; busy?: boolean; error?: string | null }
  | { kind: 'joined'; invitation: InvitationDetails };

export interface InviteScreenProps {
  state: InviteState;
  onSignIn: () => void;
  onSwitchAccount: () => void;
  onAccept: () => void;
  onOpenDashboard: () => void;
}

/** 'You joined Acme as Admin' (the invite page and, after it, the dashboard say so). */
export const joinedText = (organizationName: string, role: string) =>
  `You joined ${organizationName} as ${roleLabel(role)}`;

const closed: Record<string, string> = {
  expired: 'This invitation has expired. Ask for a new one.',
  canceled: 'This invitation was cancelled.',
  accepted: 'This invitation has already been used.',
  rejected: 'This invitation was declined.',
};

/** /invite/{id}: the invitee sees the organization and role, signs in or up, and joins. */
export function InviteScreen({
  state,
  onSignIn,
  onSwitchAccount,
  onAccept,
  onOpenDashboard,
}: InviteScreenProps) {
  if (state.kind === 'loading')
    return (
      <main className={account.page}>
        <Spinner label="Loading invitation" />
      </main>
    );
  if (state.kind === 'invalid')
    return (
      <main className={account.page}>
        <h1 className={account.heading}>Invitation</h1>
        <Banner tone="error" title="This invitation link is not valid" message={state.message} />
      </main>
    );
  const inv = state.invitation;
  const closedReason =
    inv.status !== 'pending' && state.kind !== 'joined' ? closed[inv.status] : null;
  return (
    <main className={account.page}>
      <h1 className={account.heading}>Join {inv.organizationName}</h1>
      <Card title="Invitation">
        <div className={styles.stack}>
          <dl className={account.list}>
            <dt>Organization</dt>
            <dd>{inv.organizationName}</dd>
            <dt>Invited address</dt>
            <dd>{inv.email}</dd>
            <dt>Role</dt>
            <dd>{roleLabel(inv.role)}</dd>
            {inv.inviterName ? (
              <>
                <dt>Invited by</dt>
                <dd>{inv.inviterName}</dd>
              </>
            ) : null}
          </dl>
          {closedReason ? (
            <Banner tone="warning" title={closedReason} />
          ) : state.kind === 'signed-out' ? (
            <>
              <p className={styles.muted}>
                Sign in, or create an account, with {inv.email} to join.
              </p>
              <Button onClick={onSignIn}>Sign in or sign up to join</Button>
            </>
          ) : state.kind === 'wrong-account' ? (
            <>
              <Banner
                tone="warning"
                title={`You are signed in as ${state.signedInAs}`}
                message={`This invitation is for ${inv.email}. Sign in with that address to join.`}
              />
              <Button variant="secondary" onClick={onSwitchAccount}>
                Sign out and switch account
              </Button>
            </>
          ) : state.kind === 'ready' ? (
            <>
              {state.error ? <Banner tone="error" title={state.error} /> : null}
              <Button onClick={onAccept} busy={state.busy} busyLabel="Joining...">
                Accept invitation
              </Button>
            </>
          ) : (
            <>
              <Banner tone="success" title={joinedText(inv.organizationName, inv.role)} />
              <Button onClick={onOpenDashboard}>Open {inv.organizationName}</Button>
            </>
          )}
        </div>
      </Card>
    </main>
  );
}
