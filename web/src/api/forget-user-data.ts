import type { QueryClient } from '@tanstack/react-query';
import { settingsKeys } from './query-keys';

/**
 * At a sign-in, nothing cached for an earlier user may show; the public settings can stay. Before the first
 * sign-in of a page load there is no query client yet, so nothing to forget.
 */
export function forgetUserData(queryClient: QueryClient | null | undefined): void {
  queryClient?.removeQueries({ predicate: (query) => query.queryKey[0] !== settingsKeys.all[0] });
}
