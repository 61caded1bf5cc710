import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultSettings, json } from '../../../test/fetch-mock';
import { renderApp, signInAsStudent } from '../../../test/render-app';
import { STUDENT_ID, mockRegistration, studentRecord } from '../../../test/registration-test-data';

async function openHealthData(learningChallenges: boolean) {
  const mock = mockRegistration(
    { record: studentRecord({ polio: 1 }) },
    {
      'GET /api/settings/public': () =>
        json({ ...defaultSettings, learning_challenges_enabled: learningChallenges }),
    },
  );
  signInAsStudent(STUDENT_ID, 'Ada Lovelace');
  renderApp('/registration/health-data');
  // The first render loads the step's lazy chunk.
  await screen.findByRole('heading', { name: 'Health Data', level: 1 }, { timeout: 15_000 });
  return mock;
}

// Each test renders a whole step of MUI fields; a slow machine needs more than the default 5 s.
describe('health data step', { timeout: 20_000 }, () => {
  it('saves a checkbox as 1 or 0 on its own', async () => {
    const { callsTo } = await openHealthData(false);
    const polio = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Polio' });
    expect(polio.checked).toBe(true);

    fireEvent.click(polio);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Asthma' }));

    await waitFor(() => expect(callsTo('POST', '/api/student')).toHaveLength(2), { timeout: 5000 });
    // Each field saves on its own, so the two may reach the server in either order.
    const bodies = callsTo('POST', '/api/student').map((c) => c.body);
    expect(bodies).toHaveLength(2);
    expect(bodies).toEqual(
      expect.arrayContaining([
        { id: STUDENT_ID, polio: 0 },
        { id: STUDENT_ID, asthma: 1 },
      ]),
    );
  });

  it('hides the learning challenges unless the school turned them on (D9)', async () => {
    await openHealthData(false);
    expect(screen.queryByRole('heading', { name: 'Learning Challenges' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Dyslexia' })).toBeNull();
  });

  it('shows the learning challenges when the school turned them on', async () => {
    await openHealthData(true);
    expect(await screen.findByRole('group', { name: 'Learning Challenges' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Dyslexia' })).toBeTruthy();
    expect(screen.getByLabelText('Other Learning Challenge (describe)')).toBeTruthy();
  });
});
