import './zodConfig';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@parley/ui/global.css';
import { App } from './App';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const app = createRoot(root);
// The first render in a transition: React yields to the browser every few milliseconds while it
// builds the page (the prerendered loading screen stays until it is done), instead of one long
// task.
startTransition(() => {
  app.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
