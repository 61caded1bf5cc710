import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNull } from 'drizzle-orm';
import { CHILD_HEADER, currentUserSchema, reportCardTermListSchema } from '@sp/domain';
import { familyCodes, students } from '../db/schema.js';
import { studentAddresses } from '../mail/addresses.js';
import { createStaff } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { mailsTo } from '../features/password-links/link-kit.js';
import { DEMO_ADMIN_EMAIL } from './demo-contacts.js';
import { DEMO_PARENT } from './demo-parents.js';
import { seedWholeDemo } from './demo-new-year.js';
import { DEMO_PASSWORD } from './demo-school.js';
import { DEMO_SPANISH_PARENT, DEMO_SPANISH_STUDENT, DEMO_TERMS_ES } from './demo-spanish.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The first start creates the administrator before the demo is seeded.
  await createStaff(t.database.db, 'admin');
  expect(await seedWholeDemo(t.app.ctx)).toBe(true);
}, 180_000);
afterAll(() => t.close());

describe('the demo families’ e-mail addresses', () => {
  it('give most families a confirmed mother’s address and an unconfirmed father’s, and leave the rest to confirm', async () => {
    const db = t.database.db;
    const enrolled = await db.select({ id: students.id }).from(students).where(isNull(students.withdrawn_at));
    const addresses = await studentAddresses(
      db,
      enrolled.map((s) => s.id),
    );
    const confirmed = new Set(addresses.filter((a) => a.confirmed).map((a) => a.studentId));
    expect(confirmed.size / enrolled.length).toBeGreaterThan(0.75);
    expect(confirmed.size).toBeLessThan(enrolled.length);
    for (const a of addresses) expect(a.address).toMatch(/@example\.org$/);
    const fathers = addresses.filter((a) => a.field === 'email_father');
    expect(fathers.length).toBeGreaterThan(0);
    expect(fathers.some((a) => a.confirmed)).toBe(false);
  });

  it('give the administrator a confirmed address, so the staff forgotten-password link reaches it', async () => {
    const res = await t.agent().post('/api/admin/forgot-password', { username: 'admin' });
    expect(res.statusCode).toBe(200);
    const [mail] = await mailsTo(t.database.db, DEMO_ADMIN_EMAIL);
    expect(mail?.kind).toBe('staff_password_reset_link');
  });
});

describe('the demo parent (D50)', () => {
  it('signs in and sees a Form 1 child part way through registration and a Form 4 child’s posted report card', async () => {
    const agent = t.agent();
    const { email, password, children } = DEMO_PARENT;
    expect((await agent.post('/api/parent/login', { email, password })).statusCode).toBe(200);
    const me = currentUserSchema.parse((await agent.get('/api/me')).json());
    expect(me).toMatchObject({ kind: 'parent', full_name: 'Mrs Ali' });
    const [formOne, formFour] = children;
    const classes = me.parent!.children.map((c) => [c.student_id, c.class_id]);
    expect(classes).toEqual(
      expect.arrayContaining([
        [formOne, '1B'],
        [formFour, '4A'],
      ]),
    );

    const record = (await agent.get(`/api/student/${formOne}`, { [CHILD_HEADER]: formOne })).json<{
      place_of_birth: string | null;
      agree_terms_conditions: number | null;
    }>();
    expect(record.place_of_birth).toBeTruthy();
    expect(record.agree_terms_conditions).not.toBe(1);

    const terms = reportCardTermListSchema.parse(
      (await agent.get(`/api/report-card-terms/${formFour}`, { [CHILD_HEADER]: formFour })).json(),
    );
    const posted = terms.find((x) => x.posted === 1)!;
    expect(posted).toBeTruthy();
    const card = await agent.get(`/api/report-card/${formFour}/${posted.year}/${posted.term}`, {
      [CHILD_HEADER]: formFour,
    });
    expect(card.statusCode).toBe(200);
  });

  it('leaves every other enrolled student a live family code for their own parents', async () => {
    const db = t.database.db;
    const enrolled = await db.select({ id: students.id }).from(students).where(isNull(students.withdrawn_at));
    const codes = await db.select().from(familyCodes);
    expect(new Set(codes.map((c) => c.student_id))).toEqual(new Set(enrolled.map((s) => s.id)));
    for (const c of codes) expect(c.code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  });
});

describe('the demo family that uses the portal in Spanish (D53)', () => {
  it('signs in to Spanish, student and parent alike, with the terms in Spanish beside the English', async () => {
    const student = t.agent();
    const login = await student.post('/api/login-student', {
      student_id: DEMO_SPANISH_STUDENT,
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode, login.body).toBe(200);
    expect((await student.get('/api/me')).json().language).toBe('es');

    const parent = t.agent();
    const { email, password } = DEMO_SPANISH_PARENT;
    expect((await parent.post('/api/parent/login', { email, password })).statusCode).toBe(200);
    const me = currentUserSchema.parse((await parent.get('/api/me')).json());
    expect(me).toMatchObject({ kind: 'parent', student_id: DEMO_SPANISH_STUDENT, language: 'es' });

    // Mrs Ali, and everyone else, has chosen nothing: the browser's language.
    const other = t.agent();
    await other.post('/api/parent/login', { email: DEMO_PARENT.email, password: DEMO_PARENT.password });
    expect((await other.get('/api/me')).json().language).toBeNull();

    const terms = (await t.agent().get('/api/settings/public')).json();
    expect(terms.terms_and_conditions_es).toBe(DEMO_TERMS_ES);
  });
});
