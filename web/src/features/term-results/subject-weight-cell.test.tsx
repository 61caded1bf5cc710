import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WeightCell, type FormSubject } from './subject-weight-cell';
import { renderTranslated } from '../../test/render-with-queries';

const row: FormSubject = {
  id: 1,
  subject_id: 10,
  form_level: 2,
  term_id: null,
  course_weight: 30,
  exam_weight: 70,
};

function show() {
  const onSave = vi.fn();
  renderTranslated(<WeightCell row={row} termId={null} onSave={onSave} />);
  return { onSave, course: screen.getByRole('spinbutton', { name: 'Course %' }) };
}

describe('a subject’s weights on its row', () => {
  it('names a weight over 100 under the field as it is typed, and saves nothing', async () => {
    const { onSave, course } = show();
    await userEvent.clear(course);
    await userEvent.type(course, '101{Enter}');
    expect(await screen.findByText('At most 100.')).toBeTruthy();
    expect(screen.getByText('Exam —%')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves the typed course weight and the exam weight that follows, by Enter', async () => {
    const { onSave, course } = show();
    await userEvent.clear(course);
    await userEvent.type(course, '45');
    expect(screen.getByText('Exam 55%')).toBeTruthy();
    await userEvent.type(course, '{Enter}');
    await vi.waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        subject_id: 10,
        form_level: 2,
        term_id: null,
        course_weight: 45,
        exam_weight: 55,
      }),
    );
  });
});
