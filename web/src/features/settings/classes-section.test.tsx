import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormClass } from '@sp/domain';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { renderWithQueries } from '../../test/render-with-queries';
import { ClassesSection } from './classes-section';

/** The class list as the server keeps it: a POST adds to what the next GET answers. */
function school(
  initial: FormClass[],
  refuse?: { status: number; message: string },
  inUse: Record<string, string> = {},
) {
  const classes = [...initial];
  const fetch = mockFetch({
    'GET /api/form-classes': () => json(classes),
    'POST /api/admin/classes': ({ body }) => {
      if (refuse) return json({ message: refuse.message }, refuse.status);
      const c = body as FormClass;
      const added = { class_id: c.class_id.toUpperCase(), form_level: c.form_level };
      classes.push(added);
      return json(added, 201);
    },
    ...Object.fromEntries(
      initial.map((c) => [
        `DELETE /api/admin/classes/${c.class_id}`,
        () => {
          if (inUse[c.class_id]) return json({ message: inUse[c.class_id] }, 409);
          classes.splice(classes.indexOf(c), 1);
          return json(c);
        },
      ]),
    ),
  });
  renderWithQueries(<ClassesSection />);
  return fetch;
}

const group = (name: string) => screen.findByRole('region', { name });
const classField = () => screen.getByLabelText<HTMLInputElement>('New class', { exact: false });

describe('the Classes card', () => {
  it('lists the classes by form and shows a class added under its form', async () => {
    const fetch = school([
      { class_id: '1A', form_level: 1 },
      { class_id: 'L6A', form_level: 6 },
    ]);
    expect(within(await group('Form 1')).getByText('1A')).toBeTruthy();
    expect(within(await group('Lower Sixth')).getByText('L6A')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Form 3' })).toBeNull();

    await userEvent.type(classField(), '3c');
    await userEvent.click(screen.getByRole('combobox', { name: 'Form' }));
    await userEvent.click(screen.getByRole('option', { name: 'Form 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add class' }));

    expect(within(await group('Form 3')).getByText('3C')).toBeTruthy();
    expect(await screen.findByText('Class 3C added. It can be chosen at once.')).toBeTruthy();
    expect(fetch.callsTo('POST', '/api/admin/classes').map((c) => c.body)).toEqual([
      { class_id: '3c', form_level: 3 },
    ]);
  });

  it('checks the class id before sending', async () => {
    const fetch = school([]);
    await userEvent.type(classField(), '3-C{Enter}');
    expect(await screen.findByText(/1 to 10 letters or digits/)).toBeTruthy();
    expect(fetch.callsTo('POST', '/api/admin/classes')).toEqual([]);
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    school([{ class_id: '1A', form_level: 1 }], { status: 409, message: 'Class 1A already exists.' });
    await userEvent.type(classField(), '1a');
    await userEvent.click(screen.getByRole('combobox', { name: 'Form' }));
    await userEvent.click(screen.getByRole('option', { name: 'Form 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add class' }));
    expect(await screen.findByText('Class 1A already exists.')).toBeTruthy();
    expect(classField().value).toBe('1a');
    expect(screen.getByRole('combobox', { name: 'Form' }).textContent).toBe('Form 2');
  });

  it('removes a class, or says what still uses it', async () => {
    const used = 'Class 1A cannot be removed while students in it use it.';
    school(
      [
        { class_id: '1A', form_level: 1 },
        { class_id: '1B', form_level: 1 },
      ],
      undefined,
      { '1A': used },
    );
    await userEvent.click(await screen.findByLabelText('Remove class 1A'));
    expect(await screen.findByText(used)).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Remove class 1B'));
    expect(await screen.findByText('Class 1B removed.')).toBeTruthy();
    expect(within(await group('Form 1')).queryByText('1B')).toBeNull();
  });
});
