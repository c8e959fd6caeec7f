import { lazy, Suspense, useMemo } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DashboardApiProvider, createDashboardApi, type DashboardApi } from '@parley/dashboard';
import { Loading } from './Loading';

// Each route's code is loaded when the route is opened: /login does not download the dashboard.
// (The public chat page /chatbot/{id} is not part of the console: see packages/chat-widget.)
const LoginRoute = lazy(() => import('./routes/LoginRoute'));
const AccountRoute = lazy(() => import('./routes/AccountRoute'));
const InviteRoute = lazy(() => import('./routes/InviteRoute'));
const DashboardRoute = lazy(() => import('./routes/DashboardRoute'));
const ConversationsRoute = lazy(() => import('./routes/ConversationsRoute'));

export function AppRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="/login" element={<LoginRoute />} />
        <Route path="/account" element={<AccountRoute />} />
        <Route path="/invite/:invitationId" element={<InviteRoute />} />
        <Route path="/" element={<DashboardRoute />} />
        <Route path="/conversations/:conversationId?" element={<ConversationsRoute />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}

export interface AppProps {
  api?: DashboardApi;
  queryClient?: QueryClient;
}

/**
 * The console: providers, then routes (the dashboard's toast provider comes with its
 * route, see routes/DashboardRoute.tsx). The API is the real one unless a test passes another. */
export function App({ api, queryClient }: AppProps) {
  const client = useMemo(
    () => queryClient ?? new QueryClient({ defaultOptions: { queries: { staleTime: 10_000 } } }),
    [queryClient],
  );
  const dashboardApi = useMemo(() => api ?? createDashboardApi(), [api]);
  return (
    <QueryClientProvider client={client}>
      <DashboardApiProvider api={dashboardApi}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </DashboardApiProvider>
    </QueryClientProvider>
  );
}
