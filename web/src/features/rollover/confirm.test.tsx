import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fetch-mock';
import { STUDENTS, previewOf, renderPanel, yearOf } from './rollover-test-data';

/** S1 repeats, S2 leaves, S3 transfers, S4 (Form 5) graduates, S7 moves up. */
const marked = previewOf([
  { ...STUDENTS[0]!, next_mark: 'repeating' },
  { ...STUDENTS[1]!, next_mark: 'leaving' },
  { ...STUDENTS[2]!, next_mark: 'transferring', next_school: 'QRC' },
  STUDENTS[3]!,
  { ...STUDENTS[2]!, id: 'S7', first_name: 'Gus', last_name: 'Hosein' },
]);
const closeButton = () => screen.findByRole('button', { name: 'Close 2025-2026 and open 2026-2027…' });
const endsOn = () => screen.getByLabelText<HTMLInputElement>('2026-2027 ends on');
const setEnd = async (date: string) => {
  await userEvent.clear(endsOn());
  await userEvent.type(endsOn(), date);
};

describe('step 4: confirm', { timeout: 20_000 }, () => {
  it('says what will happen in numbers, sends the plan with the dates typed, then offers the undo', async () => {
    let closed = false;
    const fetch = renderPanel(
      {
        'POST /api/admin/rollover': () => {
          closed = true;
          return json({ already: false, from_year: 2025, to_year: 2026 });
        },
        // Once closed, the preview is the new year's: the steps start afresh and the summary stays.
        'GET /api/admin/rollover/preview': () => json(closed ? previewOf(STUDENTS, 2026) : marked),
        'GET /api/admin/school-years': () =>
          json({
            years: closed
              ? [yearOf(2026, { can_undo: true }), yearOf(2025, { state: 'closed' })]
              : [yearOf(2025)],
          }),
      },
      marked,
    );
    expect((await screen.findByLabelText<HTMLInputElement>('2026-2027 starts on')).value).toBe('2026-09-01');
    expect(endsOn().value).toBe('2027-08-31');
    await setEnd('2027-07-31');
    await userEvent.click(await closeButton());
    const dialog = screen.getByRole('dialog', { name: 'Close 2025-2026 and open 2026-2027?' });
    expect(within(dialog).getByText(/./, { selector: 'p' }).textContent).toBe(
      '1 student moves up, 1 graduates, 1 repeats, 1 leaves, 1 transfers; registration closes for every form until you open it for the new year in Settings.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close the year' }));
    expect(await screen.findByText(/2026-2027 is now the current year: 1 student moves up/)).toBeTruthy();
    expect(fetch.callsTo('POST', '/api/admin/rollover')[0]!.body).toEqual({
      from_year: 2025,
      to_year: 2026,
      starts_on: '2026-09-01',
      ends_on: '2027-07-31',
      plan_hash: marked.plan_hash,
    });
    expect(screen.getByRole('button', { name: 'Undo rollover' })).toBeTruthy();
    expect((await screen.findByText(/The current school year is/)).textContent).toContain('2026-2027');
    expect(screen.getByLabelText<HTMLInputElement>('2027-2028 ends on').value).toBe('2028-08-31');
  });

  it('once the new year is open, says from when it can be closed instead of offering the button', async () => {
    const refused = '2026-2027 starts on 1 September 2026: it can be closed from then.';
    const fetch = renderPanel({}, previewOf(STUDENTS, 2026, refused));
    expect(await screen.findByText(refused)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Close 2026-2027 and open 2027-2028/ })).toBeNull();
    // The marks stay editable meanwhile.
    expect(screen.getAllByRole('button', { name: /mark/i }).length).toBeGreaterThan(0);
    expect(fetch.callsTo('POST', '/api/admin/rollover')).toEqual([]);
  });

  it('checks the dates before asking: a year that ends before it starts', async () => {
    const fetch = renderPanel({}, marked);
    await screen.findByLabelText('2026-2027 ends on');
    await setEnd('2026-08-01');
    await userEvent.click(await closeButton());
    expect(await screen.findByText('The year must end after it starts.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch.callsTo('POST', '/api/admin/rollover')).toEqual([]);
  });

  it('on 409 says why, reads the preview again and keeps the dates typed', async () => {
    const message = 'The marks have changed since this preview: look at it again, then confirm.';
    const fetch = renderPanel({ 'POST /api/admin/rollover': () => json({ message }, 409) }, marked);
    await screen.findByLabelText('2026-2027 ends on');
    await setEnd('2027-07-30');
    await userEvent.click(await closeButton());
    await userEvent.click(screen.getByRole('button', { name: 'Close the year' }));
    expect(await screen.findByText(new RegExp(message.replace(/[.:]/g, '.')))).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(fetch.callsTo('GET', '/api/admin/rollover/preview')).toHaveLength(2));
    expect(endsOn().value).toBe('2027-07-30');
  });

  it('on 400 shows the server’s message under the date it names, the dialog still open', async () => {
    const refusal = {
      message: 'Bad.',
      errors: [{ field: 'ends_on', message: 'The year 2026-2027 ends in 2027 at the latest.' }],
    };
    renderPanel({ 'POST /api/admin/rollover': () => json(refusal, 400) }, marked);
    await userEvent.click(await closeButton());
    await userEvent.click(screen.getByRole('button', { name: 'Close the year' }));
    expect(await screen.findAllByText(refusal.errors[0]!.message)).toHaveLength(2);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(endsOn().getAttribute('aria-invalid')).toBe('true');
  });
});

describe('undo the rollover', { timeout: 20_000 }, () => {
  const opened = () => json({ years: [yearOf(2026, { can_undo: true }), yearOf(2025, { state: 'closed' })] });

  it('shows the server’s refusal (409)', async () => {
    const message =
      'Somebody has saved something in 2026-2027 since the rollover: it can no longer be undone.';
    const fetch = renderPanel({
      'GET /api/admin/school-years': opened,
      'POST /api/admin/rollover/undo': () => json({ message }, 409),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Undo rollover' }));
    const dialog = screen.getByRole('dialog', { name: 'Undo the rollover?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo rollover' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(fetch.callsTo('POST', '/api/admin/rollover/undo')[0]!.body).toEqual({ year: 2026 });
  });

  it('says the old year is current again', async () => {
    let undone = false;
    renderPanel({
      'GET /api/admin/school-years': () => (undone ? json({ years: [yearOf(2025)] }) : opened()),
      'POST /api/admin/rollover/undo': () => {
        undone = true;
        return json({ year: 2025, undone_year: 2026 });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Undo rollover' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Undo rollover' }));
    expect(
      await screen.findByText('The rollover was undone: 2025-2026 is the current year again.'),
    ).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Undo rollover' })).toBeNull());
  });
});
