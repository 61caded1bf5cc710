/** Business constants of spec section 9, defined once for web, server and tests. */
export const PHONE_PREFIX = '1868';
export const PHONE_DIGITS = 7;
export const SAVE_INDICATOR_DELAY_MS = 600;
export const LOGOUT_DELAY_MS = 1000;
export const DEMOGRAPHIC_MAX_LENGTH = 2;
export const EARLIEST_ADMIN_BIRTH_DATE = '1950-01-01';
export const REPORT_LIST_FIRST_ID = 101;
/**
 * D47: what one spreadsheet upload may cost. Rows are counted while the file is parsed (a caller may pass a
 * tighter cap); an XLSX is refused from its zip directory when it would unpack to more than this, or when one
 * part of it packs absurdly well (a zip bomb), before anything is inflated.
 */
export const SHEET_MAX_ROWS = 200_000;
export const XLSX_MAX_UNPACKED_MB = 50;
export const XLSX_MAX_PACKING_RATIO = 200;
export const DEFAULT_TIME_ZONE = 'America/Port_of_Spain';
export const ADMIN_LOGIN_NAME = 'Admin';
/** Sign-out after this long without a request, unless SESSION_IDLE_MINUTES says otherwise. */
export const DEFAULT_SESSION_IDLE_MINUTES = 60;
/** How long before the idle sign-out the portal offers to stay signed in. */
export const STAY_SIGNED_IN_WARNING_MS = 2 * 60 * 1000;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const STUDENT_ID_MAX_LENGTH = 20;
export const USERNAME_MAX_LENGTH = 50;

/**
 * D5 (revised): failed sign-ins allowed in one window before 429, per account and address, per account
 * across addresses, and per address across accounts (a ceiling only a script reaches; configurable).
 */
export const LOGIN_MAX_FAILURES_PER_PAIR = 5;
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 10;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 100;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export const DOCUMENT_TYPES = ['birth_certificate', 'immunization_card', 'sea_slip', 'picture'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/**
 * Documents asked for again every school year (a child's photo ages; a birth certificate does not): the
 * rollover archives them with the closing year, while the others carry over with their staff check (D49).
 */
export const YEARLY_DOCUMENTS = ['picture'] as const satisfies readonly DocumentType[];
const yearlyDocuments: ReadonlySet<string> = new Set(YEARLY_DOCUMENTS);
export const isYearlyDocument = (type: string): boolean => yearlyDocuments.has(type);

export const REGISTRATION_STEPS = [
  'studentData',
  'familyData',
  'healthData',
  'otherData',
  'documents',
  'submit',
] as const;
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number];
