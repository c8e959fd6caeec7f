import { useEffect, useState, type FormEvent } from 'react';
import {
  Badge,
  Banner,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  RetryBanner,
  Spinner,
  TextField,
} from '@parley/ui';
import {
  apiKeyScopeDescriptions,
  apiKeyNameMaxLength,
  apiKeyScopes,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyResponse,
} from '@parley/api-client';
import {
  apiKeyReasons,
  canManageKeys,
  lastUsedLabel,
  newKeyErrors,
  toggleScope,
} from './apiKeyRules';
import { CreatedKeyDialog } from './CreatedKeyDialog';
import * as styles from './apiKeys.css';

export interface ApiKeysPanelProps {
  /** The viewer's role in the organization (owners and admins manage keys). */
  viewerRole: string | null | undefined;
  keys: ApiKey[];
  /** Now, for 'Used 5 minutes ago' (epoch ms). */
  now: number;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** The refusal of the last create or revoke, in the server's words. */
  actionError?: string | null;
  creating?: boolean;
  /** The key just created, shown once in a dialog until dismissed. */
  created?: CreateApiKeyResponse | null;
  onDismissCreated: () => void;
  /** The key being revoked. */
  revokingId?: string | null;
  onCreate: (input: { name: string; scopes: ApiKeyScope[] }) => void;
  onRevoke: (id: string) => void;
}

const createdOn = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * API keys (on /account, beside Members): the organization's keys, masked, with their scopes and
 * last use; owners and admins create one (a name and scopes; the key shown once with Copy) and
 * revoke one after confirming. Members see the list, the controls disabled with the reason.
 */
export function ApiKeysPanel(props: ApiKeysPanelProps) {
  const { keys, created = null } = props;
  const canManage = canManageKeys(props.viewerRole);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const errors = submitted ? newKeyErrors({ name, scopes }) : {};

  // A key was made: the form starts again.
  useEffect(() => {
    if (!created) return;
    setName('');
    setScopes([]);
    setSubmitted(false);
  }, [created]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const problems = newKeyErrors({ name, scopes });
    if (!canManage || props.creating || problems.name || problems.scopes) return;
    props.onCreate({ name: name.trim(), scopes });
  };

  if (props.loading)
    return (
      <Card title="API keys">
        <Spinner label="Loading API keys" />
      </Card>
    );
  if (props.error)
    return (
      <Card title="API keys">
        <RetryBanner
          title="Could not load the API keys"
          message={props.error}
          onRetry={props.onRetry}
        />
      </Card>
    );

  return (
    <Card title="API keys">
      <div className={styles.stack}>
        <p className={styles.muted}>
          Keys let CI, scripts and the parley CLI call this organization’s API (the{' '}
          <code className={styles.mono}>x-api-key</code> header), limited to the scopes you choose.
        </p>
        {!canManage ? <Banner tone="info" title={apiKeyReasons.manage} /> : null}
        <form className={styles.form} onSubmit={submit} noValidate aria-label="Create an API key">
          <TextField
            label="Key name"
            value={name}
            onChange={setName}
            placeholder="GitHub Actions"
            description="What uses the key, so you know which to revoke"
            errorMessage={errors.name}
            disabled={!canManage || props.creating}
            maxLength={apiKeyNameMaxLength + 1}
          />
          <fieldset className={styles.scopes} disabled={!canManage || props.creating}>
            <legend className={styles.legend}>Scopes</legend>
            {apiKeyScopes.map((scope) => (
              <label key={scope} className={styles.scope}>
                <input
                  type="checkbox"
                  className={styles.checkbox}
                  checked={scopes.includes(scope)}
                  onChange={(e) => setScopes(toggleScope(scopes, scope, e.currentTarget.checked))}
                />
                <span className={styles.scopeText}>
                  <span className={styles.mono}>{scope}</span>
                  <span className={styles.muted}>{apiKeyScopeDescriptions[scope]}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {errors.scopes ? (
            <p className={styles.error} role="alert">
              {errors.scopes}
            </p>
          ) : null}
          <div>
            <Button
              type="submit"
              busy={props.creating}
              busyLabel="Creating..."
              disabled={!canManage}
            >
              Create key
            </Button>
          </div>
        </form>
        {props.actionError ? <Banner tone="error" title={props.actionError} /> : null}

        <h3 className={styles.sectionTitle}>Active keys ({keys.length})</h3>
        {keys.length === 0 ? (
          <EmptyState
            title="No API keys yet"
            hint="A key made here is shown once; then only its last four characters."
          />
        ) : (
          <ul className={styles.list} aria-label="API keys">
            {keys.map((key) => (
              <li key={key.id} className={styles.row} aria-label={key.name}>
                <div className={styles.who}>
                  <span className={styles.name}>
                    {key.name} <span className={styles.mono}>{key.key_hint}</span>
                  </span>
                  <span className={styles.badges}>
                    {key.scopes.map((s) => (
                      <Badge key={s} tone="info">
                        {s}
                      </Badge>
                    ))}
                  </span>
                  <span className={styles.muted}>
                    Created {createdOn(key.created_at)}
                    {key.created_by ? ` by ${key.created_by}` : ''} ·{' '}
                    {lastUsedLabel(key.last_used_at, props.now)}
                  </span>
                </div>
                <Button
                  variant="danger"
                  size="sm"
                  disabled={!canManage}
                  busy={props.revokingId === key.id}
                  busyLabel="Revoking..."
                  onClick={() => setRevoking(key)}
                  aria-label={`Revoke ${key.name}`}
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <CreatedKeyDialog created={created} onDone={props.onDismissCreated} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? null : setRevoking(null))}
        title="Revoke API key?"
        message={
          revoking
            ? `“${revoking.name}” (${revoking.key_hint}) stops working at once: whatever uses it gets 401 from now on.`
            : ''
        }
        confirmLabel="Revoke"
        tone="danger"
        onConfirm={() => {
          if (revoking) props.onRevoke(revoking.id);
          setRevoking(null);
        }}
      />
    </Card>
  );
}
