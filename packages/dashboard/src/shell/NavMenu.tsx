import {
  cloneElement,
  lazy,
  Suspense,
  useCallback,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';
import type { DropdownMenuProps } from '@parley/ui';

const Menu = lazy(() => import('./navMenuModule'));

/** The keys that open a menu from its trigger (as Radix's trigger does). */
const openingKeys = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * The navbar's menus: the trigger shows at once; the menu's code loads right after the page (it
 * is not part of the first tab's scripts). A press on the trigger before it arrived is kept (the
 * menu then opens as soon as it is there), and so is the focus (the loaded trigger takes it).
 */
export function NavMenu(props: DropdownMenuProps) {
  const [pressed, setPressed] = useState(false);
  const focused = useRef(false);
  const trigger = props.trigger as ReactElement<Record<string, unknown>>;
  const waiting = cloneElement(trigger, {
    'aria-haspopup': 'menu',
    'aria-expanded': pressed,
    onFocus: () => (focused.current = true),
    onBlur: () => (focused.current = false),
    onPointerDown: (e: PointerEvent) => {
      if (e.button === 0 && !e.ctrlKey) setPressed(true);
    },
    onKeyDown: (e: KeyboardEvent) => {
      if (!openingKeys.has(e.key)) return;
      e.preventDefault();
      setPressed(true);
    },
  });
  // The loaded trigger is a new element: it takes the focus the waiting one had.
  const keepFocus = useCallback((node: HTMLElement | null) => {
    if (node && focused.current) node.focus();
    focused.current = false;
  }, []);
  return (
    <Suspense fallback={waiting}>
      <Menu
        {...props}
        trigger={cloneElement(trigger, { ref: keepFocus })}
        defaultOpen={pressed || undefined}
      />
    </Suspense>
  );
}
