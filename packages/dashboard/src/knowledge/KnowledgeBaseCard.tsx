import { useId, type ReactNode } from 'react';
import { Badge, Button, IconButton, type BadgeTone } from '@parley/ui';
import type { KnowledgeBase, KnowledgeBaseStatus } from '@parley/api-client';
import { documentCountLabel, formatDate, indexingBadge } from './knowledgeList';
import { AlertIcon, CheckIcon, RefreshIcon, TrashIcon } from '../icons';
import * as styles from './knowledge.css';

export interface KnowledgeBaseCardProps {
  base: KnowledgeBase;
  selected?: boolean;
  onSelect: (id: string) => void;
  onDelete: (id: string) => void;
}

const statusView: Record<KnowledgeBaseStatus, { icon: ReactNode; label: string; tone: BadgeTone }> =
  {
    ready: { icon: <CheckIcon />, label: 'Ready', tone: 'success' },
    processing: { icon: <RefreshIcon />, label: 'Processing', tone: 'warning' },
    error: { icon: <AlertIcon />, label: 'Error', tone: 'danger' },
  };

/** The knowledge-base status icon (spec §4): ready, processing or error, with its word. */
export function KnowledgeStatusIcon({ status }: { status: KnowledgeBaseStatus }) {
  const v = statusView[status];
  return (
    <Badge tone={v.tone} data-status={status}>
      <span aria-hidden="true" className={styles.statusGlyph} data-status={status}>
        {v.icon}
      </span>{' '}
      {v.label}
    </Badge>
  );
}

/** One knowledge base: name (opens it), indexing badge, description, document count, date, delete. */
export function KnowledgeBaseCard({
  base,
  selected = false,
  onSelect,
  onDelete,
}: KnowledgeBaseCardProps) {
  const titleId = useId();
  const badge = indexingBadge(base.indexingTechnique, base.vectorSearch);
  return (
    <article
      aria-labelledby={titleId}
      className={styles.card}
      data-selected={selected || undefined}
    >
      <div className={styles.cardHeader}>
        <h3 id={titleId} className={styles.cardTitle}>
          <button
            type="button"
            className={styles.titleButton}
            aria-current={selected || undefined}
            onClick={() => onSelect(base.id)}
          >
            {base.name}
          </button>
        </h3>
        <IconButton
          label="Delete knowledge base"
          icon={<TrashIcon />}
          variant="danger"
          size="sm"
          onClick={() => onDelete(base.id)}
        />
      </div>
      <div className={styles.badges}>
        {base.status ? <KnowledgeStatusIcon status={base.status} /> : null}
        <Badge tone={badge.tone}>{badge.label}</Badge>
        {selected ? (
          <Badge tone="success" dot>
            Selected
          </Badge>
        ) : null}
      </div>
      <p className={styles.description}>{base.description?.trim() || 'No description'}</p>
      <p className={styles.meta}>
        <span>{documentCountLabel(base.documentCount)}</span>
        <span>Created {formatDate(base.createdAt)}</span>
      </p>
      <div className={styles.cardActions}>
        <Button size="sm" variant="secondary" onClick={() => onSelect(base.id)}>
          Manage documents
        </Button>
      </div>
    </article>
  );
}
