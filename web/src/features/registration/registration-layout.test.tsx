import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fetch-mock';
import { renderApp, signInAsStudent } from '../../test/render-app';
import { STUDENT_ID, mockRegistration, studentRecord } from '../../test/registration-test-data';

const recordPath = `GET /api/student/${STUDENT_ID}`;

async function open(path = '/registration/student-data') {
  signInAsStudent(STUDENT_ID, 'Ada Lovelace');
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Student Data', level: 1 }, { timeout: 5000 });
  return view;
}

// Each test renders a whole step of MUI fields; a slow machine needs more than the default 5 s.
describe('registration layout', { timeout: 20_000 }, () => {
  it('says the record could not be loaded and offers Retry, which loads it (D12)', async () => {
    let failures = 1;
    mockRegistration(
      {},
      {
        [recordPath]: () =>
          failures-- > 0
            ? json({ message: 'Something went wrong on our side.' }, 500)
            : json(studentRecord()),
      },
    );
    signInAsStudent(STUDENT_ID, 'Ada Lovelace');
    renderApp('/registration/student-data');

    expect(
      await screen.findByText(/The registration could not be loaded/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { name: 'Student Data', level: 1 }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('shows the student, the window, and a completed step mark once a save completes the step', async () => {
    const progress = {
      studentData: true,
      familyData: false,
      healthData: false,
      otherData: false,
      documents: false,
      submit: false,
    };
    mockRegistration(
      { status: { open: 1, deadline: '2099-12-31' } },
      { 'POST /api/student': () => json({ message: 'Saved.', updated: ['home_address'], progress }) },
    );
    await open();
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText(`Student ID ${STUDENT_ID}`)).toBeTruthy();
    expect(screen.getByText('Registration is open until 31 December 2099.')).toBeTruthy();
    // The side menu (wide screens) and the stepper (small screens) both carry the mark.
    const marks = () => [
      ...screen.queryAllByRole('link', { name: /^Student Data\s*, completed$/, hidden: true }),
      ...screen.queryAllByRole('tab', { name: /^Student Data\s*, completed$/, hidden: true }),
    ];
    expect(marks()).toHaveLength(0);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Home Address'), '12 Main Road');
    await user.tab();

    await waitFor(() => expect(marks()).toHaveLength(2));
    // Field values live in memory only (D8).
    expect(localStorage.length).toBe(0);
    expect(Object.keys(sessionStorage).sort()).toEqual(['authenticated', 'name', 'userID']);
  });

  it('puts the server’s refusal in the banner when registration closed meanwhile', async () => {
    mockRegistration(
      {},
      {
        'POST /api/student': () => json({ message: 'Registration closed at the end of 2026-11-30.' }, 403),
      },
    );
    await open();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Home Address'), '12 Main Road');
    await user.tab();

    expect(await screen.findByText('Registration closed at the end of 2026-11-30.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Not saved' })).toBeTruthy();
  });

  it('asks before leaving with a change that is not saved, and stays or leaves as told', async () => {
    const { callsTo } = mockRegistration();
    const { router } = await open();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail (optional)'), 'not-an-address');
    await user.click(screen.getByRole('link', { name: 'Next' }));

    expect(await screen.findByRole('dialog', { name: 'Leave this page?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/registration/student-data');

    await user.click(screen.getByRole('link', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Leave anyway' }));
    expect(
      await screen.findByRole('heading', { name: 'Family Data', level: 1 }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(callsTo('POST', '/api/student')).toHaveLength(0);
  });

  it('moves on without asking once the saves under way have succeeded', async () => {
    mockRegistration();
    const { router } = await open();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Home Address'), '12 Main Road');
    await user.click(screen.getByRole('link', { name: 'Next' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/registration/family-data'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
