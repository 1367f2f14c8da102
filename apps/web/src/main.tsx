import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerServiceWorker } from './lib/pwa';
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

// The installable app's service worker (offline app shell, push): built app only.
if (import.meta.env.PROD) registerServiceWorker();
