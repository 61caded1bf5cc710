import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { RouterProvider, type DataRouter, type RouteObject } from 'react-router';
import { AppDataContext, type AppData } from '../api/app-data';
import { clearSession, dropOldMarkers, readSession } from '../api/session';
import { sessionEndedTarget, sessionState } from '../api/session-state';
import { createSettingsStore } from '../api/settings';
import { setPrefetchRoutes } from '../components/lazy-screen';
import { routes } from './routes';
import { theme } from './theme';

/** The query client's provider is not here: it comes with the signed-in screens (guards-signed-in.tsx). */
export function AppProviders({ data, children }: { data: AppData; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <AppDataContext value={data}>{children}</AppDataContext>
      </ThemeProvider>
    </I18nProvider>
  );
}

export interface AppParts {
  router: DataRouter;
  data: AppData;
}

/** Wires the router and the query cache together; tests pass a memory router, the browser a history one. */
export function createAppParts(
  createRouter: (routes: RouteObject[]) => DataRouter,
  options: { retry?: boolean } = {},
): AppParts {
  dropOldMarkers();
  const router = createRouter(routes);
  setPrefetchRoutes(routes);
  const retry = options.retry ?? true;
  const data: AppData = {
    settings: createSettingsStore(retry),
    queries: {
      client: null,
      retry,
      onSessionExpired: () => {
        // A student signing in again over the page (D26) is not sent away.
        if (sessionState.isExpired() && !readSession().staff) return;
        // Staff go to the staff sign-in, which brings them back to this page.
        const { to, state } = sessionEndedTarget(router.state.location);
        clearSession();
        void router.navigate(to, { replace: true, state }).then(() => data.queries.client?.clear());
      },
    },
  };
  return { router, data };
}

export function App({ parts }: { parts: AppParts }) {
  return (
    <AppProviders data={parts.data}>
      <RouterProvider router={parts.router} />
    </AppProviders>
  );
}
