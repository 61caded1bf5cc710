import { academicYearLabel, type DocumentType, type MailKind } from '@sp/domain';
import type { MailData } from './data.js';
import type { KindStrings, MailStrings } from './strings.js';

/** The kinds staff receive: they stay English, like the staff area. */
export const STAFF_MAIL_KINDS = ['staff_password_reset_link', 'second_factor_reset', 'test'] as const;
export type FamilyMailKind = Exclude<MailKind, (typeof STAFF_MAIL_KINDS)[number]>;

export type FamilyMailStrings = { [K in FamilyMailKind]: KindStrings<MailData[K]> } & Pick<
  MailStrings,
  'layout'
>;

const ignoreIfNotYou = 'Si usted no lo pidió, puede ignorar este correo.';
const minutesLeft = (d: { minutes: number }) => [
  `El enlace funciona una sola vez, durante ${d.minutes} minutos.`,
  ignoreIfNotYou,
];
const sevenDays = () => ['El enlace funciona una sola vez, durante 7 días.', ignoreIfNotYou];

const dayFormat = new Intl.DateTimeFormat('es', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
/** "1 de septiembre de 2027" for 2027-09-01. */
const dateOf = (isoDate: string) => dayFormat.format(new Date(`${isoDate}T00:00:00Z`));
const termOf = (t: { year: number; term: number }) => `término ${t.term} de ${academicYearLabel(t.year)}`;

/** The documents' names as the Spanish pages call them, with their article, as a sentence uses them. */
const DOCUMENTS: Record<DocumentType, string> = {
  birth_certificate: 'la partida de nacimiento',
  immunization_card: 'la tarjeta de vacunación',
  sea_slip: 'la constancia de ubicación del SEA',
  picture: 'la foto tipo carnet',
};
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Every e-mail a student or parent receives, in Spanish (the same kinds and parts as the English, `en`). */
export const es: FamilyMailStrings = {
  layout: {
    lang: 'es',
    linkHint: 'Si el botón no funciona, abra este enlace:',
    unsubscribe: 'No recibir más estos correos',
    unsubscribeWhy: (school) => `Recibe este correo porque ${school} tiene esta dirección confirmada.`,
    automatic: (school) => `Enviado automáticamente por el portal estudiantil de ${school}.`,
  },
  confirm_address: {
    subject: (_d, school) => `Confirme su dirección de correo para ${school}`,
    heading: () => 'Confirme su dirección de correo',
    lines: (d, school) => [
      `Se pidió a ${school} que enviara correos sobre ${d.whose} a esta dirección.`,
      'Confírmela para recibir enlaces de contraseña y noticias de la escuela.',
    ],
    button: 'Confirmar esta dirección',
    after: sevenDays,
  },
  password_reset_link: {
    subject: (d) => `Elija una contraseña nueva para ${d.studentName}`,
    heading: () => 'Elija una contraseña nueva',
    lines: (d) => [`Alguien pidió elegir una contraseña nueva del portal para ${d.studentName}.`],
    button: 'Elegir una contraseña nueva',
    after: minutesLeft,
  },
  report_cards_posted: {
    subject: (d) => `El boletín de ${d.studentName} del ${termOf(d.term)} está listo`,
    heading: () => 'Hay un boletín listo',
    lines: (d, school) => [`${school} publicó el boletín de ${d.studentName} del ${termOf(d.term)}.`],
    button: 'Ver el boletín',
  },
  document_rejected: {
    subject: (d) => `Por favor, suba de nuevo ${DOCUMENTS[d.document]}`,
    heading: (d) => `${capitalised(DOCUMENTS[d.document])} no fue aceptada`,
    lines: (d, school) => [
      `${school} no pudo aceptar ${DOCUMENTS[d.document]} que se subió para ${d.studentName}.`,
    ],
    quoteLabel: 'El motivo de la escuela:',
    button: 'Ir a Documentos',
    after: () => ['Por favor, suba otro archivo en el paso Documentos.'],
  },
  deadline_reminder: {
    subject: (d) => `La inscripción cierra el ${dateOf(d.deadline)}`,
    heading: () => 'La inscripción cierra pronto',
    lines: (d) => [
      `La inscripción de ${d.studentName} todavía no está terminada.`,
      `Por favor, complétela y envíela a más tardar el ${dateOf(d.deadline)}.`,
    ],
    button: 'Terminar la inscripción',
  },
  password_reset_by_staff: {
    subject: (d) => `Se restableció la contraseña de ${d.studentName}`,
    heading: () => 'Se restableció la contraseña',
    lines: (d, school) => [
      `${school} restableció la contraseña del portal de ${d.studentName}.`,
      'Inicie sesión con el número de estudiante y, como contraseña, la fecha de nacimiento (aaaammdd; p. ej., 20130409 para el 9 de abril de 2013); luego elegirá una nueva.',
      'Si usted no se lo pidió a la escuela, comuníquese con la oficina.',
    ],
    button: 'Iniciar sesión',
  },
  parent_invite: {
    subject: (_d, school) => `Únase al portal para padres de ${school}`,
    heading: () => 'Le invitan al portal para padres',
    lines: (d, school) => [
      `Se pidió a ${school} que le invitara a seguir a ${d.childName} en el portal para padres.`,
      'Abra el enlace, inicie sesión o cree una cuenta de padre o madre, y el estudiante quedará vinculado a ella.',
    ],
    button: 'Vincular a mi cuenta',
    after: sevenDays,
  },
  parent_confirm: {
    subject: (_d, school) => `Confirme su cuenta de padre o madre para ${school}`,
    heading: () => 'Confirme su dirección de correo',
    lines: (d, school) => [
      `Alguien creó una cuenta de padre o madre para ${d.name} con esta dirección en el portal de ${school}.`,
      'Confirme la dirección y luego inicie sesión como padre o madre.',
    ],
    button: 'Confirmar esta dirección',
    after: sevenDays,
  },
  parent_account_exists: {
    subject: (_d, school) => `Ya tiene una cuenta de padre o madre para ${school}`,
    heading: () => 'Ya tiene una cuenta',
    lines: () => [
      'Alguien intentó crear una cuenta de padre o madre con esta dirección, que ya tiene una.',
      'Inicie sesión como padre o madre. Si olvidó la contraseña, elija «¿Olvidó su contraseña?» en la página de inicio de sesión.',
    ],
    button: 'Iniciar sesión',
    after: () => [ignoreIfNotYou],
  },
  parent_password_reset_link: {
    subject: () => 'Elija una contraseña nueva de padre o madre',
    heading: () => 'Elija una contraseña nueva',
    lines: (d) => [`Alguien pidió elegir una contraseña nueva para la cuenta de padre o madre de ${d.name}.`],
    button: 'Elegir una contraseña nueva',
    after: minutesLeft,
  },
};
