import type { HTMLAttributes, LabelHTMLAttributes, ReactNode } from 'react';
import * as styles from './Field.css';

/** The label, help, validity and state props a text control's react-aria hook takes, from ours. */
export function fieldState(props: {
  label: string;
  description?: string;
  errorMessage?: string;
  disabled?: boolean;
  readOnly?: boolean;
  isRequired?: boolean;
  onBlur?: () => void;
}) {
  const { label, description, errorMessage, disabled, readOnly, isRequired, onBlur } = props;
  return {
    label,
    description,
    errorMessage,
    isInvalid: Boolean(errorMessage),
    isDisabled: disabled,
    isReadOnly: readOnly,
    isRequired,
    onBlur: onBlur ? () => onBlur() : undefined,
  };
}

export interface FieldProps {
  label: ReactNode;
  /** The label's props from the control's react-aria hook (its id and htmlFor). */
  labelProps?: LabelHTMLAttributes<HTMLLabelElement>;
  /** Help text under the control (the hook's descriptionProps wire it as its description). */
  description?: ReactNode;
  descriptionProps?: HTMLAttributes<HTMLElement>;
  /** Shown under the control in the danger colour, instead of the description. */
  errorMessage?: ReactNode;
  errorMessageProps?: HTMLAttributes<HTMLElement>;
  /** Shows a marker after the label (the control itself says aria-required). */
  required?: boolean;
  /** With `value`, a live 'n/max' counter at the end of the label's row. */
  maxLength?: number;
  value?: string;
  className?: string;
  /** The control (an input, a textarea, a group). */
  children: ReactNode;
}

/**
 * One frame for the labelled form controls (TextField, TextArea, NumberField): the label (with
 * the required marker and the character counter on its row), the control, then the error or
 * the help text. The control's hook wires the ids; this only lays them out.
 */
export function Field({
  label,
  labelProps,
  description,
  descriptionProps,
  errorMessage,
  errorMessageProps,
  required,
  maxLength,
  value,
  className,
  children,
}: FieldProps) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <div className={styles.labelRow}>
        <label {...labelProps} className={styles.label}>
          {label}
        </label>
        {required ? (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        ) : null}
        {maxLength ? (
          <span
            className={styles.counter}
            aria-hidden="true"
            data-over={(value ?? '').length > maxLength || undefined}
          >
            {(value ?? '').length}/{maxLength}
          </span>
        ) : null}
      </div>
      {children}
      {errorMessage ? (
        <p {...errorMessageProps} className={styles.error}>
          {errorMessage}
        </p>
      ) : description ? (
        <p {...descriptionProps} className={styles.description}>
          {description}
        </p>
      ) : null}
    </div>
  );
}
