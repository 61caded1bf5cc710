import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TERMS_MAX_LENGTH, type SchoolSettings } from '@sp/domain';
import { auditLog } from '../../db/schema.js';
import { adminTestApp } from '../../test/staff-test-app.js';

const kit = adminTestApp();
const read = async (): Promise<SchoolSettings> => (await kit.admin.get('/api/settings')).json();
const publicTerms = async () => {
  const s = (await kit.t.agent().get('/api/settings/public')).json();
  return { en: s.terms_and_conditions, es: s.terms_and_conditions_es };
};

describe('the terms in Spanish beside the English (D25)', () => {
  it('has none at first; a Spanish text is a new version holding both, shown to families before sign-in', async () => {
    const first = await read();
    expect(first.terms_and_conditions_es).toBeNull();
    expect((await publicTerms()).es).toBeNull();

    const es =
      'Los estudiantes usan el uniforme escolar.\r\n\r\nLos padres asisten al día de puertas abiertas.';
    const res = await kit.admin.post('/api/settings', { terms_and_conditions_es: es });
    expect(res.statusCode, res.body).toBe(200);
    const spanish = es.replace(/\r\n/g, '\n');
    expect(res.json()).toMatchObject({
      terms_and_conditions: first.terms_and_conditions,
      terms_and_conditions_es: spanish,
      terms_version: first.terms_version + 1,
    });
    expect(await publicTerms()).toEqual({ en: first.terms_and_conditions, es: spanish });
    const audit = await kit.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.field, 'terms_and_conditions_es'));
    expect(audit).toMatchObject([{ old_value: null, new_value: spanish }]);

    // A new English text keeps the Spanish of the version before; the same texts again make no version.
    await kit.admin.post('/api/settings', { terms_and_conditions: 'New rules.' });
    expect(await publicTerms()).toEqual({ en: 'New rules.', es: spanish });
    await kit.admin.post('/api/settings', {
      terms_and_conditions: 'New rules.',
      terms_and_conditions_es: spanish,
    });
    expect((await read()).terms_version).toBe(first.terms_version + 2);

    // Emptied, the Spanish is gone from the next version.
    await kit.admin.post('/api/settings', { terms_and_conditions_es: '  ' });
    expect(await read()).toMatchObject({
      terms_and_conditions_es: null,
      terms_version: first.terms_version + 3,
    });
  });

  it('refuses a Spanish text over the limit, or not text, and keeps the version', async () => {
    const before = await read();
    for (const bad of ['x'.repeat(TERMS_MAX_LENGTH + 1), 12, ['a']]) {
      const res = await kit.admin.post('/api/settings', { terms_and_conditions_es: bad });
      expect(res.statusCode).toBe(400);
    }
    expect((await read()).terms_version).toBe(before.terms_version);
  });

  it('is changed by administrators only', async () => {
    const staff = await kit.t.signInStaff();
    expect((await staff.post('/api/settings', { terms_and_conditions_es: 'Hola' })).statusCode).toBe(403);
  });
});
