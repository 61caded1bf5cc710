import { describe, expect, it } from 'vitest';
import type { MailKind } from '@sp/domain';
import { renderMail, type MailData, type SchoolBrand } from './render.js';
import { STAFF_MAIL_KINDS, type FamilyMailKind } from './templates/strings-es.js';

const brand: SchoolBrand = { name: 'Hillview Secondary', hasLogo: false, url: 'https://p.example.org' };
const link = 'https://p.example.org/x?token=abc';
const name = 'Ana Silva';

/** One example of every kind a student or parent receives (the typecheck keeps the list complete). */
const FAMILY: { [K in FamilyMailKind]: MailData[K] } = {
  confirm_address: { link, whose: name },
  password_reset_link: { link, studentName: name, minutes: 30 },
  report_cards_posted: { studentName: name, term: { year: 2026, term: 1 }, link },
  document_rejected: { studentName: name, document: 'birth_certificate', reason: 'Borrosa', link },
  deadline_reminder: { studentName: name, deadline: '2027-09-01', link },
  password_reset_by_staff: { studentName: name, link },
  parent_invite: { link, childName: 'Ana' },
  parent_confirm: { link, name: 'Sra. Silva' },
  parent_account_exists: { link, name: 'Sra. Silva' },
  parent_password_reset_link: { link, name: 'Sra. Silva', minutes: 30 },
};
const kinds = Object.keys(FAMILY) as FamilyMailKind[];
const render = (kind: FamilyMailKind, language: 'en' | 'es') =>
  renderMail(kind, FAMILY[kind] as never, brand, { unsubscribeLink: link, language });

/** The words of an e-mail, less the names, the school's and the links it was given. */
const wordsOf = (mail: { subject: string; text: string }) =>
  new Set(
    `${mail.subject}\n${mail.text}`
      .replace(/https:\S+/g, ' ')
      .replace(/Hillview Secondary|Ana Silva|Sra\. Silva|Ana|Borrosa/g, ' ')
      .toLowerCase()
      .match(/\p{L}[\p{L}']*/gu) ?? [],
  );
/** Words spelled alike in both languages. */
const SAME_IN_BOTH = new Set(['portal', 'sea', 'a', 'no', 'e', 'de']);

describe('e-mails in Spanish (D53)', () => {
  it.each(kinds)('%s: every part of it is in Spanish, with no English sentence left', (kind) => {
    const english = wordsOf(render(kind, 'en'));
    const spanish = render(kind, 'es');
    const left = [...wordsOf(spanish)].filter((w) => english.has(w) && !SAME_IN_BOTH.has(w));
    expect(left, spanish.text).toEqual([]);
    expect(spanish.html).toContain('<html lang="es">');
    expect(spanish.text).toContain(
      'Enviado automáticamente por el portal estudiantil de Hillview Secondary.',
    );
    expect(spanish.text).toContain('No recibir más estos correos');
  });

  it('writes dates, terms and documents the Spanish way', () => {
    expect(render('deadline_reminder', 'es').subject).toBe(
      'La inscripción cierra el 1 de septiembre de 2027',
    );
    expect(render('deadline_reminder', 'en').subject).toBe('Registration closes on 1 September 2027');
    expect(render('report_cards_posted', 'es').subject).toBe(
      'El boletín de Ana Silva del término 1 de 2026-2027 está listo',
    );
    expect(render('document_rejected', 'es').text).toContain('La partida de nacimiento no fue aceptada');
  });

  it('keeps English for an account that chose English or nothing, and for every staff e-mail', () => {
    for (const kind of kinds) {
      const none = renderMail(kind, FAMILY[kind] as never, brand);
      expect(none.subject).toBe(render(kind, 'en').subject);
      expect(none.html).toContain('<html lang="en">');
    }
    const staff: { [K in (typeof STAFF_MAIL_KINDS)[number]]: MailData[K] } = {
      staff_password_reset_link: { link, name, minutes: 30 },
      second_factor_reset: { link, name, by: 'Mr Ali' },
      test: { sentBy: 'Office' },
    };
    for (const kind of STAFF_MAIL_KINDS) {
      const mail = renderMail<MailKind>(kind, staff[kind], brand, { language: 'es' });
      expect(mail.html).toContain('<html lang="en">');
      expect(mail.text).toContain("Sent automatically by Hillview Secondary's student portal.");
    }
  });
});
