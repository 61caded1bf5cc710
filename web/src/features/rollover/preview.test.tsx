import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STUDENTS, previewOf, renderPanel } from './rollover-test-data';

/** S5 has no class; S6 is in 1C, whose next class 2C the school does not have. */
const withConflicts = previewOf([
  ...STUDENTS,
  { ...STUDENTS[0]!, id: 'S5', first_name: 'Eve', last_name: 'Francis', class_id: null, form_level: null },
  { ...STUDENTS[0]!, id: 'S6', first_name: 'Fay', last_name: 'Garcia', class_id: '1C' },
]);

describe('step 3: the preview', { timeout: 20_000 }, () => {
  it('counts each form and class before and after, and the leavers by status', async () => {
    renderPanel();
    const forms = await screen.findByRole('table', { name: 'Students per form' });
    const form1 = within(forms).getByRole('row', { name: /Form 1/ });
    expect(
      within(form1)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '0']);
    const classes = screen.getByRole('table', { name: 'Students per class' });
    const twoA = within(classes).getByRole('row', { name: /2A/ });
    expect(
      within(twoA)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0', '2']);
    expect(screen.getByText('Graduated: 1')).toBeTruthy();
    expect(screen.getByText(/No conflicts/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Close 2025-2026 and open 2026-2027/ })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('lists every conflict with a way to fix it, and Confirm waits, saying why', async () => {
    renderPanel({}, withConflicts);
    const list = await screen.findByRole('list', { name: 'Conflicts' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('2 conflicts must be fixed before the rollover can be confirmed.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Close 2025-2026/ })).toHaveProperty('disabled', true);
    expect(screen.getByText(/Fix the 2 conflicts in the preview first/)).toBeTruthy();

    const noClass = within(list)
      .getByText(/Eve Francis \(S5\) has no class/)
      .closest('li')!;
    expect(
      within(noClass)
        .getByRole('link', { name: /Open the record of Eve Francis/ })
        .getAttribute('href'),
    ).toBe('/admin/students/S5/record/student-data');
    await userEvent.click(within(noClass).getByRole('button', { name: 'Mark Eve Francis' }));
    expect(screen.getByRole('dialog', { name: 'Next year: Eve Francis (S5)' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    await userEvent.click(within(list).getByRole('button', { name: 'Set a class move for 1C' }));
    const moves = screen.getByRole('list', { name: 'Class moves' });
    expect(within(moves).getByLabelText<HTMLInputElement>('From class').value).toBe('1C');
    expect(document.activeElement).toBe(within(moves).getByLabelText('To class'));
  });
});
