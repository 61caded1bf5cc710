import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parents } from '../db/schema.js';
import type { Agent } from '../test/agent.js';
import { familyAddresses, queued } from '../test/mail-recipients.js';
import { parentAccountApp } from '../test/parent-account-app.js';
import { mailsTo } from '../features/password-links/link-kit.js';

const app = parentAccountApp();
const db = () => app.t.database.db;
const choose = (agent: Agent, language: string) =>
  agent.request('PUT', '/api/me/language', { body: { language } });

describe("each family e-mail in its recipient account's language (D53)", () => {
  it("the office's rejection reaches the record's address in the student's Spanish and the parent's in English", async () => {
    const { agent: student, student: s } = await app.t.signInStudent({ first_name: 'Lena' });
    const { mother } = await familyAddresses(db(), s.id);
    const { agent: parent, parent: p } = await app.t.signInParent([s.id]);
    await choose(student, 'es');
    await choose(parent, 'en');

    const office = await app.t.signInStaff();
    const res = await office.post('/api/document-checks', {
      student_id: s.id,
      type: 'picture',
      status: 'rejected',
      reason: 'Too dark.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await queued(db(), 'document_rejected');
    expect(mails.find((m) => m.to === mother)?.subject).toBe('Por favor, suba de nuevo la foto tipo carnet');
    expect(mails.find((m) => m.to === p.email)?.subject).toBe('Please upload the Passport Photo again');

    // The parent changes to Spanish: the next e-mail to them is in Spanish; the student's choice is untouched.
    await choose(parent, 'es');
    await office.post('/api/document-checks', {
      student_id: s.id,
      type: 'picture',
      status: 'rejected',
      reason: 'Still too dark.',
    });
    const again = (await queued(db(), 'document_rejected')).slice(mails.length);
    expect(again.map((m) => m.subject)).toEqual([
      'Por favor, suba de nuevo la foto tipo carnet',
      'Por favor, suba de nuevo la foto tipo carnet',
    ]);
  });

  it("a forgotten password's link goes in the student's language; an unchosen language is English", async () => {
    const { agent, student } = await app.t.signInStudent();
    const { mother } = await familyAddresses(db(), student.id);
    await app.t.agent().post('/api/forgot-password', { student_id: student.id });
    expect((await mailsTo(db(), mother))[0]?.subject).toMatch(/^Choose a new password for/);
    await choose(agent, 'es');
    await app.t.agent().post('/api/forgot-password', { student_id: student.id });
    expect((await mailsTo(db(), mother)).map((m) => m.subject)).toContainEqual(
      expect.stringMatching(/^Elija una contraseña nueva para/),
    );
  });

  it('a parent who signs up on the Spanish page is e-mailed in Spanish and keeps the language', async () => {
    const body = { name: 'Sra. Pérez', email: 'perez@example.org', password: 'Mango-tree-77' };
    const res = await app.t.agent().post('/api/parent/sign-up', {
      ...body,
      password_confirmation: body.password,
      language: 'es',
    });
    expect(res.statusCode, res.body).toBe(202);
    const [mail] = await mailsTo(db(), 'perez@example.org');
    expect(mail?.subject).toMatch(/^Confirme su cuenta de padre o madre/);
    const [account] = await db().select().from(parents).where(eq(parents.email, 'perez@example.org'));
    expect(account?.language).toBe('es');
    const bad = await app.t.agent().post('/api/parent/sign-up', {
      ...body,
      email: 'other@example.org',
      password_confirmation: body.password,
      language: 'fr',
    });
    expect(bad.statusCode).toBe(400);
  });
});
