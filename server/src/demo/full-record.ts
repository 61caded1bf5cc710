import { STUDENT_FIELDS, type StudentFields } from '@sp/domain';

/**
 * A registration with every field filled, long where the form allows it: the printed form must hold all of it
 * on two pages, and the tests check each value appears.
 */
export function fullRecord(today: string): StudentFields {
  const r: StudentFields = {
    first_name: 'Anastasia-Marie',
    last_name: 'Ramcharan-Baptiste',
    middle_name: 'Kavita Louise',
    sex: 'Female',
    date_of_birth: '2013-04-09',
    place_of_birth: 'Trinidad and Tobago',
    nationality: 'Trinidadian',
    birth_cert_no: 'A1234567890BCDE',
    sea_no: 'SEA2025-004512',
    previous_school: 'Arima Boys and Girls Roman Catholic Primary School'.slice(0, 50),
    religion_code: 'RC',
    ethnic_group_code: '3',
    blood_type: 'AB+',
    home_address:
      'Lot 14, Upper Pinto Road, off the Eastern Main Road, Arima, opposite the recreation ground',
    address_line_2: 'Arima',
    regional_corporation: 'Arima Borough Corporation',
    phone_home: '6201234',
    email: 'anastasia.ramcharan@example.org',
    immigration_permit: 1,
    immigration_issue_date: '2024-01-15',
    immigration_expiry_date: today,
    living_status: 'Both Parents',
    no_in_family: 4,
    no_at_home: 3,
    place_in_family: 2,
    emergency_contact: 'Marilyn Baptiste-Charles (grandmother)',
    home_phone_emergency: '6677890',
    relative_in_school: 'Arima General Hospital / 1868-667-4321',
    relation_to_child: 'Grandmother',
    other_illness: 'Occasional migraines after long screen time; managed with rest and water.',
    allergy: 'Penicillin (rash), peanuts (swelling); carries an EpiPen in her school bag.',
    medical_history:
      'Asthma since age four, well controlled with a reliever inhaler before sport. Appendix removed in 2021 ' +
      'at Eric Williams Medical Sciences Complex with no complications. Wears glasses for reading.',
    other_learning_disablity: 'Slow reading speed; extra time advised by the primary school.',
    special_consideration: 'Please seat near the front of the class because of her eyesight.',
    achievements: 'National Junior Steelpan Festival soloist 2024; Arima district spelling bee winner.',
    device_type: 'Laptop',
  };
  for (const p of ['mother', 'father'] as const) {
    const name = p === 'mother' ? 'Indira Ramcharan-Baptiste' : 'Marcus Anthony Baptiste';
    Object.assign(r, {
      [`${p}_name`]: name,
      [`marital_status_${p}`]: 'Married',
      [`home_address_${p}`]: 'Lot 14, Upper Pinto Road, Arima',
      [`${p}_occupation`]: p === 'mother' ? 'Registered Nurse' : 'Electrical Engineer',
      [`business_place_${p}`]: p === 'mother' ? 'Arima General Hospital' : 'T&TEC',
      [`business_address_${p}`]:
        p === 'mother' ? 'Queen Mary Avenue, Arima' : '63 Frederick Street, Port of Spain',
      [`home_phone_${p}`]: '6671111',
      [`business_phone_${p}`]: '6672222',
      [`mobile_phone_${p}`]: p === 'mother' ? '7801234' : '7805678',
      [`email_${p}`]: p === 'mother' ? 'indira.rb@example.org' : 'marcus.baptiste@example.org',
      [`id_card_${p}`]: p === 'mother' ? '19820512045' : '19790303011',
    });
  }
  Object.assign(r, {
    guardian_name: 'Marilyn Baptiste-Charles',
    marital_status_guardian: 'Widowed',
    home_address_guardian: '22 Tumpuna Road, Arima',
    guardian_occupation: 'Retired Teacher',
    guardian_business_place: 'Retired',
    guardian_business_address: 'Not applicable',
    home_phone_guardian: '6677890',
    business_phone_guardian: '6670000',
    mobile_phone_guardian: '7709999',
    email_guardian: 'marilyn.bc@example.org',
    id_card_guardian: '19550101099',
  });
  for (const f of STUDENT_FIELDS) if (f.control === 'flag' && r[f.name] === undefined) r[f.name] = 1;
  return r;
}
