import { describe, expect, it } from 'vitest';
import { registrationNotice } from './registration-notice';

const noon = (iso: string) => new Date(`${iso}T16:00:00Z`);
const school = 'America/Port_of_Spain';

describe('registration notice', () => {
  it('says until when an open registration runs; the deadline day itself is open (D13)', () => {
    expect(registrationNotice({ open: 1, deadline: '2026-11-30' }, 1, noon('2026-11-30'), school)).toEqual({
      severity: 'info',
      text: 'Registration is open until 30 November 2026.',
    });
  });

  it('says since when a registration past its deadline is closed', () => {
    expect(registrationNotice({ open: 1, deadline: '2026-11-30' }, 1, noon('2026-12-01'), school)).toEqual({
      severity: 'warning',
      text: 'Registration closed at the end of 30 November 2026.',
    });
  });

  it('names the form whose registration is not open', () => {
    expect(registrationNotice({ open: 0, deadline: null }, 2, noon('2026-11-30'), school)?.text).toBe(
      'Registration is not open for Form 2 at the moment.',
    );
  });

  it('says nothing for an open registration without a deadline', () => {
    expect(registrationNotice({ open: 1, deadline: null }, 1, noon('2026-11-30'), school)).toBeNull();
  });

  it("adds the school's note for the form under the window's text, or shows it alone (D19)", () => {
    const note = 'Bring the originals to the office by Friday.';
    expect(registrationNotice({ open: 0, deadline: null, note }, 1, noon('2026-11-30'), school)).toEqual({
      severity: 'warning',
      text: 'Registration is not open for Form 1 at the moment.',
      note,
    });
    expect(registrationNotice({ open: 1, deadline: null, note }, 1, noon('2026-11-30'), school)).toEqual({
      severity: 'info',
      text: note,
    });
  });
});
