import { earliestBirthDateMessage, futureDateMessage, messages } from '@sp/domain';
import { describe, expect, it } from 'vitest';
import { editProblem } from './edit-student-fields';

describe('the Edit Student date of birth, typed in the browser’s date input', () => {
  const today = '2026-11-24';

  it('takes a date from 1950-01-01 to today at the school', () => {
    expect(editProblem('date_of_birth', '1950-01-01', today)).toBeNull();
    expect(editProblem('date_of_birth', today, today)).toBeNull();
  });

  it('refuses a date before 1950, a date after today and an emptied box', () => {
    expect(editProblem('date_of_birth', '1949-12-31', today)).toBe(earliestBirthDateMessage);
    expect(editProblem('date_of_birth', '2026-11-25', today)).toBe(futureDateMessage);
    expect(editProblem('date_of_birth', '', today)).toBe(messages.editRequired);
  });
});
