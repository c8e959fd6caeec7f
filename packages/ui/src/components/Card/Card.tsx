import { forwardRef, useCallback, useId, type HTMLAttributes, type ReactNode } from 'react';
import * as styles from './Card.css';

export type CardElement = 'section' | 'article' | 'div';
export type CardHeadingLevel = 2 | 3 | 4;

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Heading of the card. With a title the card is a region labelled by that heading. */
  title?: ReactNode;
  /** Controls shown at the end of the header (buttons, menus). */
  actions?: ReactNode;
  /** Element to render. Default: 'section' when a title is given, else 'div'. */
  as?: CardElement;
  /** Level of the title heading (default 2). */
  headingLevel?: CardHeadingLevel;
  className?: string;
  children?: ReactNode;
}

/**
 * A surface grouping related content. With `title`, it renders a heading and is labelled by it
 * (`aria-labelledby`), so screen-reader users can jump to it as a region.
 */
export const Card = forwardRef<HTMLElement, CardProps>(function Card(
  { title, actions, as, headingLevel = 2, className, children, ...rest },
  ref,
) {
  const titleId = useId();
  const hasTitle = title !== undefined && title !== null && title !== false;
  const Element = as ?? (hasTitle ? 'section' : 'div');
  const Heading = `h${headingLevel}` as const;
  const hasHeader = hasTitle || Boolean(actions);
  // A callback ref fits every element of the `as` union.
  const setRef = useCallback(
    (node: HTMLElement | null) => {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  return (
    <Element
      aria-labelledby={hasTitle ? titleId : undefined}
      {...rest}
      ref={setRef}
      className={[styles.card, className].filter(Boolean).join(' ')}
    >
      {hasHeader ? (
        <div className={styles.header}>
          {hasTitle ? (
            <Heading id={titleId} className={styles.title}>
              {title}
            </Heading>
          ) : null}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </div>
      ) : null}
      <div className={styles.body}>{children}</div>
    </Element>
  );
});
