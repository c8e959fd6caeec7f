import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, routeFetch } from '@parley/api-client/testing';
import { createAuthCalls } from '../api/authCalls';
import { StandaloneLoginPage } from './StandaloneLoginPage';

const signedOut = () => json({ session: null, user: null });

describe('createAuthCalls', () => {
  it('signs up with the full name, signs in, and reads the session', async () => {
    const fetch = routeFetch({
      'POST /api/auth/sign-up/email': () => json({ token: 't' }),
      'POST /api/auth/sign-in/email': () => json({ token: 't' }),
      'GET /api/auth/get-session': () => json({ session: { id: 's' }, user: { id: 'u' } }),
    });
    const auth = createAuthCalls({ fetch });
    await auth.signUp({ firstName: 'Ada', lastName: 'Lovelace', email: 'a@x.io', password: 'p' });
    await auth.signIn({ email: 'a@x.io', password: 'p' });
    expect(await auth.signedIn()).toBe(true);
    expect(JSON.parse(fetch.calls[0]!.body!)).toEqual({
      name: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'a@x.io',
      password: 'p',
    });
    expect(JSON.parse(fetch.calls[1]!.body!)).toEqual({ email: 'a@x.io', password: 'p' });
    expect(
      await createAuthCalls({
        fetch: routeFetch({ 'GET /api/auth/get-session': signedOut }),
      }).signedIn(),
    ).toBe(false);
  });

  it("fails with the server's message, else 'HTTP {status}: {statusText}'", async () => {
    const fetch = routeFetch({
      'POST /api/auth/sign-in/email': () =>
        json({ message: 'Invalid email or password' }, 401, 'Unauthorized'),
    });
    const auth = createAuthCalls({ fetch });
    await expect(auth.signIn({ email: 'a@x.io', password: 'p' })).rejects.toThrow(
      'Invalid email or password',
    );
    await expect(auth.signedIn()).rejects.toThrow('HTTP 404: Not Found');
  });
});

describe('StandaloneLoginPage', () => {
  it('signs in, shows a failure in a banner, and opens the dashboard once signed in', async () => {
    let answer = json({ message: 'Invalid email or password' }, 401, 'Unauthorized');
    const fetch = routeFetch({
      'GET /api/auth/get-session': signedOut,
      'POST /api/auth/sign-in/email': () => answer,
    });
    const onSignedIn = vi.fn();
    render(<StandaloneLoginPage auth={createAuthCalls({ fetch })} onSignedIn={onSignedIn} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'a@x.io');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('Invalid email or password', {}, { timeout: 5000 }),
    ).toBeVisible();
    expect(onSignedIn).not.toHaveBeenCalled();
    answer = json({ token: 't' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1), { timeout: 5000 });
  });

  it('opens the dashboard at once when the session is already signed in', async () => {
    const fetch = routeFetch({ 'GET /api/auth/get-session': () => json({ session: { id: 's' } }) });
    const onSignedIn = vi.fn();
    render(<StandaloneLoginPage auth={createAuthCalls({ fetch })} onSignedIn={onSignedIn} />);
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1), { timeout: 5000 });
  });
});

describe('nextPath', () => {
  it('goes back to a path of this site, never to another site', async () => {
    const { nextPath } = await import('./StandaloneLoginPage');
    expect(nextPath('?next=%2Finvite%2Fabc')).toBe('/invite/abc');
    expect(nextPath('')).toBe('/');
    expect(nextPath('?next=%2F%2Fevil.example')).toBe('/');
    expect(nextPath('?next=%2F%5Cevil.example')).toBe('/');
    expect(nextPath('?next=https%3A%2F%2Fevil.example')).toBe('/');
  });
});

describe('an invitation’s address', () => {
  it('is filled in from ?email= (sign in and sign up), and a typed one is kept', async () => {
    window.history.replaceState(null, '', '/login?next=%2Finvite%2Fabc&email=grace%40example.com');
    try {
      const fetch = routeFetch({ 'GET /api/auth/get-session': signedOut });
      render(<StandaloneLoginPage auth={createAuthCalls({ fetch })} onSignedIn={vi.fn()} />);
      await vi.waitFor(() =>
        expect(screen.getByLabelText('Email')).toHaveValue('grace@example.com'),
      );
      await userEvent.click(screen.getByRole('tab', { name: 'Sign up' }));
      expect(screen.getByLabelText('Email')).toHaveValue('grace@example.com');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('reads only an address from the URL', async () => {
    const { emailFromSearch } = await import('./StandaloneLoginPage');
    expect(emailFromSearch('?email=grace%40example.com')).toBe('grace@example.com');
    expect(emailFromSearch('?email=not%20an%20address')).toBe('');
    expect(emailFromSearch('')).toBe('');
  });
});
