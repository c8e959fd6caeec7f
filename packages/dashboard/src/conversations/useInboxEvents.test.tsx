import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DashboardApiProvider } from '../api/ApiContext';
import { createDashboardApi } from '../api/createDashboardApi';
import { conversationsKeys } from './queries';
import { useInboxEvents } from './useInboxEvents';

/** An EventSource the test drives: what the server would send, an error, and whether it closed. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  send(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  close() {
    this.closed = true;
  }
}

function setup() {
  FakeEventSource.opened = [];
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const list = conversationsKeys.list({ organization_id: 'org-1' });
  const latest = conversationsKeys.latest('org-1');
  const open = conversationsKeys.thread('conv-1');
  const other = conversationsKeys.thread('conv-2');
  for (const key of [list, latest, open, other]) qc.setQueryData(key, { seeded: true });
  const api = createDashboardApi();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>
      <DashboardApiProvider api={api}>{children}</DashboardApiProvider>
    </QueryClientProvider>
  );
  const hook = renderHook(
    () =>
      useInboxEvents('org-1', {
        EventSource: FakeEventSource as unknown as typeof EventSource,
        batchMs: 0,
      }),
    { wrapper },
  );
  const stale = (key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated;
  return {
    qc,
    hook,
    source: () => FakeEventSource.opened[0]!,
    keys: { list, latest, open, other },
    stale,
  };
}

describe('useInboxEvents', () => {
  it("connects to the organization's stream; an event has the lists and that thread read again", async () => {
    const { hook, source, keys, stale } = setup();
    expect(source().url).toBe('/api/conversations/events?organization_id=org-1');
    expect(hook.result.current).toBe(false);
    act(() => source().send({ event: 'ready', organization_id: 'org-1' }));
    expect(hook.result.current).toBe(true);
    expect(stale(keys.list)).toBe(false);

    act(() => source().send({ event: 'message', conversation_id: 'conv-1' }));
    await waitFor(() => expect(stale(keys.list)).toBe(true));
    expect(stale(keys.latest)).toBe(true);
    expect(stale(keys.open)).toBe(true);
    expect(stale(keys.other)).toBe(false);
    // Something not of the contract changes nothing.
    act(() => source().send({ event: 'message', text: 'hello' }));
    expect(stale(keys.other)).toBe(false);

    hook.unmount();
    expect(source().closed).toBe(true);
  });

  it('an error shows as not connected (the lists keep polling); reconnected, the lists are read again', async () => {
    const { qc, hook, source, keys, stale } = setup();
    act(() => source().send({ event: 'ready', organization_id: 'org-1' }));
    act(() => source().onerror?.());
    expect(hook.result.current).toBe(false);
    const spy = vi.spyOn(qc, 'invalidateQueries');
    act(() => source().send({ event: 'ready', organization_id: 'org-1' }));
    expect(hook.result.current).toBe(true);
    await waitFor(() => expect(stale(keys.list)).toBe(true));
    expect(spy).toHaveBeenCalledTimes(1);
    expect(stale(keys.open)).toBe(false);
  });
});
