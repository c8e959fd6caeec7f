import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { Box, boxClasses } from './Box';
import * as styles from './Box.css';
import { Stack } from '../Stack';
import { Inline } from '../Inline';
import { expectNoAxeViolations } from '../../test/axe';

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

  it('Stack lays children in a column with a space (default md); Inline in a wrapping row', async () => {
    const { container } = render(
      <main>
        <Stack data-testid="stack" align="start">
          <p>One</p>
          <p>Two</p>
        </Stack>
        <Inline data-testid="inline" gap="xs" align="spaceBetween" wrap={false}>
          <span>A</span>
          <span>B</span>
        </Inline>
        <Inline data-testid="wrapping">
          <span>C</span>
        </Inline>
      </main>,
    );
    const stack = screen.getByTestId('stack');
    expect(stack).toHaveClass(
      styles.display.flex,
      styles.flexDirection.column,
      styles.gap.md,
      styles.alignItems.start,
    );
    const inline = screen.getByTestId('inline');
    expect(inline).toHaveClass(
      styles.flexDirection.row,
      styles.gap.xs,
      styles.alignItems.center,
      styles.justifyContent.spaceBetween,
    );
    expect(inline).not.toHaveClass(styles.flexWrap.wrap);
    expect(screen.getByTestId('wrapping')).toHaveClass(styles.flexWrap.wrap, styles.gap.sm);
    await expectNoAxeViolations(container);
  });
});
