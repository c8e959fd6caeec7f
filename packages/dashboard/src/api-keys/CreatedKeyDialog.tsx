import { Button, CopyField, Dialog } from '@parley/ui';
import type { CreateApiKeyResponse } from '@parley/api-client';
import * as styles from './apiKeys.css';

export interface CreatedKeyDialogProps {
  /** The key just created (its value is in this answer only); null: closed. */
  created: CreateApiKeyResponse | null;
  onDone: () => void;
}

/** The new key, shown this once with Copy: the server keeps only its hash. */
export function CreatedKeyDialog({ created, onDone }: CreatedKeyDialogProps) {
  return (
    <Dialog
      open={created !== null}
      onOpenChange={(open) => (open ? null : onDone())}
      title="API key created"
      description="Copy the key now: it is shown only this once. Parley keeps only a hash of it."
      footer={<Button onClick={onDone}>Done</Button>}
    >
      {created ? (
        <div className={styles.stack}>
          <CopyField label={`API key “${created.name}”`} value={created.key} />
          <p className={styles.muted}>
            Send it as the <code className={styles.mono}>x-api-key</code> header, or set it as{' '}
            <code className={styles.mono}>PARLEY_API_KEY</code> for the parley CLI. Scopes:{' '}
            {created.scopes.join(', ')}.
          </p>
        </div>
      ) : null}
    </Dialog>
  );
}
