import { forwardRef } from 'react';
import { useObjectRef, useTextField } from 'react-aria';
import * as f from '../../theme/field.css';
import * as styles from './TextArea.css';

export interface TextAreaProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  placeholder?: string;
  description?: string;
  errorMessage?: string;
  /** With maxLength a live 'n/max' counter is shown. */
  maxLength?: number;
  disabled?: boolean;
  readOnly?: boolean;
  isRequired?: boolean;
  autoFocus?: boolean;
  onBlur?: () => void;
  className?: string;
}

/** A labelled multi-line input (react-aria useTextField) with an optional character counter. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  {
    label,
    description,
    errorMessage,
    rows = 4,
    maxLength,
    disabled,
    readOnly,
    isRequired,
    className,
    onBlur,
    ...props
  },
  forwardedRef,
) {
  const ref = useObjectRef(forwardedRef);
  const { labelProps, inputProps, descriptionProps, errorMessageProps } = useTextField<'textarea'>(
    {
      ...props,
      label,
      description,
      errorMessage,
      maxLength,
      inputElementType: 'textarea',
      isInvalid: Boolean(errorMessage),
      isDisabled: disabled,
      isReadOnly: readOnly,
      isRequired,
      onBlur: onBlur ? () => onBlur() : undefined,
    },
    ref,
  );
  return (
    <div className={[f.field, className].filter(Boolean).join(' ')}>
      <div className={styles.labelRow}>
        <label {...labelProps} className={f.label}>
          {label}
        </label>
        {maxLength ? (
          <span
            className={styles.counter}
            aria-hidden="true"
            data-over={props.value.length > maxLength || undefined}
          >
            {props.value.length}/{maxLength}
          </span>
        ) : null}
      </div>
      <textarea {...inputProps} ref={ref} rows={rows} className={`${f.input} ${styles.textarea}`} />
      {errorMessage ? (
        <p {...errorMessageProps} className={f.error}>
          {errorMessage}
        </p>
      ) : description ? (
        <p {...descriptionProps} className={f.description}>
          {description}
        </p>
      ) : null}
    </div>
  );
});
