import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SchoolSettings } from '@sp/domain';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { renderWithQueries } from '../../test/render-with-queries';
import { SignInSecuritySection } from './sign-in-security-section';

const settings: SchoolSettings = {
  school_name: 'Test Secondary School',
  school_address: '',
  school_motto: '',
  id_lookup_enabled: false,
  learning_challenges_enabled: false,
  missed_exam_counts_as_zero: false,
  sixth_form: false,
  second_factor_policy: 'admins',
  terms_and_conditions: 'I agree.',
  terms_version: 1,
  logo_url: null,
  registration_windows: [],
};
const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });

describe('the Sign-in security card (D51)', () => {
  it('shows the rule with its note, and saves a new one as soon as it is chosen', async () => {
    const fetch = mockFetch({
      'POST /api/settings': () => json({ ...settings, second_factor_policy: 'all' }),
    });
    renderWithQueries(<SignInSecuritySection settings={settings} />);
    expect(screen.getByRole('radiogroup', { name: 'Second factor for staff accounts' })).toBeTruthy();
    expect(radio('Required for administrators').checked).toBe(true);
    expect(radio('Optional for everyone').checked).toBe(false);
    expect(screen.getByText(/sent to set one up at their next sign-in/)).toBeTruthy();

    await userEvent.click(radio('Required for all staff'));
    expect(await screen.findByText('Saved. The change is in effect now.')).toBeTruthy();
    expect(fetch.callsTo('POST', '/api/settings').map((c) => c.body)).toEqual([
      { second_factor_policy: 'all' },
    ]);
  });

  it('shows the server’s refusal', async () => {
    mockFetch({
      'POST /api/settings': () => json({ message: 'Only administrators can change settings.' }, 403),
    });
    renderWithQueries(<SignInSecuritySection settings={settings} />);
    await userEvent.click(radio('Optional for everyone'));
    expect(await screen.findByText('Only administrators can change settings.')).toBeTruthy();
  });
});
