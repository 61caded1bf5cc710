import { BLOOD_TYPES, DEVICE_TYPES, LIVING_STATUSES, MARITAL_STATUSES, SEXES } from './enums.js';
import type { RegistrationStep } from './constants.js';

/**
 * The field-definition table: one row per field of the student record (spec section 3).
 * It drives the registration forms, the validation on both sides, the printed form and the spreadsheet,
 * so a field's label or limit is changed here and nowhere else.
 */
export type FieldControl =
  'text' | 'textarea' | 'select' | 'lookup' | 'date' | 'phone' | 'email' | 'number' | 'flag';

export type FieldSection =
  | 'identity'
  | 'contact'
  | 'immigration'
  | 'family'
  | 'mother'
  | 'father'
  | 'guardian'
  | 'demographics'
  | 'emergency'
  | 'immunization'
  | 'condition'
  | 'health'
  | 'learning'
  | 'other'
  | 'terms';

export type LookupName =
  'towns' | 'religions' | 'ethnicGroups' | 'regionalCorporations' | 'houses' | 'formClasses';

export interface FieldDefinition {
  readonly name: string;
  readonly label: string;
  readonly control: FieldControl;
  readonly section: FieldSection;
  readonly step: Exclude<RegistrationStep, 'documents'>;
  readonly maxLength?: number;
  readonly options?: readonly string[];
  readonly lookup?: LookupName;
  /** Parent and emergency phones also report 'Only Numbers Allowed' (spec section 5). */
  readonly numbersMessage?: boolean;
  /** Only staff may change it (class, house). */
  readonly staffOnly?: boolean;
  /** A date that may lie ahead (a permit's expiry); other dates may not be later than today. */
  readonly allowFuture?: boolean;
  /**
   * Asked again every school year (health, emergency contact): a returning family's new round shows it as
   * "Please check" until they save it or confirm its step, as last year's answer may no longer hold (D49).
   */
  readonly yearly?: true;
}

const text = (
  name: string,
  label: string,
  section: FieldSection,
  step: FieldDefinition['step'],
  maxLength: number,
  control: FieldControl = 'text',
): FieldDefinition => ({ name, label, section, step, maxLength, control });

const flag = (
  name: string,
  label: string,
  section: FieldSection,
  step: FieldDefinition['step'],
): FieldDefinition => ({
  name,
  label,
  section,
  step,
  control: 'flag',
});

const phone = (
  name: string,
  label: string,
  section: FieldSection,
  numbersMessage: boolean,
): FieldDefinition => ({
  name,
  label,
  section,
  step: section === 'identity' || section === 'contact' ? 'studentData' : 'familyData',
  control: 'phone',
  numbersMessage,
});

const yearly = (fields: readonly FieldDefinition[]): FieldDefinition[] =>
  fields.map((f) => ({ ...f, yearly: true }));

type Parent = 'mother' | 'father';
const parentFields = (p: Parent, title: string): FieldDefinition[] => [
  text(`${p}_name`, `${title}'s Name`, p, 'familyData', 35),
  {
    name: `marital_status_${p}`,
    label: 'Marital Status',
    section: p,
    step: 'familyData',
    control: 'select',
    options: MARITAL_STATUSES,
  },
  text(`home_address_${p}`, 'Home Address', p, 'familyData', 255),
  text(`${p}_occupation`, 'Occupation', p, 'familyData', 35),
  text(`business_place_${p}`, 'Place of Employment', p, 'familyData', 50),
  text(`business_address_${p}`, 'Work Address', p, 'familyData', 50),
  phone(`home_phone_${p}`, 'Home Phone', p, true),
  phone(`business_phone_${p}`, 'Work Phone', p, true),
  phone(`mobile_phone_${p}`, 'Mobile Phone', p, true),
  text(`email_${p}`, 'E-mail', p, 'familyData', 50, 'email'),
  text(`id_card_${p}`, 'ID Card Number', p, 'familyData', 20),
];

export const IMMUNIZATION_FIELDS: readonly FieldDefinition[] = yearly([
  flag('hepatitis', 'Hepatitis', 'immunization', 'healthData'),
  flag('polio', 'Polio', 'immunization', 'healthData'),
  flag('diphtheria', 'Diphtheria', 'immunization', 'healthData'),
  flag('tetanus', 'Tetanus', 'immunization', 'healthData'),
  flag('yellow_fever', 'Yellow Fever', 'immunization', 'healthData'),
  flag('measles', 'Measles', 'immunization', 'healthData'),
  flag('tb', 'TB', 'immunization', 'healthData'),
  flag('chicken_pox', 'Chicken Pox', 'immunization', 'healthData'),
  flag('typhoid', 'Typhoid', 'immunization', 'healthData'),
  flag('rheumatic_fever', 'Rheumatic Fever', 'immunization', 'healthData'),
]);

