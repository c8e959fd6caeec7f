import { useState } from 'react';
import { Banner, Button, Dialog, EmptyState, SearchField, Spinner } from '@parley/ui';
import type { KnowledgeBaseSummary } from '../../api/DashboardApi';
import * as styles from './editor.css';

export interface KnowledgeSelectModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** From `api.knowledge.list()` (the Knowledge tab's query, one cache entry). */
  bases: KnowledgeBaseSummary[];
  loading?: boolean;
  error?: string | null;
  /** The current selection; the modal starts from it each time it opens. */
  selectedIds: string[];
  /** Add & Publish is running ('Publishing...'). */
  publishing?: boolean;
  /** Add & Publish with the chosen ids (the parent closes the modal and publishes). */
  onAddAndPublish: (ids: string[]) => void;
}

const documentsText = (n: number) => `${n} ${n === 1 ? 'document' : 'documents'}`;

/**
 * 'Select Reference Knowledge' (spec §2): search, each base with its document count,
 * 'N Knowledge selected', Cancel and 'Add & Publish' ('Publishing...' while busy).
 */
export function KnowledgeSelectModal({
  open,
  onOpenChange,
  bases,
  loading = false,
  error,
  selectedIds,
  publishing = false,
  onAddAndPublish,
}: KnowledgeSelectModalProps) {
  const [selected, setSelected] = useState<string[]>(selectedIds);
  const [query, setQuery] = useState('');
  // Each opening starts from the current selection and an empty search.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setSelected(selectedIds);
      setQuery('');
    }
  }

  const q = query.trim().toLowerCase();
  const shown = q
    ? bases.filter(
        (b) => b.name.toLowerCase().includes(q) || (b.description ?? '').toLowerCase().includes(q),
      )
    : bases;
  const existing = new Set(bases.map((b) => b.id));
  const count = selected.filter((id) => existing.has(id)).length;
  const toggle = (id: string, checked: boolean) =>
    setSelected((s) => (checked ? [...s, id] : s.filter((x) => x !== id)));

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Select Reference Knowledge"
      description="Choose the knowledge bases this agent draws on."
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={publishing}>
            Cancel
          </Button>
          <Button
            onClick={() => onAddAndPublish(selected.filter((id) => existing.has(id)))}
            busy={publishing}
            busyLabel="Publishing..."
            disabled={loading}
          >
            Add &amp; Publish
          </Button>
        </>
      }
    >
      <div className={styles.modalBody}>
        <SearchField
          label="Search knowledge bases"
          placeholder="Search knowledge bases..."
          value={query}
          onChange={setQuery}
        />
        {loading ? (
          <Spinner label="Loading knowledge bases" />
        ) : error ? (
          <Banner tone="error" title="Failed to load knowledge bases" message={error} />
        ) : shown.length === 0 ? (
          <EmptyState
            title="No knowledge bases found"
            hint={
              q
                ? 'Try adjusting your search terms.'
                : 'Create your first knowledge base to get started.'
            }
          />
        ) : (
          <ul className={styles.choiceList} aria-label="Knowledge bases">
            {shown.map((b) => (
              <li key={b.id}>
                <label className={styles.choice}>
                  <input
                    type="checkbox"
                    className={styles.checkbox}
                    checked={selected.includes(b.id)}
                    onChange={(e) => toggle(b.id, e.currentTarget.checked)}
                    disabled={publishing}
                  />
                  <span className={styles.choiceText}>
                    <span className={styles.choiceName}>{b.name}</span>
                    <span className={styles.muted}>{documentsText(b.documentCount)}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        <p className={styles.count} aria-live="polite">
          {count} Knowledge selected
        </p>
      </div>
    </Dialog>
  );
}
