import { academicYearLabel, notEnrolledMessage } from '@sp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClass } from '../../test/factories.js';
import { multipart, samples } from '../../test/multipart.js';
import { put, rollOver } from '../../test/rollover-kit.js';
import { currentYear } from '../../shared/school-years.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const photo = (id: string, name: string) =>
  multipart({ id, file_type: 'picture' }, { name, data: samples.jpeg });
const files = async (agent: Awaited<ReturnType<TestApp['signInStaff']>>, id: string) =>
  (await agent.get(`/api/get-files/${id}`)).json<{ name: string }[]>().map((f) => f.name);

// D49: a student who left last year signs in to read report cards but no longer registers, documents included.
describe('a leaver uploading a document', () => {
  it("is refused with the record's 403 and message; staff may still file one for them", async () => {
    await ensureClass(t.database.db, '4L', 4);
    const { agent, student } = await t.signInStudent({ class_id: '4L' });
    const admin = await t.signInAdmin();
    expect(
      (await put(admin, `/api/admin/rollover/marks/${student.id}`, { mark: 'leaving' })).statusCode,
    ).toBe(200);
    expect((await rollOver(t.database.db, admin)).statusCode).toBe(200);
    const { year } = await currentYear(t.database.db);

    const mine = photo(student.id, 'mine.jpg');
    const refused = await agent.post('/api/store-file', mine.body, { headers: mine.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(notEnrolledMessage(academicYearLabel(year)));

    const staff = await t.signInStaff();
    const filed = photo(student.id, 'office.jpg');
    const res = await staff.post('/api/store-file', filed.body, { headers: filed.headers });
    expect(res.statusCode, res.body).toBe(200);
    // The family sees what the office filed, and nothing of their own refused upload.
    expect(await files(agent, student.id)).toEqual(['office.jpg']);
  });
});
