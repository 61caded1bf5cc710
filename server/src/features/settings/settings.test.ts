import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, settingsMessages, type SchoolSettings } from '@sp/domain';
import { auditLog, registrationWindows, settings } from '../../db/schema.js';
import { createStaffUser } from '../../shared/staff-users.js';
import type { Agent } from '../../test/agent.js';
import { multipart, samples } from '../../test/multipart.js';
import { pdfText } from '../../test/pdf-text.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t.close());

const read = async (): Promise<SchoolSettings> => (await admin.get('/api/settings')).json();
const auditRows = () => t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings_change'));
const uploadLogo = (
  agent: Agent,
  file: { name: string; data: Buffer },
  fields: Record<string, string> = {},
) => {
  const { body, headers } = multipart(fields, file);
  return agent.post('/api/settings/logo', body, { headers });
};

/** Sets the fake clock to an instant; sessions started before then may have ended, so sign in afterwards. */
const setClock = (iso: string) => t.clock.advance(new Date(iso).getTime() - t.clock.now().getTime());

describe('school details and switches', () => {
  it('changes only what is sent, at once for the public settings, audited with old and new value', async () => {
    const before = await read();
    const res = await admin.post('/api/settings', {
      school_name: 'Bishop Anstey High School East',
      school_motto: '  Sapientia et Virtus  ',
      learning_challenges_enabled: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      school_name: 'Bishop Anstey High School East',
      school_motto: 'Sapientia et Virtus',
      school_address: before.school_address,
      learning_challenges_enabled: true,
      id_lookup_enabled: before.id_lookup_enabled,
    });
    const pub = (await t.agent().get('/api/settings/public')).json();
    expect(pub).toMatchObject({
      school_name: 'Bishop Anstey High School East',
      school_motto: 'Sapientia et Virtus',
      learning_challenges_enabled: true,
      logo_url: null,
    });
    const rows = await auditRows();
    expect(rows.find((r) => r.field === 'school_name')).toMatchObject({
      actor_kind: 'admin',
      old_value: 'Student Portal Secondary School',
      new_value: 'Bishop Anstey High School East',
    });
    expect(rows.find((r) => r.field === 'learning_challenges_enabled')).toMatchObject({
      old_value: 'false',
      new_value: 'true',
    });
    // Saving the same value again changes nothing and writes no audit row.
    const count = rows.length;
    await admin.post('/api/settings', { school_name: 'Bishop Anstey High School East' });
    expect((await auditRows()).length).toBe(count);
  });

  it.each([
    [{ school_name: '   ' }, 'school_name', settingsMessages.nameRequired],
    [{ school_name: 'x'.repeat(101) }, 'school_name', 'At most 100 characters.'],
    [{ school_address: 'Line one\nLine two' }, 'school_address', settingsMessages.oneLine],
    [{ school_motto: 'bell\u0007' }, 'school_motto', undefined],
    [{ terms_and_conditions: '  \n ' }, 'terms_and_conditions', settingsMessages.termsRequired],
    [{ id_lookup_enabled: 'yes' }, 'id_lookup_enabled', undefined],
    [{ sixth_form: 'yes' }, 'sixth_form', undefined],
    [{ colour: 'plum' }, '', undefined],
    [{}, '', settingsMessages.nothingToChange],
  ])('refuses %j with 400 and changes nothing', async (body, field, message) => {
    const before = await read();
    const auditBefore = (await auditRows()).length;
    const res = await admin.post('/api/settings', body);
    expect(res.statusCode, res.body).toBe(400);
    const error = res.json<{ message: string; errors: { field?: string; message: string }[] }>();
    expect(error.message).toBeTruthy();
    if (field) expect(error.errors.map((e) => e.field)).toContain(field);
    if (message) expect(error.errors.map((e) => e.message)).toContain(message);
    expect(await read()).toEqual(before);
    expect((await auditRows()).length).toBe(auditBefore);
  });

  it('is for the admin role only: anonymous 401, a student and the staff role 403 (D22)', async () => {
    expect((await t.agent().get('/api/settings')).statusCode).toBe(401);
    const { agent: student } = await t.signInStudent();
    expect((await student.post('/api/settings', { school_name: 'Mine' })).statusCode).toBe(403);
    await createStaffUser(
      t.database.db,
      { username: 'teacher-settings', fullName: 'A Teacher', role: 'staff', password: 'Staff-pass-123' },
      new Date(),
    );
    const staff = t.agent();
    await staff.post('/api/admin-login', { name: 'teacher-settings', password: 'Staff-pass-123' });
    expect((await staff.get('/api/me')).json()).toMatchObject({ role: 'staff' });
    expect((await staff.get('/api/settings')).statusCode).toBe(403);
    expect((await staff.post('/api/settings', { school_name: 'Staff School' })).statusCode).toBe(403);
    expect((await uploadLogo(staff, { name: 'logo.png', data: samples.png })).statusCode).toBe(403);
    expect((await read()).school_name).not.toBe('Staff School');
  });
});

