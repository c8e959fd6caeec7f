import { forwardRef, useId, useState, type ReactNode } from 'react';
import { Tabs as RTabs } from 'radix-ui';
import * as styles from './Tabs.css';
import { visuallyHidden } from '../../theme/focus.css';

export interface TabItem {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface TabsProps {
  /** Accessible name of the tab list (and of the select on small screens). */
  label: string;
  items: TabItem[];
  value: string;
  onValueChange: (value: string) => void;
  /**
   * 'responsive' (default): below the md breakpoint the tab list becomes a select, as the agent
   * editor needs on phones. 'tabs': always a tab list.
   */
  layout?: 'tabs' | 'responsive';
  /** The panel of the selected tab. */
  children?: ReactNode;
}

/**
 * Tabs (Radix Tabs): arrow keys move between tabs and select them, Home/End jump. In the
 * responsive layout a native select labelled `label` replaces the list below the md breakpoint
 * (both are rendered and CSS hides one, so there is no measuring). The ref points at the root.
 */
export const Tabs = forwardRef<HTMLDivElement, TabsProps>(function Tabs(
  { label, items, value, onValueChange, layout = 'responsive', children },
  ref,
) {
  const selectId = useId();
  const hasPanel = children !== undefined;
  // Radix focuses a tab from script on mouse down, which the browser then counts as a keyboard
  // focus (a ring on every click): the ring is kept for the keyboard (a key press clears this).
  const [pointer, setPointer] = useState(false);
  return (
    <RTabs.Root ref={ref} value={value} onValueChange={onValueChange} className={styles.root}>
      <RTabs.List
        aria-label={label}
        className={layout === 'responsive' ? `${styles.list} ${styles.hideOnSmall}` : styles.list}
        data-pointer={pointer || undefined}
        onPointerDown={() => setPointer(true)}
        onKeyDown={() => setPointer(false)}
      >
        {items.map((item) => (
          <RTabs.Trigger
            key={item.value}
            value={item.value}
            disabled={item.disabled}
            className={styles.trigger}
            // Without panels there is nothing to control (the page below changes instead).
            {...(hasPanel ? {} : { 'aria-controls': undefined })}
          >
            {item.label}
          </RTabs.Trigger>
        ))}
      </RTabs.List>
      {layout === 'responsive' ? (
        <div className={styles.showOnSmall}>
          <label htmlFor={selectId} className={visuallyHidden}>
            {label}
          </label>
          <select
            id={selectId}
            className={styles.select}
            value={value}
            onChange={(e) => onValueChange(e.target.value)}
          >
            {items.map((item) => (
              <option key={item.value} value={item.value} disabled={item.disabled}>
                {item.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {hasPanel ? (
        <RTabs.Content value={value} className={styles.panel}>
          {children}
        </RTabs.Content>
      ) : null}
    </RTabs.Root>
  );
});
