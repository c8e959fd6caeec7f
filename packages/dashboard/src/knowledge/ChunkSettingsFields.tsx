import { NumberField, Slider, Switch } from '@parley/ui';
import {
  chunkSettingFields,
  type ChunkNumberKey,
  type ChunkSettings,
  type ChunkSettingsErrors,
} from './chunkSettings';
import * as styles from './knowledge.css';

export interface ChunkSettingsFieldsProps {
  value: ChunkSettings;
  onChange: (value: ChunkSettings) => void;
  errors?: ChunkSettingsErrors;
  disabled?: boolean;
  /** Legend of the group (default 'Chunk settings'). */
  legend?: string;
}

const sliders: ReadonlySet<ChunkNumberKey> = new Set(['chunkOverlap', 'headingPriority']);

/**
 * The chunk settings of §3 with the ranges of §5: structure mode, chunk size, overlap (%), section
 * sizes, heading priority, and the two cleaning switches.
 */
export function ChunkSettingsFields({
  value,
  onChange,
  errors = {},
  disabled = false,
  legend = 'Chunk settings',
}: ChunkSettingsFieldsProps) {
  const set = <K extends keyof ChunkSettings>(key: K, next: ChunkSettings[K]) =>
    onChange({ ...value, [key]: next });
  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      <legend className={styles.legend}>{legend}</legend>
      <p className={styles.muted}>
        Mode: structure-aware (headings split sections, then sections split into chunks).
      </p>
      <div className={styles.fields}>
        {chunkSettingFields.map((field) =>
          sliders.has(field.key) ? (
            <Slider
              key={field.key}
              label={field.label}
              value={value[field.key]}
              onValueChange={(v) => set(field.key, v)}
              min={field.min}
              max={field.max}
              step={field.step}
              description={errors[field.key] ?? field.hint}
              disabled={disabled}
            />
          ) : (
            <NumberField
              key={field.key}
              label={field.label}
              value={value[field.key]}
              onChange={(v) => set(field.key, v)}
              minValue={field.min}
              maxValue={field.max}
              step={field.step}
              description={field.hint}
              errorMessage={errors[field.key]}
              disabled={disabled}
            />
          ),
        )}
      </div>
      <Switch
        label="Replace consecutive spaces, newlines and tabs"
        checked={value.replaceExtraSpaces}
        onCheckedChange={(v) => set('replaceExtraSpaces', v)}
        disabled={disabled}
      />
      <Switch
        label="Remove all URLs and email addresses"
        checked={value.removeUrlsEmails}
        onCheckedChange={(v) => set('removeUrlsEmails', v)}
        disabled={disabled}
      />
    </fieldset>
  );
}
