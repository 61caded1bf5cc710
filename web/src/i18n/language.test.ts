import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRestCatalogue, setLanguage } from './language';

afterEach(() => setLanguage('en', false));

describe('the catalogues of a Spanish tab', () => {
  it('keep the Spanish of a family text that the English-only staff catalogue says too', async () => {
    await setLanguage('es', false);
    await loadRestCatalogue();
    // A message's ID is made from its English: the staff catalogue holds these too, in English (D53).
    expect(i18n._(msg`Logout`)).toBe('Cerrar sesión');
    expect(i18n._(msg`Cancel`)).toBe('Cancelar');
    // The sign-in pages' own Spanish, loaded before the rest, stays too.
    expect(i18n._(msg`Password`)).toBe('Contraseña');
  });
});
