import { staffAccountSchema } from '@sp/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';
import { staffEmailKeys } from './query-keys';

/** GET /api/admin/account: the signed-in staff member's name, e-mail address and whether it is confirmed. */
export const staffAccountQuery = queryOptions({
  queryKey: staffEmailKeys.account,
  queryFn: ({ signal }) => apiGet('/api/admin/account', staffAccountSchema, signal),
});

export const useStaffAccount = () => useQuery(staffAccountQuery);
