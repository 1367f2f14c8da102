import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/App';
import './styles/tokens.css';
import './styles/base.css';
import './styles/primitives.css';

// The first load, step by step, and why each step is there: lib/boot/index.ts.
const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');

// The router starts at once: it matches the address and asks for the landing page's code and
// reads (route loaders) while React renders the shell.
const router = createAppRouter();
createRoot(root).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
