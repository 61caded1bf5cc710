import type { QueryClient } from '@tanstack/react-query';
import { settingsKeys } from './query-keys';

/** At a sign-in, nothing cached for an earlier user may show; the public settings can stay. */
export function forgetUserData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== settingsKeys.all[0] });
}
