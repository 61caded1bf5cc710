import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_PARENTS_PER_CHILD } from '@sp/domain';
import { createParent } from '../../test/factories.js';
import { samples } from '../../test/multipart.js';
import { twoYearSchool } from '../../test/past-year.js';
import { pdfText } from '../../test/pdf-text.js';
import { staffTestApp } from '../../test/staff-test-app.js';

const kit = staffTestApp();
let school: Awaited<ReturnType<typeof twoYearSchool>>;
beforeAll(async () => {
  school = await twoYearSchool(kit.t);
  // The closed year's form prints its archived photo.
  await kit.t.app.ctx.files.put(`${school.stays}/picture`, samples.jpeg);
});

const LABEL = 'Family code for the parent portal:';
const formText = async (id: string, query = '') => {
  const res = await (await kit.t.signInAdmin()).get(`/api/registration-form/${id}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (await pdfText(res.rawPayload)).text;
};

describe('the registration form and the family code (D50)', () => {
  it('prints the live code, the new one after staff replace it, and none once four parents are linked', async () => {
    const id = school.stays;
    const staff = await kit.t.signInStaff();
    const first = (await staff.get(`/api/students/${id}/parents`)).json().family_code.code as string;
    expect(await formText(id)).toContain(`${LABEL} ${first}`);
    const next = (await staff.post(`/api/students/${id}/family-code`)).json().code as string;
    const text = await formText(id);
    expect(text).toContain(`${LABEL} ${next}`);
    expect(text).not.toContain(first);
    // A closed year's form is printed as it was: no code.
    expect(await formText(id, `?year=${school.past}`)).not.toContain(LABEL);
    for (let i = 0; i < MAX_PARENTS_PER_CHILD; i++) await createParent(kit.t.database.db, { children: [id] });
    expect(await formText(id)).not.toContain(LABEL);
  });
});
