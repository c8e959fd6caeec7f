import { forwardRef, type ReactElement, type ReactNode } from 'react';
import { Tooltip as RTooltip } from 'radix-ui';
import * as styles from './Tooltip.css';

export interface TooltipProviderProps {
  children: ReactNode;
  /** Milliseconds of hover before a tooltip opens (default 400). */
  delayDuration?: number;
}

/** Wrap the app once (Radix Tooltip.Provider); tooltips share its open delay. */
export function TooltipProvider({ children, delayDuration = 400 }: TooltipProviderProps) {
  return <RTooltip.Provider delayDuration={delayDuration}>{children}</RTooltip.Provider>;
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
 * screen readers and Escape dismisses it. Needs a TooltipProvider above. The ref points at the
 * tooltip bubble.
 */
export const Tooltip = forwardRef<HTMLDivElement, TooltipProps>(function Tooltip(
  { content, children, side = 'top', size = 'hint' },
  ref,
) {
  return (
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
});
