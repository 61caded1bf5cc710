import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completionSchema, studentHistorySchema } from '@sp/domain';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { demoNewIntake, seedDemoProgress } from './demo-progress.js';
import { seedDemoSchool } from './demo-school.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoSchool(t.database.db, t.clock.now())).toBe(true);
  await seedDemoProgress(t.app.ctx, demoNewIntake());
}, 120_000);
afterAll(() => t.close());

describe('demo progress', () => {
  it('gives the Form 1 intake a spread of completion, derived by the app itself', async () => {
    const admin = await t.signInAdmin();
    const { classes, school } = completionSchema.parse((await admin.get('/api/completion')).json());
    // 40 new students: 8 not started, 32 past the first step, 8 with every document, 4 finished.
    expect(school.steps).toEqual({
      studentData: 32,
      familyData: 24,
      healthData: 20,
      otherData: 16,
      documents: 8,
      submit: 4,
    });
    expect(school.terms).toBe(4);
    expect(school.documents.birth_certificate).toBeGreaterThan(8);
    for (const c of classes.filter((x) => x.form_level === 1)) {
      expect(c.students).toBe(13);
      expect(c.steps.studentData).toBeGreaterThan(0);
      expect(c.steps.studentData).toBeLessThan(c.students);
    }
    // Older forms are untouched: nobody there has a step done.
    expect(classes.filter((c) => c.form_level > 1).every((c) => c.steps.studentData === 0)).toBe(true);
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
