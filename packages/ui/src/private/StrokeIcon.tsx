import type { ReactNode, SVGProps } from 'react';

export interface StrokeIconProps extends Omit<SVGProps<SVGSVGElement>, 'width' | 'height'> {
  /** Width and height in pixels (default 16). */
  size?: number;
  children: ReactNode;
}

/** A decorative line icon on a 24-unit grid, drawn in the text colour (the components' icons). */
export function StrokeIcon({ size = 16, strokeWidth = 2, children, ...rest }: StrokeIconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      aria-hidden="true"
      {...rest}
    >
      {children}
    </svg>
  );
}
