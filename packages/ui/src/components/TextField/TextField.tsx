import { forwardRef, type HTMLAttributes } from 'react';
import { useObjectRef, useTextField } from 'react-aria';
import * as f from '../../theme/field.css';
import { Field, fieldState } from '../Field';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** 'date' takes and gives 'YYYY-MM-DD' ('' when empty), in the field's own look. */
  type?: 'text' | 'email' | 'password' | 'url' | 'tel' | 'date';
  placeholder?: string;
  /** Help text under the field (announced as its description). */
  description?: string;
  /** Shown under the field in the danger colour; marks it aria-invalid. */
  errorMessage?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  name?: string;
  isRequired?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  /** Limits the length and shows a live 'n/max' counter. */
  maxLength?: number;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  onBlur?: () => void;
  className?: string;
}

/** A labelled single-line input (react-aria useTextField): label, description and error are wired for assistive tech. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, description, errorMessage, disabled, readOnly, isRequired, className, onBlur, ...props },
  forwardedRef,
) {
  const ref = useObjectRef(forwardedRef);
  const { labelProps, inputProps, descriptionProps, errorMessageProps } = useTextField(
    {
      ...props,
      ...fieldState({ label, description, errorMessage, disabled, readOnly, isRequired, onBlur }),
    },
    ref,
  );
  return (
    <Field
      {...{ label, labelProps, description, descriptionProps, errorMessage, errorMessageProps }}
      required={isRequired}
      maxLength={props.maxLength}
      value={props.value}
      className={className}
    >
      <input {...inputProps} ref={ref} className={f.input} />
    </Field>
  );
});
