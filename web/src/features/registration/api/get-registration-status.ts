import { registrationStatusSchema, type RegistrationStatus } from '@sp/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';
import { studentRecordKeys } from './query-keys';

/** GET /api/student-registration/{form_level}: whether the form level's registration is open, and until when. */
export const registrationStatusQuery = (formLevel: number) =>
  queryOptions({
    queryKey: studentRecordKeys.registrationStatusOf(formLevel),
    queryFn: ({ signal }): Promise<RegistrationStatus> =>
      apiGet(`/api/student-registration/${formLevel}`, registrationStatusSchema, signal),
    staleTime: 5 * 60 * 1000,
  });

export const useRegistrationStatus = (formLevel: number | null) =>
  useQuery({ ...registrationStatusQuery(formLevel ?? 0), enabled: formLevel !== null });
