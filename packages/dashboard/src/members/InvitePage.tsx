import type { FetchLike } from '@parley/api-client';
import { messageOf } from '@parley/api-client';
import { useMe, useSignOut } from '../api/hooks';
import { useThemePreference } from '../shell/useThemePreference';
import { InviteScreen, type InviteState } from './InviteScreen';
import { useInvitation } from './queries';

export interface InvitePageProps {
  invitationId: string;
  /** Opens the login page, coming back here once signed in. */
  onSignIn: () => void;
  onOpenDashboard: () => void;
  fetch?: FetchLike;
}

/** Container for /invite/{id}. */
export function InvitePage({ invitationId, onSignIn, onOpenDashboard, fetch }: InvitePageProps) {
  useThemePreference();
  const me = useMe();
  const signOut = useSignOut();
  const { details, accept } = useInvitation(invitationId, fetch);
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
      onSignIn={onSignIn}
      onSwitchAccount={() => signOut.mutate(undefined, { onSuccess: onSignIn })}
      onAccept={() => accept.mutate()}
      onOpenDashboard={onOpenDashboard}
    />
  );
}
