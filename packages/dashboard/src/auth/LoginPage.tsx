import { useEffect, useState } from 'react';
import { useSignedIn, useSignIn, useSignUp } from './queries';
import { LoginScreen, type LoginMode } from './LoginScreen';
import { useThemePreference } from '../shell/useThemePreference';
import { emailFromSearch } from './StandaloneLoginPage';

/** Container: wires the login view to the auth calls; `onSignedIn` navigates to the dashboard. */
export function LoginPage({ onSignedIn }: { onSignedIn: () => void }) {
  const [mode, setMode] = useState<LoginMode>('sign-in');
  const signIn = useSignIn();
  const signUp = useSignUp();
  const signedInNow = useSignedIn();
  useThemePreference();
  const active = mode === 'sign-in' ? signIn : signUp;
  const signedIn = signedInNow.data === true;
  useEffect(() => {
    if (signedIn) onSignedIn();
  }, [signedIn, onSignedIn]);
  return (
    <LoginScreen
      mode={mode}
      onModeChange={(m) => {
        setMode(m);
        signIn.reset();
        signUp.reset();
      }}
      busy={active.isPending}
      error={active.error ? active.error.message : null}
      onSignIn={(input) => signIn.mutate(input, { onSuccess: onSignedIn })}
      onSignUp={(input) => signUp.mutate(input, { onSuccess: onSignedIn })}
      defaultEmail={emailFromSearch(globalThis.location?.search ?? '')}
    />
  );
}
