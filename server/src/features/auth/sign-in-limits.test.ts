import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.js';
import { Agent } from '../../test/agent.js';
import { createStaff, createStudent } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { giveTotp, totpCode } from '../../test/totp-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A client at a chosen address: a classroom's computers share one behind the school's router. */
const at = (ip: string): Agent => Object.assign(t.agent(), { ip });
let lab = 0;
/** A fresh shared address per test, so tests do not add to each other's counts. */
const newAddress = () => `192.0.2.${++lab}`;

const studentLogin = (agent: Agent, student_id: string, password: string) =>
  agent.post('/api/login-student', { student_id, password });
const staffLogin = (agent: Agent, name: string, password: string) =>
  agent.post('/api/admin-login', { name, password });

describe('sign-in limits (D5, revised)', () => {
  it("one student's typos in a lab lock out that student only, not classmates or staff", async () => {
    const ip = newAddress();
    const a = await createStudent(t.database.db, { password: 'Student-A-pass' });
    const b = await createStudent(t.database.db, { password: 'Student-B-pass' });
    const first = await createStudent(t.database.db, { date_of_birth: '2013-02-03' });
    const admin = await createStaff(t.database.db);
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await studentLogin(at(ip), a.id, `wrong-${i}-x`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    expect((await studentLogin(at(ip), a.id, 'Student-A-pass')).statusCode).toBe(429);
    expect((await studentLogin(at(ip), b.id, 'Student-B-pass')).statusCode).toBe(200);
    expect((await studentLogin(at(ip), first.id, '20130203')).statusCode).toBe(200);
    expect((await staffLogin(at(ip), admin.username, admin.password)).statusCode).toBe(200);
  });

  it('five staff typos do not lock out the students at that address', async () => {
    const ip = newAddress();
    const admin = await createStaff(t.database.db);
    const s = await createStudent(t.database.db, { password: 'Student-A-pass' });
    for (let i = 0; i < 6; i++) await staffLogin(at(ip), admin.username, `typo-${i}-pass`);
    expect((await studentLogin(at(ip), s.id, 'Student-A-pass')).statusCode).toBe(200);
    expect((await staffLogin(at(ip), admin.username, admin.password)).statusCode).toBe(429);
  });

  it('10 failures on one ID from 5 addresses lock that ID everywhere, saying when to retry', async () => {
    const s = await createStudent(t.database.db, { password: 'Student-A-pass' });
    for (let n = 0; n < 5; n++) {
      const ip = newAddress();
      for (let i = 0; i < 2; i++)
        expect((await studentLogin(at(ip), s.id, 'nope-nope')).statusCode).toBe(401);
    }
    t.clock.advanceMinutes(3);
    const locked = await studentLogin(at(newAddress()), s.id, 'Student-A-pass');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/try again in 12 minutes/i);
    expect(locked.headers['retry-after']).toBe(String(12 * 60));
    t.clock.advanceMinutes(12);
    expect((await studentLogin(at(newAddress()), s.id, 'Student-A-pass')).statusCode).toBe(200);
  });

  it('101 failures over 60 IDs from one address lock that address for everyone', async () => {
    const ip = newAddress();
    const s = await createStudent(t.database.db, { password: 'Student-A-pass' });
    const admin = await createStaff(t.database.db);
    for (let i = 0; i < 100; i++) {
      expect((await studentLogin(at(ip), `GUESS${i % 60}`, 'wrong-pass')).statusCode).toBe(401);
    }
    expect((await studentLogin(at(ip), 'GUESS61', 'wrong-pass')).statusCode).toBe(429);
    expect((await studentLogin(at(ip), s.id, 'Student-A-pass')).statusCode).toBe(429);
    expect((await staffLogin(at(ip), admin.username, admin.password)).statusCode).toBe(429);
    expect((await studentLogin(at(newAddress()), s.id, 'Student-A-pass')).statusCode).toBe(200);
    t.clock.advanceMinutes(16);
    expect((await studentLogin(at(ip), s.id, 'Student-A-pass')).statusCode).toBe(200);
  });

  it("a success clears that ID's and that pair's failures", async () => {
    const ip = newAddress();
    const s = await createStudent(t.database.db, { password: 'Student-A-pass' });
    for (let i = 0; i < 4; i++) await studentLogin(at(ip), s.id, 'nope-nope');
    for (let i = 0; i < 5; i++) await studentLogin(at(newAddress()), s.id, 'nope-nope');
    expect((await studentLogin(at(ip), s.id, 'Student-A-pass')).statusCode).toBe(200);
    // Without the reset the 5th failure of the pair, and the 10th of the ID, would lock.
    for (let i = 0; i < 4; i++) expect((await studentLogin(at(ip), s.id, 'nope-nope')).statusCode).toBe(401);
    expect((await studentLogin(at(ip), s.id, 'Student-A-pass')).statusCode).toBe(200);
  });

  it('counts wrong old passwords on a password change as sign-in failures', async () => {
    const { agent, student } = await t.signInStudent();
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await agent.post('/api/change-password-student', {
        student_id: student.id,
        old_password: `guess-${i}-pass`,
        password: 'Mango-tree-77',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const right = await agent.post('/api/change-password-student', {
      student_id: student.id,
      old_password: 'Correct-horse-42',
      password: 'Mango-tree-77',
    });
    expect(right.statusCode).toBe(429);
    const failures = await t.database.db.select().from(auditLog).where(eq(auditLog.student_id, student.id));
    expect(failures.filter((r) => r.action === 'password_change_failed')).toHaveLength(5);
    t.clock.advanceMinutes(16);
  });

  describe('with a second factor (D51)', () => {
    /** 50 wrong passwords for one account, each from an address of its own; the answers' statuses. */
    async function flood(username: string) {
      const statuses = [];
      for (let i = 0; i < 50; i++)
        statuses.push((await staffLogin(at(`203.0.113.${i + 1}`), username, `guess-${i}-pass`)).statusCode);
      return statuses;
    }

    it('50 wrong passwords from 50 addresses: the right password and a right code still sign `admin` in', async () => {
      const admin = await createStaff(t.database.db, 'admin');
      const secret = await giveTotp(t.database.db, admin.id, t.clock.now());
      expect(await flood('admin')).toEqual(Array(50).fill(401));
      const agent = at(newAddress());
      const step = await staffLogin(agent, 'admin', admin.password);
      expect(step.json()).toMatchObject({ second_factor: 'code' });
      const signedIn = await agent.post('/api/admin-login/second-factor', {
        code: await totpCode(secret, t.clock.now()),
      });
      expect(signedIn.statusCode).toBe(200);
      expect((await agent.get('/api/me')).json()).toMatchObject({ kind: 'staff', role: 'admin' });
      // Each address keeps its own count: the fifth guess from one of them is its limit.
      const ip = newAddress();
      for (let i = 0; i < 5; i++)
        expect((await staffLogin(at(ip), 'admin', 'nope-nope')).statusCode).toBe(401);
      expect((await staffLogin(at(ip), 'admin', admin.password)).statusCode).toBe(429);
      t.clock.advanceMinutes(16);
    });

    it('the same flood on an account without a second factor still locks it (D5)', async () => {
      const plain = await createStaff(t.database.db);
      expect(await flood(plain.username)).toEqual([...Array(10).fill(401), ...Array(40).fill(429)]);
      const locked = await staffLogin(at(newAddress()), plain.username, plain.password);
      expect(locked.statusCode).toBe(429);
      t.clock.advanceMinutes(16);
      expect((await staffLogin(at(newAddress()), plain.username, plain.password)).statusCode).toBe(200);
    });
  });
});
