import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailUnsubscribes } from '../../db/schema.js';
import type { Agent } from '../../test/agent.js';
import { createStudent } from '../../test/factories.js';
import { familyAddresses, queued } from '../../test/mail-recipients.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let office: Agent;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.example.org' });
  office = await t.signInStaff();
});
afterAll(() => t.close());

const reject = (student_id: string, reason: string) =>
  office.post('/api/document-checks', { student_id, type: 'picture', status: 'rejected', reason });

describe('a rejected document', () => {
  it("reaches the confirmed parent with the school's reason and the Documents link, not the unconfirmed one, once per reason", async () => {
    const db = t.database.db;
    const student = await createStudent(db, { first_name: 'Lena' });
    const { mother, father } = await familyAddresses(db, student.id);

    const res = await reject(student.id, 'The face is hidden by a <hat> & sunglasses.');
    expect(res.statusCode, res.body).toBe(200);
    const [mail, ...more] = await queued(db, 'document_rejected');
    expect(more).toEqual([]);
    expect(mail!.to).toBe(mother);
    expect(mail!.to).not.toBe(father);
    expect(mail!.subject).toBe('Please upload the Passport Photo again');
    expect(mail!.text).toContain(
      `could not accept the Passport Photo uploaded for Lena ${student.last_name}.`,
    );
    expect(mail!.text).toContain('> The face is hidden by a <hat> & sunglasses.');
    expect(mail!.text).toContain('https://portal.example.org/registration/documents');
    expect(mail!.html).toContain('The face is hidden by a &lt;hat&gt; &amp; sunglasses.');

    // The same rejection saved again says nothing new; a new reason is news.
    await reject(student.id, 'The face is hidden by a <hat> & sunglasses.');
    expect(await queued(db, 'document_rejected')).toHaveLength(1);
    await reject(student.id, 'Please use a plain background.');
    expect((await queued(db, 'document_rejected')).map((m) => m.to)).toEqual([mother, mother]);
  });

  it('is not sent to an address that unsubscribed from rejections, nor for other checks', async () => {
    const db = t.database.db;
    const student = await createStudent(db);
    const { mother } = await familyAddresses(db, student.id);
    const before = (await queued(db, 'document_rejected')).length;
    const received = await office.post('/api/document-checks', {
      student_id: student.id,
      type: 'birth_certificate',
      status: 'received',
    });
    expect(received.statusCode, received.body).toBe(200);
    await db.insert(mailUnsubscribes).values({ address: mother, kind: 'document_rejected', at: new Date() });
    expect((await reject(student.id, 'Too dark.')).statusCode).toBe(200);
    expect(await queued(db, 'document_rejected')).toHaveLength(before);
  });
});
