import { useState } from 'react';
import { Badge, Banner, Button, Switch } from '@parley/ui';
import type { Webhook, WebhookEventChoice } from '@parley/api-client';
import { WebhookForm } from './WebhookForm';
import {
  eventsSummary,
  stateLabels,
  stateTones,
  webhookState,
  type WebhookDraft,
} from './webhookRules';
import * as styles from './webhooks.css';

export interface WebhookRowProps {
  hook: Webhook;
  canManage: boolean;
  /** Which action of this webhook is under way. */
  busy?: 'test' | 'toggle' | 'rotate' | 'delete' | 'save' | null;
  logOpen: boolean;
  onTest: () => void;
  onToggle: (enabled: boolean) => void;
  onSave: (draft: WebhookDraft) => void;
  onRotate: () => void;
  onDelete: () => void;
  onOpenLog: () => void;
}

/** One endpoint: its URL, events, state (and why it was disabled), and its actions. */
export function WebhookRow({ hook, canManage, busy, logOpen, ...on }: WebhookRowProps) {
  const state = webhookState(hook);
  const [editing, setEditing] = useState(false);
  return (
    <li className={styles.row} aria-label={hook.url}>
      <div className={styles.rowHead}>
        <span className={styles.choiceText}>
          <span className={styles.mono}>{hook.url}</span>
          <span className={styles.muted}>
            {hook.description ? `${hook.description} · ` : ''}
            {eventsSummary(hook.events)}
            {hook.agent_names?.length ? ` · agents ${hook.agent_names.join(', ')}` : ''}
          </span>
        </span>
        <Badge tone={stateTones[state]}>{stateLabels[state]}</Badge>
      </div>
      {state === 'disabled' ? (
        <Banner
          tone="error"
          title="Disabled by the server"
          message={`${hook.disabled_reason}. Its events wait in the delivery log: turn it back on once the endpoint answers, then replay what failed.`}
        />
      ) : null}
      {state === 'failing' && hook.failing_since ? (
        <p className={styles.muted}>
          Failing since {new Date(hook.failing_since).toLocaleString()}: after 5 days of failures it
          is disabled.
        </p>
      ) : null}
      {editing ? (
        <WebhookForm
          initial={{
            url: hook.url,
            description: hook.description,
            events: hook.events as WebhookEventChoice[],
          }}
          busy={busy === 'save'}
          onCancel={() => setEditing(false)}
          onSubmit={(draft) => {
            on.onSave(draft);
            setEditing(false);
          }}
        />
      ) : null}
      <div className={styles.actions}>
        <Switch
          label="Enabled"
          checked={hook.enabled}
          disabled={!canManage || busy === 'toggle'}
          onCheckedChange={on.onToggle}
        />
        <Button
          size="sm"
          variant="secondary"
          onClick={on.onOpenLog}
          aria-pressed={logOpen}
          aria-label={`Deliveries of ${hook.url}`}
        >
          Deliveries
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={!canManage || !hook.enabled}
          busy={busy === 'test'}
          busyLabel="Sending..."
          onClick={on.onTest}
          aria-label={`Send test event to ${hook.url}`}
        >
          Send test event
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={!canManage || editing}
          onClick={() => setEditing(true)}
          aria-label={`Edit ${hook.url}`}
        >
          Edit
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={!canManage}
          busy={busy === 'rotate'}
          busyLabel="Rotating..."
          onClick={on.onRotate}
          aria-label={`Rotate secret of ${hook.url}`}
        >
          Rotate secret
        </Button>
        <Button
          size="sm"
          variant="danger"
          disabled={!canManage}
          busy={busy === 'delete'}
          busyLabel="Deleting..."
          onClick={on.onDelete}
          aria-label={`Delete ${hook.url}`}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}
