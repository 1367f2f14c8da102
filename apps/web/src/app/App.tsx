import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { createQueryClient } from './queryClient';
import { routes } from './routes';
import { Toaster } from '../components/ui/Toaster';

const router = createBrowserRouter(routes);

/** Providers that do not need the router; the auth provider lives in the root route. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
}
