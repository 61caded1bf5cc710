import type { StudentListQuery } from '@sp/domain';

/**
 * The paths of the GETs that a screen's route sets off at start-up (app/early-data.ts) as well as its query
 * asks for: one spelling, so the query takes the early answer instead of asking again.
 */
export const apiPaths = {
  me: '/api/me',
  student: (studentId: string) => `/api/student/${encodeURIComponent(studentId)}`,
  reportCardTerms: (studentId: string) => `/api/report-card-terms/${encodeURIComponent(studentId)}`,
  formClasses: '/api/form-classes',
  completion: '/api/completion',
  schoolYears: '/api/admin/school-years',
  /** GET /api/students with its parameters; an empty class_id asks for the students in no class. */
  students: (query: StudentListQuery): string => {
    const params = new URLSearchParams(
      // An empty search is no search.
      Object.entries(query).flatMap(([k, v]) =>
        v === undefined || (v === '' && k !== 'class_id') ? [] : [[k, String(v)]],
      ),
    );
    const search = params.toString();
    return search ? `/api/students?${search}` : '/api/students';
  },
} as const;
