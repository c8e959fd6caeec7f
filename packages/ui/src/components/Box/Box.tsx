import { forwardRef, type ElementType, type HTMLAttributes, type ReactNode } from 'react';
import * as styles from './Box.css';

export type Space = keyof typeof styles.gap;
export const spaces = Object.keys(styles.gap) as Space[];
export type BoxDisplay = keyof typeof styles.display;
export type BoxAlign = keyof typeof styles.alignItems;
export type BoxJustify = keyof typeof styles.justifyContent;

export interface BoxProps extends HTMLAttributes<HTMLElement> {
  /** The element to render (default 'div'). */
  as?: ElementType;
  display?: BoxDisplay;
  flexDirection?: keyof typeof styles.flexDirection;
  flexWrap?: keyof typeof styles.flexWrap;
  alignItems?: BoxAlign;
  justifyContent?: BoxJustify;
  /** Space between the children (the theme's space scale). */
  gap?: Space;
  padding?: Space;
  paddingX?: Space;
  paddingY?: Space;
  /** As a flex item, may shrink below its content's width. */
  shrink?: boolean;
  className?: string;
  children?: ReactNode;
}

const atoms = {
  display: styles.display,
  flexDirection: styles.flexDirection,
  flexWrap: styles.flexWrap,
  alignItems: styles.alignItems,
  justifyContent: styles.justifyContent,
  gap: styles.gap,
  padding: styles.padding,
  paddingX: styles.paddingX,
  paddingY: styles.paddingY,
  shrink: styles.shrink,
} as const;

/**
 * A Box's props split: the classes of its layout props (then `className`, for a screen's own
 * look) and the rest, for the element.
 */
export function boxClasses<P extends Omit<BoxProps, 'as' | 'children'>>(
  props: P,
): { className: string | undefined; rest: Omit<P, keyof typeof atoms | 'className'> } {
  const rest: Record<string, unknown> = { ...props };
  const classes: string[] = [];
  for (const key of Object.keys(atoms) as (keyof typeof atoms)[]) {
    const value = rest[key];
    delete rest[key];
    if (value) classes.push((atoms[key] as Record<string, string>)[String(value)]!);
  }
  delete rest.className;
  if (props.className) classes.push(props.className);
  return {
    className: classes.length ? classes.join(' ') : undefined,
    rest: rest as Omit<P, keyof typeof atoms | 'className'>,
  };
}

/**
 * The layout primitive (braid's Box): spacing, direction and alignment as props read from the
 * theme's scales, on any element. Stack and Inline are Boxes; a screen's `.css.ts` keeps only
 * what is particular to it.
 */
export const Box = forwardRef<HTMLElement, BoxProps>(function Box(
  { as: Element = 'div', ...props },
  ref,
) {
  const { className, rest } = boxClasses(props);
  return <Element ref={ref} className={className} {...rest} />;
});
