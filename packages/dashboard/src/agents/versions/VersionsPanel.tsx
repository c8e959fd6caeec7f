import { useId, useState } from 'react';
import type { AgentVersionSummary, DraftChange } from '@parley/api-client';
import { Badge, Banner, Button, ConfirmDialog, RetryBanner, Spinner } from '@parley/ui';
import { ChangeList } from './ChangeList';
import { publishedWhen } from './changeFormat';
import { versionTexts as texts } from './versionTexts';
import * as styles from './versions.css';

export interface VersionComparison {
  loading?: boolean;
  error?: string | null;
  changes?: DraftChange[] | null;
}

export interface VersionsPanelProps {
  /** Newest first. */
  versions: AgentVersionSummary[];
  liveVersion: number | null;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** The version whose differences from the live one are shown (null: none). */
  compared?: number | null;
  onCompare?: (version: number | null) => void;
  comparison?: VersionComparison;
  /** Restores a version (after the confirmation). */
  onRestore?: (version: number) => void;
  /** The version being restored. */
  restoring?: number | null;
  restoreError?: string | null;
  /** What the last restore did ('Version 1 is live again, as version 4.'). */
  restored?: string | null;
  /** Formats a publish time (default: the reader's locale). */
  formatTime?: (iso: string) => string;
}

/**
 * The Versions panel: each published version (who, when, note, restored from), the live one
 * marked, a version's differences from the live one, and Restore with a confirmation. A view.
 */
export function VersionsPanel({
  versions,
  liveVersion,
  loading = false,
  error,
  onRetry,
  compared = null,
  onCompare,
  comparison,
  onRestore,
  restoring = null,
  restoreError,
  restored,
  formatTime = (iso) => publishedWhen(iso),
}: VersionsPanelProps) {
  const id = useId();
  const [asking, setAsking] = useState<number | null>(null);
  const next = (versions[0]?.version ?? 0) + 1;
  if (loading) return <Spinner label={texts.loading} showLabel />;
  if (error) return <RetryBanner title={texts.loadFailed} message={error} onRetry={onRetry} />;
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{texts.panelIntro}</p>
      {restored ? <Banner tone="success" title={texts.live} message={restored} /> : null}
      {restoreError ? (
        <Banner tone="error" title={texts.restoreFailed} message={restoreError} />
      ) : null}
      {versions.length === 0 ? <p className={styles.muted}>{texts.empty}</p> : null}
      <ul className={styles.list}>
        {versions.map((v) => {
          const live = v.version === liveVersion;
          const open = compared === v.version;
          const titleId = `${id}-v${v.version}`;
          return (
            <li key={v.version} className={styles.item} data-live={live ? 'true' : undefined}>
              <div className={styles.itemHead}>
                <h3 id={titleId} className={styles.itemTitle}>
                  {texts.version(v.version)}
                  {live ? (
                    <Badge tone="success" dot>
                      {texts.live}
                    </Badge>
                  ) : null}
                </h3>
                {!live ? (
                  <div className={styles.row}>
                    {onCompare && liveVersion !== null ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-expanded={open}
                        onClick={() => onCompare(open ? null : v.version)}
                      >
                        {open ? texts.hideCompare : texts.compare}
                      </Button>
                    ) : null}
                    {onRestore ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        busy={restoring === v.version}
                        busyLabel={texts.restoring}
                        disabled={restoring !== null && restoring !== v.version}
                        onClick={() => setAsking(v.version)}
                        aria-label={
                          restoring === v.version
                            ? undefined
                            : `${texts.restore} ${texts.version(v.version).toLowerCase()}`
                        }
                      >
                        {texts.restore}
                      </Button>
                    ) : null}
                  </div>
                ) : null}
              </div>
              <p className={styles.muted}>
                {texts.publishedBy(v.published_by, formatTime(v.published_at))}
              </p>
              {v.note ? (
                <p className={styles.note}>{v.note}</p>
              ) : (
                <p className={styles.muted}>{texts.noNote}</p>
              )}
              {v.restored_from !== null ? (
                <p className={styles.muted}>{texts.restoredFrom(v.restored_from)}</p>
              ) : null}
              {open && liveVersion !== null ? (
                comparison?.loading ? (
                  <Spinner label={texts.loading} />
                ) : comparison?.error ? (
                  <Banner tone="error" title={texts.loadFailed} message={comparison.error} />
                ) : (
                  <ChangeList
                    changes={comparison?.changes ?? []}
                    caption={texts.diffCaption(v.version, liveVersion)}
                    otherLabel={texts.versionColumn(v.version)}
                  />
                )
              ) : null}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(o) => (o ? undefined : setAsking(null))}
        title={asking !== null ? texts.restoreTitle(asking) : ''}
        message={asking !== null ? texts.restoreMessage(asking, next) : ''}
        confirmLabel={texts.restore}
        tone="primary"
        onConfirm={() => {
          const version = asking;
          setAsking(null);
          if (version !== null) onRestore?.(version);
        }}
      />
    </div>
  );
}