export const STUDENT_FIELDS: readonly FieldDefinition[] = [
  // Identity
  {
    name: 'class_id',
    label: 'Class',
    section: 'identity',
    step: 'studentData',
    control: 'lookup',
    lookup: 'formClasses',
    staffOnly: true,
    maxLength: 10,
  },
  {
    name: 'house_code',
    label: 'House',
    section: 'identity',
    step: 'studentData',
    control: 'lookup',
    lookup: 'houses',
    staffOnly: true,
    maxLength: 10,
  },
  text('first_name', 'First Name', 'identity', 'studentData', 20),
  text('last_name', 'Last Name', 'identity', 'studentData', 20),
  text('middle_name', 'Other Name', 'identity', 'studentData', 20),
  { name: 'sex', label: 'Sex', section: 'identity', step: 'studentData', control: 'select', options: SEXES },
  {
    name: 'date_of_birth',
    label: 'Date of Birth',
    section: 'identity',
    step: 'studentData',
    control: 'date',
  },
  text('place_of_birth', 'Country of Birth', 'identity', 'studentData', 25),
  text('nationality', 'Nationality', 'identity', 'studentData', 25),
  text('birth_cert_no', 'Electronic Birth Pin', 'identity', 'studentData', 15),
  text('sea_no', 'SEA Number', 'identity', 'studentData', 15),
  text('previous_school', 'Previous School', 'identity', 'studentData', 50),
  {
    name: 'religion_code',
    label: 'Religion',
    section: 'identity',
    step: 'studentData',
    control: 'lookup',
    lookup: 'religions',
    maxLength: 10,
  },
  {
    name: 'ethnic_group_code',
    label: 'Ethnic Group',
    section: 'identity',
    step: 'studentData',
    control: 'lookup',
    lookup: 'ethnicGroups',
    maxLength: 10,
  },
  {
    name: 'blood_type',
    label: 'Blood Type',
    section: 'identity',
    step: 'studentData',
    control: 'select',
    options: BLOOD_TYPES,
  },
  // Contact
  text('home_address', 'Home Address', 'contact', 'studentData', 100),
  {
    name: 'address_line_2',
    label: 'Town',
    section: 'contact',
    step: 'studentData',
    control: 'lookup',
    lookup: 'towns',
    maxLength: 100,
  },
  {
    name: 'regional_corporation',
    label: 'Regional Corporation',
    section: 'contact',
    step: 'studentData',
    control: 'lookup',
    lookup: 'regionalCorporations',
    maxLength: 100,
  },
  phone('phone_home', 'Mobile Phone', 'contact', false),
  text('email', 'E-mail (optional)', 'contact', 'studentData', 50, 'email'),
  // Immigration
  flag('immigration_permit', 'Immigration Permit', 'immigration', 'studentData'),
  {
    name: 'immigration_issue_date',
    label: 'Date of Issue',
    section: 'immigration',
    step: 'studentData',
    control: 'date',
  },
  {
    name: 'immigration_expiry_date',
    label: 'Date of Expiry',
    section: 'immigration',
    step: 'studentData',
    control: 'date',
    allowFuture: true,
  },
  // Family
  {
    name: 'living_status',
    label: 'Living Status',
    section: 'family',
    step: 'familyData',
    control: 'select',
    options: LIVING_STATUSES,
  },
  ...parentFields('mother', 'Mother'),
  ...parentFields('father', 'Father'),
  text('guardian_name', "Guardian's Name", 'guardian', 'familyData', 30),
  {
    name: 'marital_status_guardian',
    label: 'Marital Status',
    section: 'guardian',
    step: 'familyData',
    control: 'select',
    options: MARITAL_STATUSES,
  },
  text('home_address_guardian', 'Home Address', 'guardian', 'familyData', 255),
  text('guardian_occupation', 'Occupation', 'guardian', 'familyData', 50),
  text('guardian_business_place', 'Place of Employment', 'guardian', 'familyData', 50),
  text('guardian_business_address', 'Work Address', 'guardian', 'familyData', 50),
  phone('home_phone_guardian', 'Home Phone', 'guardian', true),
  phone('business_phone_guardian', 'Work Phone', 'guardian', true),
  phone('mobile_phone_guardian', 'Mobile Phone', 'guardian', true),
  text('email_guardian', 'E-mail', 'guardian', 'familyData', 50, 'email'),
  text('id_card_guardian', 'ID Card Number', 'guardian', 'familyData', 20),
  // Demographics
  {
    name: 'no_in_family',
    label: 'Number of Children in Family',
    section: 'demographics',
    step: 'familyData',
    control: 'number',
    maxLength: 2,
  },
  {
    name: 'no_at_home',
    label: 'Number of Children at Home',
    section: 'demographics',
    step: 'familyData',
    control: 'number',
    maxLength: 2,
  },
  {
    name: 'place_in_family',
    label: 'Place in Family',
    section: 'demographics',
    step: 'familyData',
    control: 'number',
    maxLength: 2,
  },
  // Emergency contact
  ...yearly([
    text('emergency_contact', 'Emergency Contact', 'emergency', 'familyData', 50),
    phone('home_phone_emergency', 'Phone', 'emergency', true),
    text('relative_in_school', 'Work Place / Telephone Number', 'emergency', 'familyData', 50),
    text('relation_to_child', 'Relation to Child', 'emergency', 'familyData', 50),
  ]),
  // Health
  ...IMMUNIZATION_FIELDS,
  ...yearly([
    flag('poor_eyesight', 'Poor Eyesight', 'condition', 'healthData'),
    flag('poor_hearing', 'Poor Hearing', 'condition', 'healthData'),
    flag('diabetes', 'Diabetes', 'condition', 'healthData'),
    flag('asthma', 'Asthma', 'condition', 'healthData'),
    flag('epilepsy', 'Epilepsy', 'condition', 'healthData'),
    text('other_illness', 'Other Illness', 'health', 'healthData', 255, 'textarea'),
    text('allergy', 'Allergies', 'health', 'healthData', 255, 'textarea'),
    text('medical_history', 'Medical History', 'health', 'healthData', 1000, 'textarea'),
    flag('dyslexia', 'Dyslexia', 'learning', 'healthData'),
    flag('dyscalculia', 'Dyscalculia', 'learning', 'healthData'),
    flag('dysgraphia', 'Dysgraphia', 'learning', 'healthData'),
    flag('non_verbal', 'Non-verbal Learning Disability', 'learning', 'healthData'),
    flag('apraxia', 'Apraxia of Speech', 'learning', 'healthData'),
    flag('attention_deficit', 'Attention Deficit Disorder', 'learning', 'healthData'),
    flag('adhd', 'ADHD', 'learning', 'healthData'),
    flag('autism', 'Autism', 'learning', 'healthData'),
    flag('cerebral_palsy', 'Cerebral Palsy', 'learning', 'healthData'),
    flag('other', 'Other Learning Challenge', 'learning', 'healthData'),
    text('other_learning_disablity', 'Other Learning Challenge (describe)', 'learning', 'healthData', 255),
  ]),
  // Other
  text('special_consideration', 'Special Consideration', 'other', 'otherData', 1000, 'textarea'),
  text('achievements', 'Achievements', 'other', 'otherData', 1000, 'textarea'),
  {
    name: 'device_type',
    label: 'Device Used for Online Learning',
    section: 'other',
    step: 'otherData',
    control: 'select',
    options: DEVICE_TYPES,
  },
  flag('internet_access', 'Internet Access at Home', 'other', 'otherData'),
  flag('school_feeding', 'School Feeding Programme', 'other', 'otherData'),
  flag('transport', 'School Transport', 'other', 'otherData'),
  // Terms
  flag('agree_terms_conditions', 'I agree to the terms and conditions', 'terms', 'submit'),
];

export const STUDENT_FIELD_NAMES = STUDENT_FIELDS.map((f) => f.name);
/** The fields a returning family is asked to check again in a new school year. */
export const YEARLY_FIELD_NAMES: readonly string[] = STUDENT_FIELDS.filter((f) => f.yearly).map(
  (f) => f.name,
);

const byName = new Map(STUDENT_FIELDS.map((f) => [f.name, f]));
export const studentField = (name: string): FieldDefinition | undefined => byName.get(name);
export const fieldsOfSection = (section: FieldSection): FieldDefinition[] =>
  STUDENT_FIELDS.filter((f) => f.section === section);
