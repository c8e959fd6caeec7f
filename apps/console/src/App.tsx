import { useMemo } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  AccountPage,
  DashboardApiProvider,
  DashboardPage,
  LoginPage,
  createDashboardApi,
  type DashboardApi,
} from '@parley/dashboard';
import { ToastProvider, TooltipProvider } from '@parley/ui';
import { PublicChatRoute } from './PublicChatRoute';

function LoginRoute() {
  const navigate = useNavigate();
  return <LoginPage onSignedIn={() => navigate('/', { replace: true })} />;
}

function DashboardRoute() {
  const navigate = useNavigate();
  return (
    <DashboardPage
      onSignedOut={() => navigate('/login', { replace: true })}
      onAccount={() => navigate('/account')}
    />
  );
}

function AccountRoute() {
  const navigate = useNavigate();
  return (
    <AccountPage
      onBack={() => navigate('/')}
      onSignedOut={() => navigate('/login', { replace: true })}
    />
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginRoute />} />
      <Route path="/account" element={<AccountRoute />} />
      <Route path="/chatbot/:agentId" element={<PublicChatRoute />} />
      <Route path="/" element={<DashboardRoute />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

export interface AppProps {
  api?: DashboardApi;
  queryClient?: QueryClient;
}

/** The console: providers, then routes. The API is the real one unless a test passes another. */
export function App({ api, queryClient }: AppProps) {
  const client = useMemo(
    () => queryClient ?? new QueryClient({ defaultOptions: { queries: { staleTime: 10_000 } } }),
    [queryClient],
  );
  const dashboardApi = useMemo(() => api ?? createDashboardApi(), [api]);
  return (
    <QueryClientProvider client={client}>
      <DashboardApiProvider api={dashboardApi}>
        <TooltipProvider>
          <ToastProvider>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </ToastProvider>
        </TooltipProvider>
      </DashboardApiProvider>
    </QueryClientProvider>
  );
}
