import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudentHistory } from '@sp/domain';
import { createStudent, openRegistration } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await openRegistration(t.database.db);
});
afterAll(() => t.close());

describe("a student's history and parent accounts (D50)", () => {
  it('names a parent who changed a field as the school addresses them, and the staff who unlinked them', async () => {
    const a = (await createStudent(t.database.db)).id;
    const { agent, parent } = await t.signInParent([a], { name: 'Mrs Ali' });
    expect((await agent.post('/api/student', { id: a, place_of_birth: 'Arima' })).statusCode).toBe(200);
    const staff = await t.signInStaff();
    expect((await staff.request('DELETE', `/api/students/${a}/parents/${parent.id}`)).statusCode).toBe(204);
    const { entries } = (await staff.get(`/api/students/${a}/history`)).json<StudentHistory>();
    const saved = entries.find((e) => e.field === 'place_of_birth');
    expect(saved).toMatchObject({ actor_kind: 'parent', actor_name: 'Mrs Ali (parent)', new_value: 'Arima' });
    expect(entries.find((e) => e.action === 'parent_unlink')).toMatchObject({
      actor_name: 'Keisha Staff',
      what: 'Unlinked a parent account',
      field_label: `Mrs Ali <${parent.email}>`,
    });
  });
});
