import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerServiceWorker } from './lib/pwa';
import { warmDateFormats } from './lib/dates';
import './styles/tokens.css';
import './styles/base.css';
import './styles/primitives.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// When the browser is idle (the page's code and data on the way, or its first paint done): the
// formatters' first use is costly, and most pages format dates as soon as their data arrives.
warmDateFormats();

// The installable app's service worker (offline app shell, push): built app only.
if (import.meta.env.PROD) registerServiceWorker();
