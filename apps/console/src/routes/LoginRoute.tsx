import { useNavigate } from 'react-router';
import { LoginPage } from '@parley/dashboard';

/** /login: sign in or sign up (its own chunk). */
export default function LoginRoute() {
  const navigate = useNavigate();
  return <LoginPage onSignedIn={() => navigate('/', { replace: true })} />;
}
