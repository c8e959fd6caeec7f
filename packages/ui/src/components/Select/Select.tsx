import { forwardRef, useId } from 'react';
import { Select as RSelect } from 'radix-ui';
import * as f from '../../theme/field.css';
import * as styles from './Select.css';
import { StrokeIcon } from '../../private/StrokeIcon';

export interface SelectItem {
  /** Must not be the empty string (Radix reserves '' for "nothing selected"). */
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps {
  /** Visible label; it also names the combobox and its listbox. */
  label: string;
  /** The selected item's value; '' shows the placeholder. */
  value: string;
  onValueChange: (value: string) => void;
  items: SelectItem[];
  /** Shown in the trigger while nothing is selected. */
  placeholder?: string;
  /** Help text under the field (announced as the trigger's description). */
  description?: string;
  /** Shown under the field in the danger colour; marks the trigger aria-invalid. */
  errorMessage?: string;
  disabled?: boolean;
  /** Submitted with a surrounding form under this name (Radix renders a native select for it). */
  name?: string;
  isRequired?: boolean;
  className?: string;
}

function ChevronIcon() {
  return (
    <StrokeIcon>
      <path d="m6 9 6 6 6-6" />
    </StrokeIcon>
  );
}

function CheckIcon() {
  return (
    <StrokeIcon size={14} strokeWidth={2.5}>
      <path d="M20 6 9 17l-5-5" />
    </StrokeIcon>
  );
}

/**
 * A labelled single choice from a list (Radix Select). The trigger is a combobox named by the
 * label: Enter, Space, ArrowDown or ArrowUp open the list, arrow keys move, Enter or Space
 * choose, Escape closes and focus returns to the trigger. Description and error are wired with
 * aria-describedby; an error also sets aria-invalid. The ref points at the trigger.
 */
export const Select = forwardRef<HTMLButtonElement, SelectProps>(function Select(
  {
    label,
    value,
    onValueChange,
    items,
    placeholder,
    description,
    errorMessage,
    disabled = false,
    name,
    isRequired,
    className,
  },
  ref,
) {
  const id = useId();
  const triggerId = `${id}-trigger`;
  const labelId = `${id}-label`;
  const helpId = `${id}-help`;
  const help = errorMessage || description;
  return (
    <div className={[f.field, className].filter(Boolean).join(' ')}>
      <label id={labelId} htmlFor={triggerId} className={f.label}>
        {label}
      </label>
      <RSelect.Root
        value={value}
        onValueChange={onValueChange}
        disabled={disabled}
        name={name}
        required={isRequired}
      >
        <RSelect.Trigger
          ref={ref}
          id={triggerId}
          aria-labelledby={labelId}
          aria-describedby={help ? helpId : undefined}
          aria-invalid={errorMessage ? true : undefined}
          className={`${f.input} ${styles.trigger}`}
        >
          <span className={styles.value}>
            <RSelect.Value placeholder={placeholder} />
          </span>
          <RSelect.Icon className={styles.icon}>
            <ChevronIcon />
          </RSelect.Icon>
        </RSelect.Trigger>
        <RSelect.Portal>
          <RSelect.Content
            position="popper"
            sideOffset={4}
            aria-labelledby={labelId}
            className={styles.content}
          >
            <RSelect.Viewport className={styles.viewport}>
              {items.map((item) => (
                <RSelect.Item
                  key={item.value}
                  value={item.value}
                  disabled={item.disabled}
                  className={styles.item}
                >
                  <RSelect.ItemText>{item.label}</RSelect.ItemText>
                  <RSelect.ItemIndicator className={styles.indicator}>
                    <CheckIcon />
                  </RSelect.ItemIndicator>
                </RSelect.Item>
              ))}
            </RSelect.Viewport>
          </RSelect.Content>
        </RSelect.Portal>
      </RSelect.Root>
      {help ? (
        <p id={helpId} className={errorMessage ? f.error : f.description}>
          {help}
        </p>
      ) : null}
    </div>
  );
});
