import '@parley/ui/global.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LoginApp } from './LoginApp';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
if (import.meta.env.PROD) {
  // #root holds the login screen as the build rendered it (scripts/prerender-page.mjs), with the
  // same components on the same React (react-dom/server): hydrating takes those nodes over as
  // they are (no node replaced, no text or style rewritten: nothing flashes, shifts or paints
  // again) and adds the event handlers. A click or key press that comes before hydration has
  // finished hydrates the root at once and is then replayed, so nothing typed is lost.
  // In a transition, hydration yields to the browser every few milliseconds (no long task while
  // the page already shows its HTML).
  startTransition(() => {
    hydrateRoot(root, <LoginApp />);
  });
} else {
  // Development (React, no prerendered HTML): a plain render.
  createRoot(root).render(<LoginApp />);
}
