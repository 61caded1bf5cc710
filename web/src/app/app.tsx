import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RouterProvider, type DataRouter, type RouteObject } from 'react-router';
import { clearSession, readSession } from '../api/session';
import { sessionEndedTarget, sessionState } from '../api/session-state';
import { setPrefetchRoutes } from '../components/lazy-screen';
import { createQueryClient } from './query-client';
import { routes } from './routes';
import { theme } from './theme';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ThemeProvider>
  );
}

export interface AppParts {
  router: DataRouter;
  queryClient: QueryClient;
}

/** Wires the router and the query cache together; tests pass a memory router, the browser a history one. */
export function createAppParts(
  createRouter: (routes: RouteObject[]) => DataRouter,
  options: { retry?: boolean } = {},
): AppParts {
  const router = createRouter(routes);
  setPrefetchRoutes(routes);
  const queryClient = createQueryClient({
    retry: options.retry ?? true,
    onSessionExpired: () => {
      // A student signing in again over the page (D26) is not sent away.
      if (sessionState.isExpired() && !readSession().admin) return;
      // Staff go to the staff sign-in, which brings them back to this page.
      const { to, state } = sessionEndedTarget(router.state.location);
      clearSession();
      void router.navigate(to, { replace: true, state }).then(() => queryClient.clear());
    },
  });
  return { router, queryClient };
}

export function App({ parts }: { parts: AppParts }) {
  return (
    <AppProviders queryClient={parts.queryClient}>
      <RouterProvider router={parts.router} />
    </AppProviders>
  );
}
