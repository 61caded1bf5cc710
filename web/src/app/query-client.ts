import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { sessionKeys } from '../api/query-keys';
import { isParentTab, readSession } from '../api/session';

interface Options {
  /** Called when a signed-in screen's query answers 401: the server-side session has ended. */
  onSessionExpired: () => void;
  retry?: boolean;
}

const MAX_RETRIES = 2;

export function createQueryClient({ onSessionExpired, retry = true }: Options): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (error instanceof ApiError && error.status === 401 && readSession().authenticated) {
          onSessionExpired();
        }
        // A parent's tab refused its child: the school may have unlinked it. Who this tab may show is asked
        // again, and the layout moves the tab to a child still linked (D50).
        if (
          error instanceof ApiError &&
          error.status === 403 &&
          isParentTab() &&
          query.queryKey[0] !== sessionKeys.me[0]
        )
          void client.invalidateQueries({ queryKey: sessionKeys.me });
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
  return client;
}
