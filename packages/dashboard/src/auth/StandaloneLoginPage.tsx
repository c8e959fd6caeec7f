import { useEffect, useState } from 'react';
import { messageOf } from '@parley/api-client';
import { LoginScreen, type LoginMode } from './LoginScreen';
import { createAuthCalls, type AuthCalls } from '../api/authCalls';
import { useThemePreference } from '../shell/useThemePreference';

export interface StandaloneLoginPageProps {
  /** The server's auth endpoints (the real ones unless a test passes others). */
  auth?: AuthCalls;
  /** After signing in, or when already signed in: the standalone page loads the dashboard. */
  onSignedIn?: () => void;
}

/**
 * Where to go once signed in: `?next=` when it is a path of this site (an invite link's page
 * sends people here and back), else the dashboard. Never another site (`//host`, `/\\host`).
 */
export function nextPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next && /^\/(?![/\\])/.test(next) ? next : '/';
}

/** The address an invitation sent here with (`?email=`), when it looks like one; else ''. */
export function emailFromSearch(search: string): string {
  const email = new URLSearchParams(search).get('email')?.trim() ?? '';
  return /^[^\s@]{1,64}@[^\s@]{1,255}$/.test(email) ? email : '';
}

const openDashboard = () => globalThis.location.replace(nextPath(globalThis.location.search));

/**
 * Container of the /login page served on its own (login.html, prerendered at build time and
 * hydrated by src/login.tsx in the console): the same login view as the dashboard's LoginPage,
 * wired to the auth calls alone, without the query cache, the router or the API's schemas.
 */
export function StandaloneLoginPage({
  auth: given,
  onSignedIn = openDashboard,
}: StandaloneLoginPageProps) {
  const [auth] = useState(() => given ?? createAuthCalls());
  const [mode, setMode] = useState<LoginMode>('sign-in');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Read after the first paint (the prerendered HTML has no address in it).
  const [defaultEmail, setDefaultEmail] = useState('');
  useEffect(() => setDefaultEmail(emailFromSearch(globalThis.location?.search ?? '')), []);
  useThemePreference();
  useEffect(() => {
    let live = true;
    auth.signedIn().then(
      (signedIn) => {
        if (signedIn && live) onSignedIn();
      },
      () => {}, // Not known: the form stays; signing in tells.
    );
    return () => {
      live = false;
    };
  }, [auth, onSignedIn]);
  const run = (call: Promise<void>) => {
    setBusy(true);
    setError(null);
    call.then(onSignedIn, (e: unknown) => {
      setBusy(false);
      setError(messageOf(e));
    });
  };
  return (
    <LoginScreen
      mode={mode}
      onModeChange={(m) => {
        setMode(m);
        setError(null);
      }}
      busy={busy}
      error={error}
      onSignIn={(input) => run(auth.signIn(input))}
      onSignUp={(input) => run(auth.signUp(input))}
      defaultEmail={defaultEmail}
    />
  );
}
