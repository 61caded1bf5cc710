import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudit } from '../../audit/audit.js';
import { createStaffUser } from '../../shared/staff-users.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BACKUP_TIME: '03:30', BACKUP_KEEP: '7' });
});
afterAll(() => t.close());

const URL = '/api/backups/latest';

describe('GET /api/backups/latest', () => {
  it('says no backup yet, with the nightly schedule', async () => {
    const admin = await t.signInAdmin();
    const res = await admin.get(URL);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ last: null, nightly: { time: '03:30', keep: 7 } });
  });

  it('gives the newest backup’s time and size from its audit row', async () => {
    const older = new Date('2026-11-20T06:00:00Z');
    const newer = new Date('2026-11-21T06:00:00Z');
    for (const [at, size] of [
      [newer, 4_200_000],
      [older, 4_100_000],
    ] as const) {
      await writeAudit(t.database.db, {
        action: 'backup',
        actorKind: 'system',
        detail: {
          file: `nightly-${at.toISOString().slice(0, 10)}.tar.gz`,
          size_bytes: size,
          kind: 'nightly',
        },
        at,
      });
    }
    const res = await (await t.signInAdmin()).get(URL);
    expect(res.json().last).toEqual({
      at: newer.toISOString(),
      size_bytes: 4_200_000,
      file: 'nightly-2026-11-21.tar.gz',
      kind: 'nightly',
    });
  });

  it('is for the admin role only: staff, students and strangers are refused', async () => {
    expect((await t.agent().get(URL)).statusCode).toBe(401);
    const { agent } = await t.signInStudent();
    expect((await agent.get(URL)).statusCode).toBe(403);
    await createStaffUser(
      t.database.db,
      { username: 'teacher2', fullName: 'A Teacher', role: 'staff', password: 'Staff-pass-123' },
      new Date(),
    );
    const staff = t.agent();
    await staff.post('/api/admin-login', { name: 'teacher2', password: 'Staff-pass-123' });
    expect((await staff.get(URL)).statusCode).toBe(403);
  });
});
