import { Suspense, lazy, useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { createQueryClient } from './queryClient';
import { createRoutes } from './routes';

// The toast library is its own chunk, fetched once the page has loaded and the browser is idle
// rather than beside the page's code: no page needs it to paint, and before, its download and
// evaluation (sonner, 10 kB compressed) competed with the page's largest paint. A toast raised
// before it mounts is not lost (sonner replays the active toasts to a Toaster that subscribes
// late); toasts come from members' actions, which the page's own code must be there for.
const Toaster = lazy(() =>
  import('../components/ui/Toaster').then((m) => ({ default: m.Toaster })),
);

// One query client for the app's life, made before the router so route loaders can prefetch.
const queryClient = createQueryClient();
const router = createBrowserRouter(createRoutes(queryClient));

/** True once the window's load event has passed and the browser then had an idle moment. */
function useLoadedAndIdle(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancel = () => {};
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(() => setReady(true), { timeout: 2000 });
        cancel = () => window.cancelIdleCallback(id);
      } else {
        const id = window.setTimeout(() => setReady(true), 200);
        cancel = () => window.clearTimeout(id);
      }
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      cancel();
    };
  }, []);
  return ready;
}

/** Providers that do not need the router; the auth provider lives in the root route. */
export function App() {
  const toasterWanted = useLoadedAndIdle();
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {toasterWanted && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
