import { forwardRef, Fragment, type ReactElement, type ReactNode } from 'react';
import { DropdownMenu as RMenu } from 'radix-ui';
import * as styles from './DropdownMenu.css';
import { StrokeIcon } from '../../private/StrokeIcon';

export interface DropdownMenuItem {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
  /** Destructive items (e.g. 'Log out') are shown in the danger colour. */
  danger?: boolean;
  /**
   * One of a set of choices (e.g. the organizations): `true` marks the current one with a check.
   * Such an item is a `menuitemcheckbox`; leave it out for a plain action.
   */
  checked?: boolean;
  /** Starts a new group: a line above the item. */
  separatorBefore?: boolean;
  /** The item names where the person is (e.g. the open section): a check mark and aria-current. */
  current?: boolean;
}

/** The check of the current choice (decorative: the item's checked state carries it). */
function CheckMark() {
  return (
    <StrokeIcon strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round" focusable="false">
      <path d="M5 12.5 10 17.5 19.5 7" />
    </StrokeIcon>
  );
}

export interface DropdownMenuProps {
  /** Accessible name of the menu (aria-label). */
  label: string;
  /** The trigger element (a Button); rendered with `asChild`, so it receives the menu's aria attributes. */
  trigger: ReactElement;
  /** Non-interactive content above the items (e.g. the signed-in user). */
  header?: ReactNode;
  items: DropdownMenuItem[];
  align?: 'start' | 'end';
  /** Opens at once when it mounts (a menu whose code loaded after the person pressed its trigger). */
  defaultOpen?: boolean;
}

/**
 * A menu on a trigger (Radix DropdownMenu): Enter, Space or ArrowDown open it, arrow keys move
 * between items, Enter selects, and Escape or a pointer down outside closes it. The ref points at
 * the menu element.
 */
export const DropdownMenu = forwardRef<HTMLDivElement, DropdownMenuProps>(function DropdownMenu(
  { label, trigger, header, items, align = 'end', defaultOpen },
  ref,
) {
  return (
    <RMenu.Root modal={false} defaultOpen={defaultOpen}>
      <RMenu.Trigger asChild>{trigger}</RMenu.Trigger>
      <RMenu.Portal>
        <RMenu.Content
          ref={ref}
          className={styles.content}
          align={align}
          sideOffset={6}
          // Radix names the menu after its trigger; the API names it by `label`.
          aria-label={label}
          aria-labelledby={undefined}
        >
          {header ? (
            <>
              <div className={styles.header}>{header}</div>
              <RMenu.Separator className={styles.separator} />
            </>
          ) : null}
          {items.map((item, i) => (
            <Fragment key={`${i}-${item.label}`}>
              {item.separatorBefore ? <RMenu.Separator className={styles.separator} /> : null}
              {item.checked === undefined ? (
                <RMenu.Item
                  className={styles.item}
                  data-danger={item.danger || undefined}
                  data-current={item.current || undefined}
                  aria-current={item.current ? 'page' : undefined}
                  disabled={item.disabled}
                  onSelect={item.onSelect}
                >
                  <span className={styles.itemLabel}>{item.label}</span>
                  {item.current ? (
                    <span className={styles.itemMark}>
                      <CheckMark />
                    </span>
                  ) : null}
                </RMenu.Item>
              ) : (
                <RMenu.CheckboxItem
                  className={styles.item}
                  checked={item.checked}
                  disabled={item.disabled}
                  onSelect={item.onSelect}
                >
                  <span className={styles.check}>
                    <RMenu.ItemIndicator>
                      <CheckMark />
                    </RMenu.ItemIndicator>
                  </span>
                  <span className={styles.itemLabel}>{item.label}</span>
                </RMenu.CheckboxItem>
              )}
            </Fragment>
          ))}
        </RMenu.Content>
      </RMenu.Portal>
    </RMenu.Root>
  );
});
