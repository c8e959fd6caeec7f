import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { json, routeFetch } from '@parley/api-client/testing';
import { createAgentTestsClient } from '@parley/api-client';
import { DashboardApiProvider } from '../../api/ApiContext';
import { createDashboardApi } from '../../api/createDashboardApi';
import { useMakeTest } from './queries';

const made = {
  id: 't1',
  name: 'From a chat conversation of 2026-11-28',
  turns: [{ user: 'Hi', expect: [] }],
  created_at: '2026-11-28T10:00:00Z',
  updated_at: '2026-11-28T10:00:00Z',
};

function setup() {
  let release: () => void = () => undefined;
  const fetch = routeFetch({
    'POST /api/agents/a1/tests/from-conversation': () =>
      new Promise<Response>((resolve) => {
        release = () => resolve(json(made));
      }),
    'GET /api/agents/a1/tests': () => json({ tests: [], tests_must_pass: false, last_run: null }),
  });
  const api = {
    ...createDashboardApi({ fetch }),
    agentTests: createAgentTestsClient({ baseUrl: '/api/agents', fetch }),
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <DashboardApiProvider api={api}>{children}</DashboardApiProvider>
    </QueryClientProvider>
  );
  const posts = () => fetch.calls.filter((c) => c.method === 'POST').length;
  return { ...renderHook(() => useMakeTest('a1'), { wrapper }), posts, release: () => release() };
}

describe('useMakeTest', () => {
  it('a double click makes one test, and a later click another', async () => {
    const { result, posts, release } = setup();
    act(() => {
      result.current.mutate('c1');
      result.current.mutate('c1');
    });
    await waitFor(() => expect(posts()).toBe(1));
    act(() => release());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(posts()).toBe(1);
    act(() => result.current.mutate('c1'));
    await waitFor(() => expect(posts()).toBe(2));
  });
});
