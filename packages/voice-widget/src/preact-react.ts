/**
 * The part of the React API the voice widget uses, taken straight from preact. The source
 * imports 'react' and 'react-dom/client' like any React code; the build aliases them here
 * instead of to preact/compat, whose 7.6 KB gzip alone would take most of the first script's
 * 10 KB budget (see vite.config.ts). Types still come from preact/compat (tsconfig paths).
 */
import { render, type ComponentChild } from 'preact';

export { createElement, Fragment } from 'preact';
export { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';

/** react-dom/client's createRoot over preact's render. */
export function createRoot(container: Element) {
  return {
    render: (children: ComponentChild) => render(children, container),
    unmount: () => render(null, container),
  };
}
