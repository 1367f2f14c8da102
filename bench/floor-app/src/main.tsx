import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Link, Outlet, RouterProvider, createBrowserRouter } from 'react-router-dom';

/**
 * The floor of `pnpm bench web`: the frameworks Munegu's web app is built on (React 19,
 * react-router-dom 7 with lazy routes, TanStack Query) and nothing else, two routes that fetch
 * and render a little JSON. Built by the bench with apps/web's Vite and dependencies.
 */
function Layout() {
  return (
    <>
      <header>
        <nav aria-label="Navigation principale">
          <Link to="/">Accueil</Link> · <Link to="/liste">Liste</Link>
        </nav>
      </header>
      <main>
        <Outlet />
      </main>
    </>
  );
}

const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./Home')).default }) },
      { path: 'liste', lazy: async () => ({ Component: (await import('./List')).default }) },
    ],
  },
]);

const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
