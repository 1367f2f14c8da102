import { Suspense, lazy } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { createQueryClient } from './queryClient';
import { createRoutes } from './routes';

// The toast library is its own chunk, fetched beside the page's code rather than parsed in the
// first script: no page needs it to paint. A toast raised before it mounts is not lost (sonner
// replays the active toasts to a Toaster that subscribes late).
const Toaster = lazy(() =>
  import('../components/ui/Toaster').then((m) => ({ default: m.Toaster })),
);

// One query client for the app's life, made before the router so route loaders can prefetch.
const queryClient = createQueryClient();
const router = createBrowserRouter(createRoutes(queryClient));

/** Providers that do not need the router; the auth provider lives in the root route. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
