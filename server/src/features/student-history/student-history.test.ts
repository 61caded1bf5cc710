import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentHistorySchema, type StudentHistoryEntry } from '@sp/domain';
import { buildApp } from '../../app.js';
import { writeAudit } from '../../audit/audit.js';
import { loadConfig } from '../../config.js';
import { LocalFileStore } from '../../storage/file-store.js';
import { Agent } from '../../test/agent.js';
import { createStaff, createStudent } from '../../test/factories.js';
import { multipart, samples } from '../../test/multipart.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: Agent;
let studentId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  studentId = (await createStudent(t.database.db, { first_name: 'Keisha' })).id;
  const save = await admin.post('/api/student', {
    id: studentId,
    phone_home: '7543210',
    religion_code: 'HI',
  });
  expect(save.statusCode, save.body).toBe(200);
  expect((await admin.post('/api/student', { id: studentId, asthma: 1 })).statusCode).toBe(200);
  const { body, headers } = multipart(
    { id: studentId, file_type: 'sea_slip' },
    { name: 'sea slip.png', data: samples.png },
  );
  expect((await admin.request('POST', '/api/store-file', { body, headers })).statusCode).toBe(200);
  // A password reset by staff, as the reset route writes it.
  await writeAudit(t.database.db, {
    action: 'password_reset',
    actorKind: 'admin',
    actorId: 'admin',
    studentId,
    at: t.clock.now(),
  });
});
afterAll(() => t.close());

const historyOf = async (agent: Agent, id: string, query = '') => {
  const res = await agent.get(`/api/students/${id}/history${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return studentHistorySchema.parse(res.json());
};

const line = (e: StudentHistoryEntry) =>
  [e.what, e.field_label, e.old_value, e.new_value].filter((x) => x !== null).join(' | ');

describe('GET /api/students/:id/history', () => {
  it("lists saves, uploads and resets newest first, with the field table's labels", async () => {
    const { entries, next_before } = await historyOf(admin, studentId);
    expect(next_before).toBeNull();
    expect(entries.map(line)).toEqual([
      'Password reset',
      'Uploaded a document | SEA Placement Slip | sea slip.png',
      'Changed | Asthma | No | Yes',
      'Changed | Mobile Phone | 1868-754-3210',
      'Changed | Religion | Hindu',
    ]);
    expect(entries[2]).toMatchObject({ actor_kind: 'admin', action: 'student_update', field: 'asthma' });
    expect(entries[2]!.actor_id).toMatch(/^staff/);
    expect(Date.parse(entries[0]!.at)).not.toBeNaN();
  });

  it('pages with limit and before', async () => {
    const first = await historyOf(admin, studentId, '?limit=2');
    expect(first.entries.map((e) => e.what)).toEqual(['Password reset', 'Uploaded a document']);
    expect(first.next_before).toBe(first.entries[1]!.id);
    const second = await historyOf(admin, studentId, `?limit=2&before=${first.next_before}`);
    expect(second.entries.map((e) => e.field_label)).toEqual(['Asthma', 'Mobile Phone']);
    const third = await historyOf(admin, studentId, `?limit=2&before=${second.next_before}`);
    expect(third.entries.map((e) => e.field_label)).toEqual(['Religion']);
    expect(third.next_before).toBeNull();
  });

  it('shows a student only their own sign-in and keeps other students out', async () => {
    const { agent, student } = await t.signInStudent();
    expect((await agent.get(`/api/students/${studentId}/history`)).statusCode).toBe(403);
    expect((await agent.get(`/api/students/${student.id}/history`)).statusCode).toBe(403);
    expect((await t.agent().get(`/api/students/${studentId}/history`)).statusCode).toBe(401);
    const own = await historyOf(admin, student.id);
    expect(own.entries.map((e) => e.what)).toEqual(['Signed in']);
  });

  it('answers 404 for an unknown student and 400 for bad paging', async () => {
    const res = await admin.get('/api/students/NOSUCH9/history');
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toBeTruthy();
    for (const query of ['limit=0', 'limit=101', 'before=abc', 'offset=2']) {
      const bad = await admin.get(`/api/students/${studentId}/history?${query}`);
      expect(bad.statusCode, query).toBe(400);
    }
  });
});

describe('names in the history', () => {
  it("shows field and document labels, each check's old and new state, and the staff member's full name", async () => {
    const id = (await createStudent(t.database.db)).id;
    const checked = await admin.post('/api/document-checks', {
      student_id: id,
      type: 'picture',
      status: 'rejected',
      reason: 'Too dark.',
    });
    expect(checked.statusCode).toBe(200);
    await admin.post('/api/student-data-files', { student_id: id, birth_certificate: 1 });
    // Any action's old and new values are shown as the audit row holds them (a term result, say).
    await writeAudit(t.database.db, {
      action: 'term_result_update',
      actorKind: 'system',
      studentId: id,
      field: '2026 Term 1 MATH Exam mark',
      oldValue: '71',
      newValue: 'ABS',
      at: t.clock.now(),
    });
    const { entries } = await historyOf(admin, id);
    expect(entries.map(line)).toEqual([
      'Changed a term result | 2026 Term 1 MATH Exam mark | 71 | ABS',
      'Marked originals | Birth Certificate: received',
      'Checked a document | Passport Photo | Not checked | Rejected: Too dark.',
    ]);
    // createStaff names an admin account "Maria Admin"; the row keeps the username.
    expect(entries[2]).toMatchObject({ actor_name: 'Maria Admin' });
    expect(entries[2]!.actor_id).toMatch(/^staff/);
    expect(entries[0]!.actor_name).toBeNull();
  });
});

describe('health values in the history', () => {
  it('are answered to staff and never written to the server log', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: '/nonexistent-test-data' }),
      db: t.database.db,
      clock: t.clock.now,
      sessionSecret: 'test-secret-test-secret-test-secret-0123',
      webRoot: '/nonexistent-web-root',
      files: new LocalFileStore(t.uploadsDir),
      logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
    });
    await app.ready();
    try {
      const staff = new Agent(app);
      const { username, password } = await createStaff(t.database.db);
      expect((await staff.post('/api/admin-login', { name: username, password })).statusCode).toBe(200);
      const allergy = 'Shellfish (hives), noted 2026';
      expect((await staff.post('/api/student', { id: studentId, allergy })).statusCode).toBe(200);
      const res = await staff.get(`/api/students/${studentId}/history?limit=1`);
      expect(res.json<{ entries: StudentHistoryEntry[] }>().entries[0]).toMatchObject({
        field_label: 'Allergies',
        new_value: allergy,
      });
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toContain('Shellfish');
    } finally {
      await app.close();
    }
  });
});
