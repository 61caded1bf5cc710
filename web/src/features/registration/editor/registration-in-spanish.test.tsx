import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-mock';
import { loadRestCatalogue, setLanguage } from '../../../i18n/language';
import { renderApp, signInAsStudent } from '../../../test/render-app';
import { STUDENT_ID, mockRegistration, studentRecord } from '../../../test/registration-test-data';

const lookups = {
  'GET /api/religions': () => json([{ code: 'HI', religion: 'Hindu', name_es: 'Hinduista' }]),
  'GET /api/ethnic-groups': () => json([{ id: 5, group_type: 'Chinese', name_es: null }]),
};

// The rest of the web tests run in English (test/setup.ts); these switch to Spanish and back.
describe('the registration in Spanish', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await setLanguage('es', false);
    await loadRestCatalogue();
  });
  afterEach(async () => {
    await setLanguage('en', false);
  });

  it('shows the step, its labels, hints, stored-English choices and lookup names in Spanish', async () => {
    mockRegistration({ record: studentRecord({ sex: 'Female' }) }, lookups);
    signInAsStudent(STUDENT_ID, 'Ada Lovelace');
    renderApp('/registration/student-data');

    await screen.findByRole('heading', { name: 'Datos del estudiante', level: 1 }, { timeout: 5000 });
    expect(screen.getByRole('heading', { name: 'Datos personales' })).toBeTruthy();
    expect(screen.getByText('Escriba solo 7 dígitos')).toBeTruthy();
    // The value stays English (what the record stores); what is shown is Spanish.
    const sex = screen.getByLabelText<HTMLSelectElement>('Sexo');
    expect(sex.value).toBe('Female');
    expect(sex.selectedOptions[0]?.textContent).toBe('Femenino');
    // A lookup name in Spanish where the school has one, the English where it has none.
    const religion = screen.getByLabelText<HTMLSelectElement>('Religión');
    await waitFor(() => expect([...religion.options].map((o) => o.textContent)).toContain('Hinduista'));
    const ethnic = screen.getByLabelText<HTMLSelectElement>('Grupo étnico');
    await waitFor(() => expect([...ethnic.options].map((o) => o.textContent)).toContain('Chinese'));
    expect(screen.getByRole('link', { name: /Siguiente/ })).toBeTruthy();
  });

  it("says the domain rule's message in Spanish when a field is left wrong", async () => {
    mockRegistration({}, lookups);
    signInAsStudent(STUDENT_ID, 'Ada Lovelace');
    renderApp('/registration/student-data');
    const email = await screen.findByLabelText('Correo electrónico (opcional)', {}, { timeout: 5000 });
    const user = userEvent.setup();
    await user.type(email, 'no-es-un-correo');
    await user.tab();
    expect(await screen.findByText('Correo electrónico no válido.')).toBeTruthy();
  });
});
