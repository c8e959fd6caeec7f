import { useNavigate } from 'react-router';
import { DashboardPage } from '@parley/dashboard';
import { ToastProvider } from '@parley/ui';

/**
 * /: the dashboard (its tabs load their own code when opened). No TooltipProvider here: the views
 * with tooltips wrap their own (a Tooltip alone brings one), so the first tab loads no tooltip code.
 */
export default function DashboardRoute() {
  const navigate = useNavigate();
  return (
    <ToastProvider>
      <DashboardPage
        onSignedOut={() => navigate('/login', { replace: true })}
        onAccount={() => navigate('/account')}
      />
    </ToastProvider>
  );
}
