import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resultMessages } from '@sp/domain';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { renderWithQueries } from '../../test/render-with-queries';
import { MarkDialog, type Editing } from './mark-dialog';

const path = '/api/terms/4/marks';
const stored = { course_mark: 74.9, exam_mark: null, course_absent: false, exam_absent: true };
const editing: Editing = {
  subject: { id: 2, code: 'ENGL', title: 'English Language' },
  student: {
    id: '2026001',
    name: 'Ali, Ava',
    results: [{ subject_id: 2, ...stored, total: null, grade: null }],
  },
};
const saved = { subject_id: 2, student_id: '2026001', ...stored, total: null, grade: null };

function show(reply: () => Response) {
  const fetch = mockFetch({ [`POST ${path}`]: reply });
  const onClose = vi.fn();
  renderWithQueries(<MarkDialog termId={4} classId="1A" editing={editing} onClose={onClose} />);
  const field = (name: string) => screen.getByLabelText<HTMLInputElement>(name, { exact: true });
  return { fetch, onClose, course: field('Course mark'), exam: field('Exam mark') };
}

describe('the mark dialog of Term Results', () => {
  it('names a bad mark under its field as it is typed, and sends nothing', async () => {
    const { fetch, course } = show(() => json(saved));
    await userEvent.clear(course);
    await userEvent.type(course, '74.95');
    expect(await screen.findByText(resultMessages.mark)).toBeTruthy();
    expect(course.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(course, '{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(fetch.callsTo('POST', path)).toHaveLength(0);
  });

  it('asks for Clear when a stored mark is blanked, and sends nothing', async () => {
    const { fetch, exam } = show(() => json(saved));
    await userEvent.clear(exam);
    expect(await screen.findByText(resultMessages.blankMark)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(fetch.callsTo('POST', path)).toHaveLength(0);
  });

  it('sends a typed mark and ABS by Enter, and closes', async () => {
    const { fetch, onClose, course } = show(() => json(saved));
    await userEvent.clear(course);
    await userEvent.type(course, '80{Enter}');
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetch.callsTo('POST', path).map((c) => c.body)).toEqual([
      { student_id: '2026001', subject_id: 2, course_mark: 80, exam_mark: 'ABS' },
    ]);
  });

  it('sends null for a cleared mark; typing after Clear takes the typed mark instead', async () => {
    const { fetch, onClose, course } = show(() => json(saved));
    await userEvent.click(screen.getByRole('button', { name: 'Clear exam mark' }));
    expect(screen.getByText('Will be cleared: no mark entered.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear course mark' }));
    await userEvent.type(course, 'abs');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetch.callsTo('POST', path).map((c) => c.body)).toEqual([
      { student_id: '2026001', subject_id: 2, course_mark: 'ABS', exam_mark: null },
    ]);
  });

  it('shows the server’s refusal and stays open', async () => {
    const refusal = resultMessages.gridNotYourClass(['2B']);
    const { onClose } = show(() => json({ message: refusal }, 403));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(onClose).not.toHaveBeenCalled();
  });
});
