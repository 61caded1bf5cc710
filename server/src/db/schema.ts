import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const flag = (name: string) => smallint(name).notNull().default(0);
const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });

// ---------------------------------------------------------------- lookups (reference data)
export const towns = pgTable('towns', {
  id: serial('id').primaryKey(),
  town_name: varchar('town_name', { length: 100 }).notNull().unique(),
  island: varchar('island', { length: 10 }).notNull().default('Trinidad'),
});

export const religions = pgTable('religions', {
  code: varchar('code', { length: 10 }).primaryKey(),
  religion: varchar('religion', { length: 60 }).notNull(),
  /** The name in Spanish for families who use the portal in Spanish; null shows the English one. */
  name_es: varchar('name_es', { length: 60 }),
});

export const ethnicGroups = pgTable('ethnic_groups', {
  id: serial('id').primaryKey(),
  group_type: varchar('group_type', { length: 60 }).notNull().unique(),
  /** The name in Spanish for families who use the portal in Spanish; null shows the English one. */
  name_es: varchar('name_es', { length: 60 }),
});

export const regionalCorporations = pgTable('regional_corporations', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 100 }).notNull().unique(),
});

export const houses = pgTable('houses', {
  id: varchar('id', { length: 10 }).primaryKey(),
  name: varchar('name', { length: 60 }).notNull(),
});

export const formClasses = pgTable('form_classes', {
  class_id: varchar('class_id', { length: 10 }).primaryKey(),
  form_level: smallint('form_level').notNull(),
});

