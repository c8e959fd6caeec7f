import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { badge, dot as dotStyle, label, wrapping, type badgeTones } from './Badge.css';

export type BadgeTone = (typeof badgeTones)[number];

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  /** Colour meaning: 'success' (e.g. active), 'warning' (draft), 'danger' (DELETED)... Default 'neutral'. */
  tone?: BadgeTone;
  /** Shows a small coloured dot before the text (e.g. 'System Online'). */
  dot?: boolean;
  /** The text is a name or an address: it wraps (anywhere if it must) instead of truncating. */
  wrap?: boolean;
  children: ReactNode;
}

/**
 * A small status label ('active', 'draft', 'HQ • VECTOR', 'Custom API'...). The text carries the
 * meaning; the tone colour only reinforces it.
 */
export const Badge = forwardRef<HTMLSpanElement, BadgeProps>(function Badge(
  { tone = 'neutral', dot = false, wrap = false, children, className, ...rest },
  ref,
) {
  return (
    <span
      {...rest}
      ref={ref}
      data-tone={tone}
      data-wrap={wrap || undefined}
      className={[badge({ tone }), wrap ? wrapping : null, className].filter(Boolean).join(' ')}
    >
      {dot ? <span className={dotStyle({ tone })} aria-hidden="true" /> : null}
      <span className={label}>{children}</span>
    </span>
  );
});
