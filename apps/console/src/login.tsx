import '@parley/ui/global.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LoginApp } from './LoginApp';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
if (import.meta.env.PROD) {
  // #root holds the login screen as the build rendered it (scripts/prerender-page.mjs), with the
  // same components on the same preact/compat: hydrating takes those nodes over as they are (no
  // node replaced, no text or style rewritten: nothing flashes, shifts or paints again) and adds
  // the event handlers. It is synchronous: the form works once this module has run, before the
  // page's load event.
  hydrateRoot(root, <LoginApp />);
} else {
  // Development (React, no prerendered HTML): a plain render.
  createRoot(root).render(<LoginApp />);
}
