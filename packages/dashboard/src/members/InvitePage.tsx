import { messageOf } from '@parley/api-client';
import { useMe, useSignOut } from '../api/hooks';
import { useThemePreference } from '../shell/useThemePreference';
import { chooseOrganization } from '../storage/orgChoice';
import { leaveArrivalNotice } from '../storage/arrivalNotice';
import { InviteScreen, joinedText, type InviteState } from './InviteScreen';
import { useInvitation } from './queries';

export interface InvitePageProps {
  invitationId: string;
  /** Opens the login page with the invited address filled in, coming back here once signed in. */
  onSignIn: (invitedEmail: string) => void;
  /** Opens the dashboard (after joining: on the joined organization). */
  onOpenDashboard: () => void;
}

/**
 * Container for /invite/{id}. Accepting opens the dashboard on the joined organization, which
 * says 'You joined {organization} as {role}'.
 */
export function InvitePage({ invitationId, onSignIn, onOpenDashboard }: InvitePageProps) {
  useThemePreference();
  const me = useMe();
  const signOut = useSignOut();
  const { details, accept } = useInvitation(invitationId);
  let state: InviteState;
  if (details.isPending || me.isPending) state = { kind: 'loading' };
  else if (details.error || !details.data)
    state = { kind: 'invalid', message: details.error ? messageOf(details.error) : '' };
  else if (accept.isSuccess) state = { kind: 'joined', invitation: details.data };
  else if (!me.data) state = { kind: 'signed-out', invitation: details.data };
  else if (me.data.user.email.toLowerCase() !== details.data.email.toLowerCase())
    state = { kind: 'wrong-account', invitation: details.data, signedInAs: me.data.user.email };
  else
    state = {
      kind: 'ready',
      invitation: details.data,
      busy: accept.isPending,
      error: accept.error ? messageOf(accept.error) : null,
    };
  return (
    <InviteScreen
      state={state}
      onSignIn={() => onSignIn(details.data?.email ?? '')}
      onSwitchAccount={() =>
        signOut.mutate(undefined, { onSuccess: () => onSignIn(details.data?.email ?? '') })
      }
      onAccept={() =>
        accept.mutate(undefined, {
          onSuccess: (joined) => {
            if (me.data) chooseOrganization(me.data.user.userId, joined.orgId);
            leaveArrivalNotice(joinedText(joined.orgName, joined.role));
            onOpenDashboard();
          },
        })
      }
      onOpenDashboard={onOpenDashboard}
    />
  );
}
