import { forwardRef, useId, useState } from 'react';
import { useObjectRef, useTextField } from 'react-aria';
import { Button } from '../Button';
import * as f from '../../theme/field.css';
import * as styles from './MaskedField.css';
import { maskValue } from './maskValue';

export interface MaskedFieldProps {
  /** Visible label of the read-only field, e.g. 'OpenAI API key'. */
  label: string;
  /** The secret. Only its last four characters are shown until the Show button is pressed. */
  value: string;
  /** Help text under the field (announced as its description). */
  description?: string;
  /** Labels of the toggle (default 'Show' / 'Hide'). */
  showLabel?: string;
  hideLabel?: string;
  /**
   * Whether Show is offered. Default: only when there is something to reveal — a value the
   * server already sent masked ('••••abcd') has no Show button, since Show could not show it.
   */
  revealable?: boolean;
  className?: string;
}

/**
 * A labelled read-only field for a stored secret: shows only its last four characters (the rest
 * as '•', see `maskValue`) until the Show toggle (aria-pressed) reveals it; Hide masks it again.
 * The toggle controls the field and is described by its label, so several on a page stay
 * distinguishable. The ref points at the input.
 */
export const MaskedField = forwardRef<HTMLInputElement, MaskedFieldProps>(function MaskedField(
  {
    label,
    value,
    description,
    showLabel = 'Show',
    hideLabel = 'Hide',
    revealable = value !== '' && !value.includes('•'),
    className,
  },
  forwardedRef,
) {
  const ref = useObjectRef(forwardedRef);
  const [revealedState, setRevealed] = useState(false);
  const revealed = revealable && revealedState;
  const id = useId();
  const inputId = `${id}-input`;
  const { labelProps, inputProps, descriptionProps } = useTextField(
    {
      id: inputId,
      label,
      description,
      value: revealed ? value : maskValue(value),
      isReadOnly: true,
      autoComplete: 'off',
    },
    ref,
  );
  return (
    <div className={[f.field, className].filter(Boolean).join(' ')}>
      <label {...labelProps} className={f.label}>
        {label}
      </label>
      <div className={styles.row}>
        <input
          {...inputProps}
          ref={ref}
          spellCheck={false}
          data-revealed={revealed || undefined}
          className={`${f.input} ${styles.value}`}
        />
        {revealable ? (
          <Button
            variant="secondary"
            className={styles.toggle}
            aria-pressed={revealed}
            aria-controls={inputId}
            aria-describedby={labelProps.id}
            onClick={() => setRevealed((r) => !r)}
          >
            {revealed ? hideLabel : showLabel}
          </Button>
        ) : null}
      </div>
      {description ? (
        <p {...descriptionProps} className={f.description}>
          {description}
        </p>
      ) : null}
    </div>
  );
});
