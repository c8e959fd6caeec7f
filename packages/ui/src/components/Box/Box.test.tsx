import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { Box, boxClasses } from './Box';
import * as styles from './Box.css';

describe('Box', () => {
  it('given layout props › puts one class per prop, then the screen’s own', () => {
    const { className, rest } = boxClasses({
      display: 'flex',
      gap: 'md',
      paddingX: 'lg',
      alignItems: 'center',
      className: 'x',
      id: 'kept',
    });
    expect(rest).toEqual({ id: 'kept' });
    expect(className).toBe(
      [styles.display.flex, styles.alignItems.center, styles.gap.md, styles.paddingX.lg, 'x'].join(
        ' ',
      ),
    );
    expect(boxClasses({}).className).toBeUndefined();
  });

  it('given as and a ref › renders that element, forwards the ref and its attributes', () => {
    const ref = createRef<HTMLElement>();
    render(
      <Box as="section" ref={ref} aria-label="Filters" padding="sm">
        Body
      </Box>,
    );
    const region = screen.getByRole('region', { name: 'Filters' });
    expect(region).toBe(ref.current);
    expect(region).toHaveClass(styles.padding.sm);
  });
});
