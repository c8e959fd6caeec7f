import { useNavigate } from 'react-router';
import { AccountPage } from '@parley/dashboard';

/** /account: the user's profile and sessions (its own chunk). */
export default function AccountRoute() {
  const navigate = useNavigate();
  return (
    <AccountPage
      onBack={() => navigate('/')}
      onSignedOut={() => navigate('/login', { replace: true })}
    />
  );
}
