import {
  UNCHANGED_STEPS,
  unchangedResultSchema,
  type StudentRecord,
  type UnchangedResult,
  type UnchangedStep,
} from '@sp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../api/client';
import { currentUserQuery } from '../../../api/me';
import { studentQuery } from './get-student';

/** POST /api/registration/steps/{step}/unchanged: last year's answers of the step confirmed as they stand. */
export const confirmStepUnchanged = (studentId: string, step: UnchangedStep): Promise<UnchangedResult> =>
  apiPost(`/api/registration/steps/${step}/unchanged`, { student_id: studentId }, unchangedResultSchema);

/** Confirms a step; the year's stamps (on who is signed in) and the step's mark follow at once. */
export function useConfirmUnchanged(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: UnchangedStep) => confirmStepUnchanged(studentId, step),
    onSuccess: (result, step) => {
      // Only while the session still shows this student: a parent's tab may have moved to another child (D50).
      queryClient.setQueryData(currentUserQuery.queryKey, (me) =>
        me?.student_id === studentId ? { ...me, year: result.year } : me,
      );
      queryClient.setQueryData(studentQuery(studentId).queryKey, (record: StudentRecord | undefined) =>
        record ? { ...record, progress: { ...record.progress, [UNCHANGED_STEPS[step]]: true } } : record,
      );
    },
  });
}