describe('the logo', () => {
  beforeEach(async () => {
    await t.database.db.delete(settings).where(eq(settings.key, 'school_logo'));
  });

  it('takes a PNG, serves it on a versioned public address with caching, and a JPEG replaces it', async () => {
    expect((await t.agent().get('/api/settings/logo')).statusCode).toBe(404);
    const res = await uploadLogo(admin, { name: 'crest.png', data: samples.png });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json<SchoolSettings>().logo_url!;
    expect(url).toMatch(/^\/api\/settings\/logo\?v=[0-9a-f]{16}$/);
    expect((await t.agent().get('/api/settings/public')).json().logo_url).toBe(url);

    const logo = await t.agent().get(url);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    // D46: the picture kept is the print-size PNG made from the upload.
    expect(logo.rawPayload.subarray(0, 8).equals(samples.png.subarray(0, 8))).toBe(true);
    const etag = String(logo.headers.etag);
    const again = await t.agent().get('/api/settings/logo', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect((await t.agent().get('/api/settings/logo')).headers['cache-control']).toBe('no-cache');

    const jpeg = await uploadLogo(admin, { name: 'crest.jpg', data: samples.jpeg });
    const jpegUrl = jpeg.json<SchoolSettings>().logo_url!;
    expect(jpegUrl).not.toBe(url);
    // A logo is kept as an opaque PNG, whatever it arrived as (D46).
    expect((await t.agent().get(jpegUrl)).headers['content-type']).toBe('image/png');
    // The old address no longer claims to be the current picture for a year.
    expect((await t.agent().get(url)).headers['cache-control']).toBe('no-cache');
    const row = (await auditRows()).filter((r) => r.field === 'school_logo').at(-1);
    expect(row?.new_value).toMatch(/^image\/png, \d+ bytes/);
    expect(row?.old_value).toMatch(/^image\/png/);
  });

  it.each([
    ['a PDF', { name: 'logo.png', data: samples.pdf }, 415, settingsMessages.logoType],
    ['an executable named .png', { name: 'logo.png', data: samples.elf }, 415, settingsMessages.logoType],
    ['an empty file', { name: 'logo.png', data: Buffer.alloc(0) }, 400, settingsMessages.logoMissing],
    [
      'a picture over the limit',
      { name: 'big.png', data: Buffer.concat([samples.png, Buffer.alloc(LOGO_MAX_BYTES)]) },
      413,
      settingsMessages.logoTooLarge,
    ],
  ])('refuses %s and keeps the crest', async (_name, file, status, message) => {
    const auditBefore = (await auditRows()).length;
    const res = await uploadLogo(admin, file);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json<{ message: string }>().message).toBe(message);
    expect((await read()).logo_url).toBeNull();
    expect((await auditRows()).length).toBe(auditBefore);
  });

  it('refuses a JSON body and a second field', async () => {
    expect((await admin.post('/api/settings/logo', { file: 'x' })).statusCode).toBe(415);
    expect((await uploadLogo(admin, { name: 'a.png', data: samples.png }, { v: '1' })).statusCode).toBe(400);
    expect((await read()).logo_url).toBeNull();
  });

  it('goes back to the crest when removed', async () => {
    await uploadLogo(admin, { name: 'crest.png', data: samples.png });
    const res = await admin.request('DELETE', '/api/settings/logo');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SchoolSettings>().logo_url).toBeNull();
    expect((await t.agent().get('/api/settings/logo')).statusCode).toBe(404);
  });

  it('is drawn on the registration form instead of the crest, with the school name', async () => {
    const { agent, student } = await t.signInStudent();
    const withCrest = (await agent.get(`/api/registration-form/${student.id}`)).rawPayload;
    expect(withCrest.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
    await uploadLogo(admin, { name: 'crest.png', data: samples.png });
    const withLogo = (await agent.get(`/api/registration-form/${student.id}`)).rawPayload;
    expect(withLogo.toString('latin1')).toMatch(/\/Subtype \/Image/);
    expect((await pdfText(withLogo)).text).toContain((await read()).school_name);
  });
});

