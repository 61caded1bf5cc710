import { STUDENT_FIELDS, type StudentRecord } from '@sp/domain';
import { json, mockFetch, type Reply } from './fetch-mock';

export const STUDENT_ID = '20240001';

/** A record as GET /api/student/{id} sends it: every field empty unless given. */
export function studentRecord(fields: Record<string, string | number | null> = {}): StudentRecord {
  const empty = Object.fromEntries(STUDENT_FIELDS.map((f) => [f.name, f.control === 'flag' ? 0 : null]));
  return {
    ...empty,
    class_id: '1A',
    house_code: 'RED',
    first_name: 'Ada',
    last_name: 'Lovelace',
    date_of_birth: '2014-04-09',
    ...fields,
    id: STUDENT_ID,
    student_id: STUDENT_ID,
    form_level: 1,
    updated_at: '2026-11-01T10:00:00.000Z',
    terms_agreed_at: null,
    terms_version: null,
    progress: {
      studentData: false,
      familyData: false,
      healthData: false,
      otherData: false,
      documents: false,
      submit: false,
    },
  };
}

/** The answer of POST /api/student to a save that went through. */
export const saved = () =>
  json({
    message: 'Saved.',
    updated: [],
    progress: {
      studentData: false,
      familyData: false,
      healthData: false,
      otherData: false,
      documents: false,
      submit: false,
    },
  });

/** The calls a registration step makes, answered; `routes` replaces any of them. */
export function mockRegistration(
  options: { record?: StudentRecord; status?: { open: 0 | 1; deadline: string | null } } = {},
  routes: Record<string, Reply> = {},
) {
  return mockFetch({
    'GET /api/me': () =>
      json({
        kind: 'student',
        student_id: STUDENT_ID,
        name: 'Ada',
        full_name: 'Ada Lovelace',
        limited: false,
      }),
    [`GET /api/student/${STUDENT_ID}`]: () => json(options.record ?? studentRecord()),
    'GET /api/student-registration/1': () => json(options.status ?? { open: 1, deadline: null }),
    'GET /api/form-classes': () => json([{ class_id: '1A', form_level: 1 }]),
    'GET /api/houses': () => json([{ id: 'RED', name: 'Ruby House' }]),
    'GET /api/towns': () => json([{ town_name: 'Arima' }, { town_name: 'Couva' }]),
    'GET /api/religions': () => json([{ code: 'HI', religion: 'Hindu' }]),
    'GET /api/ethnic-groups': () => json([{ id: 5, group_type: 'Chinese' }]),
    'GET /api/regional-corporation': () => json([{ id: 1, title: 'Diego Martin Regional Corporation' }]),
    'POST /api/student': saved,
    ...routes,
  });
}
