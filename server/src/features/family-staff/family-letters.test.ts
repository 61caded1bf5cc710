import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_PARENTS_PER_CHILD } from '@sp/domain';
import { familyCodes, students } from '../../db/schema.js';
import { createParent, createStudent } from '../../test/factories.js';
import { pdfText } from '../../test/pdf-text.js';
import { staffTestApp } from '../../test/staff-test-app.js';

const kit = staffTestApp();

describe("a class's family letters (D50)", () => {
  it('prints a page per enrolled student by last name with the live code; four parents get no code', async () => {
    const db = kit.t.database.db;
    const zed = await createStudent(db, { class_id: '2F', first_name: 'Zara', last_name: 'Zephyr' });
    const abe = await createStudent(db, { class_id: '2F', first_name: 'Abe', last_name: 'Adams' });
    const full = await createStudent(db, { class_id: '2F', first_name: 'Fay', last_name: 'Full' });
    const gone = await createStudent(db, { class_id: '2F', first_name: 'Wes', last_name: 'Withdrawn' });
    await db.update(students).set({ withdrawn_at: new Date() }).where(eq(students.id, gone.id));
    await createStudent(db, { class_id: '2G', first_name: 'Other', last_name: 'Class' });
    for (let i = 0; i < MAX_PARENTS_PER_CHILD; i++) await createParent(db, { children: [full.id] });

    const res = await kit.staff.get('/api/classes/2f/family-letters');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('Family letters 2F.pdf');
    const { text, pages } = await pdfText(res.rawPayload);
    expect(pages).toBe(3);
    const codes = await db.select().from(familyCodes);
    const codeOf = (id: string) => codes.find((c) => c.student_id === id)?.code;
    expect(text).toContain(codeOf(zed.id)!);
    expect(text).toContain(codeOf(abe.id)!);
    expect(codeOf(full.id)).toBeUndefined();
    expect(codeOf(gone.id)).toBeUndefined();
    expect(text.indexOf('Abe Adams')).toBeLessThan(text.indexOf('Fay Full'));
    expect(text.indexOf('Fay Full')).toBeLessThan(text.indexOf('Zara Zephyr'));
    expect(text).toContain(`Fay already has ${MAX_PARENTS_PER_CHILD} parent accounts linked`);
    expect(text).not.toContain('Withdrawn');
    expect(text).not.toContain('Other Class');
    expect(text).toContain('http://localhost');
    // Printing again keeps the codes the families may already hold.
    await kit.staff.get('/api/classes/2F/family-letters');
    expect(codeOf(zed.id)).toBe(
      (await db.select().from(familyCodes).where(eq(familyCodes.student_id, zed.id)))[0]?.code,
    );
  });

  it('answers 404 for a class the school does not have and 400 for a name that is not a class', async () => {
    const missing = await kit.staff.get('/api/classes/9Z/family-letters');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('There is no class 9Z.');
    expect((await kit.staff.get('/api/classes/not-a-class!/family-letters')).statusCode).toBe(400);
  });
});