describe('registration windows per form level', () => {
  const window = (form_level: number, open: boolean, deadline: string | null, note = '') =>
    admin.post('/api/settings/registration-windows', { form_level, open, deadline, note });

  it('opens and closes saving for exactly the students of that form, with the note (D13, D19)', async () => {
    await window(1, true, null);
    await window(2, true, null);
    const { agent: one, student: s1 } = await t.signInStudent({ class_id: '1A' });
    const { agent: two, student: s2 } = await t.signInStudent({ class_id: '2A' });
    const save = (agent: Agent, id: string) =>
      agent.post('/api/student', { id, home_address: '1 Window Street' });
    expect((await save(one, s1.id)).statusCode).toBe(200);
    expect((await save(two, s2.id)).statusCode).toBe(200);

    const res = await window(1, false, null, 'Form 1 registration reopens on Monday.');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SchoolSettings>().registration_windows[0]).toEqual({
      form_level: 1,
      open: false,
      deadline: null,
      note: 'Form 1 registration reopens on Monday.',
    });
    expect((await save(one, s1.id)).statusCode).toBe(403);
    expect((await save(two, s2.id)).statusCode).toBe(200);
    expect((await one.get('/api/student-registration/1')).json()).toEqual({
      open: 0,
      deadline: null,
      note: 'Form 1 registration reopens on Monday.',
    });
    const rows = (await auditRows()).filter((r) => r.field === 'registration_window.open');
    expect(rows.at(-1)).toMatchObject({ old_value: '1', new_value: '0', detail: { form_level: 1 } });

    await window(1, true, null);
    expect((await save(one, s1.id)).statusCode).toBe(200);
    expect((await one.get('/api/student-registration/1')).json().note).toBeNull();
  });

  it('keeps the deadline day open until 23:59 at the school, and closes at 00:00 the next day', async () => {
    // Port of Spain is UTC−4 all year: 23:59 on 30 November there is 03:59 UTC on 1 December.
    await window(1, true, '2026-11-30');
    const save = async () => {
      const { agent, student } = await t.signInStudent({ class_id: '1A' });
      return (await agent.post('/api/student', { id: student.id, home_address: '2 Deadline Road' }))
        .statusCode;
    };
    setClock('2026-12-01T03:59:00Z');
    expect(await save()).toBe(200);
    setClock('2026-12-01T03:59:59Z');
    expect(await save()).toBe(200);
    setClock('2026-12-01T04:00:00Z');
    expect(await save()).toBe(403);
    // The clock's jump ended the administrator's session too.
    admin = await t.signInAdmin();
    await window(1, true, null);
    expect(await save()).toBe(200);
  });

  it.each([
    [{ form_level: 1, open: true, deadline: '2026-02-30', note: '' }, 'deadline', settingsMessages.deadline],
    [{ form_level: 1, open: true, deadline: '30/11/2026', note: '' }, 'deadline', settingsMessages.deadline],
    [{ form_level: 6, open: true, deadline: null, note: '' }, 'form_level', settingsMessages.formLevel],
    [{ form_level: 1, open: 'yes', deadline: null, note: '' }, 'open', undefined],
    [{ form_level: 1, open: true, deadline: null, note: 'x'.repeat(201) }, 'note', 'At most 200 characters.'],
  ])('refuses %j with 400 and changes nothing', async (body, field, message) => {
    const before = await t.database.db.select().from(registrationWindows);
    const res = await admin.post('/api/settings/registration-windows', body);
    expect(res.statusCode, res.body).toBe(400);
    const error = res.json<{ errors: { field?: string; message: string }[] }>();
    expect(error.errors.map((e) => e.field)).toContain(field);
    if (message) expect(error.errors.map((e) => e.message)).toContain(message);
    expect(await t.database.db.select().from(registrationWindows)).toEqual(before);
  });
});

describe('terms and conditions are versioned (D25)', () => {
  it('keeps the text each student agreed to on the printed form after the school changes it', async () => {
    await admin.post('/api/settings/registration-windows', {
      form_level: 1,
      open: true,
      deadline: null,
      note: '',
    });
    const first = await read();
    const { agent: early, student: s1 } = await t.signInStudent({ class_id: '1A' });
    expect((await early.post('/api/student', { id: s1.id, agree_terms_conditions: 1 })).statusCode).toBe(200);
    expect((await early.get(`/api/student/${s1.id}`)).json().terms_version).toBe(first.terms_version);

    const newText = 'Students wear the school uniform on every school day.\n\nParents attend the open day.';
    const res = await admin.post('/api/settings', { terms_and_conditions: newText });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      terms_and_conditions: newText,
      terms_version: first.terms_version + 1,
    });
    expect((await t.agent().get('/api/settings/public')).json().terms_and_conditions).toBe(newText);
    const row = (await auditRows()).find((r) => r.field === 'terms_and_conditions');
    expect(row).toMatchObject({ new_value: newText, detail: { version: first.terms_version + 1 } });

    const { agent: late, student: s2 } = await t.signInStudent({ class_id: '1A' });
    expect((await late.post('/api/student', { id: s2.id, agree_terms_conditions: 1 })).statusCode).toBe(200);
    const { student: s3 } = await t.signInStudent({ class_id: '1A' });

    const printed = async (id: string) =>
      (await pdfText((await admin.get(`/api/registration-form/${id}`)).rawPayload)).text.replace(/\s+/g, ' ');
    const firstLine = first.terms_and_conditions.split('\n')[0]!.slice(0, 60);
    // The early agreement prints the text agreed to, not the new one.
    expect(await printed(s1.id)).toContain(firstLine);
    expect(await printed(s1.id)).not.toContain('school uniform');
    // The later agreement and a student who has not agreed yet print the new text.
    expect(await printed(s2.id)).toContain('Students wear the school uniform');
    expect(await printed(s2.id)).not.toContain(firstLine);
    expect(await printed(s3.id)).toContain('Students wear the school uniform');

    // Saving the same text again is no new version.
    await admin.post('/api/settings', { terms_and_conditions: newText });
    expect((await read()).terms_version).toBe(first.terms_version + 1);
  });
});
