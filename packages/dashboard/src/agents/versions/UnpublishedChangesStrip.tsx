import { useId, useState } from 'react';
import type { DraftChange } from '@parley/api-client';
import { Banner, Button, ConfirmDialog } from '@parley/ui';
import { ChangeList } from './ChangeList';
import { versionTexts as texts } from './versionTexts';
import * as styles from './versions.css';

export interface UnpublishedChangesStripProps {
  /** The version every channel serves; null: never published. */
  liveVersion: number | null;
  /** What the draft changes against it. */
  changes: DraftChange[];
  /** Resets the draft to the live version (asked for confirmation first). */
  onDiscard?: () => void;
  discarding?: boolean;
  /** Why the discard failed. */
  error?: string | null;
  /** The confirmation is open (controlled by the container, which closes it once discarded). */
  confirming?: boolean;
  onConfirmingChange?: (open: boolean) => void;
}

/**
 * 'Unpublished changes': what the draft changes against the live version, with Discard. Nothing
 * when the draft is the live version; a plain notice for an agent never published (its channels
 * answer with the draft). A view.
 */
export function UnpublishedChangesStrip({
  liveVersion,
  changes,
  onDiscard,
  discarding = false,
  error,
  confirming,
  onConfirmingChange,
}: UnpublishedChangesStripProps) {
  const id = useId();
  const [open, setOpen] = useState(true);
  const [localConfirm, setLocalConfirm] = useState(false);
  const confirmOpen = confirming ?? localConfirm;
  const setConfirm = onConfirmingChange ?? setLocalConfirm;
  if (liveVersion === null)
    return (
      <section className={styles.strip} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className={styles.stripTitle}>
          {texts.stripTitle}
        </h2>
        <p className={styles.stripText}>{texts.neverPublished}</p>
      </section>
    );
  if (changes.length === 0) return null;
  return (
    <section className={styles.strip} aria-labelledby={`${id}-title`}>
      <div className={styles.stripHead}>
        <h2 id={`${id}-title`} className={styles.stripTitle}>
          {texts.stripTitle}
        </h2>
        <div className={styles.row}>
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={open}
            aria-controls={`${id}-list`}
            onClick={() => setOpen(!open)}
          >
            {open ? texts.hideChanges : texts.showChanges}
          </Button>
          {onDiscard ? (
            <Button
              variant="secondary"
              size="sm"
              busy={discarding}
              busyLabel={texts.discarding}
              onClick={() => setConfirm(true)}
            >
              {texts.discard}
            </Button>
          ) : null}
        </div>
      </div>
      <p className={styles.stripText}>{texts.stripSummary(changes.length, liveVersion)}</p>
      {error ? <Banner tone="error" title={texts.discardFailed} message={error} /> : null}
      <div id={`${id}-list`} hidden={!open}>
        {open ? <ChangeList changes={changes} caption={texts.draftCaption(liveVersion)} /> : null}
      </div>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirm}
        title={texts.discardTitle}
        message={texts.discardMessage(liveVersion)}
        confirmLabel={texts.discard}
        busyLabel={texts.discarding}
        busy={discarding}
        onConfirm={() => onDiscard?.()}
      />
    </section>
  );
}
