import { forwardRef } from 'react';
import { useObjectRef, useTextField } from 'react-aria';
import * as f from '../../theme/field.css';
import * as styles from './TextArea.css';
import { Field, fieldState } from '../Field';

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
      ...fieldState({ label, description, errorMessage, disabled, readOnly, isRequired, onBlur }),
      maxLength,
      inputElementType: 'textarea',
    },
    ref,
  );
  return (
    <Field
      {...{ label, labelProps, description, descriptionProps, errorMessage, errorMessageProps }}
      required={isRequired}
      maxLength={maxLength}
      value={props.value}
      className={className}
    >
      <textarea {...inputProps} ref={ref} rows={rows} className={`${f.input} ${styles.textarea}`} />
    </Field>
  );
});
