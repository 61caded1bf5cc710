import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completionSchema, studentHistorySchema } from '@sp/domain';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { DEMO_RE_REGISTERING_FORM, seedWholeDemo } from './demo-new-year.js';
import { demoNewIntake } from './demo-progress.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedWholeDemo(t.app.ctx)).toBe(true);
}, 180_000);
afterAll(() => t.close());

describe('demo progress', () => {
  it('gives the Form 1 intake a spread of completion, derived by the app itself', async () => {
    const admin = await t.signInAdmin();
    const { classes } = completionSchema.parse((await admin.get('/api/completion')).json());
    const formOne = classes.filter((x) => x.form_level === 1);
    const sum = (pick: (c: (typeof classes)[number]) => number) => formOne.reduce((n, c) => n + pick(c), 0);
    // 40 new students: 8 not started, 32 past the first step, 8 with every document, 4 finished.
    expect({
      studentData: sum((c) => c.steps.studentData),
      familyData: sum((c) => c.steps.familyData),
      healthData: sum((c) => c.steps.healthData),
      otherData: sum((c) => c.steps.otherData),
      documents: sum((c) => c.steps.documents),
      submit: sum((c) => c.steps.submit),
    }).toEqual({ studentData: 32, familyData: 24, healthData: 20, otherData: 16, documents: 8, submit: 4 });
    expect(sum((c) => c.terms)).toBe(4);
    expect(sum((c) => c.documents.birth_certificate)).toBeGreaterThan(8);
    for (const c of formOne) {
      expect(c.students).toBe(13);
      expect(c.steps.studentData).toBeGreaterThan(0);
      expect(c.steps.studentData).toBeLessThan(c.students);
    }
    // Only Form 3 is re-registering: the other returning forms have nothing done this year.
    const returning = classes.filter((c) => c.form_level > 1);
    const reRegistering = returning.filter((c) => c.form_level === DEMO_RE_REGISTERING_FORM);
    expect(reRegistering.some((c) => c.steps.studentData > 0)).toBe(true);
    expect(reRegistering.some((c) => c.steps.studentData < c.students)).toBe(true);
    expect(
      returning
        .filter((c) => c.form_level !== DEMO_RE_REGISTERING_FORM)
        .every((c) => c.steps.studentData === 0),
    ).toBe(true);
  });

  it('keeps who did it and when in the history, dated before today', async () => {
    const admin = await t.signInAdmin();
    const finished = demoNewIntake()[9]!;
    const res = await admin.get(`/api/students/${finished.id}/history`);
    expect(res.statusCode).toBe(200);
    const { entries } = studentHistorySchema.parse(res.json());
    const agreed = entries.find((e) => e.field === 'agree_terms_conditions')!;
    expect(agreed).toMatchObject({ actor_kind: 'student', actor_id: finished.id });
    expect(Date.parse(agreed.at)).toBeLessThan(t.clock.now().getTime() - 86_400_000);
    expect(entries.some((e) => e.what === 'Uploaded a document')).toBe(true);
  });
});
