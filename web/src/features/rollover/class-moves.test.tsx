import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fetch-mock';
import { mockXhr } from '../../test/xhr-mock';
import { renderPanel } from './rollover-test-data';

const moves = () => screen.getByRole('list', { name: 'Class moves' });
const field = (label: string, row: number) =>
  within(moves()).getAllByLabelText<HTMLInputElement>(label)[row]!;

describe('step 2: the class moves', { timeout: 20_000 }, () => {
  it('shows the moves kept, adds one and saves the whole map', async () => {
    const fetch = renderPanel({
      'GET /api/admin/rollover/class-moves': () => json([{ from: '1B', to: '2A' }]),
      'PUT /api/admin/rollover/class-moves': (call) => json(call.body),
    });
    expect((await screen.findByLabelText<HTMLInputElement>('From class')).value).toBe('1B');
    await userEvent.click(screen.getByRole('button', { name: 'Add a class move' }));
    await userEvent.type(field('From class', 1), '5A');
    await userEvent.type(field('To class', 1), 'L6A');
    await userEvent.click(screen.getByRole('button', { name: 'Save class moves' }));
    expect(await screen.findByText(/Class moves saved/)).toBeTruthy();
    expect(fetch.callsTo('PUT', '/api/admin/rollover/class-moves')[0]!.body).toEqual([
      { from: '1B', to: '2A' },
      { from: '5A', to: 'L6A' },
    ]);
  });

  it('refuses a class moved twice before sending; shows the server’s refusal under its row, keeping the rows', async () => {
    const refusal = {
      message: 'There is no class 9Z.',
      errors: [{ field: '1.from', message: 'There is no class 9Z.' }],
    };
    const fetch = renderPanel({ 'PUT /api/admin/rollover/class-moves': () => json(refusal, 400) });
    await userEvent.click(await screen.findByRole('button', { name: 'Add a class move' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a class move' }));
    await userEvent.type(field('From class', 0), '1A');
    await userEvent.type(field('To class', 0), '2B');
    await userEvent.type(field('From class', 1), '1A');
    await userEvent.type(field('To class', 1), '2A');
    await userEvent.click(screen.getByRole('button', { name: 'Save class moves' }));
    expect(await screen.findByText('Class 1A has two moves: keep one.')).toBeTruthy();
    expect(fetch.callsTo('PUT', '/api/admin/rollover/class-moves')).toEqual([]);

    await userEvent.clear(field('From class', 1));
    await userEvent.type(field('From class', 1), '9Z');
    await userEvent.click(screen.getByRole('button', { name: 'Save class moves' }));
    expect(await screen.findAllByText('There is no class 9Z.')).toHaveLength(2);
    expect(field('From class', 1).getAttribute('aria-invalid')).toBe('true');
    expect(field('To class', 1).value).toBe('2A');
    expect(field('To class', 0).value).toBe('2B');
  });

  it('removes a move', async () => {
    const fetch = renderPanel({
      'GET /api/admin/rollover/class-moves': () => json([{ from: '1B', to: '2A' }]),
      'PUT /api/admin/rollover/class-moves': () => json([]),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove the move from 1B' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save class moves' }));
    await vi.waitFor(() => expect(fetch.callsTo('PUT', '/api/admin/rollover/class-moves')).toHaveLength(1));
    expect(fetch.callsTo('PUT', '/api/admin/rollover/class-moves')[0]!.body).toEqual([]);
  });
});

describe('step 2: the class list for the new year', { timeout: 20_000 }, () => {
  const choose = async () => {
    const input = await screen.findByLabelText<HTMLInputElement>(/Upload class list for the new year/);
    await userEvent.upload(
      input,
      new File(['student_id,class\nS1,2B\n'], 'classes.csv', { type: 'text/csv' }),
    );
  };

  it('lists every refused line: nothing was saved', async () => {
    const xhr = mockXhr();
    renderPanel();
    await choose();
    await vi.waitFor(() => expect(xhr.sent).toHaveLength(1));
    xhr.sent[0]!.answer(400, {
      message: '2 lines have problems: nothing was saved.',
      errors: [
        { field: 'line 2', message: 'Line 2: S9 is not enrolled in 2025-2026.' },
        { field: 'line 3', message: 'Line 3: there is no class 9Z. Add it in Settings → Classes first.' },
      ],
    });
    expect(await screen.findByText(/Nothing was saved. Fix these lines/)).toBeTruthy();
    expect(screen.getByText('Line 2: S9 is not enrolled in 2025-2026.')).toBeTruthy();
    expect(screen.getByText(/Line 3: there is no class 9Z/)).toBeTruthy();
  });

  it('says how many students got a class, and reads the preview again', async () => {
    const xhr = mockXhr();
    const fetch = renderPanel();
    await choose();
    await vi.waitFor(() => expect(xhr.sent).toHaveLength(1));
    xhr.sent[0]!.answer(200, { file_name: 'classes.csv', students: 12, cleared: 1 });
    expect(
      await screen.findByText(/classes.csv saved: 12 students have a class for next year \(1 cleared\)/),
    ).toBeTruthy();
    await vi.waitFor(() => expect(fetch.callsTo('GET', '/api/admin/rollover/preview')).toHaveLength(2));
  });
});
