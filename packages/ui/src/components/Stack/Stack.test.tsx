import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import * as styles from '../Box/Box.css';
import { Stack } from './Stack';
import { expectNoAxeViolations } from '../../test/axe';

describe('Stack', () => {
  it('lays its children in a column with a space (default md), aligned as asked', async () => {
    const ref = createRef<HTMLElement>();
    const { container } = render(
      <main>
        <Stack ref={ref} data-testid="stack" align="start">
          <p>One</p>
          <p>Two</p>
        </Stack>
        <Stack data-testid="tight" gap="xs">
          <p>Three</p>
        </Stack>
      </main>,
    );
    const stack = screen.getByTestId('stack');
    expect(stack).toBe(ref.current);
    expect(stack).toHaveClass(
      styles.display.flex,
      styles.flexDirection.column,
      styles.gap.md,
      styles.alignItems.start,
    );
    expect(screen.getByTestId('tight')).toHaveClass(styles.gap.xs);
    expect(screen.getByTestId('tight')).not.toHaveClass(styles.alignItems.start);
    await expectNoAxeViolations(container);
  });
});
