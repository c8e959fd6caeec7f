import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { json, routeFetch } from '@parley/api-client/testing';
import { expectNoAxeViolations } from '../../../ui/src/test/axe';
import { DashboardApiProvider } from '../api/ApiContext';
import { createDashboardApi } from '../api/createDashboardApi';
import { KnowledgeBaseTab, type KnowledgeBaseTabProps } from './KnowledgeBaseTab';

const base = {
  id: 'kb1',
  name: 'Clinic FAQ',
  description: 'Opening hours',
  documentCount: 1,
  createdAt: '2025-01-03T10:00:00.000Z',
  indexingTechnique: 'economy',
};
const doc = (status: string) => ({
  id: 'd1',
  name: 'Opening hours',
  wordCount: 42,
  createdAt: '2025-01-03T11:00:00.000Z',
  enabled: true,
  status,
});

function setup(
  routes: Parameters<typeof routeFetch>[0],
  props: Partial<KnowledgeBaseTabProps> = {},
) {
  const fetch = routeFetch(routes);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onSelect = vi.fn();
  const view = render(
    <QueryClientProvider client={client}>
      <DashboardApiProvider api={createDashboardApi({ fetch })}>
        <KnowledgeBaseTab
          orgId="o1"
          selectedId={null}
          onSelect={onSelect}
          origin="https://c.test"
          {...props}
        />
      </DashboardApiProvider>
    </QueryClientProvider>,
  );
  return { fetch, onSelect, ...view };
}

const calls = (fetch: ReturnType<typeof routeFetch>, path: string) =>
  fetch.calls.filter((c) => c.url === path).length;

afterEach(() => {
  vi.useRealTimers();
});

describe('KnowledgeBaseTab', () => {
  it('given a document indexing › refreshes the list every 2 s until it completes, then stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    const { fetch } = setup(
      {
        'GET /api/knowledge-bases': () => json([base]),
        'GET /api/knowledge-bases/kb1/documents': () =>
          json([doc(++reads < 3 ? 'indexing' : 'completed')]),
      },
      { selectedId: 'kb1' },
    );
    const row = await screen.findByRole('row', { name: /Opening hours/ });
    expect(within(row).getByText('indexing')).toBeInTheDocument();
    expect(calls(fetch, '/api/knowledge-bases/kb1/documents')).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(calls(fetch, '/api/knowledge-bases/kb1/documents')).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(calls(fetch, '/api/knowledge-bases/kb1/documents')).toBe(3);
    expect(await within(row).findByText('completed')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(calls(fetch, '/api/knowledge-bases/kb1/documents')).toBe(3);
  });

  it('given a selection from the URL › opens its documents with the sections of a selected base', async () => {
    setup(
      {
        'GET /api/knowledge-bases': () => json([base]),
        'GET /api/knowledge-bases/kb1/documents': () => json([doc('completed')]),
      },
      { selectedId: 'kb1' },
    );
    expect(await screen.findByRole('tab', { name: 'Documents', selected: true })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'API Keys' })).toBeVisible();
    expect(await screen.findByRole('row', { name: /Opening hours/ })).toBeVisible();
  });

  it('given the user is signed out › says so and makes no call', async () => {
    const { fetch, container } = setup(
      { 'GET /api/knowledge-bases': () => json([base]) },
      { session: 'signed-out' },
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You are not logged in. Please login to access Knowledge Bases.',
    );
    expect(fetch.calls).toHaveLength(0);
    await expectNoAxeViolations(container);
  });

  it('given the list answers 401 › the session has expired', async () => {
    const { container } = setup({
      'GET /api/knowledge-bases': () => json({ error: 'Unauthorized' }, 401, 'Unauthorized'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your session has expired. Please refresh the page and login again.',
    );
    await expectNoAxeViolations(container);
  });

  it('given the list fails otherwise › prefixes the server error', async () => {
    setup({
      'GET /api/knowledge-bases': () =>
        json({ error: 'Database unavailable' }, 500, 'Server Error'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to fetch knowledge bases: Database unavailable',
    );
  });

  it('given a base list › shows cards with badges and counts (of the organization it names), without axe violations', async () => {
    const { container, fetch } = setup({
      'GET /api/knowledge-bases': () =>
        json([base, { ...base, id: 'kb2', name: 'Docs', indexingTechnique: 'high_quality' }]),
    });
    const card = await screen.findByRole('article', { name: 'Clinic FAQ' });
    expect(within(card).getByText('ECONOMY')).toBeVisible();
    expect(within(card).getByText('1 document')).toBeVisible();
    expect(
      within(screen.getByRole('article', { name: 'Docs' })).getByText('HQ • VECTOR'),
    ).toBeVisible();
    expect(fetch.calls[0]!.url).toBe('/api/knowledge-bases?organization_id=o1');
    await expectNoAxeViolations(container);
  });

  it('given a base was just created while the caller still shows "create" › the form is gone, so no typing lands in it', async () => {
    const created = { ...base, id: 'kb9', name: 'Acme Policies', documentCount: 0 };
    let bases = [base];
    const { onSelect } = setup(
      {
        'GET /api/knowledge-bases': () => json(bases),
        'POST /api/knowledge-bases': () => {
          bases = [base, created];
          return json(created, 201);
        },
      },
      // The URL (the caller) switches to the new base a moment later, not at once.
      { section: 'create', onSectionChange: vi.fn() },
    );
    const name = await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 5000 });
    fireEvent.change(name, { target: { value: 'Acme Policies' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Knowledge Base' }));
    expect(
      await screen.findByText('Opening knowledge base...', {}, { timeout: 5000 }),
    ).toBeVisible();
    expect(onSelect).toHaveBeenCalledWith('kb9');
    expect(screen.queryByRole('textbox', { name: /^Name/ })).toBeNull();
  });
});
