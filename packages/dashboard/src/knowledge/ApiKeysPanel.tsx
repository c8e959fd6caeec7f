import { Banner, Button, Card, CopyButton, EmptyState, RetryBanner, Table } from '@parley/ui';
import { knowledgeApiKeyName, maskToken } from './apiKeys';
import { formatDateTime } from './knowledgeList';
import { PlusIcon } from '../icons';
import * as styles from './knowledge.css';

export interface ApiKeyView {
  id: string;
  /** 'API Key for {knowledge base name}'. */
  name?: string | null;
  token: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface ApiKeysPanelProps {
  knowledgeBaseName: string;
  keys: ApiKeyView[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  creating?: boolean;
  createError?: string | null;
  /** Creates a key named 'API Key for {name}'. */
  onCreate: (name: string) => void;
  /** The key just created: shown with its name, full token and a Copy button ('Copied!'). */
  created?: ApiKeyView | null;
  onDismissCreated?: () => void;
  /** Endpoint shown in the usage hint, e.g. 'https://console.example/v1/datasets/{id}/retrieve'. */
  endpoint?: string;
}

/** The base's API keys (spec §2): masked tokens with a Copy button each, and key creation. */
export function ApiKeysPanel({
  knowledgeBaseName,
  keys,
  loading = false,
  error,
  onRetry,
  creating = false,
  createError,
  onCreate,
  created,
  onDismissCreated,
  endpoint,
}: ApiKeysPanelProps) {
  return (
    <Card
      title="API Keys"
      as="article"
      actions={
        <Button
          icon={<PlusIcon />}
          onClick={() => onCreate(knowledgeApiKeyName(knowledgeBaseName))}
          busy={creating}
          busyLabel="Creating..."
        >
          Create API Key
        </Button>
      }
    >
      <div className={styles.tightStack}>
        <p className={styles.muted}>
          A key lets your own code query this knowledge base only
          {endpoint ? (
            <>
              {': '}
              <code className={styles.token}>POST {endpoint}</code>
            </>
          ) : null}
          .
        </p>
        {createError ? <Banner tone="error" title={createError} /> : null}
        {created ? (
          <Banner
            tone="success"
            title={`Created: ${created.name || knowledgeApiKeyName(knowledgeBaseName)}`}
            message="Copy the key now and keep it somewhere safe."
            dismissible
            onDismiss={onDismissCreated}
          >
            <div className={styles.newKey}>
              <code className={styles.token}>{created.token}</code>
              <CopyButton value={created.token} label="Copy key" copiedLabel="Copied!" />
            </div>
          </Banner>
        ) : null}
        {error ? <RetryBanner title={error} onRetry={onRetry} /> : null}
        <Table<ApiKeyView>
          caption={`API keys for ${knowledgeBaseName}`}
          captionHidden
          loading={loading}
          loadingLabel="Loading API keys..."
          rows={keys}
          rowKey={(k) => k.id}
          emptyState={
            error ? null : (
              <EmptyState
                title="No API keys yet"
                hint="Create a key to query this knowledge base from your own code."
              />
            )
          }
          stackOnPhone
          columns={[
            {
              key: 'name',
              header: 'Name',
              isRowHeader: true,
              render: (k) => k.name || knowledgeApiKeyName(knowledgeBaseName),
            },
            {
              key: 'token',
              header: 'Key',
              render: (k) => <code className={styles.token}>{maskToken(k.token)}</code>,
            },
            { key: 'createdAt', header: 'Created', render: (k) => formatDateTime(k.createdAt) },
            {
              key: 'lastUsedAt',
              header: 'Last used',
              render: (k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'Never'),
            },
            {
              key: 'copy',
              header: 'Copy',
              align: 'end',
              render: (k) => (
                <CopyButton value={k.token} size="sm" variant="secondary" copiedLabel="Copied!" />
              ),
            },
          ]}
        />
      </div>
    </Card>
  );
}
