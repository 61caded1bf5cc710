/**
 * The completion dashboard's public entry (ADR 0033): the students panel shows the dashboard and its "not
 * done" bar above the students table, and filters the table by the same choice.
 */
export { CompletionDashboard } from './completion-dashboard';
export { PendingFilterBar } from './pending-filter-bar';
export { usePendingStudents } from './api/get-completion';
export type { PendingFilter } from './api/query-keys';
