import { useNavigate, useParams } from 'react-router';
import { InvitePage } from '@parley/dashboard';

/** /invite/{id}: an invite link; signing in comes back here (login.html's ?next=). */
export default function InviteRoute() {
  const navigate = useNavigate();
  const { invitationId = '' } = useParams();
  const here = `/invite/${encodeURIComponent(invitationId)}`;
  return (
    <InvitePage
      invitationId={invitationId}
      onSignIn={() => globalThis.location.assign(`/login?next=${encodeURIComponent(here)}`)}
      onOpenDashboard={() => navigate('/', { replace: true })}
    />
  );
}
