import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { renderApp, signInAsStaff } from '../../test/render-app';
import { staffMe } from '../../test/me-answers';

const lookups = {
  'GET /api/me': () => json(staffMe()),
  'GET /api/form-classes': () => json([{ class_id: '1A', form_level: 1 }]),
  'GET /api/houses': () => json([{ id: 'RED', name: 'Ruby House' }]),
};

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('ID *'), '2026100');
  await user.type(screen.getByLabelText('Last Name *'), 'Baptiste');
  await user.type(screen.getByLabelText('First Name *'), 'Zoe');
  await screen.findByRole('option', { name: '1A' });
  await user.selectOptions(screen.getByLabelText('Class *'), '1A');
  await user.type(screen.getByLabelText('Date of Birth *'), '2014-06-30');
}

describe('add student page', () => {
  it('names the missing fields before sending anything', async () => {
    signInAsStaff();
    const { callsTo } = mockFetch(lookups);
    const user = userEvent.setup();
    renderApp('/admin/students/new');
    await user.click(await screen.findByRole('button', { name: 'Add student' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(5);
    expect(callsTo('POST', '/api/students')).toHaveLength(0);
  });

  it('shows the server’s answer for a taken ID on the ID field', async () => {
    signInAsStaff();
    const message = 'A student with ID 2026100 already exists.';
    mockFetch({
      ...lookups,
      'POST /api/students': () => json({ message, errors: [{ field: 'id', message }] }, 409),
    });
    const user = userEvent.setup();
    renderApp('/admin/students/new');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add student' }));
    expect(await screen.findAllByText(message)).toHaveLength(2);
  });

  it('links to the new record and back to the list', async () => {
    signInAsStaff();
    const { callsTo } = mockFetch({
      ...lookups,
      'POST /api/students': () => json({ message: 'Student 2026100 was added.', id: '2026100' }, 201),
    });
    const user = userEvent.setup();
    renderApp('/admin/students/new');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add student' }));
    expect(await screen.findByText(/Student 2026100 was added/)).toBeTruthy();
    expect(callsTo('POST', '/api/students')[0]?.body).toMatchObject({
      id: '2026100',
      class_id: '1A',
      house_code: null,
    });
    expect(screen.getByRole('link', { name: /open the student/i }).getAttribute('href')).toBe(
      '/admin/students/2026100/record/student-data',
    );
    expect(screen.getByRole('link', { name: 'Back to the students list' }).getAttribute('href')).toBe(
      '/admin/dashboard',
    );
  });
});
