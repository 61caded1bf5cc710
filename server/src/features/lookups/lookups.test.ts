import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ethnicGroups } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('lookup names in Spanish (reference data)', () => {
  it('gives every seeded religion and ethnic group its Spanish name; one the school added has none', async () => {
    await t.database.db.insert(ethnicGroups).values({ group_type: 'Venezuelan' });
    const { agent } = await t.signInStudent();
    const religions: { name_es: string | null }[] = (await agent.get('/api/religions')).json();
    expect(religions).toContainEqual({ code: 'RC', religion: 'Roman Catholic', name_es: 'Católica romana' });
    expect(religions.every((r) => r.name_es)).toBe(true);
    const groups = (await agent.get('/api/ethnic-groups')).json();
    expect(groups).toContainEqual(
      expect.objectContaining({ group_type: 'East Indian', name_es: 'Indio oriental' }),
    );
    expect(groups).toContainEqual(expect.objectContaining({ group_type: 'Venezuelan', name_es: null }));
  });

  it('are for signed-in users only', async () => {
    expect((await t.agent().get('/api/religions')).statusCode).toBe(401);
  });
});
