import { secondFactorStatusSchema } from '@sp/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';
import { secondFactorKeys } from './query-keys';

/** GET /api/second-factor: the app, the passkeys, the recovery codes left and the school's rule for this account. */
export const secondFactorStatusQuery = queryOptions({
  queryKey: secondFactorKeys.status,
  queryFn: ({ signal }) => apiGet('/api/second-factor', secondFactorStatusSchema, signal),
});

export const useSecondFactorStatus = () => useQuery(secondFactorStatusQuery);
