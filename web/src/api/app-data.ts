import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { PublicSettingsStore } from './public-settings-store';

/**
 * What one running app holds outside the router: the public settings, and the query client once the
 * signed-in screens have created it (their chunk brings the query library; the sign-in screens do without).
 */
export interface AppData {
  settings: PublicSettingsStore;
  queries: {
    client: QueryClient | null;
    retry: boolean;
    /** Called when a signed-in screen's query answers 401: the server-side session has ended. */
    onSessionExpired: () => void;
  };
}

export const AppDataContext = createContext<AppData | null>(null);

/** The app's data; null for a component rendered on its own (a unit test). */
export const useAppData = (): AppData | null => useContext(AppDataContext);
