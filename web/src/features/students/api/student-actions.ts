import { resetPasswordStudentResponseSchema, withdrawalResultSchema } from '@sp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../api/client';
import { allStudentLists } from './get-students';

const studentPath = (id: string, action: string) => `/api/students/${encodeURIComponent(id)}/${action}`;

/** POST /api/reset-password-student (spec section 7): the next sign-in is by date of birth. */
export const useResetStudentPassword = () =>
  useMutation({
    mutationFn: (studentId: string) =>
      apiPost('/api/reset-password-student', { student_id: studentId }, resetPasswordStudentResponseSchema),
  });

/** Withdraw a student who left, or reinstate one (D29); the lists reload either way. */
export function useSetWithdrawn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      studentId,
      withdraw,
      reason,
    }: {
      studentId: string;
      withdraw: boolean;
      reason?: string;
    }) =>
      apiPost(
        studentPath(studentId, withdraw ? 'withdraw' : 'reinstate'),
        withdraw ? { reason } : {},
        withdrawalResultSchema,
      ),
    onSettled: () => queryClient.invalidateQueries(allStudentLists),
  });
}
