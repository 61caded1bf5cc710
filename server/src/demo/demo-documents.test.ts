import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES, completionSchema, pendingStudentsSchema } from '@sp/domain';
import { registrationReportStudents } from '../features/registration-report/report-data.js';
import { groupTotals } from '../pdf/registration-report.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { seedWholeDemo } from './demo-new-year.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedWholeDemo(t.app.ctx)).toBe(true);
}, 180_000);
afterAll(() => t.close());

describe('demo documents', () => {
  it('hold a realistic mix, and the dashboard and the registration report count them alike (D42)', async () => {
    const list = await registrationReportStudents(t.app.ctx, {});
    const states = list.flatMap((s) =>
      DOCUMENT_TYPES.map((type) => ({ id: s.id, type, state: s.documents[type] })),
    );
    const seen = (state: string) => states.filter((s) => s.state === state);
    // A photo rejected, originals received on paper (no upload), some verified, uploads waiting for a check.
    expect(seen('rejected').map((s) => s.type)).toEqual(['picture']);
    expect(seen('received').length).toBeGreaterThan(2);
    expect(seen('verified').length).toBeGreaterThan(2);
    expect(seen('uploaded').length).toBeGreaterThan(20);

    const admin = await t.signInAdmin();
    const { school } = completionSchema.parse((await admin.get('/api/completion')).json());
    const totals = groupTotals(list);
    expect(school.documents).toEqual(totals.held);

    const rejected = seen('rejected')[0]!;
    const pendingPhoto = pendingStudentsSchema.parse(
      (await admin.get('/api/completion/pending?item=picture')).json(),
    );
    expect(pendingPhoto.map((s) => s.id)).toContain(rejected.id);
  });
});
