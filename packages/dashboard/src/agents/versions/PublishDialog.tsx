import { useState } from 'react';
import { Button, Dialog, TextArea } from '@parley/ui';
import { versionTexts as texts } from './versionTexts';

/** A publish note's limit (the server's). */
export const noteMaxLength = 500;

export interface PublishDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The number the draft will get (the last version's + 1). */
  nextVersion: number;
  /** Publishes with the note ('' for none). */
  onPublish: (note: string) => void;
  publishing?: boolean;
}

/** Publish asks for a note: why this version (shown in the Versions panel). A view. */
export function PublishDialog({
  open,
  onOpenChange,
  nextVersion,
  onPublish,
  publishing = false,
}: PublishDialogProps) {
  const [note, setNote] = useState('');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setNote('');
        onOpenChange(next);
      }}
      title={texts.publishTitle}
      description={texts.publishIntro(nextVersion)}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={publishing}>
            {texts.cancel}
          </Button>
          <Button
            busy={publishing}
            busyLabel={texts.publishing}
            onClick={() => onPublish(note.trim())}
          >
            {texts.publish}
          </Button>
        </>
      }
    >
      <TextArea
        label={texts.noteLabel}
        value={note}
        onChange={setNote}
        placeholder={texts.notePlaceholder}
        maxLength={noteMaxLength}
        rows={3}
        autoFocus
      />
    </Dialog>
  );
}
