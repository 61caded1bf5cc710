import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { inputValue } from '../../../test/dom';
import { renderApp, signInAsStudent } from '../../../test/render-app';
import { STUDENT_ID, mockRegistration } from '../../../test/registration-test-data';

async function openPhone() {
  const mock = mockRegistration();
  signInAsStudent(STUDENT_ID, 'Ada Lovelace');
  renderApp('/registration/student-data');
  await screen.findByRole('heading', { name: 'Student Data', level: 1 });
  return { ...mock, phone: screen.getByLabelText('Mobile Phone'), user: userEvent.setup() };
}

// Phones are 7 digits after the fixed 1868 (D15): whatever form a number is typed or pasted in.
describe('phone entry', { timeout: 20_000 }, () => {
  it.each([
    ['typing the number with 1868', 'type', '18687543210', '7543210'],
    ['pasting 678-1234', 'paste', '678-1234', '6781234'],
    ['pasting 1868-678-1234', 'paste', '1868-678-1234', '6781234'],
    ['pasting 1 868 678 1234', 'paste', '1 868 678 1234', '6781234'],
    ['typing 7 digits', 'type', '6781234', '6781234'],
  ])('keeps the 7 digits when %s', async (_, how, entry, digits) => {
    const { phone, user, callsTo } = await openPhone();
    await user.click(phone);
    if (how === 'type') await user.keyboard(entry);
    else await user.paste(entry);
    expect(inputValue(phone)).toBe(digits);
    await user.tab();
    await waitFor(() => expect(callsTo('POST', '/api/student')).toHaveLength(1));
    expect(callsTo('POST', '/api/student')[0]?.body).toEqual({ id: STUDENT_ID, phone_home: digits });
  });

  it.each([
    ['typing', 'type', '12345678'],
    ['pasting', 'paste', '868-678-12345'],
  ])('says 7 Digits Needed and saves nothing when more than 7 digits remain (%s)', async (_, how, entry) => {
    const { phone, user, callsTo } = await openPhone();
    await user.click(phone);
    if (how === 'type') await user.keyboard(entry);
    else await user.paste(entry);
    await user.tab();
    expect(await screen.findByText('7 Digits Needed')).toBeTruthy();
    expect(callsTo('POST', '/api/student')).toHaveLength(0);
    expect(screen.queryByRole('img', { name: 'Saved' })).toBeNull();
  });
});
