import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signInAsStudent } from '../../../test/render-app';
import { STUDENT_ID, mockRegistration, studentRecord } from '../../../test/registration-test-data';

async function openFamilyData(fields: Record<string, string | null> = {}) {
  const mock = mockRegistration({ record: studentRecord(fields) });
  signInAsStudent(STUDENT_ID, 'Ada Lovelace');
  renderApp('/registration/family-data');
  // The first render loads the step's lazy chunk.
  await screen.findByRole('heading', { name: 'Family Data', level: 1 }, { timeout: 5000 });
  return mock;
}

const sectionShown = (title: string) => screen.queryByRole('heading', { name: title, level: 2 }) !== null;
const shown = () =>
  ['Mother', 'Father', 'Guardian', 'Family Demographics', 'Emergency Contact'].filter(sectionShown);

// Each test renders a whole step of MUI fields; a slow machine needs more than the default 5 s.
describe('family data step', { timeout: 20_000 }, () => {
  it('shows no parent section, and so no demographics, before a living status is chosen', async () => {
    await openFamilyData();
    expect(shown()).toEqual([]);
  });

  it('shows Mother and Father for Both Parents, and saves the choice', async () => {
    const { callsTo } = await openFamilyData();
    await userEvent.setup().selectOptions(screen.getByLabelText('Living Status'), 'Both Parents');

    expect(shown()).toEqual(['Mother', 'Father', 'Family Demographics', 'Emergency Contact']);
    await waitFor(() =>
      expect(callsTo('POST', '/api/student')[0]?.body).toEqual({
        id: STUDENT_ID,
        living_status: 'Both Parents',
      }),
    );
  });

  it('shows only Guardian for Guardian, and nothing for Other', async () => {
    await openFamilyData();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Living Status'), 'Guardian');
    expect(shown()).toEqual(['Guardian', 'Family Demographics', 'Emergency Contact']);

    await user.selectOptions(screen.getByLabelText('Living Status'), 'Other');
    expect(shown()).toEqual([]);
  });

  it('keeps a section with a name visible whatever the living status says', async () => {
    await openFamilyData({ living_status: 'Mother Only', father_name: 'Charles Babbage' });
    expect(shown()).toEqual(['Mother', 'Father', 'Family Demographics', 'Emergency Contact']);
    const fatherToggle = screen.getByLabelText("Show father's details");
    expect((fatherToggle as HTMLInputElement).checked).toBe(true);
    expect((fatherToggle as HTMLInputElement).disabled).toBe(true);

    await userEvent.setup().selectOptions(screen.getByLabelText('Living Status'), 'Other');
    expect(shown()).toEqual(['Father', 'Family Demographics', 'Emergency Contact']);
  });

  it('lets the checkboxes show and hide sections by hand', async () => {
    await openFamilyData({ living_status: 'Mother Only' });
    expect(shown()).toEqual(['Mother', 'Family Demographics', 'Emergency Contact']);

    fireEvent.click(screen.getByLabelText("Show guardian's details"));
    expect(shown()).toEqual(['Mother', 'Guardian', 'Family Demographics', 'Emergency Contact']);

    fireEvent.click(screen.getByLabelText("Show mother's details"));
    fireEvent.click(screen.getByLabelText("Show guardian's details"));
    expect(shown()).toEqual([]);
  });
});
