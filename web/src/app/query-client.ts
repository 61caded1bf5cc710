import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { readSession } from '../api/session';

interface Options {
  /** Called when a signed-in screen's query answers 401: the server-side session has ended. */
  onSessionExpired: () => void;
  retry?: boolean;
}

const MAX_RETRIES = 2;

export function createQueryClient({ onSessionExpired, retry = true }: Options): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401 && readSession().authenticated) {
          onSessionExpired();
        }
      },
    }),
    defaultOptions: {
      queries: {
        // A 4xx answer will not change by asking again; network and server errors may.
        retry: (failures, error) =>
          retry &&
          failures < MAX_RETRIES &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
