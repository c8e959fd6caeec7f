import { useId, type ReactNode } from 'react';
import { RadioGroup as RRadioGroup } from 'radix-ui';
import * as f from '../../theme/field.css';
import * as styles from './RadioGroup.css';

export interface RadioOption<T extends string = string> {
  value: T;
  label: ReactNode;
  /** A line under the label (announced as the option's description). */
  hint?: ReactNode;
  /** Shown before the label (e.g. the kind's icon); decorative. */
  icon?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps<T extends string = string> {
  /** The group's visible label (its accessible name). */
  label: string;
  options: ReadonlyArray<RadioOption<T>>;
  value: T;
  onValueChange: (value: T) => void;
  /** Form field name (native form submission). */
  name?: string;
  disabled?: boolean;
  /** 'cards' (default): each option is a bordered card; 'list': plain rows. */
  variant?: 'cards' | 'list';
  className?: string;
}

/**
 * One choice among a few (Radix RadioGroup, role radiogroup): arrow keys move and select, Tab
 * enters on the chosen option; each option is labelled and described by its hint.
 */
export function RadioGroup<T extends string>({
  label,
  options,
  value,
  onValueChange,
  name,
  disabled,
  variant = 'cards',
  className,
}: RadioGroupProps<T>) {
  const id = useId();
  return (
    <div className={[styles.group, className].filter(Boolean).join(' ')}>
      <span id={`${id}-label`} className={f.label}>
        {label}
      </span>
      <RRadioGroup.Root
        aria-labelledby={`${id}-label`}
        value={value}
        onValueChange={(v) => onValueChange(v as T)}
        name={name}
        disabled={disabled}
        className={styles.options}
        data-variant={variant}
      >
        {options.map((o) => {
          const itemId = `${id}-${o.value}`;
          return (
            <label
              key={o.value}
              htmlFor={itemId}
              className={styles.option}
              data-variant={variant}
              data-checked={o.value === value || undefined}
              data-disabled={disabled || o.disabled || undefined}
            >
              <RRadioGroup.Item
                id={itemId}
                value={o.value}
                disabled={o.disabled}
                aria-labelledby={`${itemId}-label`}
                aria-describedby={o.hint ? `${itemId}-hint` : undefined}
                className={styles.item}
              >
                <RRadioGroup.Indicator className={styles.indicator} />
              </RRadioGroup.Item>
              {o.icon ? (
                <span className={styles.icon} aria-hidden="true">
                  {o.icon}
                </span>
              ) : null}
              <span className={styles.text}>
                <span id={`${itemId}-label`} className={styles.optionLabel}>
                  {o.label}
                </span>
                {o.hint ? (
                  <span id={`${itemId}-hint`} className={f.description}>
                    {o.hint}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </RRadioGroup.Root>
    </div>
  );
}
