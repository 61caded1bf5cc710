import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SubjectList, Term } from '@sp/domain';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { SubjectsSection } from './subjects-section';
import { renderTranslated } from '../../test/render-with-queries';

const term: Term = {
  id: 7,
  year: 2025,
  term: 2,
  start_date: null,
  end_date: null,
  next_term_start: null,
  sessions_possible: null,
  posted: 0,
  date_posted: null,
  release_at: null,
  students_with_results: 0,
};
const weights = (course: number) => ({ course_weight: course, exam_weight: 100 - course });
const list: SubjectList = {
  subjects: [
    { id: 10, code: 'MATH', title: 'Mathematics' },
    { id: 20, code: 'ENG', title: 'English' },
  ],
  form_subjects: [
    { id: 1, subject_id: 10, form_level: 1, term_id: null, ...weights(40) },
    { id: 2, subject_id: 20, form_level: 1, term_id: null, ...weights(30) },
    { id: 3, subject_id: 10, form_level: 1, term_id: 7, ...weights(60) },
  ],
};

function renderSection() {
  mockFetch({
    'GET /api/subjects': () => json(list),
    'GET /api/form-classes': () => json([{ class_id: '1A', form_level: 1 }]),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderTranslated(
    <QueryClientProvider client={client}>
      <SubjectsSection terms={[term]} />
    </QueryClientProvider>,
  );
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('the Subjects section', { timeout: 20_000 }, () => {
  it('for every term, shows the rows for every term, sorted by name, each removable', async () => {
    renderSection();
    await screen.findByText('Mathematics (MATH)');
    expect(bodyRows().map((r) => r.textContent)).toEqual([
      expect.stringContaining('English (ENG)'),
      expect.stringContaining('Mathematics (MATH)'),
    ]);
    expect(
      screen.getAllByRole('spinbutton', { name: 'Course %' }).map((i) => (i as HTMLInputElement).value),
    ).toEqual(['30', '40']);
    expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(2);
  });

  it("for a term, the term's own row wins; another subject shows its row for every term", async () => {
    renderSection();
    const user = userEvent.setup();
    await screen.findByText('Mathematics (MATH)');
    await user.click(screen.getByRole('combobox', { name: 'Weights for' }));
    await user.click(await screen.findByRole('option', { name: /Term 2$/ }));
    const [english, maths] = bodyRows();
    expect(english?.textContent).toContain('as every term');
    expect(maths?.textContent).not.toContain('as every term');
    expect(bodyRows()).toHaveLength(2);
    const course = (row: HTMLElement | undefined) =>
      within(row!).getByRole<HTMLInputElement>('spinbutton', { name: 'Course %' }).value;
    expect(course(maths)).toBe('60');
    expect(course(english)).toBe('30');
    // Only the term's own row can be removed from the term.
    expect(
      screen.getAllByRole('button', { name: /^Remove / }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Remove Mathematics']);
  });
});
