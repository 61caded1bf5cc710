import type { Db } from '../db/client.js';
import { ethnicGroups, houses, religions } from '../db/schema.js';

/** Names of the lookup codes a student record stores (religion, ethnic group, house), per field name. */
export type LookupNames = Record<'religion_code' | 'ethnic_group_code' | 'house_code', Map<string, string>>;

/** The lookup tables are a few dozen rows: read once per export or history page. */
export async function loadLookupNames(db: Db): Promise<LookupNames> {
  const [religionRows, groupRows, houseRows] = await Promise.all([
    db.select().from(religions),
    db.select().from(ethnicGroups),
    db.select().from(houses),
  ]);
  return {
    religion_code: new Map(religionRows.map((r) => [r.code, r.religion])),
    ethnic_group_code: new Map(groupRows.map((g) => [String(g.id), g.group_type])),
    house_code: new Map(houseRows.map((h) => [h.id, h.name])),
  };
}

/** A stored lookup code as its name; an unknown code stays as it is. */
export function lookupName(names: LookupNames, field: string, code: string): string {
  return (names as Record<string, Map<string, string> | undefined>)[field]?.get(code) ?? code;
}
