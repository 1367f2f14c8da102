import { useEffect, useSyncExternalStore } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { createQueryClient } from './queryClient';
import { createRoutes } from './routes';
import { useLoadedAfterFirstPage, whenFirstPageSettled } from '../lib/boot';
import { linkManifest, registerServiceWorker } from '../lib/pwa';
import { toastsRaised } from '../components/ui/toast';

// The toast library is its own chunk, fetched on the first toast (components/ui/toast) and not
// before the first page has painted (lib/boot/afterFirstPage): no page needs it to paint, and
// its download and evaluation would compete with the page's largest paint. A toast raised
// before it mounts is not lost (sonner replays the active toasts to a Toaster that subscribes
// late).
const loadToaster = () => import('../components/ui/Toaster').then((m) => m.Toaster);

// One query client for the app's life, made before the router so route loaders can prefetch.
const queryClient = createQueryClient();

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The app's router, started: it matches the address and starts the landing page's code and
 * route loaders at once (lib/boot/index.ts, step 3).
 */
export function createAppRouter(): AppRouter {
  return createBrowserRouter(createRoutes(queryClient));
}

function Toasts() {
  const raised = useSyncExternalStore(toastsRaised.subscribe, toastsRaised.snapshot);
  const Toaster = useLoadedAfterFirstPage(loadToaster, raised);
  return Toaster && <Toaster />;
}

/** Providers that do not need the router; the auth provider lives in the root route. */
export function App({ router }: { router: AppRouter }) {
  // The installable app's manifest and service worker (offline app shell, push): built app
  // only, and not before the first page has painted (they would compete with it: lib/pwa.ts).
  useEffect(() => {
    if (import.meta.env.PROD)
      void whenFirstPageSettled(queryClient).then(() => {
        linkManifest();
        registerServiceWorker();
      });
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toasts />
    </QueryClientProvider>
  );
}