// ---------------------------------------------------------------- students
export const students = pgTable(
  'students',
  {
    id: varchar('id', { length: 20 }).primaryKey(),
    class_id: varchar('class_id', { length: 10 }).references(() => formClasses.class_id, {
      onUpdate: 'cascade',
    }),
    house_code: varchar('house_code', { length: 10 }).references(() => houses.id, { onUpdate: 'cascade' }),
    entry_date: day('entry_date'),
    // identity
    first_name: varchar('first_name', { length: 20 }).notNull(),
    last_name: varchar('last_name', { length: 20 }).notNull(),
    middle_name: varchar('middle_name', { length: 20 }),
    sex: varchar('sex', { length: 6 }),
    date_of_birth: day('date_of_birth'),
    place_of_birth: varchar('place_of_birth', { length: 25 }),
    nationality: varchar('nationality', { length: 25 }),
    birth_cert_no: varchar('birth_cert_no', { length: 15 }),
    sea_no: varchar('sea_no', { length: 15 }),
    previous_school: varchar('previous_school', { length: 50 }),
    religion_code: varchar('religion_code', { length: 10 }),
    ethnic_group_code: varchar('ethnic_group_code', { length: 10 }),
    blood_type: varchar('blood_type', { length: 3 }),
    // contact
    home_address: varchar('home_address', { length: 100 }),
    address_line_2: varchar('address_line_2', { length: 100 }),
    regional_corporation: varchar('regional_corporation', { length: 100 }),
    phone_home: varchar('phone_home', { length: 7 }),
    email: varchar('email', { length: 50 }),
    // immigration
    immigration_permit: flag('immigration_permit'),
    immigration_issue_date: day('immigration_issue_date'),
    immigration_expiry_date: day('immigration_expiry_date'),
    // family
    living_status: varchar('living_status', { length: 20 }),
    mother_name: varchar('mother_name', { length: 35 }),
    marital_status_mother: varchar('marital_status_mother', { length: 10 }),
    home_address_mother: varchar('home_address_mother', { length: 255 }),
    mother_occupation: varchar('mother_occupation', { length: 35 }),
    business_place_mother: varchar('business_place_mother', { length: 50 }),
    business_address_mother: varchar('business_address_mother', { length: 50 }),
    home_phone_mother: varchar('home_phone_mother', { length: 7 }),
    business_phone_mother: varchar('business_phone_mother', { length: 7 }),
    mobile_phone_mother: varchar('mobile_phone_mother', { length: 7 }),
    email_mother: varchar('email_mother', { length: 50 }),
    id_card_mother: varchar('id_card_mother', { length: 20 }),
    father_name: varchar('father_name', { length: 35 }),
    marital_status_father: varchar('marital_status_father', { length: 10 }),
    home_address_father: varchar('home_address_father', { length: 255 }),
    father_occupation: varchar('father_occupation', { length: 35 }),
    business_place_father: varchar('business_place_father', { length: 50 }),
    business_address_father: varchar('business_address_father', { length: 50 }),
    home_phone_father: varchar('home_phone_father', { length: 7 }),
    business_phone_father: varchar('business_phone_father', { length: 7 }),
    mobile_phone_father: varchar('mobile_phone_father', { length: 7 }),
    email_father: varchar('email_father', { length: 50 }),
    id_card_father: varchar('id_card_father', { length: 20 }),
    guardian_name: varchar('guardian_name', { length: 30 }),
    marital_status_guardian: varchar('marital_status_guardian', { length: 10 }),
    home_address_guardian: varchar('home_address_guardian', { length: 255 }),
    guardian_occupation: varchar('guardian_occupation', { length: 50 }),
    guardian_business_place: varchar('guardian_business_place', { length: 50 }),
    guardian_business_address: varchar('guardian_business_address', { length: 50 }),
    home_phone_guardian: varchar('home_phone_guardian', { length: 7 }),
    business_phone_guardian: varchar('business_phone_guardian', { length: 7 }),
    mobile_phone_guardian: varchar('mobile_phone_guardian', { length: 7 }),
    email_guardian: varchar('email_guardian', { length: 50 }),
    id_card_guardian: varchar('id_card_guardian', { length: 20 }),
    no_in_family: smallint('no_in_family'),
    no_at_home: smallint('no_at_home'),
    place_in_family: smallint('place_in_family'),
    emergency_contact: varchar('emergency_contact', { length: 50 }),
    home_phone_emergency: varchar('home_phone_emergency', { length: 7 }),
    relative_in_school: varchar('relative_in_school', { length: 50 }),
    relation_to_child: varchar('relation_to_child', { length: 50 }),
    // health
    hepatitis: flag('hepatitis'),
    polio: flag('polio'),
    diphtheria: flag('diphtheria'),
    tetanus: flag('tetanus'),
    yellow_fever: flag('yellow_fever'),
    measles: flag('measles'),
    tb: flag('tb'),
    chicken_pox: flag('chicken_pox'),
    typhoid: flag('typhoid'),
    rheumatic_fever: flag('rheumatic_fever'),
    poor_eyesight: flag('poor_eyesight'),
    poor_hearing: flag('poor_hearing'),
    diabetes: flag('diabetes'),
    asthma: flag('asthma'),
    epilepsy: flag('epilepsy'),
    medical_history: varchar('medical_history', { length: 1000 }),
    other_illness: varchar('other_illness', { length: 255 }),
    allergy: varchar('allergy', { length: 255 }),
    dyslexia: flag('dyslexia'),
    dyscalculia: flag('dyscalculia'),
    dysgraphia: flag('dysgraphia'),
    non_verbal: flag('non_verbal'),
    apraxia: flag('apraxia'),
    attention_deficit: flag('attention_deficit'),
    adhd: flag('adhd'),
    autism: flag('autism'),
    cerebral_palsy: flag('cerebral_palsy'),
    other: flag('other'),
    other_learning_disablity: varchar('other_learning_disablity', { length: 255 }),
    // other
    special_consideration: varchar('special_consideration', { length: 1000 }),
    achievements: varchar('achievements', { length: 1000 }),
    device_type: varchar('device_type', { length: 10 }),
    internet_access: flag('internet_access'),
    school_feeding: flag('school_feeding'),
    transport: flag('transport'),
    // terms (D20)
    agree_terms_conditions: flag('agree_terms_conditions'),
    terms_agreed_at: stamp('terms_agreed_at'),
    terms_agreed_ip: varchar('terms_agreed_ip', { length: 64 }),
    /** D25: the version of the terms agreed to (terms_versions), kept when the school changes the text. */
    terms_version: integer('terms_version'),
    created_at: stamp('created_at').notNull().defaultNow(),
    updated_at: stamp('updated_at').notNull().defaultNow(),
    /** Set when the student left the school (D29): sign-in is refused, nothing is deleted. */
    withdrawn_at: stamp('withdrawn_at'),
    withdrawn_reason: varchar('withdrawn_reason', { length: 200 }),
    /** The portal's language the student chose ('en' | 'es'); null until chosen. Their e-mails follow it. */
    language: varchar('language', { length: 2 }),
  },
  (t) => [
    index('students_updated_at_idx').on(t.updated_at),
    index('students_class_idx').on(t.class_id),
    index('students_name_dob_idx').on(
      sql`lower(${t.last_name})`,
      sql`lower(${t.first_name})`,
      t.date_of_birth,
    ),
    // D28: the staff's student list search matches the start of each of these, whatever the database's collation.
    index('students_id_prefix_idx').on(sql`lower(${t.id}) text_pattern_ops`),
    index('students_last_name_prefix_idx').on(sql`lower(${t.last_name}) text_pattern_ops`),
    index('students_first_name_prefix_idx').on(sql`lower(${t.first_name}) text_pattern_ops`),
    index('students_birth_cert_prefix_idx').on(sql`lower(${t.birth_cert_no}) text_pattern_ops`),
  ],
);

