/**
 * The React API of the production build: preact/compat with one change. Preact's useId numbers
 * ids per render root, and a portal opened before the first id of its root starts a new count, so
 * two components in one page can get the same id ('radix-P0-0' on a filter's option and on a
 * navbar button), and every aria-labelledby that points at it names the wrong element. Ids here
 * come from one counter for the whole page (no server rendering: no need to match one).
 */
import compat, { useState } from 'preact/compat';

export * from 'preact/compat';

let next = 0;

/** @returns {string} */
export function useId() {
  const [id] = useState(() => `p${(next++).toString(36)}`);
  return id;
}

export default { ...compat, useId };
