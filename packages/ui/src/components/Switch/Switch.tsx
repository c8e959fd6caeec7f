import { useId } from 'react';
import { Switch as RSwitch } from 'radix-ui';
import * as f from '../../theme/field.css';
import * as styles from './Switch.css';

export interface SwitchProps {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  description?: string;
  disabled?: boolean;
}

/** An on/off switch (Radix Switch, role switch): Space toggles it; label and description are wired. */
export function Switch({ label, checked, onCheckedChange, description, disabled }: SwitchProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className={styles.row}>
      <RSwitch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={description ? descriptionId : undefined}
        className={styles.root}
      >
        <RSwitch.Thumb className={styles.thumb} />
      </RSwitch.Root>
      <div className={styles.text}>
        <label htmlFor={id} className={f.label}>
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className={f.description}>
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
