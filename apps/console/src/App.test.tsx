import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { json, routeFetch } from '@parley/api-client/testing';
import { createDashboardApi } from '@parley/dashboard';
import { App } from './App';

/** The server of a signed-out visitor, as the real client asks it. */
const signedOut = {
  'GET /api/org/me': () => json({ error: 'Unauthorized' }, 401, 'Unauthorized'),
  'GET /api/auth/get-session': () => json(null),
};

describe('App', () => {
  it('given a signed-out visit to / › redirects to /login and shows the sign-in form', async () => {
    window.history.replaceState(null, '', '/');
    const fetch = routeFetch(signedOut);
    render(<App api={createDashboardApi({ fetch })} />);
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Parley' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
    // Every call went to a route the server has (an unknown path would answer 404).
    const asked = new Set(
      fetch.calls.map((c) => `${c.method} ${new URL(c.url, 'http://x').pathname}`),
    );
    expect(asked).toContain('GET /api/org/me');
    expect([...asked].filter((call) => !(call in signedOut))).toEqual([]);
  });
});