/** Sign-in credentials of a student (or parent), kept apart from the registration record. */
export const studentAccounts = pgTable('student_accounts', {
  student_id: varchar('student_id', { length: 20 })
    .primaryKey()
    .references(() => students.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
  password_hash: text('password_hash'),
  /** 1: the next sign-in is by date of birth and must set a new password (D5). */
  password_reset: smallint('password_reset').notNull().default(1),
  password_changed_at: stamp('password_changed_at'),
  last_login_at: stamp('last_login_at'),
});

/** Completion of each registration step; null means not yet complete. */
export const registrationProgress = pgTable('registration_progress', {
  student_id: varchar('student_id', { length: 20 })
    .primaryKey()
    .references(() => students.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
  student_data: stamp('student_data'),
  family_data: stamp('family_data'),
  health_data: stamp('health_data'),
  other_data: stamp('other_data'),
  documents: stamp('documents'),
  submit: stamp('submit'),
});

// ---------------------------------------------------------------- staff, sessions, settings
export const staffUsers = pgTable('staff_users', {
  id: serial('id').primaryKey(),
  username: varchar('username', { length: 50 }).notNull().unique(),
  full_name: varchar('full_name', { length: 100 }).notNull(),
  role: varchar('role', { length: 20 }).notNull().default('admin'),
  password_hash: text('password_hash').notNull(),
  active: boolean('active').notNull().default(true),
  created_at: stamp('created_at').notNull().defaultNow(),
  last_login_at: stamp('last_login_at'),
  /** 1: the password was given out once (a new account or a reset); the next sign-in must choose one (D6). */
  password_reset: smallint('password_reset').notNull().default(0),
  /** The account's own e-mail address, for a forgotten password once confirmed (D52). */
  email: varchar('email', { length: 254 }),
});

/** The classes a staff account teaches (D44): with any, it imports and corrects marks for those only. */
export const staffUserClasses = pgTable(
  'staff_user_classes',
  {
    staff_user_id: integer('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    class_id: varchar('class_id', { length: 10 })
      .notNull()
      .references(() => formClasses.class_id, { onDelete: 'cascade', onUpdate: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.staff_user_id, t.class_id] })],
);

/** A staff account's recent sign-ins and failed attempts, the newest few per account (D8). */
export const staffSignIns = pgTable(
  'staff_sign_ins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staff_user_id: integer('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    at: stamp('at').notNull(),
    ip: varchar('ip', { length: 64 }),
    outcome: varchar('outcome', { length: 30 }).notNull(),
  },
  (t) => [index('staff_sign_ins_user_at_idx').on(t.staff_user_id, t.at)],
);

export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid', { length: 128 }).primaryKey(),
    data: jsonb('data').notNull(),
    student_id: varchar('student_id', { length: 20 }),
    staff_user_id: integer('staff_user_id'),
    /** A parent account's session (D50), so unlinking or deactivating can end it. */
    parent_id: integer('parent_id'),
    expires_at: stamp('expires_at').notNull(),
  },
  (t) => [
    index('sessions_student_idx').on(t.student_id),
    index('sessions_parent_idx').on(t.parent_id),
    index('sessions_expires_idx').on(t.expires_at),
    index('sessions_staff_user_idx').on(t.staff_user_id),
  ],
);

export const settings = pgTable('settings', {
  key: varchar('key', { length: 60 }).primaryKey(),
  value: jsonb('value').notNull(),
  updated_at: stamp('updated_at').notNull().defaultNow(),
});

/** Registration is open per form level (D1, D13). */
export const registrationWindows = pgTable('registration_windows', {
  form_level: smallint('form_level').primaryKey(),
  open: smallint('open').notNull().default(0),
  deadline: day('deadline'),
  /** The school's note to the students of this form (D19). */
  note: varchar('note', { length: 200 }),
});

