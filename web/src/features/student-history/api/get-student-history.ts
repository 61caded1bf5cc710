import { studentHistorySchema, type StudentHistory } from '@sp/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';
import { useYearParam } from '../../school-years';
import { historyKeys } from './query-keys';

const PAGE_SIZE = 25;

/**
 * GET /api/students/{id}/history, a page at a time, older pages by the `before` cursor; a closed school
 * year's part of it when one is named.
 */
export const studentHistoryQuery = (studentId: string, year?: number) =>
  infiniteQueryOptions({
    queryKey: historyKeys.of(studentId, year),
    queryFn: ({ pageParam, signal }): Promise<StudentHistory> =>
      apiGet(
        `/api/students/${encodeURIComponent(studentId)}/history?limit=${PAGE_SIZE}` +
          (pageParam === undefined ? '' : `&before=${pageParam}`) +
          (year === undefined ? '' : `&year=${year}`),
        studentHistorySchema,
        signal,
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
  });

export const useStudentHistory = (studentId: string) =>
  useInfiniteQuery(studentHistoryQuery(studentId, useYearParam()));
