import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { writeSetting } from '../shared/settings.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { renderMail, schoolBrand, type SchoolBrand } from './render.js';

const brand: SchoolBrand = {
  name: 'Hillview <Secondary> & Co',
  hasLogo: false,
  url: 'https://portal.example.org',
};
const link = 'https://portal.example.org/reset-password?token=abc_DEF-123';

describe('renderMail', () => {
  it('escapes every value in the HTML and keeps it as typed in the plain text', () => {
    const mail = renderMail(
      'password_reset_link',
      { link: `${link}&x="1"`, studentName: `<script>alert(1)</script> O'Neil & Sons`, minutes: 30 },
      brand,
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; O&#39;Neil &amp; Sons');
    expect(mail.html).toContain('Hillview &lt;Secondary&gt; &amp; Co');
    expect(mail.html).toContain(`href="${link}&amp;x=&quot;1&quot;"`);
    expect(mail.html).not.toMatch(/Hillview <Secondary>|O'Neil & Sons/);
    expect(mail.text).toContain(`<script>alert(1)</script> O'Neil & Sons`);
    expect(mail.subject).toBe(`Choose a new password for <script>alert(1)</script> O'Neil & Sons`);
  });

  it('is one column of at most 600 px with inline styles, a button and its link written out, and a plain twin', () => {
    const mail = renderMail('confirm_address', { link, whose: 'Ana Silva' }, brand);
    expect(mail.html).toContain('max-width:600px');
    expect(mail.html).not.toMatch(/<style|<link |class=/);
    expect(mail.html.split(`href="${link}"`)).toHaveLength(3);
    expect(mail.html).toContain(`>${link}</a>`);
    expect(mail.html).toContain('Confirm this address</a>');
    expect(mail.html).not.toContain('cid:school-logo');
    expect(mail.text).toContain(`Confirm this address:\n${link}`);
    expect(mail.text).toContain('about Ana Silva');
    expect(mail.text).toContain('for 7 days');
    expect(mail.subject).toBe('Confirm your e-mail address for Hillview <Secondary> & Co');
  });

  it("shows the school's logo as the attachment the sender adds, when there is one", () => {
    const mail = renderMail('test', { sentBy: 'Office' }, { ...brand, hasLogo: true });
    expect(mail.html).toContain('<img src="cid:school-logo" alt=""');
    expect(mail.text).toContain('Office sent this test');
    expect(mail.html).not.toContain('<a href');
  });

  it('writes a name with line breaks into the subject as one line', () => {
    const mail = renderMail('staff_password_reset_link', { link, name: 'A\r\nBcc: x@y', minutes: 30 }, brand);
    expect(mail.subject).toBe('Choose a new staff password');
    expect(mail.text).toContain('A\r\nBcc: x@y');
    const posted = renderMail(
      'password_reset_link',
      { link, studentName: 'A\r\nBcc: x@y', minutes: 30 },
      brand,
    );
    expect(posted.subject).toBe('Choose a new password for A Bcc: x@y');
  });

  it('renders 3,000 e-mails quickly (figures only)', () => {
    const render = (i: number) =>
      renderMail(
        'password_reset_link',
        { link: `${link}${i}`, studentName: `Student ${i}`, minutes: 30 },
        brand,
      );
    for (let i = 0; i < 300; i++) render(i); // warm up: a posting renders in a running server
    const started = performance.now();
    for (let i = 0; i < 3000; i++)
      renderMail(
        'password_reset_link',
        { link: `${link}${i}`, studentName: `Student ${i}`, minutes: 30 },
        brand,
      );
    const ms = performance.now() - started;
    console.log(
      `renderMail: 3,000 e-mails in ${ms.toFixed(1)} ms (${((ms / 3000) * 1000).toFixed(1)} µs each)`,
    );
  });
});

describe('schoolBrand', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("takes the school's name from Settings, else SCHOOL_NAME, the logo's presence, and PUBLIC_URL", async () => {
    const db = t.database.db;
    const config = loadConfig({ SCHOOL_NAME: 'Env School', PUBLIC_URL: 'https://p.example.org/portal' });
    expect(await schoolBrand(db, config)).toEqual({
      name: 'Env School',
      hasLogo: false,
      url: 'https://p.example.org/portal',
    });
    await writeSetting(db, 'school_name', 'Hillview Secondary', new Date());
    await writeSetting(
      db,
      'school_logo',
      { content_type: 'image/png', version: '0123456789abcdef', data: 'iVBORw0KGgo=' },
      new Date(),
    );
    expect(await schoolBrand(db, { ...config, PUBLIC_URL: undefined, PORT: 8080 })).toEqual({
      name: 'Hillview Secondary',
      hasLogo: true,
      url: 'http://localhost:8080',
    });
  });
});
