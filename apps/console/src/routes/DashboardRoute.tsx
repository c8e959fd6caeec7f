import { useNavigate } from 'react-router';
import { DashboardPage } from '@parley/dashboard';
import { ToastProvider, TooltipProvider } from '@parley/ui';

/** /: the dashboard (its tabs load their own code when opened). */
export default function DashboardRoute() {
  const navigate = useNavigate();
  return (
    <TooltipProvider>
      <ToastProvider>
        <DashboardPage
          onSignedOut={() => navigate('/login', { replace: true })}
          onAccount={() => navigate('/account')}
        />
      </ToastProvider>
    </TooltipProvider>
  );
}
