import { Button, EmptyState, SearchField } from '@parley/ui';
import type { KnowledgeBase } from '@parley/api-client';
import { KnowledgeBaseCard } from './KnowledgeBaseCard';
import { filterKnowledgeBases, listEmptyState } from './knowledgeList';
import { PlusIcon } from '../icons';
import { LoadState } from './LoadState';
import * as styles from './knowledge.css';

export interface KnowledgeListViewProps {
  bases: KnowledgeBase[];
  query: string;
  onQueryChange: (query: string) => void;
  loading?: boolean;
  /** The list's failure text (spec §8), e.g. 'Failed to fetch knowledge bases: …'. */
  error?: string | null;
  onRetry?: () => void;
  selectedId?: string | null;
  onSelect: (id: string) => void;
  onDelete: (id: string) => void;
  onCreate: () => void;
}

/**
 * The list section: search by name or description (case-insensitive), one card per base, and
 * the two empty states ('Try adjusting your search terms.' / 'Create your first knowledge base…').
 */
export function KnowledgeListView({
  bases,
  query,
  onQueryChange,
  loading = false,
  error,
  onRetry,
  selectedId,
  onSelect,
  onDelete,
  onCreate,
}: KnowledgeListViewProps) {
  const shown = filterKnowledgeBases(bases, query);
  const empty = listEmptyState(query);
  return (
    <div className={styles.stack}>
      <div className={styles.sectionHeader}>
        <h2 className={styles.sectionTitle}>Knowledge Bases</h2>
        <Button icon={<PlusIcon />} onClick={onCreate}>
          Create Knowledge Base
        </Button>
      </div>
      <div className={styles.toolbar}>
        <div className={styles.grow}>
          <SearchField
            label="Search knowledge bases"
            placeholder="Search by name or description..."
            value={query}
            onChange={onQueryChange}
          />
        </div>
      </div>
      <LoadState
        error={error}
        onRetry={onRetry}
        loading={loading}
        loadingLabel="Loading knowledge bases..."
      />
      {!loading && !error && shown.length === 0 ? (
        <EmptyState
          title={empty.title}
          hint={empty.hint}
          action={
            query.trim() ? undefined : (
              <Button variant="secondary" onClick={onCreate}>
                Create Knowledge Base
              </Button>
            )
          }
        />
      ) : null}
      {!loading && shown.length > 0 ? (
        <ul className={styles.grid} aria-label="Knowledge bases">
          {shown.map((base) => (
            <li key={base.id}>
              <KnowledgeBaseCard
                base={base}
                selected={base.id === selectedId}
                onSelect={onSelect}
                onDelete={onDelete}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
