import { forwardRef, useId } from 'react';
import { Slider as RSlider } from 'radix-ui';
import * as f from '../../theme/field.css';
import * as styles from './Slider.css';

export interface SliderProps {
  /** Visible label; it names the slider. */
  label: string;
  value: number;
  onValueChange: (value: number) => void;
  min: number;
  max: number;
  step: number;
  /**
   * Formats the value for people, e.g. `(n) => n.toFixed(1)` or `(n) => n + " tokens"`. The
   * result is shown next to the label and announced as aria-valuetext. Without it the plain
   * number is shown and announced.
   */
  formatValue?: (value: number) => string;
  /** Help text under the slider (announced as its description). */
  description?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * A labelled single-value slider (Radix Slider): arrow keys change the value by `step`,
 * Page Up/Down by ten steps, Home/End jump to `min`/`max`. The current value is shown next to the
 * label. The ref points at the thumb (the element with role slider).
 */
export const Slider = forwardRef<HTMLSpanElement, SliderProps>(function Slider(
  { label, value, onValueChange, min, max, step, formatValue, description, disabled, className },
  ref,
) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const valueText = formatValue ? formatValue(value) : String(value);
  return (
    <div className={[f.field, className].filter(Boolean).join(' ')}>
      <div className={styles.header}>
        <span id={labelId} className={f.label}>
          {label}
        </span>
        {/* The slider announces the same text as aria-valuetext / aria-valuenow. */}
        <span className={styles.valueText} aria-hidden="true">
          {valueText}
        </span>
      </div>
      <RSlider.Root
        value={[value]}
        onValueChange={(values) => {
          const next = values[0];
          if (next !== undefined) onValueChange(next);
        }}
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        className={styles.root}
      >
        <RSlider.Track className={styles.track}>
          <RSlider.Range className={styles.range} />
        </RSlider.Track>
        <RSlider.Thumb
          ref={ref}
          className={styles.thumb}
          aria-labelledby={labelId}
          aria-valuetext={formatValue ? valueText : undefined}
          aria-describedby={description ? descriptionId : undefined}
          aria-disabled={disabled || undefined}
        />
      </RSlider.Root>
      {description ? (
        <p id={descriptionId} className={f.description}>
          {description}
        </p>
      ) : null}
    </div>
  );
});
