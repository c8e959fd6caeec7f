import {
  Badge,
  Button,
  Card,
  EmptyState,
  IconButton,
  RetryBanner,
  Switch,
  Table,
} from '@parley/ui';
import type { KnowledgeDocument } from '@parley/api-client';
import { anyIndexing, statusLabel, statusTone } from './documentStatus';
import { formatDate } from './knowledgeList';
import { enabledLabel } from './segments';
import { TrashIcon } from '../icons';
import * as styles from './knowledge.css';

export interface DocumentListViewProps {
  documents: KnowledgeDocument[];
  /** Names the table ('Documents in {name}'). */
  knowledgeBaseName?: string;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** Opens the document detail (segments). */
  onOpen: (docId: string) => void;
  onToggle: (docId: string, enabled: boolean) => void;
  onReindex: (docId: string) => void;
  onDelete: (docId: string) => void;
}

/**
 * The base's documents: name (opens the segments), words, status (completed green, indexing
 * yellow, anything else red, with the reason), created date, the enable switch, reindex and delete.
 */
export function DocumentListView({
  documents,
  knowledgeBaseName,
  loading = false,
  error,
  onRetry,
  onOpen,
  onToggle,
  onReindex,
  onDelete,
}: DocumentListViewProps) {
  const indexing = anyIndexing(documents);
  return (
    <Card title="Documents" as="article">
      <div className={styles.tightStack}>
        {indexing ? (
          <p className={styles.muted} role="status">
            Indexing in progress: the list refreshes every 2 seconds.
          </p>
        ) : null}
        {error ? <RetryBanner title={error} onRetry={onRetry} /> : null}
        <Table<KnowledgeDocument>
          caption={knowledgeBaseName ? `Documents in ${knowledgeBaseName}` : 'Document list'}
          captionHidden
          stackOnPhone
          loading={loading}
          loadingLabel="Loading documents..."
          rows={documents}
          rowKey={(d) => d.id}
          emptyState={
            error ? null : (
              <EmptyState
                title="No documents yet"
                hint="Add text, a file or a web page to this knowledge base."
              />
            )
          }
          columns={[
            {
              key: 'name',
              header: 'Name',
              isRowHeader: true,
              render: (d) => (
                <button type="button" className={styles.docName} onClick={() => onOpen(d.id)}>
                  {d.name}
                </button>
              ),
            },
            {
              key: 'wordCount',
              header: 'Words',
              align: 'end',
              render: (d) => d.wordCount.toLocaleString('en-US'),
            },
            {
              key: 'status',
              header: 'Status',
              render: (d) => (
                <div className={styles.statusCell}>
                  <Badge tone={statusTone(d.status)} dot>
                    {statusLabel(d.status)}
                  </Badge>
                  {statusLabel(d.status) === 'error' && d.error ? (
                    <p className={styles.errorText}>{d.error}</p>
                  ) : null}
                </div>
              ),
            },
            { key: 'createdAt', header: 'Created', render: (d) => formatDate(d.createdAt) },
            {
              key: 'enabled',
              header: 'Enabled',
              render: (d) => (
                <span className={styles.statusCell}>
                  <Switch
                    label={enabledLabel(d.enabled)}
                    checked={d.enabled}
                    onCheckedChange={(enabled) => onToggle(d.id, enabled)}
                  />
                </span>
              ),
            },
            {
              key: 'actions',
              header: 'Actions',
              align: 'end',
              render: (d) => (
                <div className={styles.rowActions}>
                  <Button size="sm" variant="secondary" onClick={() => onOpen(d.id)}>
                    Segments
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => onReindex(d.id)}
                    disabled={d.status === 'indexing'}
                  >
                    Reindex
                  </Button>
                  <IconButton
                    label="Delete document"
                    icon={<TrashIcon />}
                    variant="danger"
                    size="sm"
                    onClick={() => onDelete(d.id)}
                  />
                </div>
              ),
            },
          ]}
        />
      </div>
    </Card>
  );
}
