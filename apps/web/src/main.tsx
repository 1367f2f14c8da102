import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/App';
import './styles/tokens.css';
import './styles/base.css';
import './styles/primitives.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');

const reactRoot = createRoot(root);
// The browser evaluates the app's modules (React, the router, the app's code) in one task; the
// router's creation (matching the routes, starting the landing page's code and reads) used to
// run in it too, making it a task of 25-30 ms, long on a phone. It now gets a task of its own,
// and the first render is split by React (a transition yields every few milliseconds).
window.setTimeout(() => {
  const router = createAppRouter();
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
}, 0);
