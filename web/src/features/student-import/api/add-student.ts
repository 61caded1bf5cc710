import { addStudentResultSchema, type AddStudentResult, type NewStudent } from '@sp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../api/client';
import { studentKeys } from '../../students/api/query-keys';

/** POST /api/students; the students list is read again afterwards. */
export function useAddStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (student: NewStudent): Promise<AddStudentResult> =>
      apiPost('/api/students', student, addStudentResultSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentKeys.all }),
  });
}
