import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config } from 'zod';
import '@parley/ui/global.css';
import { App } from './App';

// No eval: zod's compiled validators probe `new Function`, which the console's CSP refuses
// (and reports as a violation). The interpreted validators are as correct.
config({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
