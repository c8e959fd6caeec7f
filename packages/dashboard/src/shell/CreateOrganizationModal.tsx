import { useState, type FormEvent } from 'react';
import { Banner, Button, Dialog, TextField } from '@parley/ui';
import { orgNameSchema } from '@parley/api-client';
import * as styles from './shell.css';

export interface CreateOrganizationModalProps {
  open: boolean;
  busy?: boolean;
  /** A server error (its first name error when it sends a list). */
  error?: string | null;
  onCreate: (orgName: string) => void;
  /**
   * Logs out from behind the modal (a member without an organization is not stuck). Shown with
   * the signed-in address when given.
   */
  onLogout?: () => void;
  loggingOut?: boolean;
  /** The signed-in address, shown beside Log out. */
  email?: string;
  /**
   * Another organization for a user who has one already (the navbar's 'Create organization'):
   * titled 'Create an organization', and Cancel (or Escape) closes it.
   */
  another?: boolean;
  onCancel?: () => void;
}

export const createAnotherTitle = 'Create an organization';

/**
 * The first-run modal: 'Welcome! Create Your Organization', which cannot be dismissed; or, with
 * `another`, 'Create an organization' for one more (Cancel closes it).
 */
export function CreateOrganizationModal({
  open,
  busy,
  error,
  onCreate,
  onLogout,
  loggingOut = false,
  email,
  another = false,
  onCancel,
}: CreateOrganizationModalProps) {
  const [name, setName] = useState('');
  const [validation, setValidation] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = orgNameSchema.safeParse(name);
    if (!parsed.success) {
      setValidation(parsed.error.issues[0]?.message ?? 'Organization name is required');
      return;
    }
    setValidation(null);
    onCreate(parsed.data);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && another) onCancel?.();
      }}
      dismissible={another}
      title={another ? createAnotherTitle : 'Welcome! Create Your Organization'}
      description={
        another
          ? 'A separate organization with its own agents, numbers, members and keys. You are its Owner; you can switch between your organizations in the navbar.'
          : 'Your agents, numbers and knowledge bases live in an organization. You are its Owner.'
      }
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label="Organization name"
          value={name}
          onChange={(v) => {
            setName(v);
            setValidation(null);
          }}
          placeholder="Acme Support"
          errorMessage={validation ?? undefined}
          autoFocus
        />
        {error ? (
          <Banner tone="error" title="Failed to create organization" message={error} />
        ) : null}
        <div className={styles.modalActions}>
          {onLogout ? (
            <span className={styles.modalLogout}>
              {email ? <span className={styles.modalSignedIn}>Signed in as {email}</span> : null}
              <Button
                variant="ghost"
                onClick={onLogout}
                busy={loggingOut}
                busyLabel="Logging out..."
              >
                Log out
              </Button>
            </span>
          ) : null}
          {another && onCancel ? (
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" busy={busy} busyLabel="Creating...">
            Create Organization
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
