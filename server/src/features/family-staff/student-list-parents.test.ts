import { describe, expect, it } from 'vitest';
import type { AdminStudent } from '@sp/domain';
import { createParent, createStudent } from '../../test/factories.js';
import { staffTestApp } from '../../test/staff-test-app.js';

const kit = staffTestApp();

describe('the students list and parent accounts (D50)', () => {
  it("answers each student's number of linked parents and filters those with none", async () => {
    const db = kit.t.database.db;
    const none = await createStudent(db, { class_id: '3P' });
    const one = await createStudent(db, { class_id: '3P' });
    const two = await createStudent(db, { class_id: '3P' });
    await createParent(db, { children: [one.id, two.id] });
    await createParent(db, { children: [two.id] });

    const all = (await kit.staff.get('/api/students?class_id=3P')).json<AdminStudent[]>();
    const linked = Object.fromEntries(all.map((s) => [s.id, s.parents_linked]));
    expect(linked).toEqual({ [none.id]: 0, [one.id]: 1, [two.id]: 2 });

    const res = await kit.staff.get('/api/students?class_id=3P&no_parent=1&limit=10&sort=id');
    expect(res.json<AdminStudent[]>().map((s) => s.id)).toEqual([none.id]);
    expect(res.headers['x-total-count']).toBe('1');
    expect((await kit.staff.get('/api/students?no_parent=yes')).statusCode).toBe(400);
  });
});
