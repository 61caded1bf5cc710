import { describe, expect, it } from 'vitest';
import { unsubscribeSchema } from '@sp/domain';
import { renderMail } from './render.js';
import { readUnsubscribeToken, unsubscribeKey, unsubscribeParts, unsubscribeToken } from './unsubscribe.js';

const key = unsubscribeKey('a session secret of at least thirty-two characters');
const otherKey = unsubscribeKey('another session secret, also thirty-two characters');

describe('unsubscribe tokens', () => {
  it('carry the address and kind, signed: another key, another kind or a changed address is refused', () => {
    const token = unsubscribeToken(key, 'mum@example.com', 'document_rejected');
    expect(readUnsubscribeToken(key, token)).toEqual({
      address: 'mum@example.com',
      kind: 'document_rejected',
    });
    expect(readUnsubscribeToken(otherKey, token)).toBeNull();

    const bytes = Buffer.from(token, 'base64url');
    const otherKind = Buffer.from(bytes);
    otherKind[0] = 0;
    expect(readUnsubscribeToken(key, otherKind.toString('base64url'))).toBeNull();
    const otherAddress = Buffer.concat([bytes.subarray(0, 33), Buffer.from('dad@example.com')]);
    expect(readUnsubscribeToken(key, otherAddress.toString('base64url'))).toBeNull();
    for (const bad of [
      '',
      'AAAA',
      'x'.repeat(40),
      Buffer.from([9, ...bytes.subarray(1)]).toString('base64url'),
    ])
      expect(readUnsubscribeToken(key, bad)).toBeNull();
  });

  it("fit the route's schema for the longest address", () => {
    const address = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
    expect(address).toHaveLength(254);
    const token = unsubscribeToken(key, address, 'password_reset_by_staff');
    expect(unsubscribeSchema.safeParse({ token }).success).toBe(true);
    expect(readUnsubscribeToken(key, token)?.address).toBe(address);
  });

  it('make the one-click headers (RFC 8058) and the footer link of a notification', () => {
    const { link, headers } = unsubscribeParts(
      'https://p.example.org',
      key,
      'mum@example.com',
      'deadline_reminder',
    );
    const token = unsubscribeToken(key, 'mum@example.com', 'deadline_reminder');
    expect(link).toBe(`https://p.example.org/unsubscribe?token=${token}`);
    expect(headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const brand = { name: 'Hillview', hasLogo: false, url: 'https://p.example.org' };
    const mail = renderMail(
      'deadline_reminder',
      { studentName: 'Ana Silva', deadline: '2027-09-01', link: 'https://p.example.org/registration' },
      brand,
      { unsubscribeLink: link },
    );
    expect(mail.text).toContain(`Stop these e-mails: ${link}`);
    expect(mail.html).toContain(`<a href="${link}" style="color:#1A56B8;">Stop these e-mails</a>`);
  });
});

describe('the notification templates', () => {
  const brand = { name: 'Hillview', hasLogo: false, url: 'https://p.example.org' };
  it("quote the school's reason for a rejected document, escaped, with the way to the Documents step", () => {
    const mail = renderMail(
      'document_rejected',
      {
        studentName: 'Ana Silva',
        document: 'picture',
        reason: 'Too dark <b>& blurry</b>\nPlease retake it.',
        link: 'https://p.example.org/registration/documents',
      },
      brand,
    );
    expect(mail.subject).toBe('Please upload the Passport Photo again');
    expect(mail.text).toContain("The school's reason:\n> Too dark <b>& blurry</b>\n> Please retake it.");
    expect(mail.html).toContain('Too dark &lt;b&gt;&amp; blurry&lt;/b&gt;\nPlease retake it.');
    expect(mail.html).toContain('href="https://p.example.org/registration/documents"');
  });

  it('name the student, the term and the link of each kind', () => {
    const posted = renderMail(
      'report_cards_posted',
      { studentName: 'Ana Silva', term: { year: 2026, term: 1 }, link: 'https://p.example.org/term-reports' },
      brand,
    );
    expect(posted.subject).toBe("Ana Silva's report card for Term 1 of 2026-2027 is ready");
    const reset = renderMail(
      'password_reset_by_staff',
      { studentName: 'Ana Silva', link: 'https://p.example.org/' },
      brand,
    );
    expect(reset.text).toContain('Hillview has reset the portal password of Ana Silva.');
    expect(reset.text).toContain('Sign in:\nhttps://p.example.org/');
  });
});
