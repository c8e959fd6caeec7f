import { ConfirmDialog } from '@parley/ui';

export interface DeleteAgentModalProps {
  open: boolean;
  agentName: string;
  busy?: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}

export function DeleteAgentModal({
  open,
  agentName,
  busy,
  onOpenChange,
  onConfirm,
}: DeleteAgentModalProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Agent"
      message={`Are you sure you want to delete "${agentName}"?`}
      detail="This action cannot be undone and will permanently remove the agent and all its data."
      confirmLabel="Delete Agent"
      busyLabel="Deleting..."
      cancelLabel="Cancel"
      busy={busy}
      onConfirm={onConfirm}
    />
  );
}
