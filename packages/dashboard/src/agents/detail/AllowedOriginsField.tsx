import { useState } from 'react';
import { Banner, Button, TextArea } from '@parley/ui';
import { formatAllowedOrigins, parseAllowedOrigins } from './allowedOrigins';
import * as styles from './detail.css';

export const allowedOriginsTexts = {
  label: 'Allowed Origins',
  description:
    'Sites that may embed these widgets, one origin per line (e.g. https://shop.example). Leave empty to allow any site.',
  save: 'Save Origins',
  saving: 'Saving...',
  saved: 'Allowed origins saved',
  anySite: 'Any site may embed this agent.',
} as const;

export interface AllowedOriginsFieldProps {
  /** The stored origins (empty = any site). */
  origins: readonly string[];
  /** Saves the parsed, normalised origins. */
  onSave: (origins: string[]) => void;
  saving?: boolean;
  /** The server's refusal, shown under the field (nothing is lost: the text stays). */
  error?: string | null;
  /** Shows the 'Allowed origins saved' confirmation. */
  saved?: boolean;
  /** Edit-mode gating: read-only outside edit mode. */
  disabled?: boolean;
}

/**
 * The Widget tab's allowed origins: which sites may call this agent from a browser (the server
 * refuses other origins with 403). Checked as typed; saved with 'Save Origins'.
 */
export function AllowedOriginsField({
  origins,
  onSave,
  saving = false,
  error,
  saved = false,
  disabled = false,
}: AllowedOriginsFieldProps) {
  const stored = formatAllowedOrigins(origins);
  const [text, setText] = useState(stored);
  // A new stored value (a save landed, or the agent reloaded) replaces the text; a failed save
  // leaves the stored value as it was, so what was typed stays for another try.
  const [shown, setShown] = useState(stored);
  if (stored !== shown) {
    setShown(stored);
    setText(stored);
  }

  const parsed = parseAllowedOrigins(text);
  const changed = parsed.ok ? formatAllowedOrigins(parsed.origins) !== stored : true;
  const submit = () => {
    if (!parsed.ok || saving) return;
    onSave(parsed.origins);
  };

  return (
    <form
      className={styles.originsForm}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <TextArea
        label={allowedOriginsTexts.label}
        description={allowedOriginsTexts.description}
        value={text}
        onChange={setText}
        rows={3}
        placeholder="https://shop.example"
        disabled={disabled || saving}
        errorMessage={!parsed.ok ? parsed.error : (error ?? undefined)}
      />
      <div className={styles.originsActions}>
        <span className={styles.originsHint} aria-live="polite">
          {parsed.ok && parsed.origins.length === 0 ? allowedOriginsTexts.anySite : null}
        </span>
        <Button
          type="submit"
          variant="secondary"
          size="sm"
          busy={saving}
          busyLabel={allowedOriginsTexts.saving}
          disabled={disabled || !parsed.ok || !changed}
        >
          {allowedOriginsTexts.save}
        </Button>
      </div>
      {saved && !changed ? <Banner tone="success" title={allowedOriginsTexts.saved} /> : null}
    </form>
  );
}
