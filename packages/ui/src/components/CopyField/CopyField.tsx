import { forwardRef, useId, type HTMLAttributes } from 'react';
import { CopyButton, type CopyButtonProps } from '../CopyButton';
import * as styles from './CopyField.css';

export interface CopyFieldProps extends Omit<HTMLAttributes<HTMLDivElement>, 'onCopy'> {
  /** Visible label of the read-only field, e.g. 'Agent API key'. */
  label: string;
  /** The text shown (unless masked) and copied. */
  value: string;
  /** Show the value as a password field (dots); Copy still copies the real value. */
  masked?: boolean;
  /** Passed to the CopyButton (labels, onCopied...). */
  copyButtonProps?: Omit<CopyButtonProps, 'value'>;
}

/**
 * A labelled read-only input with a Copy button beside it. Focusing the input selects its text;
 * the button is described by the field's label so several Copy buttons stay distinguishable.
 */
export const CopyField = forwardRef<HTMLInputElement, CopyFieldProps>(function CopyField(
  { label, value, masked = false, copyButtonProps, className, ...rest },
  ref,
) {
  const id = useId();
  const inputId = `${id}-input`;
  const labelId = `${id}-label`;
  return (
    <div {...rest} className={[styles.root, className].filter(Boolean).join(' ')}>
      <label id={labelId} htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div className={styles.row}>
        <input
          ref={ref}
          id={inputId}
          className={styles.input}
          type={masked ? 'password' : 'text'}
          value={value}
          readOnly
          autoComplete="off"
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton aria-describedby={labelId} {...copyButtonProps} value={value} />
      </div>
    </div>
  );
});
