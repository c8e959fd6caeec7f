import { useState } from 'react';
import { Banner, Button, Dialog } from '@parley/ui';
import { ChunkSettingsFields } from './ChunkSettingsFields';
import { hasErrors, validateChunkSettings, type ChunkSettings } from './chunkSettings';
import type { Notice } from './knowledgeErrors';
import * as styles from './knowledge.css';

export interface ReindexDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  documentName: string;
  /** The document's current chunk settings; the dialog starts from them each time it opens. */
  initialSettings: ChunkSettings;
  busy?: boolean;
  /**
   * The outcome (spec §8): success 'Document reindexing started! …', the warning variant
   * (message and warning) or 'Failed to reindex: {error}'.
   */
  outcome?: Notice | null;
  onReindex: (settings: ChunkSettings) => void;
}

/** Reindexes one document with (possibly new) chunk settings and shows the outcome. */
export function ReindexDialog({
  open,
  onOpenChange,
  documentName,
  initialSettings,
  busy = false,
  outcome,
  onReindex,
}: ReindexDialogProps) {
  const [settings, setSettings] = useState(initialSettings);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setSettings(initialSettings);
  }
  const errors = validateChunkSettings(settings);
  const started = outcome?.tone === 'success' || outcome?.tone === 'warning';

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title="Reindex Document"
      description={`Split "${documentName}" again with these chunk settings and rebuild its index.`}
      size="lg"
      footer={
        started ? (
          <Button onClick={() => onOpenChange(false)}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button
              onClick={() => onReindex(settings)}
              busy={busy}
              busyLabel="Reindexing..."
              disabled={hasErrors(errors)}
            >
              Reindex
            </Button>
          </>
        )
      }
    >
      <div className={styles.tightStack}>
        <ChunkSettingsFields
          value={settings}
          onChange={setSettings}
          errors={errors}
          disabled={busy || started}
        />
        {outcome ? (
          <Banner tone={outcome.tone} title={outcome.title} message={outcome.message} />
        ) : null}
      </div>
    </Dialog>
  );
}
