import { afterAll, describe, expect, it, vi } from 'vitest';

// Start-up (main.tsx) sets off a signed-in screen's chunks, each with the rest of the catalogue, while the
// language's first catalogue is still on its way: the rest must be the family's language, not the one before.
describe('the language at start-up', () => {
  afterAll(async () => {
    const { setLanguage } = await import('./language');
    await setLanguage('en', false);
  });

  it('loads the rest of a Spanish catalogue that a screen asked for while Spanish was on its way', async () => {
    vi.resetModules();
    const language = await import('./language');
    const { i18n } = await import('@lingui/core');
    const switching = language.setLanguage('es', false);
    const screenCatalogue = language.loadRestCatalogue();
    await Promise.all([switching, screenCatalogue]);
    expect(i18n.locale).toBe('es');
    // A registration screen's word (in the rest of the catalogue, by its explicit ID), in Spanish.
    expect(i18n._('Student Data')).toBe('Datos del estudiante');
  });
});
