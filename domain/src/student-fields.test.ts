import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES, isYearlyDocument } from './constants.js';
import {
  IMMUNIZATION_FIELDS,
  STUDENT_FIELDS,
  STUDENT_FIELD_NAMES,
  YEARLY_FIELD_NAMES,
  studentField,
} from './student-fields.js';

describe('the field-definition table', () => {
  it('names each field once', () => {
    expect(new Set(STUDENT_FIELD_NAMES).size).toBe(STUDENT_FIELD_NAMES.length);
  });
  it('carries the spec limits (section 5)', () => {
    expect(studentField('first_name')?.maxLength).toBe(20);
    expect(studentField('home_address')?.maxLength).toBe(100);
    expect(studentField('mother_name')?.maxLength).toBe(35);
    expect(studentField('guardian_name')?.maxLength).toBe(30);
    expect(studentField('guardian_occupation')?.maxLength).toBe(50);
    expect(studentField('home_address_father')?.maxLength).toBe(255);
    expect(studentField('sea_no')?.maxLength).toBe(15);
    expect(studentField('id_card_guardian')?.maxLength).toBe(20);
    expect(studentField('no_in_family')?.maxLength).toBe(2);
  });
  it('uses the spec labels', () => {
    expect(studentField('middle_name')?.label).toBe('Other Name');
    expect(studentField('place_of_birth')?.label).toBe('Country of Birth');
    expect(studentField('birth_cert_no')?.label).toBe('Electronic Birth Pin');
    expect(studentField('address_line_2')?.label).toBe('Town');
    expect(studentField('relative_in_school')?.label).toBe('Work Place / Telephone Number');
  });
  it('gives every field a label and a section', () => {
    for (const f of STUDENT_FIELDS) {
      expect(f.label.length, f.name).toBeGreaterThan(0);
      expect(f.section, f.name).toBeTruthy();
    }
  });
});

describe('the fields asked again every school year (D49)', () => {
  const yearlyNames = STUDENT_FIELDS.filter((f) => f.yearly).map((f) => f.name);
  it('are the health step and the emergency contact', () => {
    const expected = STUDENT_FIELDS.filter((f) => f.step === 'healthData' || f.section === 'emergency').map(
      (f) => f.name,
    );
    expect(yearlyNames).toEqual(expected);
    expect(YEARLY_FIELD_NAMES).toEqual(expected);
    for (const name of [
      'hepatitis',
      'asthma',
      'medical_history',
      'other_illness',
      'allergy',
      'dyslexia',
      'other_learning_disablity',
      'emergency_contact',
      'home_phone_emergency',
      'relation_to_child',
    ])
      expect(studentField(name)?.yearly, name).toBe(true);
    expect(IMMUNIZATION_FIELDS.every((f) => f.yearly)).toBe(true);
  });
  it('leave identity, contact and family details to carry over', () => {
    for (const name of [
      'first_name',
      'class_id',
      'home_address',
      'mother_name',
      'mobile_phone_guardian',
      'living_status',
      'achievements',
      'agree_terms_conditions',
    ])
      expect(studentField(name)?.yearly, name).toBeUndefined();
  });
  it('ask for the photo again and carry the other documents over', () => {
    expect(DOCUMENT_TYPES.filter(isYearlyDocument)).toEqual(['picture']);
    expect(isYearlyDocument('birth_certificate')).toBe(false);
    expect(isYearlyDocument('nonsense')).toBe(false);
  });
});
