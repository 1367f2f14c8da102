import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { createQueryClient } from './queryClient';
import { createRoutes } from './routes';
import { Toaster } from '../components/ui/Toaster';

// One query client for the app's life, made before the router so route loaders can prefetch.
const queryClient = createQueryClient();
const router = createBrowserRouter(createRoutes(queryClient));

/** Providers that do not need the router; the auth provider lives in the root route. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
}
