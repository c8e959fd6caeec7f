import { useEffect, useState, type FormEvent } from 'react';
import { Banner, Button, Card, Tabs, TextField } from '@parley/ui';
import * as styles from './LoginScreen.css';

export type LoginMode = 'sign-in' | 'sign-up';

export interface LoginScreenProps {
  mode: LoginMode;
  onModeChange: (mode: LoginMode) => void;
  busy?: boolean;
  error?: string | null;
  onSignIn: (input: { email: string; password: string }) => void;
  onSignUp: (input: {
    firstName: string;
    lastName: string;
    email: string;
    password: string;
  }) => void;
  /**
   * The address to start with (an invitation's: `/login?email=`). Filled in after the page is
   * shown, so the prerendered HTML and the script agree; a typed address is kept.
   */
  defaultEmail?: string;
}

/** Sign in and sign up (props in, events out). */
export function LoginScreen({
  mode,
  onModeChange,
  busy,
  error,
  onSignIn,
  onSignUp,
  defaultEmail,
}: LoginScreenProps) {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  useEffect(() => {
    if (defaultEmail) setEmail((typed) => typed || defaultEmail);
  }, [defaultEmail]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (mode === 'sign-up')
      onSignUp({
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        email: email.trim(),
        password,
      });
    else onSignIn({ email: email.trim(), password });
  };

  const canSubmit =
    email.trim() !== '' && password.length >= 8 && (mode === 'sign-in' || firstName.trim() !== '');

  return (
    <main className={styles.page}>
      <Card className={styles.card}>
        <h1 className={styles.title}>Parley</h1>
        <p className={styles.subtitle}>Build, test and ship AI chat and voice agents.</p>
        <Tabs
          label="Account"
          layout="tabs"
          value={mode}
          onValueChange={(v) => onModeChange(v as LoginMode)}
          items={[
            { value: 'sign-in', label: 'Sign in' },
            { value: 'sign-up', label: 'Sign up' },
          ]}
        >
          <form className={styles.form} onSubmit={submit} noValidate>
            {mode === 'sign-up' ? (
              <div className={styles.row}>
                <TextField
                  label="First name"
                  value={firstName}
                  onChange={setFirstName}
                  autoComplete="given-name"
                />
                <TextField
                  label="Last name"
                  value={lastName}
                  onChange={setLastName}
                  autoComplete="family-name"
                />
              </div>
            ) : null}
            <TextField
              label="Email"
              type="email"
              value={email}
              onChange={setEmail}
              autoComplete="email"
            />
            <TextField
              label="Password"
              type="password"
              value={password}
              onChange={setPassword}
              autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
              description={mode === 'sign-up' ? 'At least 8 characters.' : undefined}
            />
            {error ? <Banner tone="error" title={error} /> : null}
            <Button
              type="submit"
              fullWidth
              disabled={!canSubmit}
              busy={busy}
              busyLabel={mode === 'sign-up' ? 'Creating account...' : 'Signing in...'}
            >
              {mode === 'sign-up' ? 'Create account' : 'Sign in'}
            </Button>
          </form>
        </Tabs>
      </Card>
    </main>
  );
}
