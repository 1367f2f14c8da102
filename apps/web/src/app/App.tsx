import { useEffect, useSyncExternalStore } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  type createBrowserRouter,
} from 'react-router-dom';
import { createQueryClient } from './queryClient';
import { createRoutes } from './routes';
import { useLoadedAfterFirstPage, whenFirstPageSettled } from '../lib/settled';
import { linkManifest, registerServiceWorker } from '../lib/pwa';
import { toastsRaised } from '../components/ui/toast';

// The toast library is its own chunk, fetched on the first toast (components/ui/toast) and not
// before the first page has painted (lib/settled): no page needs it to paint, and before, its
// download and evaluation (sonner, 10 kB compressed) competed with the page's largest paint. A
// toast raised before it mounts is not lost (sonner replays the active toasts to a Toaster that
// subscribes late).
const loadToaster = () => import('../components/ui/Toaster').then((m) => m.Toaster);

// One query client for the app's life, made before the router so route loaders can prefetch.
const queryClient = createQueryClient();

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The browser history the router uses (it records its position in the page's history state at
 * once: a `history.replaceState`); main.tsx makes it in a task of its own.
 */
export function createAppHistory() {
  return createBrowserHistory();
}

/**
 * The app's router, not yet started: what `createBrowserRouter` makes before it calls
 * `initialize()` (same history, same route properties). main.tsx starts it in the next task:
 * on a phone, creating the router (its routes ranked) and starting it (matching the address,
 * restoring the view transitions from sessionStorage, starting the page's code and loaders)
 * measured 16-50 ms in one task here, each half under the 50 ms a phone counts against the page.
 */
export function createAppRouter(history: ReturnType<typeof createAppHistory>): AppRouter {
  return createRouter({
    history,
    routes: createRoutes(queryClient),
    mapRouteProperties,
    hydrationRouteProperties,
  });
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
