/**
 * The admin app with everything around it: server-state cache, auth context, router, toasts.
 * A data router (one route that hands every path to the app's own routes), so a page with
 * unsaved changes can hold a navigation back (`useBlocker`).
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Toaster } from '../components/ui/toaster';
import { AdminApp } from './AdminApp';
import { AuthProvider } from './auth';
import { createQueryClient } from './query';

export function AdminRoot({ queryClient }: { queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <AdminApp /> }]));
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <RouterProvider router={router} />
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
