import {
  enrolResultSchema,
  resetPasswordStudentResponseSchema,
  withdrawalResultSchema,
  type EnrolStudent,
} from '@sp/domain';
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

/** A student with no enrolment this year comes back in a class (D49); the lists reload. */
export function useReenrolStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, body }: { studentId: string; body: EnrolStudent }) =>
      apiPost(studentPath(studentId, 'enrol'), body, enrolResultSchema),
    onSettled: () => queryClient.invalidateQueries(allStudentLists),
  });
}
