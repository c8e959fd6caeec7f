import { createContext, useContext, type ReactNode } from 'react';
import type { DashboardApi } from './DashboardApi';

const ApiContext = createContext<DashboardApi | null>(null);

export function DashboardApiProvider({
  api,
  children,
}: {
  api: DashboardApi;
  children: ReactNode;
}) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

/** The dashboard's API; throws when used outside DashboardApiProvider. */
export function useDashboardApi(): DashboardApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useDashboardApi must be used inside <DashboardApiProvider>');
  return api;
}
