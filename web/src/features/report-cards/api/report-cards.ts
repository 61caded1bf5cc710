import {
  reportCardJobListSchema,
  reportCardJobSchema,
  reportCardTermListSchema,
  reportCardTermReadsSchema,
  reportCardTermSummaryListSchema,
  type ReportCardJob,
  type ReportCardJobRequest,
} from '@sp/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../api/api-paths';
import { apiGet, apiPost } from '../../../api/client';
import { reportCardKeys } from './query-keys';

const id = (studentId: string) => encodeURIComponent(studentId);

/** The report card PDF, shown inline (spec section 7: report-card). */
export const reportCardUrl = (studentId: string, year: number, term: number) =>
  `/api/report-card/${id(studentId)}/${year}/${term}`;

/** GET /api/report-card-terms/{id}: the student's term reports. */
export const reportCardTermsQuery = (studentId: string) =>
  queryOptions({
    queryKey: reportCardKeys.studentTerms(studentId),
    queryFn: ({ signal }) => apiGet(apiPaths.reportCardTerms(studentId), reportCardTermListSchema, signal),
    enabled: studentId !== '',
  });
export const useReportCardTerms = (studentId: string) => useQuery(reportCardTermsQuery(studentId));

/** Staff: every term with report cards and how many have been opened. */
export const useReportCardTermSummaries = () =>
  useQuery({
    queryKey: reportCardKeys.reads,
    queryFn: ({ signal }) => apiGet('/api/report-card-reads', reportCardTermSummaryListSchema, signal),
  });

/** Staff: who has opened their card, per class of a term. */
export const useTermReads = (year: number, term: number, enabled: boolean) =>
  useQuery({
    queryKey: reportCardKeys.termReads(year, term),
    queryFn: ({ signal }) =>
      apiGet(`/api/report-card-reads/${year}/${term}`, reportCardTermReadsSchema, signal),
    enabled,
  });

/** Staff: the term's class downloads; asked again every second while one is being built. */
export const useClassJobs = (year: number, term: number, enabled: boolean) =>
  useQuery({
    queryKey: reportCardKeys.jobs(year, term),
    queryFn: ({ signal }) =>
      apiGet(`/api/report-card-jobs?year=${year}&term=${term}`, reportCardJobListSchema, signal),
    enabled,
    refetchInterval: (query) => (query.state.data?.some((j) => j.status === 'running') ? 1000 : false),
  });

export const useStartClassJob = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: ReportCardJobRequest): Promise<ReportCardJob> =>
      apiPost('/api/report-card-jobs', request, reportCardJobSchema),
    onSuccess: (job) => {
      // The running job is in the list at once, so its class's button stays disabled until it is done.
      client.setQueryData(reportCardKeys.jobs(job.year, job.term), (old: ReportCardJob[] | undefined) => [
        job,
        ...(old ?? []).filter((j) => j.id !== job.id),
      ]);
      return client.invalidateQueries({ queryKey: reportCardKeys.jobs(job.year, job.term) });
    },
  });
};

export const jobFileUrl = (jobId: number) => `/api/report-card-jobs/${jobId}/file`;
