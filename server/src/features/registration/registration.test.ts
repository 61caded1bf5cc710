import { protocol } from '@electric-sql/pglite';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  STUDENT_FIELDS,
  chooseFromListMessage,
  dateInZone,
  earliestBirthDateMessage,
  futureDateMessage,
  messages,
  tooLong,
} from '@sp/domain';
import { auditLog, registrationWindows, students } from '../../db/schema.js';
import { createStudent, ensureClass } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { STAFF_ONLY_MESSAGE, saveStudentFields } from './save-student-fields.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setWindow = (open: 0 | 1, deadline: string | null = null) =>
  t.database.db
    .update(registrationWindows)
    .set({ open, deadline })
    .where(eq(registrationWindows.form_level, 1));
const row = async (id: string) =>
  (await t.database.db.select().from(students).where(eq(students.id, id)))[0]!;

beforeEach(async () => {
  await setWindow(1, null);
});

describe('GET /api/student/:id', () => {
  it('answers every field of the record with the form level and step progress', async () => {
    const { agent, student } = await t.signInStudent();
    const res = await agent.get(`/api/student/${student.id}`);
    expect(res.statusCode).toBe(200);
    const record = res.json();
    for (const f of STUDENT_FIELDS) expect(record, f.name).toHaveProperty(f.name);
    expect(record).toMatchObject({
      id: student.id,
      first_name: student.first_name,
      form_level: 1,
      hepatitis: 0,
    });
    expect(record.progress).toEqual({
      studentData: false,
      familyData: false,
      healthData: false,
      otherData: false,
      documents: false,
      submit: false,
    });
  });
});

