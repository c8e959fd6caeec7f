import { useId } from 'react';
import { Badge, Banner, Button, EmptyState, Switch, Tooltip, TooltipProvider } from '@parley/ui';
import type { KnowledgeDocument } from '@parley/api-client';
import { statusLabel, statusTone } from './documentStatus';
import { formatDate } from './knowledgeList';
import {
  characterCount,
  charactersLabel,
  enabledLabel,
  segmentsLabel,
  segmentLabel,
  segmentPreview,
  wordsLabel,
} from './segments';
import { LoadState } from './LoadState';
import { ArrowLeftIcon } from '../icons';
import * as styles from './knowledge.css';

export interface SegmentView {
  id: string;
  content: string;
  enabled: boolean;
  wordCount: number;
  hitCount: number;
}

export interface DocumentDetailViewProps {
  document: KnowledgeDocument;
  segments: SegmentView[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  onBack: () => void;
  onReindex: () => void;
  onToggleSegment: (segmentId: string, enabled: boolean) => void;
}

function SegmentItem({
  segment,
  index,
  onToggle,
}: {
  segment: SegmentView;
  index: number;
  onToggle: (enabled: boolean) => void;
}) {
  const titleId = useId();
  const preview = segmentPreview(segment.content);
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className={styles.segment}
        data-disabled={segment.enabled ? undefined : true}
      >
        <div className={styles.sectionHeader}>
          <h3 id={titleId} className={styles.segmentTitle}>
            {segmentLabel(index)}
          </h3>
          <Switch
            label={enabledLabel(segment.enabled)}
            checked={segment.enabled}
            onCheckedChange={onToggle}
          />
        </div>
        {preview.truncated ? (
          <Tooltip size="text" content={segment.content}>
            {/* Focusable so keyboard users get the full text too. */}
            <p className={styles.preview} tabIndex={0}>
              {preview.text}
            </p>
          </Tooltip>
        ) : (
          <p className={styles.preview}>{preview.text}</p>
        )}
        <p className={styles.meta}>
          <span>{charactersLabel(characterCount(segment.content))}</span>
          <span>{wordsLabel(segment.wordCount)}</span>
          <span>Retrieval count: {segment.hitCount}</span>
        </p>
      </article>
    </li>
  );
}

/**
 * One document with its segments (spec §2): Chunk-01 …, a 200-character preview with the full
 * text on hover or focus, characters, 'Retrieval count' and the segment's enable switch.
 */
export function DocumentDetailView({
  document,
  segments,
  loading = false,
  error,
  onRetry,
  onBack,
  onReindex,
  onToggleSegment,
}: DocumentDetailViewProps) {
  const status = statusLabel(document.status);
  return (
    <div className={styles.stack}>
      <div>
        <Button variant="ghost" size="sm" onClick={onBack} icon={<ArrowLeftIcon />}>
          Back to documents
        </Button>
      </div>
      <div className={styles.sectionHeader}>
        <h2 className={styles.sectionTitle}>{document.name}</h2>
        <Button variant="secondary" onClick={onReindex} disabled={status === 'indexing'}>
          Reindex
        </Button>
      </div>
      <div className={styles.badges}>
        <Badge tone={statusTone(document.status)} dot>
          {status}
        </Badge>
        <Badge>{enabledLabel(document.enabled)}</Badge>
      </div>
      <p className={styles.meta}>
        <span>{document.wordCount.toLocaleString('en-US')} words</span>
        <span>{segmentsLabel(segments.length)}</span>
        <span>Created {formatDate(document.createdAt)}</span>
      </p>
      {status === 'error' && document.error ? (
        <Banner tone="error" title="Indexing failed" message={document.error} />
      ) : null}
      <LoadState
        error={error}
        onRetry={onRetry}
        loading={loading}
        loadingLabel="Loading segments..."
      />
      {!loading && !error && segments.length === 0 ? (
        <EmptyState
          title="No segments yet"
          hint={
            status === 'indexing'
              ? 'Segments appear when indexing completes.'
              : 'This document has no segments.'
          }
        />
      ) : null}
      {!loading && segments.length > 0 ? (
        // Its own provider, so the full-text tooltips work wherever the view is mounted.
        <TooltipProvider>
          <ol className={styles.segmentList} aria-label="Segments">
            {segments.map((segment, index) => (
              <SegmentItem
                key={segment.id}
                segment={segment}
                index={index}
                onToggle={(enabled) => onToggleSegment(segment.id, enabled)}
              />
            ))}
          </ol>
        </TooltipProvider>
      ) : null}
    </div>
  );
}
