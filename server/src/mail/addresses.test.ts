import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { confirmedAddresses, mailUnsubscribes, parents, students } from '../db/schema.js';
import { createParent, createStudent } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { studentAddresses } from './addresses.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a student record’s addresses', () => {
  it('counts a confirmation only while the record holds that address, once per address, and honours unsubscribes', async () => {
    const db = t.database.db;
    const a = await createStudent(db);
    const b = await createStudent(db);
    await db
      .update(students)
      .set({ email: ' Kid@Example.com ', email_mother: 'mum@example.com', email_father: 'MUM@example.com' })
      .where(eq(students.id, a.id));
    await db.update(students).set({ email_guardian: 'gran@example.com' }).where(eq(students.id, b.id));
    const at = new Date();
    await db.insert(confirmedAddresses).values([
      { owner_kind: 'student', owner_id: a.id, address: 'mum@example.com', confirmed_at: at },
      // b confirmed the same address as a's child: it is b's confirmation, not a's.
      { owner_kind: 'student', owner_id: b.id, address: 'kid@example.com', confirmed_at: at },
      { owner_kind: 'student', owner_id: b.id, address: 'gran@example.com', confirmed_at: at },
    ]);
    const all = await studentAddresses(db, [a.id, b.id]);
    expect(all.map((r) => [r.studentId === a.id ? 'a' : 'b', r.address, r.confirmed])).toEqual([
      ['a', 'kid@example.com', false],
      ['a', 'mum@example.com', true],
      ['b', 'gran@example.com', true],
    ]);

    await db
      .insert(mailUnsubscribes)
      .values({ address: 'gran@example.com', kind: 'report_cards_posted', at });
    const recipients = await studentAddresses(db, [a.id, b.id], { kind: 'report_cards_posted' });
    expect(recipients.map((r) => r.address)).toEqual(['mum@example.com']);
    const other = await studentAddresses(db, [a.id, b.id], { kind: 'document_rejected' });
    expect(other.map((r) => r.address)).toEqual(['mum@example.com', 'gran@example.com']);

    // The family changes the mother's address: the old confirmation no longer reaches anyone.
    await db
      .update(students)
      .set({ email_mother: 'new@example.com', email_father: null })
      .where(eq(students.id, a.id));
    expect(await studentAddresses(db, [a.id], { kind: 'document_rejected' })).toEqual([]);
  });
});

describe('a notification’s parent accounts (D50)', () => {
  it('reaches linked, active, confirmed parent accounts once beside the record’s addresses, less unsubscribes', async () => {
    const db = t.database.db;
    const a = await createStudent(db);
    await db.update(students).set({ email_mother: 'mum.d50@example.com' }).where(eq(students.id, a.id));
    await db.insert(confirmedAddresses).values({
      owner_kind: 'student',
      owner_id: a.id,
      address: 'mum.d50@example.com',
      confirmed_at: new Date(),
    });
    // The mother's account has the record's address: one e-mail, named by the record's field.
    await createParent(db, { email: 'mum.d50@example.com', children: [a.id] });
    await createParent(db, { email: 'dad.d50@example.com', children: [a.id] });
    await createParent(db, { email: 'new.d50@example.com', children: [a.id], confirmed: false });
    const off = await createParent(db, { email: 'off.d50@example.com', children: [a.id] });
    await db.update(parents).set({ active: false }).where(eq(parents.id, off.id));
    await createParent(db, { email: 'other.d50@example.com' });
    await db
      .insert(mailUnsubscribes)
      .values({ address: 'dad.d50@example.com', kind: 'document_rejected', at: new Date() });

    const posted = await studentAddresses(db, [a.id], { kind: 'report_cards_posted' });
    expect(posted.map((r) => [r.field, r.address])).toEqual([
      ['parent_account', 'dad.d50@example.com'],
      ['email_mother', 'mum.d50@example.com'],
    ]);
    const rejected = await studentAddresses(db, [a.id], { kind: 'document_rejected' });
    expect(rejected.map((r) => r.address)).toEqual(['mum.d50@example.com']);
    // Without a kind (the record's page, a password link): the record's addresses only.
    expect((await studentAddresses(db, [a.id])).map((r) => r.address)).toEqual(['mum.d50@example.com']);
  });
});
