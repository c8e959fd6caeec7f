import { ConfirmDialog } from '@parley/ui';
import { knowledgeMessages } from '@parley/api-client';

export const deleteTargets = {
  base: { title: 'Delete Knowledge Base', noun: 'knowledge base' },
  document: { title: 'Delete Document', noun: 'document' },
} as const;
export type DeleteTarget = keyof typeof deleteTargets;

export interface DeleteKnowledgeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: DeleteTarget;
  /** Name of the knowledge base or document. */
  name: string;
  busy?: boolean;
  onConfirm: () => void;
}

/** Confirms deleting a knowledge base or a document ('This action cannot be undone', spec §5). */
export function DeleteKnowledgeDialog({
  open,
  onOpenChange,
  target,
  name,
  busy = false,
  onConfirm,
}: DeleteKnowledgeDialogProps) {
  const { title, noun } = deleteTargets[target];
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      message={`Are you sure you want to delete the ${noun} "${name}"?`}
      detail={`${knowledgeMessages.confirmDelete}.`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={busy}
      onConfirm={onConfirm}
    />
  );
}
