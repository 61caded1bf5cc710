import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_FIRST_NAMES, demoStudents } from './demo-school.js';

describe('demo school', () => {
  it("gives every student a first name from their sex's list", () => {
    const list = demoStudents();
    for (const s of list) expect(DEMO_FIRST_NAMES[s.sex]).toContain(s.first_name);
    expect(new Set(list.map((s) => s.sex))).toEqual(new Set(['Female', 'Male']));
  });

  it('keeps the IDs, dates of birth and classes that tests and demo-accounts.json rely on', () => {
    const list = demoStudents().map((s) => `${s.id} ${s.date_of_birth} ${s.class_id}`);
    expect(list).toHaveLength(60);
    expect(list[1]).toBe('2026002 2014-05-21 1A');
    // The fingerprint of all 60 as they were before the names followed the sex.
    expect(createHash('sha256').update(list.join('\n')).digest('hex')).toBe(
      'f44451ace46ec7bb8b2b7746bd4d1557e6dc15ccd52adbe77005276ee097f268',
    );
  });
});
