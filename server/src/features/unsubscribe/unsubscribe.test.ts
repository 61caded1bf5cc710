import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyStudents } from '../../mail/notify.js';
import { unsubscribeToken } from '../../mail/unsubscribe.js';
import { createStudent } from '../../test/factories.js';
import { familyAddresses, queued } from '../../test/mail-recipients.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { unsubscribeMessages } from './unsubscribe.js';

/** A built web app's shell, so that a GET of the page's address is seen to serve it. */
const webRoot = mkdtempSync(join(tmpdir(), 'sp-web-'));
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Student Portal</title>');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.example.org' }, { webRoot });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const rejected = (name: string) => ({
  studentName: name,
  document: 'picture' as const,
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
    // The page's own address takes only the one-click POST, with the same check.
    const post = await agent.post(`/unsubscribe?token=${forged}`, undefined, { xsrf: false });
    expect([post.statusCode, post.json<{ message: string }>().message]).toEqual([
      400,
      unsubscribeMessages.invalid,
    ]);
  });

  it("take a mail client's one-click POST without cookies, once; the next e-mail of that kind skips the address and other kinds still reach it", async () => {
    const student = await createStudent(t.database.db, { first_name: 'Rosa' });
    const { mother } = await familyAddresses(t.database.db, student.id);
    expect(await notify('document_rejected', student.id)).toBe(1);
    const [mail] = await queued(t.database.db, 'document_rejected');
    expect(mail!.to).toBe(mother);
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // The header names the page, as the footer does: a mail client without one-click opens the page.
    const [, oneClick = '', headerToken] =
      /^<https:\/\/portal\.example\.org(\/unsubscribe\?token=([\w-]+))>$/.exec(
        mail!.headers['List-Unsubscribe']!,
      ) ?? [];
    const footer = /https:\/\/portal\.example\.org\/unsubscribe\?token=([\w-]+)/.exec(mail!.text)![1];
    expect(headerToken).toBe(footer);
    const page = await t.agent().get(oneClick);
    expect([page.statusCode, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    expect(page.body).toContain('<title>Student Portal</title>');

    // The page asks first what the link would stop.
    const state = await t.agent().get(`/api/mail/unsubscribe?token=${footer}`);
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
