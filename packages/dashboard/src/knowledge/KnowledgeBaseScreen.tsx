import type { ReactNode } from 'react';
import { Badge, Banner, Tabs } from '@parley/ui';
import { noticeClearMs, type Notice } from './knowledgeErrors';
import { availableSections, type KnowledgeSection } from './knowledgeSections';
import { indexingBadge } from './knowledgeList';
import * as styles from './knowledge.css';

export interface KnowledgeBaseScreenProps {
  section: KnowledgeSection;
  onSectionChange: (section: KnowledgeSection) => void;
  /** Documents and API Keys appear only once a base is selected. */
  hasSelection: boolean;
  /** The selected base, shown in the header (absent while it loads). */
  selected?: { name: string; indexingTechnique: string; vectorSearch?: boolean } | null;
  /** A message that replaces the whole area (not logged in, authentication error). */
  blocked?: string | null;
  /** A page-level outcome (e.g. a base was created, possibly with a warning). */
  notice?: Notice | null;
  onDismissNotice?: () => void;
  /** The open section's content. */
  children?: ReactNode;
}

/**
 * The Knowledge Base tab's frame (spec §2): title, the selected base, page banners and the
 * section tabs (list, create, and once a base is selected documents and API keys).
 */
export function KnowledgeBaseScreen({
  section,
  onSectionChange,
  hasSelection,
  selected,
  blocked,
  notice,
  onDismissNotice,
  children,
}: KnowledgeBaseScreenProps) {
  const badge = selected ? indexingBadge(selected.indexingTechnique, selected.vectorSearch) : null;
  return (
    <div className={styles.screen}>
      <div className={styles.screenHeader}>
        <div className={styles.tightStack}>
          <h1 className={styles.heading}>Knowledge Base</h1>
          <p className={styles.muted}>
            Feed your agents documents, inspect how they were split, and test what they retrieve.
          </p>
        </div>
        {selected && badge ? (
          <p className={styles.selection}>
            Selected: <span className={styles.selectionName}>{selected.name}</span>
            <Badge tone={badge.tone}>{badge.label}</Badge>
          </p>
        ) : null}
      </div>
      {blocked ? (
        <Banner tone="error" title={blocked} />
      ) : (
        <>
          {notice ? (
            <Banner
              tone={notice.tone}
              title={notice.title}
              message={notice.message}
              dismissible
              onDismiss={onDismissNotice}
              autoDismissMs={noticeClearMs}
            />
          ) : null}
          <Tabs
            label="Knowledge Base sections"
            items={availableSections(hasSelection).map(({ value, label }) => ({
              value,
              label,
            }))}
            value={section}
            onValueChange={(value) => onSectionChange(value as KnowledgeSection)}
          >
            {children}
          </Tabs>
        </>
      )}
    </div>
  );
}
