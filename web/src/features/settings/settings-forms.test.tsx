import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { settingsMessages, tooLong, type SchoolSettings } from '@sp/domain';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, type Reply } from '../../test/fetch-mock';
import { renderWithQueries } from '../../test/render-with-queries';
import { RegistrationWindowsSection } from './registration-windows-section';
import { SchoolDetailsSection } from './school-details-section';
import { TermsSection } from './terms-section';

const settings: SchoolSettings = {
  school_name: 'Test Secondary School',
  school_address: '1 Main Road',
  school_motto: 'Learn',
  id_lookup_enabled: false,
  learning_challenges_enabled: false,
  missed_exam_counts_as_zero: false,
  sixth_form: false,
  second_factor_policy: 'admins',
  terms_and_conditions: 'I agree to the school rules.',
  terms_version: 3,
  logo_url: null,
  registration_windows: [{ form_level: 2, open: true, deadline: null, note: null }],
};
const saved = 'Saved. The change is in effect now.';
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: false });
const posts = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.callsTo('POST', path).map((c) => c.body);

describe('the Settings cards check with the shared schemas before sending', () => {
  const school = (reply: Reply) => {
    const fetch = mockFetch({ 'POST /api/settings': reply });
    renderWithQueries(<SchoolDetailsSection settings={settings} />);
    return fetch;
  };

  it('names an empty school name under its field and sends nothing', async () => {
    const fetch = school(() => json(settings));
    await userEvent.clear(field('School name'));
    await userEvent.click(screen.getByRole('button', { name: 'Save school details' }));
    expect(await screen.findByText(settingsMessages.nameRequired)).toBeTruthy();
    expect(field('School name').getAttribute('aria-invalid')).toBe('true');
    expect(posts(fetch, '/api/settings')).toEqual([]);
  });

  it('sends the school details by Enter and says they are saved', async () => {
    const fetch = school(() => json({ ...settings, school_motto: 'Learn and serve' }));
    await userEvent.type(field('Motto'), ' and serve{Enter}');
    expect(await screen.findByText(saved)).toBeTruthy();
    expect(posts(fetch, '/api/settings')).toEqual([
      {
        school_name: 'Test Secondary School',
        school_address: '1 Main Road',
        school_motto: 'Learn and serve',
      },
    ]);
  });

  it('shows the server’s refusal, under the field it names too', async () => {
    const refusal = { message: 'Invalid.', errors: [{ field: 'school_motto', message: 'Not that motto.' }] };
    school(() => json(refusal, 422));
    await userEvent.click(screen.getByRole('button', { name: 'Save school details' }));
    expect(await screen.findAllByText('Not that motto.')).toHaveLength(2);
    expect(screen.getByRole('alert').textContent).toBe('Not that motto.');
    expect(field('Motto').getAttribute('aria-invalid')).toBe('true');
  });

  it('names empty terms under the field; sends changed terms', async () => {
    const fetch = mockFetch({ 'POST /api/settings': () => json(settings) });
    renderWithQueries(<TermsSection settings={settings} />);
    const terms = screen.getByRole('textbox', { name: 'Terms and conditions' });
    await userEvent.clear(terms);
    await userEvent.click(screen.getByRole('button', { name: 'Save terms' }));
    expect(await screen.findByText(settingsMessages.termsRequired)).toBeTruthy();
    expect(posts(fetch, '/api/settings')).toEqual([]);
    await userEvent.type(terms, 'Be kind.');
    await userEvent.click(screen.getByRole('button', { name: 'Save terms' }));
    expect(await screen.findByText('Saved as version 3.')).toBeTruthy();
    // No Spanish text: sent empty, which the server keeps as none (D53).
    expect(posts(fetch, '/api/settings')).toEqual([
      { terms_and_conditions: 'Be kind.', terms_and_conditions_es: '' },
    ]);
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Terms and conditions in Spanish (optional)' }),
      'Sea amable.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save terms' }));
    await waitFor(() => expect(posts(fetch, '/api/settings')).toHaveLength(2));
    expect(posts(fetch, '/api/settings')[1]).toEqual({
      terms_and_conditions: 'Be kind.',
      terms_and_conditions_es: 'Sea amable.',
    });
  });

  it('names a note too long under the field; sends a window with no deadline as null, the note on one line', async () => {
    const path = '/api/settings/registration-windows';
    const fetch = mockFetch({ [`POST ${path}`]: () => json(settings) });
    renderWithQueries(<RegistrationWindowsSection settings={settings} />);
    const note = field('Note to Form 2 students');
    await userEvent.click(note);
    await userEvent.paste('x'.repeat(201));
    await userEvent.click(screen.getByRole('button', { name: 'Save Form 2' }));
    expect(await screen.findByText(tooLong(200))).toBeTruthy();
    expect(posts(fetch, path)).toEqual([]);
    await userEvent.clear(note);
    await userEvent.paste('Bring\nyour report');
    await userEvent.click(screen.getByRole('switch', { name: 'Form 2 registration open' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Form 2' }));
    expect(await screen.findByText(saved)).toBeTruthy();
    expect(posts(fetch, path)).toEqual([
      { form_level: 2, open: false, deadline: null, note: 'Bring your report' },
    ]);
  });
});
