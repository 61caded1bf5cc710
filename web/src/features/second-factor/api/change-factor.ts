import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '../../../api/query-keys';
import { secondFactorKeys } from './query-keys';

/**
 * A change to the member's own second factor: afterwards the page reads it again, and so does /api/me, whose
 * `must_enrol` ends with the first factor set up (D51).
 */
export function useFactorChange<A, R>(send: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: secondFactorKeys.status }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.me }),
      ]),
  });
}
