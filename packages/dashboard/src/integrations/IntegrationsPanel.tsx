import { useState, type FormEvent } from 'react';
import {
  integrationProviders,
  type Integration,
  type IntegrationProviderInfo,
  type IntegrationTestResult,
} from '@parley/api-client';
import {
  Badge,
  Banner,
  Button,
  Card,
  ConfirmDialog,
  CopyField,
  Spinner,
  TextField,
} from '@parley/ui';
import { CheckIcon, CrossIcon } from '../icons';
import * as styles from './integrations.css';

/** What is under way (or came back) for one provider. */
export interface ProviderActivity {
  saving?: boolean;
  testing?: boolean;
  removing?: boolean;
  /** The last 'Test' answer in this session. */
  test?: IntegrationTestResult;
  /** A failed Save/Remove, in the server's words. */
  error?: string;
}

export interface IntegrationsPanelProps {
  orgName: string;
  loading?: boolean;
  /** Loading the list failed (server's words). */
  error?: string | null;
  onRetry?: () => void;
  integrations: Integration[];
  activity?: Partial<Record<string, ProviderActivity>>;
  onSave: (provider: string, credentials: Record<string, string>) => void;
  onTest: (provider: string) => void;
  onRemove: (provider: string) => void;
  /**
   * Why this user may not set, test or remove keys (a member): the fields and buttons stay
   * visible, disabled, with the reason beside them (docs/roles.md).
   */
  disabledReason?: string | null;
}

/** The organization's provider keys: one card per provider (props in, events out). */
export function IntegrationsPanel(props: IntegrationsPanelProps) {
  const { orgName, loading, error, onRetry, integrations, activity = {} } = props;
  return (
    <section aria-labelledby="integrations-title" className={styles.page}>
      <header className={styles.header}>
        <h1 id="integrations-title">Integrations</h1>
        <p className={styles.muted}>
          API keys for {orgName}. Keys are stored encrypted and only the last 4 characters are ever
          shown.
        </p>
      </header>
      {loading ? (
        <Spinner label="Loading integrations" />
      ) : error ? (
        <Banner
          tone="error"
          title="Could not load integrations"
          message={error}
          action={onRetry ? { label: 'Try again', onClick: onRetry } : undefined}
        />
      ) : (
        <ul className={styles.list} aria-label="Providers">
          {integrationProviders.map((info) => (
            <li key={info.provider}>
              <ProviderCard
                info={info}
                stored={integrations.find((i) => i.provider === info.provider) ?? null}
                activity={activity[info.provider] ?? {}}
                onSave={(c) => props.onSave(info.provider, c)}
                onTest={() => props.onTest(info.provider)}
                onRemove={() => props.onRemove(info.provider)}
                disabledReason={props.disabledReason ?? null}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface ProviderCardProps {
  info: IntegrationProviderInfo;
  stored: Integration | null;
  activity: ProviderActivity;
  onSave: (credentials: Record<string, string>) => void;
  onTest: () => void;
  onRemove: () => void;
  disabledReason: string | null;
}

const emptyDraft = (info: IntegrationProviderInfo) =>
  Object.fromEntries(info.fields.map((f) => [f.name, ''])) as Record<string, string>;

function ProviderCard({
  info,
  stored,
  activity,
  onSave,
  onTest,
  onRemove,
  disabledReason,
}: ProviderCardProps) {
  const [draft, setDraft] = useState(() => emptyDraft(info));
  const [confirming, setConfirming] = useState(false);
  const [savedFor, setSavedFor] = useState(stored?.updated_at);
  // A successful save (the stored row changed) clears what was typed.
  if (stored?.updated_at !== savedFor) {
    setSavedFor(stored?.updated_at);
    setDraft(emptyDraft(info));
  }
  const complete = info.fields.every((f) => draft[f.name]!.trim() !== '');
  const busy = activity.saving || activity.testing || activity.removing;
  const locked = Boolean(disabledReason);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (complete && !busy && !locked) onSave(draft);
  };
  const reasonId = `${info.provider}-role-reason`;
  const titleId = `integration-${info.provider}`;
  const test = activity.test;
  return (
    <Card as="section" aria-labelledby={titleId} className={styles.card}>
      <div className={styles.cardHead}>
        <h2 id={titleId} className={styles.cardTitle}>
          {info.label}
        </h2>
        {stored ? <Badge tone="success">Configured</Badge> : <Badge>Not configured</Badge>}
      </div>
      {stored ? (
        <dl className={styles.masked}>
          {info.fields.map((f) => (
            <div key={f.name} className={styles.maskedRow}>
              <dt>{f.label}</dt>
              <dd aria-label={`Stored ${info.label} ${f.label}`}>{stored.masked[f.name] ?? '—'}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className={styles.muted}>Not configured</p>
      )}
      {stored?.callback_url ? (
        <div>
          <CopyField label={`${info.label} callback URL`} value={stored.callback_url} />
          <p className={styles.muted}>
            This integration&apos;s own callback URL: paste it at Meta with its verify token. Events
            are accepted only when signed with its app secret.
          </p>
        </div>
      ) : null}
      <form onSubmit={submit} className={styles.form} aria-label={`${info.label} key`}>
        {info.fields.map((f) => (
          <TextField
            key={f.name}
            label={`${stored ? 'New' : ''} ${info.label} ${f.label}`.trim()}
            type="password"
            autoComplete="off"
            value={draft[f.name]!}
            onChange={(v) => setDraft((d) => ({ ...d, [f.name]: v }))}
            description={stored ? 'The stored key is kept until the new one is saved.' : undefined}
            disabled={activity.saving || locked}
          />
        ))}
        <div className={styles.actions}>
          <Button
            type="submit"
            disabled={!complete || Boolean(busy) || locked}
            aria-describedby={locked ? reasonId : undefined}
          >
            {activity.saving ? 'Saving...' : 'Save'}
          </Button>
          {stored ? (
            <>
              <Button
                variant="secondary"
                onClick={onTest}
                disabled={Boolean(busy) || locked}
                aria-describedby={locked ? reasonId : undefined}
              >
                {activity.testing ? 'Testing...' : 'Test'}
              </Button>
              <Button
                variant="ghost"
                onClick={() => setConfirming(true)}
                disabled={Boolean(busy) || locked}
                aria-describedby={locked ? reasonId : undefined}
              >
                Remove
              </Button>
            </>
          ) : null}
          {locked ? (
            <p id={reasonId} className={styles.muted}>
              {disabledReason}
            </p>
          ) : null}
        </div>
      </form>
      <div aria-live="polite">
        {activity.testing ? (
          <p className={styles.muted}>Testing {info.label} key...</p>
        ) : test ? (
          <p className={test.success ? styles.ok : styles.fail} role="status">
            {test.success ? <CheckIcon /> : <CrossIcon />} {test.message}
          </p>
        ) : null}
        {activity.error ? (
          <p className={styles.fail} role="alert">
            {activity.error}
          </p>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove the ${info.label} key?`}
        message={`Agents that use ${info.label} will stop working until a new key is saved.`}
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={activity.removing}
        tone="danger"
        onConfirm={() => {
          onRemove();
          setConfirming(false);
        }}
      />
    </Card>
  );
}
