import {
  rolloverPreviewSchema,
  type ClassMove,
  type RolloverConfirm,
  type RolloverMarkInput,
  type RolloverPreviewQuery,
} from '@sp/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiGet, apiPost, apiSend } from '../../../api/client';
import { badResponseMessage } from '../../../api/api-error';
import { uploadWithProgress } from '../../../api/upload';
import { studentKeys } from '../../students/api/query-keys';
import {
  classListAnswerSchema,
  classMovesAnswerSchema,
  rolloverAnswerSchema,
  schoolYearsSchema,
  writeAnswerSchema,
} from './answers';
import { rolloverKeys, schoolYearKeys } from './query-keys';

const base = '/api/admin/rollover';

/** The preview's path: an empty class_id asks for the students in no class; an empty search is no search. */
const previewPath = (params: RolloverPreviewQuery): string => {
  const search = new URLSearchParams(
    Object.entries(params).flatMap(([k, v]) =>
      v === undefined || (v === '' && k !== 'class_id') ? [] : [[k, String(v)]],
    ),
  ).toString();
  return search ? `${base}/preview?${search}` : `${base}/preview`;
};

/**
 * The plan of the whole school with one page of its students. The page and the steps around it share the
 * first page of everyone; another page keeps the last one on screen until it comes.
 */
export const rolloverPreviewQuery = (params: RolloverPreviewQuery = {}) =>
  queryOptions({
    queryKey: rolloverKeys.preview(params),
    queryFn: ({ signal }) => apiGet(previewPath(params), rolloverPreviewSchema, signal),
    placeholderData: keepPreviousData,
    // The table mounts once the steps have their preview: the same first page, not a second request.
    staleTime: 10_000,
  });
export const useRolloverPreview = (params?: RolloverPreviewQuery) => useQuery(rolloverPreviewQuery(params));

export const useClassMoves = () =>
  useQuery({
    queryKey: rolloverKeys.classMoves,
    queryFn: ({ signal }) => apiGet(`${base}/class-moves`, classMovesAnswerSchema, signal),
  });

export const useSchoolYears = () =>
  useQuery({
    queryKey: schoolYearKeys.all,
    queryFn: ({ signal }) => apiGet('/api/admin/school-years', schoolYearsSchema, signal),
  });

/** Every write changes the plan: the preview (and the class moves) are read again. */
function useRolloverWrite<V, T>(send: (value: V) => Promise<T>, refreshAll = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      refreshAll
        ? Promise.all([
            client.invalidateQueries({ queryKey: rolloverKeys.all }),
            client.invalidateQueries({ queryKey: schoolYearKeys.all }),
            client.invalidateQueries({ queryKey: studentKeys.all }),
          ])
        : client.invalidateQueries({ queryKey: rolloverKeys.all }),
  });
}

/** A mark for one student (`studentId`) or a whole class (`classId`). */
export type MarkTarget = { studentId: string } | { classId: string };

export const useSaveMark = () =>
  useRolloverWrite(({ target, mark }: { target: MarkTarget; mark: RolloverMarkInput }) => {
    const path =
      'studentId' in target
        ? `${base}/marks/${encodeURIComponent(target.studentId)}`
        : `${base}/class-marks/${encodeURIComponent(target.classId)}`;
    return apiSend('PUT', path, mark, writeAnswerSchema);
  });

export const useSaveClassMoves = () =>
  useRolloverWrite((moves: ClassMove[]) => apiSend('PUT', `${base}/class-moves`, moves, writeAnswerSchema));

/** POST the class list for the new year (student_id, class); the server writes nothing if a row is bad. */
export const useUploadClassList = () =>
  useRolloverWrite(async (file: File) => {
    const form = new FormData();
    form.set('file', file, file.name);
    const answer = classListAnswerSchema.safeParse(
      await uploadWithProgress(`${base}/class-list`, form, { onProgress: () => undefined }),
    );
    if (!answer.success) throw new ApiError(200, badResponseMessage);
    return answer.data;
  });

/** Closes the year as previewed; a 409 means the plan changed since (or a conflict remains). */
export const useConfirmRollover = () =>
  useRolloverWrite((body: RolloverConfirm) => apiPost(base, body, rolloverAnswerSchema), true);

export const useUndoRollover = () =>
  useRolloverWrite((year: number) => apiPost(`${base}/undo`, { year }, writeAnswerSchema), true);
