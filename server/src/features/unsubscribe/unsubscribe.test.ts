import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyStudents } from '../../mail/notify.js';
import { unsubscribeToken } from '../../mail/unsubscribe.js';
import { createStudent } from '../../test/factories.js';
import { familyAddresses, queued } from '../../test/mail-recipients.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.example.org' });
});
afterAll(() => t.close());

const rejected = (name: string) => ({
  studentName: name,
  document: 'photo',
  reason: 'Too dark',
  link: 'https://portal.example.org/registration/documents',
});

const notify = (kind: 'document_rejected' | 'password_reset_by_staff', id: string) =>
  t.database.db.transaction((tx) =>
    kind === 'document_rejected'
      ? notifyStudents(tx, t.app.ctx, kind, [id], (s) => rejected(s.name), new Date())
      : notifyStudents(tx, t.app.ctx, kind, [id], (s) => ({ studentName: s.name, link: 'x' }), new Date()),
  );

describe('unsubscribe links', () => {
  it('refuse a token this server did not sign, a missing one and a malformed one with 400', async () => {
    const agent = t.agent();
    const forged = unsubscribeToken(Buffer.alloc(32, 7), 'mum@example.com', 'document_rejected');
    for (const url of [
      `/api/mail/unsubscribe?token=${forged}`,
      '/api/mail/unsubscribe',
      '/api/mail/unsubscribe?token=not%20a%20token',
      `/api/mail/unsubscribe?token=${'A'.repeat(401)}`,
    ]) {
      const get = await agent.get(url);
      expect(get.statusCode, url).toBe(400);
      expect(get.json<{ message: string }>().message).toBeTruthy();
      const post = await agent.post(url, undefined, { xsrf: false });
      expect(post.statusCode, url).toBe(400);
    }
  });

  it("take a mail client's one-click POST without cookies, once; the next e-mail of that kind skips the address and other kinds still reach it", async () => {
    const student = await createStudent(t.database.db, { first_name: 'Rosa' });
    const { mother } = await familyAddresses(t.database.db, student.id);
    expect(await notify('document_rejected', student.id)).toBe(1);
    const [mail] = await queued(t.database.db, 'document_rejected');
    expect(mail!.to).toBe(mother);
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<https:\/\/portal\.example\.org(\/api\/mail\/unsubscribe\?token=[\w-]+)>$/.exec(
      mail!.headers['List-Unsubscribe']!,
    )![1]!;
    const footer = /https:\/\/portal\.example\.org\/unsubscribe\?token=([\w-]+)/.exec(mail!.text)![1];
    expect(oneClick).toBe(`/api/mail/unsubscribe?token=${footer}`);

    // The page asks first what the link would stop.
    const state = await t.agent().get(oneClick);
    expect(state.json()).toEqual({ address: mother, kind: 'document_rejected' });

    // A mail client: a form body, no cookie, no XSRF header (RFC 8058).
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: oneClick,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ address: mother, kind: 'document_rejected' });
    }
    const tooBig = await t.app.inject({
      method: 'POST',
      url: oneClick,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `List-Unsubscribe=One-Click&x=${'a'.repeat(5000)}`,
    });
    expect(tooBig.statusCode).toBe(413);

    expect(await notify('document_rejected', student.id)).toBe(0);
    expect(await notify('password_reset_by_staff', student.id)).toBe(1);
    expect((await queued(t.database.db, 'password_reset_by_staff')).map((m) => m.to)).toEqual([mother]);
  });

  it('keeps the CSRF check for every other POST', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login-student',
      headers: { 'content-type': 'application/json' },
      payload: { student_id: 'NOBODY', password: 'whatever-it-is' },
    });
    expect(res.statusCode).toBe(403);
  });
});
