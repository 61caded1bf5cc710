import { adminStudentListSchema, type AdminStudent, type StudentListSort } from '@sp/domain';
import {
  infiniteQueryOptions,
  matchQuery,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type Query,
} from '@tanstack/react-query';
import { apiPaths } from '../../../api/api-paths';
import { apiGet, apiGetPage } from '../../../api/client';
import { completionKeys, type PendingFilter } from '../../completion/api/query-keys';
import { useYearParam } from '../../school-years';
import { studentKeys } from './query-keys';

/** Up to this many students the table holds the whole list and searches it in the browser (D28). */
export const WHOLE_LIST_MAX = 3000;
/** A bigger school's table fetches this many at a time, searched and sorted by the server. */
export const PAGE_SIZE = 200;

const listPath = apiPaths.students;

const withdrawn = (includeWithdrawn: boolean) => (includeWithdrawn ? ('1' as const) : undefined);

/** The list's parameters for the completion dashboard's "not done" choice. */
const pendingParams = (pending: PendingFilter | null) => ({
  pending: pending?.item,
  class_id: pending?.classId ?? undefined,
});

/**
 * GET /api/students: the staff list; withdrawn students only when asked for (D29). A school of up to
 * WHOLE_LIST_MAX students comes whole (`rows`); a bigger one answers only its size, and the table pages.
 * The current school year's students, or a closed year's as they were.
 */
export const studentsQuery = (includeWithdrawn = false, year?: number) =>
  queryOptions({
    queryKey: studentKeys.list(includeWithdrawn, year),
    queryFn: async ({ signal }): Promise<{ rows: AdminStudent[] | null; total: number }> => {
      const include_withdrawn = withdrawn(includeWithdrawn);
      const { total } = await apiGetPage(
        listPath({ include_withdrawn, limit: 1, year }),
        adminStudentListSchema,
        signal,
      );
      if (total > WHOLE_LIST_MAX) return { rows: null, total };
      const rows = await apiGet(listPath({ include_withdrawn, year }), adminStudentListSchema, signal);
      return { rows, total: rows.length };
    },
  });

/**
 * A bigger school's list: pages of PAGE_SIZE matching `q` (and, from the completion dashboard, only those who
 * have not done an item; with `noParent`, only those no parent account is linked to), in the server's order.
 */
export const studentPagesQuery = (
  includeWithdrawn: boolean,
  q: string,
  sort: StudentListSort,
  pending: PendingFilter | null = null,
  year?: number,
  noParent = false,
) =>
  infiniteQueryOptions({
    queryKey: studentKeys.pages(includeWithdrawn, q, sort, pending, year, noParent),
    queryFn: ({ pageParam, signal }) =>
      apiGetPage(
        listPath({
          include_withdrawn: withdrawn(includeWithdrawn),
          q,
          sort,
          ...pendingParams(pending),
          no_parent: noParent ? '1' : undefined,
          year,
          limit: PAGE_SIZE,
          offset: pageParam,
        }),
        adminStudentListSchema,
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.data.length, 0);
      return loaded < last.total && last.data.length > 0 ? loaded : undefined;
    },
  });

/**
 * Every cached students list (whole or paged) and the completion figures and "not done" lists drawn from the
 * same students, for invalidation after a change to a student.
 */
export const allStudentLists = {
  predicate: (query: Query) =>
    [studentKeys.all, completionKeys.all].some((queryKey) => matchQuery({ queryKey }, query)),
};

export const useStudents = (includeWithdrawn = false) =>
  useQuery(studentsQuery(includeWithdrawn, useYearParam()));

export const useStudentPages = (
  enabled: boolean,
  includeWithdrawn: boolean,
  q: string,
  sort: StudentListSort,
  pending: PendingFilter | null,
  noParent = false,
) =>
  useInfiniteQuery({
    ...studentPagesQuery(includeWithdrawn, q, sort, pending, useYearParam(), noParent),
    enabled,
  });