describe('POST /api/student', () => {
  it('saves only the fields sent', async () => {
    const { agent, student } = await t.signInStudent();
    await t.database.db
      .update(students)
      .set({ nationality: 'Trinidadian', home_address: '1 Main Road' })
      .where(eq(students.id, student.id));
    const res = await agent.post('/api/student', { id: student.id, home_address: '22 Frederick Street' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Saved.', updated: ['home_address'] });
    const saved = await row(student.id);
    expect(saved).toMatchObject({
      home_address: '22 Frederick Street',
      nationality: 'Trinidadian',
      first_name: student.first_name,
    });
  });

  it('keeps both of two concurrent saves of different fields (student and staff)', async () => {
    const { agent, student } = await t.signInStudent();
    const admin = await t.signInAdmin();
    const [a, b] = await Promise.all([
      agent.post('/api/student', { id: student.id, mother_name: 'Indira Persad' }),
      admin.post('/api/student', { id: student.id, father_name: 'Ravi Persad' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await row(student.id)).toMatchObject({ mother_name: 'Indira Persad', father_name: 'Ravi Persad' });
  });

  it('saves every kind of control and reads it back', async () => {
    const { agent, student } = await t.signInStudent();
    const today = dateInZone(t.clock.now());
    const body = {
      id: student.id,
      sex: 'Female',
      blood_type: 'AB-',
      phone_home: '6201234',
      email: 'asha@example.org',
      religion_code: 'RC',
      address_line_2: 'Arima',
      regional_corporation: 'Arima Borough Corporation',
      immigration_permit: 1,
      immigration_issue_date: today,
      // A permit's expiry may lie ahead.
      immigration_expiry_date: '2031-06-30',
      no_in_family: '3',
      asthma: 1,
      allergy: 'Peanuts',
      device_type: 'Laptop',
      internet_access: 1,
    };
    const saved = await agent.post('/api/student', body);
    expect(saved.statusCode, saved.body).toBe(200);
    const record = (await agent.get(`/api/student/${student.id}`)).json();
    expect(record).toMatchObject({ ...body, no_in_family: 3 });
  });

  it('stores an emptied optional field as null but refuses to empty a required one', async () => {
    const { agent, student } = await t.signInStudent();
    await agent.post('/api/student', { id: student.id, nationality: 'Trinidadian' });
    expect((await agent.post('/api/student', { id: student.id, nationality: '  ' })).statusCode).toBe(200);
    expect((await row(student.id)).nationality).toBeNull();
    const res = await agent.post('/api/student', { id: student.id, first_name: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: messages.required, errors: [{ field: 'first_name' }] });
  });

  const textFields = STUDENT_FIELDS.filter(
    (f) => ['text', 'textarea'].includes(f.control) && f.maxLength && !f.staffOnly,
  );
  it.each(textFields.map((f) => [f.name, f.maxLength!] as const))(
    'refuses %s longer than %i characters and writes nothing',
    async (name, max) => {
      const { agent, student } = await t.signInStudent();
      const before = await row(student.id);
      const res = await agent.post('/api/student', { id: student.id, [name]: 'x'.repeat(max + 1) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: tooLong(max),
        errors: [{ field: name, message: tooLong(max) }],
      });
      expect(await row(student.id)).toEqual(before);
      expect((await agent.post('/api/student', { id: student.id, [name]: 'x'.repeat(max) })).statusCode).toBe(
        200,
      );
    },
  );

  it.each([
    ['phone_home', '620123', messages.phoneDigits],
    ['phone_home', '62012345', messages.phoneDigits],
    ['phone_home', '620-123', messages.phoneDigits],
    ['mobile_phone_mother', '62a1234', messages.onlyNumbers],
    ['home_phone_emergency', '123', messages.phoneDigits],
    ['email', 'not-an-address', messages.invalidStudentEmail],
    ['email_father', 'father@', messages.invalidEmail],
    ['no_in_family', 'three', messages.onlyNumbers],
    ['no_at_home', 100, messages.onlyNumbers],
    ['place_in_family', -1, messages.onlyNumbers],
    ['date_of_birth', '2013-02-30', 'Enter a real date.'],
    ['date_of_birth', '1949-12-31', earliestBirthDateMessage],
    ['immigration_issue_date', '2999-01-01', futureDateMessage],
    ['date_of_birth', '2999-01-01', futureDateMessage],
    ['sex', 'Other', chooseFromListMessage],
    ['blood_type', 'C+', chooseFromListMessage],
    ['living_status', 'Alone', chooseFromListMessage],
    ['asthma', 2, 'Use 1 or 0.'],
    ['internet_access', true, 'Use 1 or 0.'],
    ['address_line_2', 'Atlantis', chooseFromListMessage],
    ['religion_code', 'XX', chooseFromListMessage],
    ['ethnic_group_code', '999', chooseFromListMessage],
    ['ethnic_group_code', '9999999999', chooseFromListMessage],
    ['ethnic_group_code', 'two', chooseFromListMessage],
    ['regional_corporation', 'Nowhere Corporation', chooseFromListMessage],
  ])('refuses %s = %j with "%s"', async (field, value, message) => {
    const { agent, student } = await t.signInStudent();
    const before = await row(student.id);
    const res = await agent.post('/api/student', { id: student.id, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, errors: [{ field, message }] });
    expect(await row(student.id)).toEqual(before);
  });

  it('refuses unknown fields, an empty change and a missing id', async () => {
    const { agent, student } = await t.signInStudent();
    const unknown = await agent.post('/api/student', { id: student.id, shoe_size: 9 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown field: shoe_size');
    expect((await agent.post('/api/student', { id: student.id })).statusCode).toBe(400);
    expect((await agent.post('/api/student', { home_address: 'x' })).statusCode).toBe(400);
    expect((await agent.post('/api/student', [1, 2])).statusCode).toBe(400);
  });

  it("refuses another student's record (403) and writes nothing", async () => {
    const { agent } = await t.signInStudent();
    const victim = await createStudent(t.database.db);
    const res = await agent.post('/api/student', { id: victim.id, home_address: 'Hacked' });
    expect(res.statusCode).toBe(403);
    expect((await row(victim.id)).home_address).toBeNull();
  });

  it('lets only staff change class and house', async () => {
    const { agent, student } = await t.signInStudent();
    await ensureClass(t.database.db, '1B', 1);
    const res = await agent.post('/api/student', { id: student.id, class_id: '1B', house_code: 'RED' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: STAFF_ONLY_MESSAGE, errors: [{ field: 'class_id' }] });
    // Sent back unchanged, as in a whole record, they are no change.
    const same = await agent.post('/api/student', { id: student.id, class_id: '1A', house_code: 'RED' });
    expect(same.json()).toMatchObject({ updated: [] });
    const admin = await t.signInAdmin();
    expect((await admin.post('/api/student', { id: student.id, house_code: 'RED' })).statusCode).toBe(200);
    expect((await admin.post('/api/student', { id: student.id, class_id: '9Z' })).statusCode).toBe(400);
  });

  it('refuses a student while registration is closed, and writes nothing', async () => {
    const { agent, student } = await t.signInStudent();
    await setWindow(0);
    const res = await agent.post('/api/student', { id: student.id, home_address: 'Closed Road' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/not open/);
    expect((await row(student.id)).home_address).toBeNull();
  });

  it('keeps the deadline day open to 23:59:59 at school and closes after (D13)', async () => {
    const { agent, student } = await t.signInStudent();
    const today = dateInZone(t.clock.now());
    await setWindow(1, today);
    expect((await agent.post('/api/student', { id: student.id, home_address: 'On time' })).statusCode).toBe(
      200,
    );
    t.clock.advanceMinutes(24 * 60);
    // A new sign-in: the old session has idled out after a day.
    const again = t.agent();
    await again.post('/api/login-student', { student_id: student.id, password: 'Correct-horse-42' });
    const late = await again.post('/api/student', { id: student.id, home_address: 'Too late' });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe(`Registration closed at the end of ${today}.`);
  });

  it('lets staff edit while registration is closed', async () => {
    const student = await createStudent(t.database.db);
    await setWindow(0);
    const admin = await t.signInAdmin();
    expect(
      (await admin.post('/api/student', { id: student.id, home_address: 'Staff Road' })).statusCode,
    ).toBe(200);
    expect((await admin.post('/api/student', { id: 'NOSUCH9', home_address: 'x' })).statusCode).toBe(404);
  });

  it('writes an audit row per changed field with old and new value and who', async () => {
    const { agent, student } = await t.signInStudent();
    await agent.post('/api/student', { id: student.id, nationality: 'Trinidadian' });
    await agent.post('/api/student', { id: student.id, nationality: 'Vincentian', sea_no: 'SEA1' });
    await agent.post('/api/student', { id: student.id, sea_no: 'SEA1' });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.student_id, student.id), eq(auditLog.action, 'student_update')))
      .orderBy(auditLog.id);
    expect(rows.map((r) => [r.field, r.old_value, r.new_value, r.actor_kind, r.actor_id])).toEqual([
      ['nationality', null, 'Trinidadian', 'student', student.id],
      ['nationality', 'Trinidadian', 'Vincentian', 'student', student.id],
      ['sea_no', null, 'SEA1', 'student', student.id],
    ]);
  });

  it('marks steps complete as their fields are filled', async () => {
    const { agent, student } = await t.signInStudent();
    const save = (body: object) =>
      agent.post('/api/student', { id: student.id, ...body }).then((r) => r.json().progress);
    await save({ sex: 'Male', home_address: '1 Road', address_line_2: 'Arima' });
    expect((await save({ phone_home: '6201234' })).studentData).toBe(true);
    expect((await save({ hepatitis: 0 })).healthData).toBe(true);
    expect((await save({ device_type: 'Phone' })).otherData).toBe(true);
    const p = await save({
      living_status: 'Guardian',
      emergency_contact: 'Aunt May',
      home_phone_emergency: '7654321',
    });
    expect(p).toMatchObject({ familyData: true, documents: false, submit: false });
    expect((await agent.get(`/api/student/${student.id}`)).json().progress.familyData).toBe(true);
  });

  it('completes a step that two concurrent saves complete together, and audits both', async () => {
    const { agent, student } = await t.signInStudent();
    await agent.post('/api/student', { id: student.id, sex: 'Female', home_address: '3 Queen Street' });
    // Each save alone leaves the step incomplete; whichever writes second must see the other's field.
    const [a, b] = await Promise.all([
      agent.post('/api/student', { id: student.id, address_line_2: 'Arima' }),
      agent.post('/api/student', { id: student.id, phone_home: '6201234' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await agent.get(`/api/student/${student.id}`)).json().progress.studentData).toBe(true);
    const audited = await t.database.db
      .select({ field: auditLog.field })
      .from(auditLog)
      .where(and(eq(auditLog.student_id, student.id), eq(auditLog.action, 'student_update')));
    expect(audited.map((r) => r.field).sort()).toEqual([
      'address_line_2',
      'home_address',
      'phone_home',
      'sex',
    ]);
  });

  it('redoes a save in a locking transaction when the row was written between its read and its write', async () => {
    const { agent, student } = await t.signInStudent();
    await agent.post('/api/student', { id: student.id, sex: 'Male', home_address: '9 Henry Street' });
    const db = t.database.db;
    // Staff set the town just after this save read the row: with the phone, the step is now complete. The
    // update runs on the database when the save's write (a statement named save_write_…) is sent.
    let raced = false;
    const race = `update students set address_line_2 = 'Arima' where id = '${student.id}'`;
    const isWrite = (name: unknown) => typeof name === 'string' && name.startsWith('save_write_');
    const client = (db as unknown as { $client: Record<string, unknown> }).$client;
    const racingClient = new Proxy(client, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (typeof value !== 'function') return value;
        const method = value.bind(target) as (...args: unknown[]) => Promise<unknown>;
        // PostgreSQL: pool.query({ name, text, values }).
        if (prop === 'query')
          return async (...args: unknown[]) => {
            if (!raced && isWrite((args[0] as { name?: string }).name)) {
              raced = true;
              await method(race);
            }
            return method(...args);
          };
        // PGlite: the protocol messages, inside the lock the write holds (so the update goes the same way).
        if (prop === 'execProtocol')
          return async (...args: unknown[]) => {
            if (!raced && Buffer.from(args[0] as Uint8Array).includes('save_write_')) {
              raced = true;
              await method(protocol.serialize.query(race));
            }
            return method(...args);
          };
        return method;
      },
    });
    const racingDb = new Proxy(db, {
      get: (target, prop, receiver) =>
        prop === '$client' ? racingClient : Reflect.get(target, prop, receiver),
    });
    const saved = await saveStudentFields(
      { ...t.app.ctx, db: racingDb },
      { kind: 'student', id: student.id, ip: '127.0.0.1' },
      { id: student.id, phone_home: '6201234' },
    );
    expect(raced).toBe(true);
    expect(saved).toMatchObject({ updated: ['phone_home'], progress: { studentData: true } });
    expect(await row(student.id)).toMatchObject({ phone_home: '6201234', address_line_2: 'Arima' });
    expect((await agent.get(`/api/student/${student.id}`)).json().progress.studentData).toBe(true);
    const phone = await db
      .select({ n: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.student_id, student.id), eq(auditLog.field, 'phone_home')));
    expect(phone).toHaveLength(1);
  });

  it('answers "No change." for a value already stored, and writes nothing', async () => {
    const { agent, student } = await t.signInStudent();
    await agent.post('/api/student', { id: student.id, nationality: 'Trinidadian' });
    const before = await row(student.id);
    const res = await agent.post('/api/student', { id: student.id, nationality: 'Trinidadian' });
    expect(res.json()).toMatchObject({ message: 'No change.', updated: [] });
    expect((await row(student.id)).updated_at).toEqual(before.updated_at);
  });

  it('records when and from where the terms were agreed (D20)', async () => {
    const { agent, student } = await t.signInStudent();
    const agreed = await agent.post('/api/student', { id: student.id, agree_terms_conditions: 1 });
    expect(agreed.json().terms_agreed_at).toBe(t.clock.now().toISOString());
    expect(await row(student.id)).toMatchObject({ agree_terms_conditions: 1, terms_agreed_ip: agent.ip });
    expect((await row(student.id)).terms_agreed_at).toBeInstanceOf(Date);
    await agent.post('/api/student', { id: student.id, agree_terms_conditions: 0 });
    expect(await row(student.id)).toMatchObject({
      agree_terms_conditions: 0,
      terms_agreed_ip: null,
      terms_agreed_at: null,
    });
  });
});

describe('registration status and lookups', () => {
  it("answers open, deadline and the school's note per form level", async () => {
    const { agent } = await t.signInStudent();
    await setWindow(1, '2030-01-31');
    expect((await agent.get('/api/student-registration/1')).json()).toEqual({
      open: 1,
      deadline: '2030-01-31',
      note: null,
    });
    expect((await agent.get('/api/student-registration/4')).json()).toEqual({
      open: 0,
      deadline: null,
      note: null,
    });
    expect((await agent.get('/api/student-registration/9')).statusCode).toBe(400);
    expect((await agent.get('/api/student-registration/one')).statusCode).toBe(400);
  });

  it.each([
    ['/api/towns', { town_name: 'Arima' }],
    ['/api/religions', { code: 'HI', religion: 'Hindu' }],
    ['/api/ethnic-groups', { group_type: 'East Indian' }],
    ['/api/regional-corporation', { title: 'Tobago House of Assembly' }],
    ['/api/houses', { id: 'RED', name: 'Ruby House' }],
    ['/api/form-classes', { class_id: '1A', form_level: 1 }],
  ])('%s lists the reference data', async (url, item) => {
    const { agent } = await t.signInStudent();
    const res = await agent.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual(expect.objectContaining(item));
  });
});
