import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockFetch } from '../test/fetch-mock';
import { studentMe } from '../test/me-answers';
import { renderApp, signInAsStudent } from '../test/render-app';
import { setLanguage } from './language';

// The other tests read English: whatever a test here switched to goes back.
afterEach(() => setLanguage('en', false));

describe("a family's language, remembered with the account", { timeout: 20_000 }, () => {
  it("switches a signed-in page to the account's language, whatever this browser had", async () => {
    mockFetch({ 'GET /api/me': () => json({ ...studentMe, language: 'es' }) });
    signInAsStudent();
    renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bienvenido(a), Ada Lovelace' }),
    ).toBeTruthy();
    expect(document.documentElement.lang).toBe('es');
  });

  it('keeps the page in English for an account that chose nothing', async () => {
    mockFetch({ 'GET /api/me': () => json({ ...studentMe, language: null }) });
    signInAsStudent();
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });

  it("saves the avatar menu's choice on the account and switches the page", async () => {
    const { callsTo } = mockFetch({
      'GET /api/me': () => json({ ...studentMe, language: null }),
      'PUT /api/me/language': () => json({ language: 'es' }),
    });
    signInAsStudent();
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /account menu/ }));
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Español' }));
    await waitFor(() =>
      expect(within(menu).getByRole('menuitemradio', { name: 'Español' }).getAttribute('aria-checked')).toBe(
        'true',
      ),
    );
    // The menu stays open in the new language; closed, the page behind it reads Spanish.
    await user.keyboard('{Escape}');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bienvenido(a), Ada Lovelace' }),
    ).toBeTruthy();
    expect(callsTo('PUT', '/api/me/language').map((c) => c.body)).toEqual([{ language: 'es' }]);
  });

  it('says in the menu when the account refused to save the choice, and keeps the page switched', async () => {
    mockFetch({
      'GET /api/me': () => json({ ...studentMe, language: null }),
      'PUT /api/me/language': () => json({ message: 'Choose English (en) or Spanish (es).' }, 422),
    });
    signInAsStudent();
    renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /account menu/ }));
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Español' }));
    expect((await within(menu).findByRole('alert')).textContent).toMatch(/^No se guardó en su cuenta: /);
    expect(document.documentElement.lang).toBe('es');
  });
});
