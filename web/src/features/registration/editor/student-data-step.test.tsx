import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { inputValue } from '../../../test/dom';
import { renderApp, signInAsStudent } from '../../../test/render-app';
import { STUDENT_ID, mockRegistration, studentRecord } from '../../../test/registration-test-data';

async function openStudentData() {
  signInAsStudent(STUDENT_ID, 'Ada Lovelace');
  const view = renderApp('/registration/student-data');
  // The first render loads the step's lazy chunk.
  await screen.findByRole('heading', { name: 'Student Data', level: 1 }, { timeout: 5000 });
  return view;
}

// Each test renders a whole step of MUI fields; a slow machine needs more than the default 5 s.
describe('student data step', { timeout: 20_000 }, () => {
  it('shows the 1868 prefix on a phone, blocks letters and saves the 7 digits alone', async () => {
    const { callsTo } = mockRegistration();
    await openStudentData();
    const user = userEvent.setup();
    const phone = screen.getByLabelText('Mobile Phone');

    const box = phone.closest('.MuiInputBase-root');
    expect(box && within(box as HTMLElement).getByText('1868')).toBeTruthy();
    expect(phone.getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByText('Enter 7 digits only')).toBeTruthy();

    await user.type(phone, '12ab3-4c567');
    expect(inputValue(phone)).toBe('1234567');
    await user.tab();

    await waitFor(() => expect(callsTo('POST', '/api/student')).toHaveLength(1));
    expect(callsTo('POST', '/api/student')[0]?.body).toEqual({ id: STUDENT_ID, phone_home: '1234567' });
    expect(await screen.findByRole('img', { name: 'Saved' })).toBeTruthy();
  });

  it("shows 'Invalid e-mail.' when an invalid address is left, and sends nothing", async () => {
    const { callsTo } = mockRegistration();
    await openStudentData();
    const user = userEvent.setup();
    const email = screen.getByLabelText('E-mail (optional)');

    await user.type(email, 'not-an-address');
    await user.tab();

    expect(await screen.findByText('Invalid e-mail.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    // The message is tied to the field, so a screen reader reads it with the field.
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Invalid e-mail.');
    expect(callsTo('POST', '/api/student')).toHaveLength(0);
  });

  it('shows class and house read-only, the house by its name', async () => {
    mockRegistration();
    await openStudentData();
    const house = screen.getByLabelText<HTMLSelectElement>('House');
    await waitFor(() => expect(house.selectedOptions[0]?.textContent).toBe('Ruby House'));
    expect(house.disabled).toBe(true);
    expect(screen.getByLabelText<HTMLSelectElement>('Class').disabled).toBe(true);
  });

  it('reveals the immigration dates when the permit switch is turned on, and saves it as 1', async () => {
    const { callsTo } = mockRegistration();
    await openStudentData();
    expect(screen.queryByLabelText('Date of Issue')).toBeNull();

    fireEvent.click(screen.getByRole('switch', { name: 'Immigration Permit' }));

    expect(screen.getByLabelText('Date of Issue')).toBeTruthy();
    expect(screen.getByLabelText('Date of Expiry')).toBeTruthy();
    await waitFor(() =>
      expect(callsTo('POST', '/api/student')[0]?.body).toEqual({ id: STUDENT_ID, immigration_permit: 1 }),
    );
  });

  it('disables every field and says why when registration has closed', async () => {
    mockRegistration({
      record: studentRecord({ phone_home: '7654321', email: 'ada@example.com' }),
      status: { open: 1, deadline: '2020-11-30' },
    });
    await openStudentData();

    expect(screen.getByText('Registration closed at the end of 30 November 2020.')).toBeTruthy();
    const controls = [
      ...screen.getAllByRole('textbox'),
      ...screen.getAllByRole('combobox'),
      ...screen.getAllByRole('switch'),
    ];
    expect(controls.length).toBeGreaterThan(15);
    for (const control of controls) expect((control as HTMLInputElement).disabled).toBe(true);
    // Shown filled.
    expect(inputValue(screen.getByLabelText('Mobile Phone'))).toBe('7654321');
    expect(inputValue(screen.getByLabelText('First Name'))).toBe('Ada');
  });

  it('names the form whose registration is not open', async () => {
    mockRegistration({ status: { open: 0, deadline: null } });
    await openStudentData();
    expect(screen.getByText('Registration is not open for Form 1 at the moment.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('First Name').disabled).toBe(true);
  });
});

describe('the read-only view', { timeout: 20_000 }, () => {
  it('says "Not provided" for an empty field, in a box and a list alike', async () => {
    mockRegistration({ status: { open: 1, deadline: '2020-11-30' } });
    await openStudentData();
    expect(screen.getByLabelText('Mobile Phone').getAttribute('placeholder')).toBe('Not provided');
    const religion = screen.getByLabelText<HTMLSelectElement>('Religion');
    expect(religion.selectedOptions[0]?.textContent).toBe('Not provided');
  });
});

describe('Next after an invalid value', { timeout: 20_000 }, () => {
  it('acts on the first tap: focus stays put until the click, then the leave dialog opens at once', async () => {
    mockRegistration();
    const { router } = await openStudentData();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail (optional)'), 'not-an-address');
    const next = screen.getByRole('link', { name: 'Next' });
    // The press does not move focus, so no message appears and shifts the button before the finger lifts.
    expect(fireEvent.mouseDown(next)).toBe(false);
    fireEvent.click(next);
    expect(await screen.findByRole('dialog', { name: 'Leave this page?' })).toBeTruthy();
    expect(screen.getByText('Invalid e-mail.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/registration/student-data');
  });
});
