import { useState } from 'react';
import { createOutcomesClient, type OutcomesClient } from '@parley/api-client';
import { useDashboardApi } from './ApiContext';

/**
 * The outcomes client (docs/outcomes.md): the dashboard API's own when it has one (tests), else
 * one on this origin with the session's cookie — made here, in the lazy chunk that asks for it,
 * so the outcomes' contract stays out of the first tab's bundle.
 */
export function useOutcomesApi(): OutcomesClient {
  const api = useDashboardApi();
  const [client] = useState(() => api.outcomes ?? createOutcomesClient({ baseUrl: '/api' }));
  return client;
}
