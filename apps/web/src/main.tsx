import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppHistory, createAppRouter } from './app/App';
import { nextTask } from './lib/nextTask';
import './styles/tokens.css';
import './styles/base.css';
import './styles/primitives.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');

/*
 * The first load's work, one task per step. Lighthouse's phone estimate counts every task of
 * the main thread beyond 50 ms at 4 × this machine's speed (12.5 ms here) between the first
 * paint and the page's quiet, and the browser evaluates the app's modules (React, the router,
 * the app's code) in one task already. Measured here before the split: modules + router + first
 * render in one task of 30-46 ms; then router creation and start in one of 16-50 ms.
 */
async function start(): Promise<void> {
  await nextTask();
  // React's root listens to every event type on #root (about 160 listeners), and the router's
  // start reads sessionStorage (its view transitions): the browser loads the origin's session
  // storage at its first use, a few milliseconds, done here rather than in the router's task.
  const reactRoot = createRoot(root!);
  try {
    window.sessionStorage.getItem('');
  } catch {
    // Storage refused (privacy settings): the router copes the same way.
  }
  await nextTask();
  const history = createAppHistory();
  await nextTask();
  const router = createAppRouter(history);
  await nextTask();
  // Matches the address, starts the page's code and its loaders (which read in a task of
  // their own: routes.tsx `prefetch`).
  router.initialize();
  await nextTask();
  // A transition: React renders the first page in pieces it can interrupt.
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
}

void start();
