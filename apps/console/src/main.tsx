import './zodConfig';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@parley/ui/global.css';
import { App } from './App';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
