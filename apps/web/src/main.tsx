import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/App';
import './styles/tokens.css';
import './styles/base.css';
import './styles/primitives.css';

// The first load, step by step, and why each step is there: lib/boot/index.ts.
const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');

/** Lets the browser run what is waiting (input, a paint, an arrived answer) before going on. */
const taskHop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/*
 * Three tasks instead of one: the browser evaluates the app's modules in one task already, and
 * creating and starting the router (ranking the routes, matching the address, starting the
 * page's code and reads) in that same task made it one long task on a phone, input blocked.
 * Two hops, no more: each step is short enough on its own.
 */
async function start(): Promise<void> {
  await taskHop();
  // Matches the address and asks for the landing page's code and reads (route loaders).
  const router = createAppRouter();
  await taskHop();
  createRoot(root!).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}

void start();
