import { describe, expect, it } from 'vitest';
import { createElement as h, render } from 'preact';
import { act } from 'preact/test-utils';
import * as original from 'preact/compat';
import { useId } from './preactCompat.js';

/** A portal opened before its root's first id, then a sibling with an id (the navbar case). */
function idsOf(compat: Pick<typeof original, 'useId' | 'createPortal'>) {
  const seen: string[] = [];
  const Labelled = () => {
    seen.push(compat.useId());
    return null;
  };
  const Page = () => [
    compat.createPortal(h(Labelled, null), document.body),
    h(Labelled, { key: 'b' }),
  ];
  const container = document.createElement('div');
  act(() => render(h(Page, null), container));
  render(null, container);
  return seen;
}

describe('the production build’s React API (preact/compat)', () => {
  it('gives two components of one page different ids, also across portals', () => {
    // preact/compat's own useId restarts its count in a portal opened before the root's first id.
    const [portal, sibling] = idsOf(original);
    expect(portal).toBe(sibling);
    const [a, b] = idsOf({ createPortal: original.createPortal, useId });
    expect(a).not.toBe(b);
  });
});