/** D25: every text of the terms and conditions the school has used; the latest is the one in force. */
export const termsVersions = pgTable('terms_versions', {
  version: integer('version').primaryKey(),
  text: text('text').notNull(),
  /** The same terms in Spanish, when the school provides them; null: Spanish readers see the English. */
  text_es: text('text_es'),
  created_at: stamp('created_at').notNull().defaultNow(),
  created_by: varchar('created_by', { length: 50 }),
});

/** Failed sign-in attempts, counted per student ID / username and per address (D5). */
/**
 * Request counts of the rate-limited routes (the ID lookup), per route and address, shared by every server
 * process (D27): `count` requests since `window_start`.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 200 }).primaryKey(),
  count: integer('count').notNull(),
  window_start: stamp('window_start').notNull(),
});

export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: varchar('key', { length: 120 }).notNull(),
    at: stamp('at').notNull(),
  },
  (t) => [index('login_failures_key_at_idx').on(t.key, t.at)],
);

// ---------------------------------------------------------------- documents
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: serial('id').primaryKey(),
    student_id: varchar('student_id', { length: 20 })
      .notNull()
      .references(() => students.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    type: varchar('type', { length: 30 }).notNull(),
    original_name: varchar('original_name', { length: 255 }).notNull(),
    storage_key: varchar('storage_key', { length: 255 }).notNull().unique(),
    mime_type: varchar('mime_type', { length: 100 }).notNull(),
    size_bytes: integer('size_bytes').notNull(),
    uploaded_at: stamp('uploaded_at').notNull().defaultNow(),
    /** Null for the live file; a year when the file was archived with that closed school year (D49). */
    year: smallint('year'),
  },
  (t) => [
    uniqueIndex('uploaded_files_student_type_idx')
      .on(t.student_id, t.type)
      .where(sql`${t.year} IS NULL`),
  ],
);

/** Raw bytes: node-postgres answers a Buffer, PGlite a Uint8Array; both become a Buffer without a copy. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});

/** The database file store (FILE_STORE=database, D27): one row per file, its bytes in ~256 KB pieces. */
export const storedFiles = pgTable('stored_files', {
  key: varchar('key', { length: 255 }).primaryKey(),
  size_bytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  pieces: integer('pieces').notNull(),
  stored_at: stamp('stored_at').notNull().defaultNow(),
});

export const storedFilePieces = pgTable(
  'stored_file_pieces',
  {
    key: varchar('key', { length: 255 })
      .notNull()
      .references(() => storedFiles.key, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.seq] })],
);

/** Staff marks for the paper originals a school has seen, per document type. */
export const documentChecks = pgTable(
  'document_checks',
  {
    student_id: varchar('student_id', { length: 20 })
      .notNull()
      .references(() => students.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    type: varchar('type', { length: 30 }).notNull(),
    received: smallint('received').notNull().default(0),
    /** D23: the staff check of the document: received, verified or rejected (with a reason for the family). */
    status: varchar('status', { length: 10 }),
    reason: varchar('reason', { length: 300 }),
    checked_by: varchar('checked_by', { length: 50 }),
    checked_at: stamp('checked_at'),
  },
  (t) => [primaryKey({ columns: [t.student_id, t.type] })],
);

// ---------------------------------------------------------------- term reports (D17)
export const terms = pgTable(
  'terms',
  {
    id: serial('id').primaryKey(),
    year: smallint('year').notNull(),
    term: smallint('term').notNull(),
    start_date: day('start_date'),
    end_date: day('end_date'),
    next_term_start: day('next_term_start'),
    posted: smallint('posted').notNull().default(0),
    date_posted: varchar('date_posted', { length: 19 }),
    /** Attendance sessions a student could attend this term (twice a school day). */
    sessions_possible: smallint('sessions_possible'),
    /** D24: when set and not yet posted, the term posts itself at this instant. */
    release_at: stamp('release_at'),
    /** D41: whom the posting left out is in term_left_out (every posting, by hand or release, writes it). */
    left_out_recorded: boolean('left_out_recorded').notNull().default(false),
    /** D41: the current posting included every class; a re-post starts from this, so no card is taken quietly. */
    include_all: boolean('include_all').notNull().default(false),
    /** D41: the classes the current posting included; '' stands for students in no class. */
    included_classes: varchar('included_classes', { length: 10 })
      .array()
      .notNull()
      .default(sql`'{}'::varchar[]`),
  },
  (t) => [uniqueIndex('terms_year_term_idx').on(t.year, t.term)],
);

/** D41: the students a term's posting left out, so they have no card to read until it is posted again. */
export const termLeftOut = pgTable(
  'term_left_out',
  {
    term_id: integer('term_id')
      .notNull()
      .references(() => terms.id, { onDelete: 'cascade' }),
    student_id: varchar('student_id', { length: 20 })
      .notNull()
      .references(() => students.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.term_id, t.student_id] })],
);

