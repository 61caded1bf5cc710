import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StudentYear } from '@sp/domain';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fetch-mock';
import { studentMe } from '../../test/me-answers';
import { renderApp, signInAsStudent } from '../../test/render-app';
import { STUDENT_ID, mockRegistration, studentRecord } from '../../test/registration-test-data';

const year = (over: Partial<StudentYear> = {}): StudentYear => ({
  year: 2026,
  label: '2026-2027',
  returning: true,
  status: 'enrolled',
  enrolled: true,
  unchanged: {},
  ...over,
});
const lastYear = {
  living_status: 'Both Parents',
  emergency_contact: 'Ravi Persad',
  home_phone_emergency: '6556677',
};

function open(path: string, y: StudentYear, routes: Parameters<typeof mockRegistration>[1] = {}) {
  const mock = mockRegistration(
    { record: studentRecord(lastYear) },
    { 'GET /api/me': () => json({ ...studentMe, student_id: STUDENT_ID, year: y }), ...routes },
  );
  signInAsStudent(STUDENT_ID, 'Ada Lovelace');
  renderApp(path);
  return mock;
}

const panel = () => screen.findByRole('region', { name: 'Nothing has changed' }, { timeout: 5000 });

describe('re-registration of a returning student', { timeout: 20_000 }, () => {
  it('confirms a step with "Nothing has changed", then says when; the yearly answers stop asking to be checked', async () => {
    const { callsTo } = open('/registration/family-data', year(), {
      'POST /api/registration/steps/family_data/unchanged': () =>
        json({
          message: 'Confirmed unchanged.',
          year: year({ unchanged: { family_data: '2026-09-03T14:00:00.000Z' } }),
        }),
    });
    const region = within(await panel());
    expect(region.getByText(/Confirm the 2026-2027 details as they are/)).toBeTruthy();
    expect(screen.getAllByText('Please check: asked again every year').length).toBeGreaterThan(0);

    await userEvent.setup().click(region.getByRole('button', { name: 'Nothing has changed' }));
    expect(await region.findByText('Confirmed unchanged on 3 Sep')).toBeTruthy();
    expect(callsTo('POST', '/api/registration/steps/family_data/unchanged')[0]?.body).toEqual({
      student_id: STUDENT_ID,
    });
    await waitFor(() => expect(screen.queryByText('Please check: asked again every year')).toBeNull());
    expect(region.queryByRole('button', { name: 'Nothing has changed' })).toBeNull();
  });

  it('shows the server’s refusal with the answers still to fill in, and keeps the button', async () => {
    open('/registration/family-data', year(), {
      'POST /api/registration/steps/family_data/unchanged': () =>
        json(
          {
            message: 'Some answers of this step are missing: fill them in, then confirm.',
            errors: [{ field: 'emergency_contact', message: 'Fill this in before confirming the step.' }],
          },
          400,
        ),
    });
    const region = within(await panel());
    await userEvent.setup().click(region.getByRole('button', { name: 'Nothing has changed' }));
    expect(
      await region.findByText(
        /Some answers of this step are missing: .* Still to fill in: Emergency Contact\./,
      ),
    ).toBeTruthy();
    expect(region.getByRole('button', { name: 'Nothing has changed' })).toBeTruthy();
  });

  it('shows an earlier confirmation by its day, and nothing of the kind to a student new this year', async () => {
    open('/registration/student-data', year({ unchanged: { student_data: '2026-09-01T02:30:00.000Z' } }));
    // 02:30 UTC on 1 September is still 31 August at the school.
    expect(await within(await panel()).findByText('Confirmed unchanged on 31 Aug')).toBeTruthy();
  });

  it('offers no confirmation and no "Please check" to a student who is new this year', async () => {
    open('/registration/family-data', year({ returning: false }));
    await screen.findByRole('heading', { name: 'Family Data', level: 1 }, { timeout: 5000 });
    await screen.findByLabelText('Emergency Contact');
    expect(screen.queryByRole('region', { name: 'Nothing has changed' })).toBeNull();
    expect(screen.queryByText('Please check: asked again every year')).toBeNull();
  });

  it('asks for the terms of the new year by its name', async () => {
    open('/registration/complete', year());
    expect(
      await screen.findByRole('heading', { name: 'Terms and conditions for 2026-2027' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText(/last year’s agreement does not carry over to 2026-2027/)).toBeTruthy();
  });

  it('says which documents carried over from last year and which are asked for again', async () => {
    const file = (type: string) => ({
      type,
      name: `${type}.pdf`,
      url: `/api/files/${STUDENT_ID}/${type}`,
      content_type: 'application/pdf',
      uploaded_at: '2025-09-10T10:00:00.000Z',
    });
    open('/registration/documents', year(), {
      [`GET /api/get-files/${STUDENT_ID}`]: () => json([file('birth_certificate'), file('sea_slip')]),
      [`GET /api/document-checks/${STUDENT_ID}`]: () => json([]),
    });
    expect(
      await screen.findByText(
        /Carried over from 2025-2026: Birth Certificate, SEA Placement Slip\./,
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Asked for again for 2026-2027: Passport Photo\./)).toBeTruthy();
  });
});

describe('a student who has left', { timeout: 20_000 }, () => {
  const leaver = year({ status: 'graduated', enrolled: false });

  it('finds the registration pages saying so, with the way to the term reports', async () => {
    const { callsTo } = open('/registration/student-data', leaver);
    expect(
      await screen.findByText(/no longer enrolled at the school for 2026-2027/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open my term reports' }).getAttribute('href')).toBe(
      '/term-reports',
    );
    expect(callsTo('GET', `/api/student/${STUDENT_ID}`)).toHaveLength(0);
  });

  it('sees the term reports on the dashboard and no registration', async () => {
    open('/dashboard', leaver);
    expect(
      await screen.findByText(/no longer enrolled at the school for 2026-2027/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /Term Reports/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Edit\/View Registration/ })).toBeNull();
  });
});
