import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * Runs axe-core over a rendered container and fails with the rule ids and targets.
 * Colour contrast is checked in Storybook's a11y addon (real layout); jsdom cannot compute it.
 */
export async function expectNoAxeViolations(container: Element = document.body): Promise<void> {
  const results = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}
