import { formClassSchema, type ClassCreate, type FormClass } from '@sp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiSend } from '../../../api/client';
import { formClassesQuery } from '../../../components/lookups/get-lookup';
import { rolloverKeys } from '../../rollover/api/query-keys';

/**
 * A change to the class list is read again wherever classes are chosen (the class selects, the import) and by
 * the New School Year page, whose conflicts name missing classes.
 */
function useClassMutation<V>(send: (value: V) => Promise<FormClass>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: formClassesQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: rolloverKeys.all }),
      ]),
  });
}

export const useAddClass = () =>
  useClassMutation((input: ClassCreate) => apiPost('/api/admin/classes', input, formClassSchema));

export const useRemoveClass = () =>
  useClassMutation((classId: string) =>
    apiSend('DELETE', `/api/admin/classes/${encodeURIComponent(classId)}`, undefined, formClassSchema),
  );
