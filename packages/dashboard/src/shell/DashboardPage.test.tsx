import { lazy, StrictMode, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DashboardApiProvider } from '../api/ApiContext';
import type { DashboardApi } from '../api/DashboardApi';
import { DashboardPage } from './DashboardPage';
import { meWithOrg } from '../stories/fixtures';
import { orgCreatedText } from './tabs';
import { arrivalNoticeKey } from '../storage/arrivalNotice';

afterEach(() => sessionStorage.clear());

/**
 * A sibling whose code is still loading when the page first renders (as the console's lazily
 * loaded toasts are): React throws that first render of the whole tree away and renders again.
 */
const LoadingSibling = lazy(async () => ({ default: () => null }));

function renderPage() {
  const api = {
    me: vi.fn(async () => meWithOrg),
    listAgents: vi.fn(async () => []),
    listPhoneNumbers: vi.fn(async () => []),
    listMailboxMappings: vi.fn(async () => []),
  } as unknown as DashboardApi;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <DashboardApiProvider api={api}>
          <MemoryRouter initialEntries={['/?tab=agents&view=nowhere']}>
            <Suspense fallback={null}>
              <LoadingSibling />
              <DashboardPage onSignedOut={() => {}} onAccount={() => {}} />
            </Suspense>
          </MemoryRouter>
        </DashboardApiProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

describe('DashboardPage: the notice that survives the reload after creating an organization', () => {
  it("shows 'Organization created successfully!' once, even when a render is thrown away", async () => {
    sessionStorage.setItem(arrivalNoticeKey, orgCreatedText);
    renderPage();
    expect(await screen.findByText(orgCreatedText, {}, { timeout: 5000 })).toBeVisible();
    // Shown once: the next page load does not show it again.
    expect(sessionStorage.getItem(arrivalNoticeKey)).toBeNull();
    // The tab's own code (loaded lazily) arrives before the test ends, not after its teardown.
    await vi.dynamicImportSettled();
  });
});
