import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { renderWithQueries } from '../../test/render-with-queries';
import { FamilyLettersButton } from './family-letters-button';

describe('Print family letters', { timeout: 40_000 }, () => {
  it('asks for a class, then shows that class’s letters', async () => {
    mockFetch({
      'GET /api/form-classes': () =>
        json([
          { class_id: '1A', form_level: 1 },
          { class_id: '1B', form_level: 1 },
        ]),
    });
    renderWithQueries(<FamilyLettersButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Print family letters' }));
    const dialog = screen.getByRole('dialog', { name: 'Print family letters' });
    // Nothing to show until a class is chosen.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show the letters' }));
    expect(screen.getByRole('dialog', { name: 'Print family letters' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Class/ }));
    await userEvent.click(await screen.findByRole('option', { name: '1B' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show the letters' }));
    const letters = await screen.findByTitle('Family letters: 1B');
    expect(letters.getAttribute('src')).toBe('/api/classes/1B/family-letters');
  });
});