export const subjects = pgTable('subjects', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 20 }).notNull().unique(),
  title: varchar('title', { length: 100 }).notNull(),
});

/**
 * The subjects a form level takes and their course/exam weights. A row with no term holds the weights for
 * every term; a row for one term overrides it for that term.
 */
export const formSubjects = pgTable(
  'form_subjects',
  {
    id: serial('id').primaryKey(),
    subject_id: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    form_level: smallint('form_level').notNull(),
    term_id: integer('term_id').references(() => terms.id, { onDelete: 'cascade' }),
    course_weight: smallint('course_weight').notNull().default(30),
    exam_weight: smallint('exam_weight').notNull().default(70),
  },
  (t) => [unique('form_subjects_key').on(t.subject_id, t.form_level, t.term_id).nullsNotDistinct()],
);

export const termResults = pgTable(
  'term_results',
  {
    student_id: varchar('student_id', { length: 20 })
      .notNull()
      .references(() => students.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    term_id: integer('term_id')
      .notNull()
      .references(() => terms.id, { onDelete: 'cascade' }),
    subject_id: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    class_id: varchar('class_id', { length: 10 }),
    course_mark: numeric('course_mark', { precision: 5, scale: 1 }),
    exam_mark: numeric('exam_mark', { precision: 5, scale: 1 }),
    /** Written as ABS (D40): the student missed it. A null mark that is not absent was never entered. */
    course_absent: boolean('course_absent').notNull().default(false),
    exam_absent: boolean('exam_absent').notNull().default(false),
    total: numeric('total', { precision: 5, scale: 1 }),
    grade: varchar('grade', { length: 2 }),
    absences: smallint('absences'),
    lateness: smallint('lateness'),
    application: varchar('application', { length: 20 }),
    conduct: varchar('conduct', { length: 20 }),
    teacher_remark: varchar('teacher_remark', { length: 255 }),
  },
  (t) => [
    primaryKey({ columns: [t.student_id, t.term_id, t.subject_id] }),
    // The posting check and a release read a whole term, a class's cards its class in a term; the key starts
    // with the student.
    index('term_results_term_class_idx').on(t.term_id, t.class_id),
  ],
);

export const termSummaries = pgTable(
  'term_summaries',
  {
    student_id: varchar('student_id', { length: 20 })
      .notNull()
      .references(() => students.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    term_id: integer('term_id')
      .notNull()
      .references(() => terms.id, { onDelete: 'cascade' }),
    class_id: varchar('class_id', { length: 10 }),
    form_level: smallint('form_level'),
    sessions_present: smallint('sessions_present'),
    sessions_possible: smallint('sessions_possible'),
    ratings: jsonb('ratings'),
    form_teacher_remark: varchar('form_teacher_remark', { length: 500 }),
    dean_remark: varchar('dean_remark', { length: 500 }),
  },
  (t) => [primaryKey({ columns: [t.student_id, t.term_id] })],
);

/** Bytes kept in the database, so every server process can hand out a file another one built (D27). */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres gives a Buffer, PGlite a Uint8Array.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Every opening of a report card by the student or parent (D24). */
export const reportCardReads = pgTable(
  'report_card_reads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    student_id: varchar('student_id', { length: 20 })
      .notNull()
      .references(() => students.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    term_id: integer('term_id')
      .notNull()
      .references(() => terms.id, { onDelete: 'cascade' }),
    at: stamp('at').notNull(),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [index('report_card_reads_term_student_idx').on(t.term_id, t.student_id)],
);

/** A class's report cards as one PDF or a ZIP, built in the background (D24). */
export const reportCardJobs = pgTable(
  'report_card_jobs',
  {
    id: serial('id').primaryKey(),
    term_id: integer('term_id')
      .notNull()
      .references(() => terms.id, { onDelete: 'cascade' }),
    class_id: varchar('class_id', { length: 10 }).notNull(),
    kind: varchar('kind', { length: 4 }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('running'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    error: varchar('error', { length: 300 }),
    file_name: varchar('file_name', { length: 120 }),
    file: bytes('file'),
    created_by: varchar('created_by', { length: 50 }).notNull(),
    created_at: stamp('created_at').notNull(),
    updated_at: stamp('updated_at').notNull(),
  },
  (t) => [index('report_card_jobs_term_idx').on(t.term_id, t.created_at)],
);

// ---------------------------------------------------------------- audit (D8)
/** One row per confirmed student import (D18): who, when, which file, and what it did. */
export const studentImports = pgTable('student_imports', {
  id: serial('id').primaryKey(),
  at: stamp('at').notNull(),
  actor_id: varchar('actor_id', { length: 50 }).notNull(),
  file_name: varchar('file_name', { length: 200 }).notNull(),
  added: integer('added').notNull().default(0),
  changed: integer('changed').notNull().default(0),
  unchanged: integer('unchanged').notNull().default(0),
  errors: integer('errors').notNull().default(0),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: stamp('at').notNull(),
    actor_kind: varchar('actor_kind', { length: 10 }).notNull(),
    actor_id: varchar('actor_id', { length: 50 }),
    action: varchar('action', { length: 40 }).notNull(),
    student_id: varchar('student_id', { length: 20 }),
    field: varchar('field', { length: 60 }),
    old_value: text('old_value'),
    new_value: text('new_value'),
    ip: varchar('ip', { length: 64 }),
    detail: jsonb('detail'),
  },
  (t) => [
    index('audit_log_student_idx').on(t.student_id, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);

// ---------------------------------------------------------------- school years (D49)
/**
 * A school year, numbered by its starting calendar year (2026 is 2026-2027, the same number as terms.year).
 * The live tables describe the one current year; a closed year is frozen in its enrolments.
 */
export const schoolYears = pgTable(
  'school_years',
  {
    year: smallint('year').primaryKey(),
    starts_on: day('starts_on').notNull(),
    ends_on: day('ends_on').notNull(),
    state: varchar('state', { length: 8 }).notNull().default('current'),
    opened_at: stamp('opened_at'),
    opened_by: varchar('opened_by', { length: 50 }),
    closed_at: stamp('closed_at'),
    closed_by: varchar('closed_by', { length: 50 }),
    /** The audit row of the rollover that opened this year, so the rollover can be undone. */
    rollover_audit_id: bigint('rollover_audit_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('school_years_one_current')
      .on(sql`(true)`)
      .where(sql`${t.state} = 'current'`),
  ],
);

/**
 * A student's membership of a year. While the year is current the live tables hold the class, steps, terms and
 * documents, and this row only what they do not; the rollover freezes the rest into it when the year closes.
 */
export const enrolments = pgTable(
  'enrolments',
  {
    student_id: varchar('student_id', { length: 20 })
      .notNull()
      .references(() => students.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    year: smallint('year')
      .notNull()
      .references(() => schoolYears.year),
    /** enrolled | withdrawn | left | graduated | transferred | repeating */
    status: varchar('status', { length: 12 }).notNull().default('enrolled'),
    /** The school a transferring student goes to. */
    status_note: varchar('status_note', { length: 100 }),
    /** The staff's mark for the rollover: repeating | leaving | transferring | sixth_form. */
    next_mark: varchar('next_mark', { length: 12 }),
    next_school: varchar('next_school', { length: 100 }),
    /** A class for next year from an uploaded class list. */
    next_class_id: varchar('next_class_id', { length: 10 }),
    /** Step -> ISO time the family confirmed it with "Nothing has changed". */
    unchanged: jsonb('unchanged').$type<Record<string, string>>().notNull().default({}),
    /** True when the student had an enrolment in the year before. */
    returning: boolean('returning').notNull().default(false),
    // frozen when the year closes; null while it is current
    form_level: smallint('form_level'),
    class_id: varchar('class_id', { length: 10 }),
    house_code: varchar('house_code', { length: 10 }),
    steps: jsonb('steps').$type<Record<string, string | null>>(),
    terms: jsonb('terms').$type<{
      agreed: number;
      at: string | null;
      ip: string | null;
      version: number | null;
    }>(),
    record: jsonb('record').$type<Record<string, unknown>>(),
    documents: jsonb('documents').$type<Record<string, unknown>[]>(),
  },
  (t) => [
    primaryKey({ columns: [t.student_id, t.year] }),
    index('enrolments_year_class_idx').on(t.year, t.class_id),
  ],
);

/** The school's editable map of old class -> new class, read by the rollover. */
export const classMoves = pgTable('class_moves', {
  from_class_id: varchar('from_class_id', { length: 10 }).primaryKey(),
  to_class_id: varchar('to_class_id', { length: 10 }).notNull(),
});

/**
 * Every year's enrolments in one shape: the current year's class, form and house come from the live tables,
 * a closed year's from its frozen row. Created by migration 0013 (drizzle does not manage the view).
 */
export const yearEnrolments = pgView('year_enrolments', {
  year: smallint('year').notNull(),
  student_id: varchar('student_id', { length: 20 }).notNull(),
  status: varchar('status', { length: 12 }).notNull(),
  status_note: varchar('status_note', { length: 100 }),
  next_mark: varchar('next_mark', { length: 12 }),
  next_school: varchar('next_school', { length: 100 }),
  next_class_id: varchar('next_class_id', { length: 10 }),
  unchanged: jsonb('unchanged').$type<Record<string, string>>().notNull(),
  returning: boolean('returning').notNull(),
  class_id: varchar('class_id', { length: 10 }),
  form_level: smallint('form_level'),
  house_code: varchar('house_code', { length: 10 }),
  is_current: boolean('is_current').notNull(),
}).existing();

// ---------------------------------------------------------------- e-mail (D52)
/**
 * Every e-mail the portal sends, written in the transaction of the event that causes it and sent afterwards
 * by the sender loop. `message_id` is fixed at queueing, so a message sent before a crash is recognised.
 * status: queued | sending | sent | failed | unsent (no mail server configured).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 30 }).notNull(),
    to_address: varchar('to_address', { length: 254 }).notNull(),
    /** The student the message is about, if any (kept when the student is deleted, for the record). */
    student_id: varchar('student_id', { length: 20 }),
    subject: varchar('subject', { length: 200 }).notNull(),
    text_body: text('text_body').notNull(),
    html_body: text('html_body').notNull(),
    /** Extra headers (List-Unsubscribe). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    message_id: varchar('message_id', { length: 200 }).notNull().unique(),
    status: varchar('status', { length: 10 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: stamp('next_attempt_at').notNull(),
    claimed_by: varchar('claimed_by', { length: 100 }),
    claimed_until: stamp('claimed_until'),
    last_error: varchar('last_error', { length: 500 }),
    /** What the mail server answered when it accepted the message. */
    smtp_response: varchar('smtp_response', { length: 300 }),
    created_at: stamp('created_at').notNull(),
    sent_at: stamp('sent_at'),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.next_attempt_at),
    index('outbox_created_idx').on(t.created_at),
    index('outbox_student_idx').on(t.student_id),
  ],
);

/**
 * An address its owner confirmed by a link (D52). A student's address counts only while the record still holds
 * it; a staff account's is its `email`. owner_kind: student | staff; address is lower-cased.
 */
export const confirmedAddresses = pgTable(
  'confirmed_addresses',
  {
    owner_kind: varchar('owner_kind', { length: 8 }).notNull(),
    owner_id: varchar('owner_id', { length: 50 }).notNull(),
    address: varchar('address', { length: 254 }).notNull(),
    confirmed_at: stamp('confirmed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.owner_kind, t.owner_id, t.address] })],
);

/**
 * Single-use links sent by e-mail; only the SHA-256 of the token is kept. purpose: confirm | reset.
 */
export const mailTokens = pgTable(
  'mail_tokens',
  {
    token_hash: varchar('token_hash', { length: 64 }).primaryKey(),
    purpose: varchar('purpose', { length: 10 }).notNull(),
    owner_kind: varchar('owner_kind', { length: 8 }).notNull(),
    owner_id: varchar('owner_id', { length: 50 }).notNull(),
    address: varchar('address', { length: 254 }).notNull(),
    created_at: stamp('created_at').notNull(),
    expires_at: stamp('expires_at').notNull(),
    used_at: stamp('used_at'),
  },
  (t) => [
    index('mail_tokens_owner_idx').on(t.owner_kind, t.owner_id),
    index('mail_tokens_expires_idx').on(t.expires_at),
  ],
);

/** An address that asked for no more e-mails of one kind (D52). */
export const mailUnsubscribes = pgTable(
  'mail_unsubscribes',
  {
    address: varchar('address', { length: 254 }).notNull(),
    kind: varchar('kind', { length: 30 }).notNull(),
    at: stamp('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.address, t.kind] })],
);

/** A daily job that has run for a school day, so several processes run it once (the deadline reminder). */
export const dailyRuns = pgTable(
  'daily_runs',
  {
    job: varchar('job', { length: 30 }).notNull(),
    day: day('day').notNull(),
    at: stamp('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.job, t.day] })],
);

// ---------------------------------------------------------------- parent accounts (D50)

/**
 * A parent's own sign-in: an e-mail address (lower-cased, unique) and a password. Usable once the address is
 * confirmed by its link; staff may deactivate it.
 */
export const parents = pgTable('parents', {
  id: serial('id').primaryKey(),
  email: varchar('email', { length: 254 }).notNull().unique(),
  /** As the school addresses them, e.g. "Mrs Ali": the audit and the staff pages show it. */
  name: varchar('name', { length: 60 }).notNull(),
  password_hash: text('password_hash').notNull(),
  confirmed_at: stamp('confirmed_at'),
  active: boolean('active').notNull().default(true),
  created_at: stamp('created_at').notNull(),
  last_login_at: stamp('last_login_at'),
  /** The portal's language this parent chose ('en' | 'es'); null until chosen. Their e-mails follow it. */
  language: varchar('language', { length: 2 }),
});

/** A child a parent account may act for; at most four per child (D50). how: code | invite | demo. */
export const parentLinks = pgTable(
  'parent_links',
  {
    parent_id: integer('parent_id')
      .notNull()
      .references(() => parents.id, { onDelete: 'cascade' }),
    student_id: varchar('student_id', { length: 20 })
      .notNull()
      .references(() => students.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    linked_at: stamp('linked_at').notNull(),
    how: varchar('how', { length: 10 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.parent_id, t.student_id] }),
    index('parent_links_student_idx').on(t.student_id),
  ],
);

/**
 * The one live family code of a student: shown to staff, printed on the registration form and the class letter,
 * and deleted when a parent links with it or staff issue a new one (single use).
 */
export const familyCodes = pgTable('family_codes', {
  student_id: varchar('student_id', { length: 20 })
    .primaryKey()
    .references(() => students.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
  code: varchar('code', { length: 9 }).notNull().unique(),
  issued_at: stamp('issued_at').notNull(),
  /** The staff username that issued it; null when the portal made one for a print. */
  issued_by: varchar('issued_by', { length: 50 }),
});

// ---------------------------------------------------------------- staff second factor (D51)

/** A staff account's authenticator app (TOTP). `confirmed_at` is null while it is being set up. */
export const staffTotp = pgTable('staff_totp', {
  staff_user_id: integer('staff_user_id')
    .primaryKey()
    .references(() => staffUsers.id, { onDelete: 'cascade' }),
  /** Base32, as the app was given it. */
  secret: varchar('secret', { length: 64 }).notNull(),
  confirmed_at: stamp('confirmed_at'),
  /** The time step of the last code accepted: a code is accepted once, never again within its window. */
  last_time_step: bigint('last_time_step', { mode: 'number' }),
  created_at: stamp('created_at').notNull(),
});

/** Single-use recovery codes, shown once and kept as SHA-256 hashes (they carry 60 random bits each). */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staff_user_id: integer('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    code_hash: varchar('code_hash', { length: 64 }).notNull(),
    created_at: stamp('created_at').notNull(),
    used_at: stamp('used_at'),
  },
  (t) => [index('staff_recovery_codes_user_idx').on(t.staff_user_id)],
);

/** A staff member's passkeys (WebAuthn credentials), each with the name they gave it. */
export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    id: serial('id').primaryKey(),
    staff_user_id: integer('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    /** The credential id, base64url. */
    credential_id: varchar('credential_id', { length: 1400 }).notNull().unique(),
    /** The COSE public key, base64url. */
    public_key: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser may reach it (usb, internal, hybrid…), as it told us at registration. */
    transports: jsonb('transports').$type<string[]>(),
    name: varchar('name', { length: 60 }).notNull(),
    created_at: stamp('created_at').notNull(),
    last_used_at: stamp('last_used_at'),
  },
  (t) => [index('staff_passkeys_user_idx').on(t.staff_user_id)],
);

/**
 * A WebAuthn challenge handed out with registration or sign-in options, used once. `staff_user_id` is null for a
 * sign-in, where the passkey itself says who it is.
 */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  ticket: varchar('ticket', { length: 64 }).primaryKey(),
  challenge: varchar('challenge', { length: 128 }).notNull(),
  purpose: varchar('purpose', { length: 10 }).notNull(),
  staff_user_id: integer('staff_user_id').references(() => staffUsers.id, { onDelete: 'cascade' }),
  expires_at: stamp('expires_at').notNull(),
});
