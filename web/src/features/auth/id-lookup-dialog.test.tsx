import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { inputValue } from '../../test/dom';
import { defaultSettings, json, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';

const lookupOn = { 'GET /api/settings/public': () => json({ ...defaultSettings, id_lookup_enabled: true }) };

async function search(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Click here to get your student ID' }));
  const dialog = await screen.findByRole('dialog', { name: 'Find your student ID' });
  await user.type(within(dialog).getByLabelText('First Name'), 'Ada');
  await user.type(within(dialog).getByLabelText('Last Name'), 'Lovelace');
  await user.type(within(dialog).getByLabelText('Date of Birth'), '2012-03-04');
  await user.click(within(dialog).getByRole('button', { name: 'Search' }));
  return dialog;
}

describe('student ID look-up', () => {
  it('is hidden while the setting is off', async () => {
    mockFetch({});
    renderApp('/');
    await screen.findByRole('heading', { name: 'Test Secondary School' });
    expect(screen.queryByRole('button', { name: 'Click here to get your student ID' })).toBeNull();
  });

  it('lists the matches and fills in the chosen ID', async () => {
    const { callsTo } = mockFetch({
      ...lookupOn,
      'POST /api/student-id-lookup': () =>
        json([{ id: '20240001', first_name: 'Ada', last_name: 'Lovelace' }]),
    });
    const user = userEvent.setup();
    renderApp('/');

    const dialog = await search(user);
    expect(callsTo('POST', '/api/student-id-lookup')[0]?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      date_of_birth: '2012-03-04',
    });
    await user.click(await within(dialog).findByRole('button', { name: /Student ID: 20240001/ }));
    expect(inputValue(screen.getByLabelText('Student ID'))).toBe('20240001');
  });

  it('says when nobody matches', async () => {
    mockFetch({ ...lookupOn, 'POST /api/student-id-lookup': () => json([]) });
    const user = userEvent.setup();
    renderApp('/');

    const dialog = await search(user);
    expect(await within(dialog).findByText('No student found with those details.')).toBeTruthy();
  });
});
