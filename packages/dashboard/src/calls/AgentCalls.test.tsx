import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '@parley/api-client';
import { DashboardApiProvider } from '../api/ApiContext';
import type { DashboardApi } from '../api/DashboardApi';
import { AgentCalls } from './AgentCalls';
import { fixtureCallDetail, fixtureCalls } from './callFixtures';

function setup(api: Partial<DashboardApi>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DashboardApiProvider api={api as DashboardApi}>
        <AgentCalls agentId="clinic_1" />
      </DashboardApiProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('AgentCalls', () => {
  it('lists the agent’s calls, opens one’s transcript and goes back', async () => {
    const listCalls = vi.fn(async () => fixtureCalls);
    const getCall = vi.fn(async () => fixtureCallDetail);
    const user = setup({ listCalls, getCall });
    expect(await screen.findByText('Caller hung up', {}, { timeout: 5000 })).toBeVisible();
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(fixtureCalls.length + 1);
    expect(listCalls).toHaveBeenCalledWith('clinic_1', expect.any(AbortSignal));
    await user.click(within(rows[3]!).getByRole('button', { name: /^Open the call of/ }));
    const transcript = await screen.findByRole('list', { name: 'Transcript' }, { timeout: 5000 });
    expect(getCall).toHaveBeenCalledWith(fixtureCalls[2]!.conversation_id, expect.any(AbortSignal));
    expect(within(transcript).getAllByRole('listitem')).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'All calls' }));
    expect(await screen.findByText('Caller hung up', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getAllByRole('row')).toHaveLength(fixtureCalls.length + 1);
  });

  it('says why the list failed and Retry asks again', async () => {
    const listCalls = vi
      .fn<DashboardApi['listCalls']>()
      .mockRejectedValueOnce(new ApiError('Agent not found', 404, {}))
      .mockResolvedValueOnce([]);
    const user = setup({ listCalls });
    expect(await screen.findByText('Failed to load calls', {}, { timeout: 5000 })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No calls yet', {}, { timeout: 5000 })).toBeVisible();
  });

  it('asks again every 5 s while a call is running, and stops once none is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const ended = fixtureCalls.map((c) => ({
        ...c,
        ended_at: c.ended_at ?? '2026-11-23T14:06:00.000Z',
        ended_by: c.ended_by ?? 'caller',
        end_reason: c.end_reason ?? 'hangup',
        duration_seconds: c.duration_seconds ?? 60,
      }));
      const listCalls = vi
        .fn<DashboardApi['listCalls']>()
        .mockResolvedValueOnce(fixtureCalls)
        .mockResolvedValue(ended);
      setup({ listCalls });
      expect((await screen.findAllByText('In progress', {}, { timeout: 5000 }))[0]).toBeVisible();
      await vi.advanceTimersByTimeAsync(5000);
      await vi.waitFor(() => expect(screen.queryByText('In progress')).toBeNull(), {
        timeout: 5000,
      });
      expect(listCalls).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(15_000);
      expect(listCalls).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
