import { createContext, forwardRef, useContext, type ReactElement, type ReactNode } from 'react';
import { Tooltip as RTooltip } from 'radix-ui';
import * as styles from './Tooltip.css';

export interface TooltipProviderProps {
  children: ReactNode;
  /** Milliseconds of hover before a tooltip opens (default 400). */
  delayDuration?: number;
}

/** Whether a TooltipProvider is above (a Tooltip without one brings its own). */
const InProvider = createContext(false);

/**
 * Wrap a view's tooltips once (Radix Tooltip.Provider): they share its open delay, and the next
 * one opens at once while moving from one to another.
 */
export function TooltipProvider({ children, delayDuration = 400 }: TooltipProviderProps) {
  return (
    <RTooltip.Provider delayDuration={delayDuration}>
      <InProvider.Provider value>{children}</InProvider.Provider>
    </RTooltip.Provider>
  );
}

export interface TooltipProps {
  content: ReactNode;
  /** The trigger, rendered with `asChild`; it must be focusable (a button) so keyboard users see the tooltip. */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  /**
   * 'text' for long content (e.g. a knowledge segment's full text): wider, kept inside the
   * window and scrollable, never clipped. Default 'hint'.
   */
  size?: 'hint' | 'text';
}

/**
 * A hint shown on hover and on keyboard focus (Radix Tooltip); it describes the trigger for
 * screen readers and Escape dismisses it. The ref points at the
 * tooltip bubble. Under a TooltipProvider it shares that provider's delay; alone it brings its own
 * (400 ms), so a page need not load the tooltip code before it shows one.
 */
export const Tooltip = forwardRef<HTMLDivElement, TooltipProps>(function Tooltip(
  { content, children, side = 'top', size = 'hint' },
  ref,
) {
  const inProvider = useContext(InProvider);
  const tooltip = (
    <RTooltip.Root>
      <RTooltip.Trigger asChild>{children}</RTooltip.Trigger>
      <RTooltip.Portal>
        <RTooltip.Content
          ref={ref}
          side={side}
          sideOffset={6}
          collisionPadding={8}
          data-size={size}
          className={styles.content}
        >
          {content}
          <RTooltip.Arrow className={styles.arrow} />
        </RTooltip.Content>
      </RTooltip.Portal>
    </RTooltip.Root>
  );
  return inProvider ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
});
