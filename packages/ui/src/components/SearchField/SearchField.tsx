import { useRef } from 'react';
import { useButton, useSearchField } from 'react-aria';
import { useSearchFieldState } from 'react-stately';
import * as f from '../../theme/field.css';
import * as styles from './SearchField.css';
import { visuallyHidden } from '../../theme/focus.css';
import { StrokeIcon } from '../../private/StrokeIcon';
import { CloseIcon } from '../Dialog/CloseIcon';

export interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Show the label visually (default: hidden, the placeholder and icon carry the meaning). */
  showLabel?: boolean;
  onSubmit?: (value: string) => void;
}

function ClearButton(props: Parameters<typeof useButton>[0]) {
  const ref = useRef<HTMLButtonElement>(null);
  const { buttonProps } = useButton(props, ref);
  return (
    <button {...buttonProps} ref={ref} className={styles.clear}>
      <CloseIcon />
    </button>
  );
}

/** A search input (react-aria useSearchField): Escape clears it, Enter submits, a Clear button appears when filled. */
export function SearchField({
  label,
  value,
  onChange,
  placeholder,
  showLabel = false,
  onSubmit,
}: SearchFieldProps) {
  const state = useSearchFieldState({ value, onChange });
  const ref = useRef<HTMLInputElement>(null);
  const { labelProps, inputProps, clearButtonProps } = useSearchField(
    { label, value, onChange, placeholder, onSubmit },
    state,
    ref,
  );
  return (
    <div className={f.field}>
      <label {...labelProps} className={showLabel ? f.label : visuallyHidden}>
        {label}
      </label>
      <div className={styles.wrapper}>
        <StrokeIcon className={styles.icon}>
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-3.5-3.5" />
        </StrokeIcon>
        <input {...inputProps} ref={ref} className={`${f.input} ${styles.input}`} />
        {state.value !== '' ? (
          <ClearButton {...clearButtonProps} aria-label="Clear search" />
        ) : null}
      </div>
    </div>
  );
}
