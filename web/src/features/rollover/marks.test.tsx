import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fetch-mock';
import { STUDENTS, answerPreview, previewOf, renderPanel } from './rollover-test-data';

const chooseMark = async (label: RegExp) => {
  await userEvent.click(screen.getByRole('combobox', { name: 'Mark' }));
  await userEvent.click(screen.getByRole('option', { name: label }));
};

describe('step 2: marks for next year', { timeout: 20_000 }, () => {
  it('lists the students by class, filters by class, and marks one repeating (the preview is read again)', async () => {
    const repeating = previewOf(STUDENTS.map((s) => (s.id === 'S1' ? { ...s, next_mark: 'repeating' } : s)));
    let marked = false;
    const fetch = renderPanel({
      'GET /api/admin/rollover/preview': (call) => answerPreview(marked ? repeating : previewOf())(call),
      'PUT /api/admin/rollover/marks/S1': () => {
        marked = true;
        return json({ student_id: 'S1', mark: 'repeating', school: null });
      },
    });
    const table = await screen.findByRole('table', { name: 'Students for next year' });
    expect(within(table).getAllByText('Form 2, 2A')).toHaveLength(2);
    await userEvent.click(screen.getByRole('combobox', { name: 'Class' }));
    await userEvent.click(screen.getByRole('option', { name: '1B' }));
    expect(within(table).queryByText(/Baptiste/)).toBeNull();
    expect(within(table).getByText(/Dookie/)).toBeTruthy();
    expect(fetch.callsTo('GET', '/api/admin/rollover/preview').at(-1)!.query).toEqual({ class_id: '1B' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Class' }));
    await userEvent.click(screen.getByRole('option', { name: 'All classes' }));

    await userEvent.click(screen.getByRole('button', { name: 'Mark Baptiste, Ada' }));
    const dialog = screen.getByRole('dialog', { name: 'Next year: Ada Baptiste (S1)' });
    await chooseMark(/Repeating the year/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save mark' }));
    expect(await screen.findByText('Saved: Ada Baptiste, repeating the year.')).toBeTruthy();
    expect(fetch.callsTo('PUT', '/api/admin/rollover/marks/S1')[0]!.body).toEqual({ mark: 'repeating' });
    expect(await within(table).findByText('Repeating Form 1, 1A')).toBeTruthy();
    // The first page of everyone is read again (once: the table and the steps share it).
    const everyone = fetch.callsTo('GET', '/api/admin/rollover/preview').filter((c) => !c.query.class_id);
    expect(everyone).toHaveLength(2);
  });

  it('asks the server for a page, a search, a class and the marked students, and shows how many match', async () => {
    const pupils = Array.from({ length: 60 }, (_, i) => ({
      ...STUDENTS[0]!,
      id: `P${String(i).padStart(2, '0')}`,
      last_name: `Pupil${String(i).padStart(2, '0')}`,
      next_mark: i === 55 ? ('leaving' as const) : null,
    }));
    const fetch = renderPanel({}, previewOf(pupils));
    const table = await screen.findByRole('table', { name: 'Students for next year' });
    expect(await screen.findByText('1–50 of 60')).toBeTruthy();
    const calls = () => fetch.callsTo('GET', '/api/admin/rollover/preview').map((c) => c.query);

    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('51–60 of 60')).toBeTruthy();
    expect(calls().at(-1)).toEqual({ offset: '50' });
    expect(within(table).getByText('Pupil55, Ada')).toBeTruthy();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search students' }), 'pupil1');
    expect(await screen.findByText('1–10 of 10')).toBeTruthy();
    expect(calls().at(-1)).toEqual({ q: 'pupil1' });
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search students' }));

    await userEvent.click(screen.getByLabelText('Only marked'));
    expect(await screen.findByText('1–1 of 1')).toBeTruthy();
    expect(calls().at(-1)).toEqual({ marked: '1' });
    expect(screen.getByText('Students: 1 (of 60)')).toBeTruthy();
  });

  it('asks for the school of a transfer before sending, then sends it', async () => {
    const fetch = renderPanel({ 'PUT /api/admin/rollover/marks/S2': () => json({}) });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark Charles, Ben' }));
    expect(screen.getByRole('combobox', { name: 'Mark' }).textContent).toBe('No mark: moves on as usual');
    await chooseMark(/Transferring/);
    await userEvent.click(screen.getByRole('button', { name: 'Save mark' }));
    expect(await screen.findByText('Enter the school the student is going to.')).toBeTruthy();
    expect(fetch.callsTo('PUT', '/api/admin/rollover/marks/S2')).toEqual([]);
    await userEvent.type(screen.getByLabelText(/The school they go to/), 'Fatima College{Enter}');
    await vi.waitFor(() => expect(fetch.callsTo('PUT', '/api/admin/rollover/marks/S2')).toHaveLength(1));
    expect(fetch.callsTo('PUT', '/api/admin/rollover/marks/S2')[0]!.body).toEqual({
      mark: 'transferring',
      school: 'Fatima College',
    });
  });

  it('shows the server’s refusal in the dialog and keeps what was typed', async () => {
    const refusal = { message: 'S2 is not enrolled in 2025-2026.' };
    renderPanel({ 'PUT /api/admin/rollover/marks/S2': () => json(refusal, 404) });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark Charles, Ben' }));
    await chooseMark(/Transferring/);
    await userEvent.type(screen.getByLabelText(/The school they go to/), 'QRC');
    await userEvent.click(screen.getByRole('button', { name: 'Save mark' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText(refusal.message)).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>(/The school they go to/).value).toBe('QRC');
  });

  it('marks a whole class leaving', async () => {
    const fetch = renderPanel({ 'PUT /api/admin/rollover/class-marks/1B': () => json({ students: 1 }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark a whole class' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark a whole class' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Class' }));
    await userEvent.click(screen.getByRole('option', { name: '1B' }));
    await chooseMark(/Leaving/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save mark' }));
    expect(await screen.findByText('Saved: class 1B, leaving.')).toBeTruthy();
    expect(fetch.callsTo('PUT', '/api/admin/rollover/class-marks/1B')[0]!.body).toEqual({ mark: 'leaving' });
  });
});
