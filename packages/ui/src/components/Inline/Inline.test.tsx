import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import * as styles from '../Box/Box.css';
import { Inline } from './Inline';
import { expectNoAxeViolations } from '../../test/axe';

describe('Inline', () => {
  it('lays its children in a row that wraps (default gap sm), or one that does not', async () => {
    const { container } = render(
      <main>
        <Inline data-testid="inline" gap="xs" align="spaceBetween" wrap={false}>
          <span>A</span>
          <span>B</span>
        </Inline>
        <Inline data-testid="wrapping">
          <span>C</span>
        </Inline>
      </main>,
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
