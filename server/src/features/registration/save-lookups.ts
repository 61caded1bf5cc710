import { sql, type SQL } from 'drizzle-orm';
import {
  ethnicGroups,
  formClasses,
  houses,
  regionalCorporations,
  religions,
  towns,
} from '../../db/schema.js';

/** Whether a lookup field's value is in its list (D15), as an SQL test the save's read carries along. */
export const LOOKUPS: Record<string, (v: unknown) => SQL> = {
  religion_code: (v) => sql`exists (select 1 from ${religions} where ${religions.code} = ${v})`,
  ethnic_group_code: (v) => sql`exists (select 1 from ${ethnicGroups} where ${ethnicGroups.id} = ${v})`,
  address_line_2: (v) => sql`exists (select 1 from ${towns} where ${towns.town_name} = ${v})`,
  regional_corporation: (v) =>
    sql`exists (select 1 from ${regionalCorporations} where ${regionalCorporations.title} = ${v})`,
  class_id: (v) => sql`exists (select 1 from ${formClasses} where ${formClasses.class_id} = ${v})`,
  house_code: (v) => sql`exists (select 1 from ${houses} where ${houses.id} = ${v})`,
};

/** The value a lookup test is given: ethnic groups are numbered, and text that is no number matches none. */
export const lookupParam = (field: string, value: string): string | number =>
  field !== 'ethnic_group_code' ? value : /^\d{1,9}$/.test(value) ? Number(value) : -1;
