import { useRef } from 'react';
import { useButton, useLocale, useNumberField, type AriaButtonProps } from 'react-aria';
import { useNumberFieldState } from 'react-stately';
import * as f from '../../theme/field.css';
import * as styles from './NumberField.css';
import { Field } from '../Field';

export interface NumberFieldProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  minValue?: number;
  maxValue?: number;
  step?: number;
  description?: string;
  errorMessage?: string;
  disabled?: boolean;
  formatOptions?: Intl.NumberFormatOptions;
}

function StepButton(props: AriaButtonProps & { children: string }) {
  const ref = useRef<HTMLButtonElement>(null);
  const { buttonProps } = useButton(props, ref);
  return (
    <button {...buttonProps} ref={ref} className={styles.step}>
      {props.children}
    </button>
  );
}

/**
 * A labelled number input (react-aria useNumberField): arrow keys and the − / + buttons step
 * within min and max; typing is parsed for the user's locale and clamped on blur.
 */
export function NumberField({
  label,
  value,
  onChange,
  minValue,
  maxValue,
  step = 1,
  description,
  errorMessage,
  disabled,
  formatOptions,
}: NumberFieldProps) {
  const { locale } = useLocale();
  const props = {
    label,
    value,
    onChange: (v: number) => {
      if (!Number.isNaN(v)) onChange(v);
    },
    minValue,
    maxValue,
    step,
    description,
    errorMessage,
    isInvalid: Boolean(errorMessage),
    isDisabled: disabled,
    formatOptions,
  };
  const state = useNumberFieldState({ ...props, locale });
  const inputRef = useRef<HTMLInputElement>(null);
  const {
    labelProps,
    groupProps,
    inputProps,
    incrementButtonProps,
    decrementButtonProps,
    descriptionProps,
    errorMessageProps,
  } = useNumberField(props, state, inputRef);
  return (
    <Field
      {...{ label, labelProps, description, descriptionProps, errorMessage, errorMessageProps }}
    >
      <div {...groupProps} className={styles.group}>
        <StepButton {...decrementButtonProps}>−</StepButton>
        <input {...inputProps} ref={inputRef} className={`${f.input} ${styles.input}`} />
        <StepButton {...incrementButtonProps}>+</StepButton>
      </div>
    </Field>
  );
}
