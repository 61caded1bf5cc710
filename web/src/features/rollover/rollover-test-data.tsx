import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import {
  academicYearLabel,
  planRollover,
  previewPart,
  rolloverPreviewQuerySchema,
  type RolloverPreview,
  type RolloverStudent,
} from '@sp/domain';
import { MemoryRouter } from 'react-router';
import { json, mockFetch, type RecordedCall, type Reply } from '../../test/fetch-mock';
import type { SchoolYear } from './api/answers';
import { RolloverPanel } from './rollover-panel';

const student = (id: string, first: string, last: string, class_id: string | null): RolloverStudent => ({
  id,
  first_name: first,
  last_name: last,
  class_id,
  form_level: class_id ? Number(class_id[0]) : null,
  withdrawn: false,
  next_mark: null,
  next_school: null,
  next_class_id: null,
});

export const STUDENTS = [
  student('S1', 'Ada', 'Baptiste', '1A'),
  student('S2', 'Ben', 'Charles', '1A'),
  student('S3', 'Cara', 'Dookie', '1B'),
  student('S4', 'Dev', 'Edwards', '5A'),
];
const CLASSES = ['1A', '1B', '2A', '2B', '5A'].map((c) => ({ class_id: c, form_level: Number(c[0]) }));

/**
 * The preview the real planner makes of a small school, holding every student: `answerPreview` pages it as
 * the server does.
 */
export function previewOf(
  students = STUDENTS,
  fromYear = 2025,
  closeRefused: string | null = null,
): RolloverPreview {
  const plan = planRollover({ fromYear, students, classes: CLASSES, classMoves: [], sixthForm: false });
  const labels = {
    year_label: academicYearLabel(fromYear),
    next_year_label: academicYearLabel(fromYear + 1),
  };
  return {
    ...plan,
    ...previewPart(plan, { limit: students.length }),
    ...labels,
    sixth_form: false,
    can_close: closeRefused === null,
    close_refused: closeRefused,
  };
}

/** The preview route answering each call's query (class, search, marked, page) as the server does. */
export const answerPreview =
  (preview: RolloverPreview) =>
  (call: RecordedCall): Response =>
    json({ ...preview, ...previewPart(preview, rolloverPreviewQuerySchema.parse(call.query)) });

export const yearOf = (year: number, more: Partial<SchoolYear> = {}): SchoolYear => ({
  year,
  label: academicYearLabel(year),
  state: 'current',
  starts_on: `${year}-09-01`,
  ends_on: `${year + 1}-08-31`,
  can_undo: false,
  undo_refused: null,
  ...more,
});

/** The page on its own, under a router and a query client that does not retry; `routes` answer the calls. */
export function renderPanel(routes: Record<string, Reply> = {}, preview = previewOf()) {
  const fetch = mockFetch({
    'GET /api/admin/rollover/preview': answerPreview(preview),
    'GET /api/admin/school-years': () => json({ years: [yearOf(2025)] }),
    'GET /api/admin/rollover/class-moves': () => json([]),
    ...routes,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <RolloverPanel />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return fetch;
}
