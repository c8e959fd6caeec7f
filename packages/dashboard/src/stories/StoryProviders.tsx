import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { ToastProvider, TooltipProvider } from '@parley/ui';
import { DashboardApiProvider } from '../api/ApiContext';
import { createDashboardApi } from '../api/createDashboardApi';

/** Container stories: a fresh query cache, the real API client (MSW answers), a router. */
export function StoryProviders({
  children,
  initialPath = '/',
}: {
  children: ReactNode;
  initialPath?: string;
}) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  );
  const [api] = useState(() => createDashboardApi({ runtimeUrl: 'http://localhost:3000/v1' }));
  return (
    <QueryClientProvider client={client}>
      <DashboardApiProvider api={api}>
        <TooltipProvider>
          <ToastProvider>
            <MemoryRouter initialEntries={[initialPath]}>{children}</MemoryRouter>
          </ToastProvider>
        </TooltipProvider>
      </DashboardApiProvider>
    </QueryClientProvider>
  );
}
