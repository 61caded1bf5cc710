import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminStudent } from '@sp/domain';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { StudentRowActions } from './student-row-actions';
import { renderTranslated } from '../../test/render-with-queries';

const row = (enrolled_now: boolean | undefined) =>
  ({
    id: '2025113',
    first_name: 'Lee',
    last_name: 'Leaver',
    withdrawn_at: null,
    enrolled_now,
  }) as AdminStudent;

async function menuOf(student: AdminStudent, closedYear: number | undefined) {
  const onOpen = vi.fn();
  renderTranslated(
    <MemoryRouter>
      <StudentRowActions
        student={student}
        onOpen={onOpen}
        closedYear={closedYear}
        currentYearLabel="2026-2027"
      />
    </MemoryRouter>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'More actions for Lee Leaver' }));
  return { onOpen, items: screen.getAllByRole('menuitem').map((i) => i.textContent) };
}

describe("a closed year's row actions", () => {
  it('offer re-enrolling a student who is not enrolled this year, and open its dialog', async () => {
    const { onOpen, items } = await menuOf(row(false), 2025);
    expect(items).toContain('Re-enrol in 2026-2027');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Re-enrol in 2026-2027' }));
    expect(onOpen).toHaveBeenCalledWith('reenrol', expect.objectContaining({ id: '2025113' }));
  });

  it('do not offer it for a student enrolled this year, nor in the current year', async () => {
    expect((await menuOf(row(true), 2025)).items).not.toContain('Re-enrol in 2026-2027');
  });

  it('the current year has no such action', async () => {
    expect((await menuOf(row(undefined), undefined)).items).not.toContain('Re-enrol in 2026-2027');
  });
});
