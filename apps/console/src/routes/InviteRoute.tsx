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
      onSignIn={(email) =>
        globalThis.location.assign(
          `/login?${new URLSearchParams({ next: here, ...(email ? { email } : {}) })}`,
        )
      }
      onOpenDashboard={() => navigate('/', { replace: true })}
    />
  );
}
