/**
 * E-mail (D52): the built server runs as its own process on an embedded database with 1,500 students in one
 * class, each with two confirmed addresses, and sends to an SMTP catcher in the bench process.
 * (a) Posting the term over HTTP as the office does: the answer comes once its 3,000 e-mails are queued in
 *     the posting's transaction (must be under 1 s). Timed twice: the first request of a fresh process, and
 *     posting again after taking the term down (every family is told again).
 * (c) The portal's drain rate: from the first message the catcher receives to the last.
 * (b) The baseline, in the same run: the catcher's own accept rate for the same messages, sent straight from
 *     this process with a pooled nodemailer transport of the same concurrency, once the server has stopped.
 * The ratio (c)/(b) must be at least 0.5.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/src/db/client.js';
import { seedReferenceData } from '../server/src/db/reference-data.js';
import {
  confirmedAddresses,
  formSubjects,
  outbox,
  students,
  subjects,
  termResults,
  terms,
} from '../server/src/db/schema.js';
import { startMailCatcher } from '../server/src/mail/catcher.js';
import { MAIL_CONNECTIONS, openTransport } from '../server/src/mail/transport.js';
import { enrolInCurrentYear } from '../server/src/shared/school-years.js';
import { ensureClass } from '../server/src/test/factories.js';
import { fmt } from './lib.js';
import { buildServer, startServerProcess, type BenchDatabase } from './production.js';

const STUDENTS = 1500;
const YEAR = 2030;

async function seed(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  await database.migrate();
  const db = database.db;
  await seedReferenceData(db);
  await ensureClass(db, '4M', 4);
  const [term] = await db.insert(terms).values({ year: YEAR, term: 1 }).returning();
  const [subject] = await db.insert(subjects).values({ code: 'BMATH', title: 'Mathematics' }).returning();
  await db.insert(formSubjects).values({ subject_id: subject!.id, form_level: 4 });
  const ids = Array.from({ length: STUDENTS }, (_, i) => `M${String(i).padStart(5, '0')}`);
  const addresses = (id: string) => [
    `m.${id.toLowerCase()}@example.com`,
    `f.${id.toLowerCase()}@example.com`,
  ];
  const at = new Date();
  for (let i = 0; i < ids.length; i += 500) {
    const batch = ids.slice(i, i + 500);
    await db.insert(students).values(
      batch.map((id, k) => ({
        id,
        first_name: 'Pupil',
        last_name: `Number${i + k}`,
        date_of_birth: '2012-01-01',
        class_id: '4M',
        house_code: 'RED',
        email_mother: addresses(id)[0],
        email_father: addresses(id)[1],
      })),
    );
    await db.insert(termResults).values(
      batch.map((id) => ({
        student_id: id,
        term_id: term!.id,
        subject_id: subject!.id,
        class_id: '4M',
        course_mark: '70',
        exam_mark: '65',
      })),
    );
    await db.insert(confirmedAddresses).values(
      batch.flatMap((id) =>
        addresses(id).map((address) => ({
          owner_kind: 'student',
          owner_id: id,
          address,
          confirmed_at: at,
        })),
      ),
    );
  }
  await enrolInCurrentYear(db, ids);
  await database.close();
}

/** An admin session on the server: its cookie and the XSRF token a write sends back. */
async function signInAdmin(url: string): Promise<{ cookie: string; token: string }> {
  const csrf = await fetch(`${url}/sanctum/csrf-cookie`);
  const anonymous = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')![1]!;
  const res = await fetch(`${url}/api/admin-login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-xsrf-token': anonymous,
      cookie: `XSRF-TOKEN=${anonymous}`,
    },
    body: JSON.stringify({ name: 'admin', password: 'Bench-admin-2026' }),
  });
  const cookies = res.headers.getSetCookie();
  const pick = (name: string) =>
    cookies.map((c) => new RegExp(`^${name}=([^;]*)`).exec(c)?.[1]).find((v) => v !== undefined);
  const token = pick('XSRF-TOKEN') ?? anonymous;
  if (res.status !== 200) throw new Error(`admin sign-in answered ${res.status}`);
  return { token, cookie: `XSRF-TOKEN=${token}; sp_session=${pick('sp_session')}` };
}

const waitFor = async (done: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

export async function benchMail(): Promise<Record<string, string | number>[]> {
  buildServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'sp-bench-mail-'));
  const catcher = await startMailCatcher({ maxMessages: 20_000 });
  const bench: BenchDatabase = {
    engine: 'pglite',
    dataDir,
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  };
  try {
    await seed(dataDir);
    const server = await startServerProcess(bench, {
      SMTP_URL: catcher.url,
      PUBLIC_URL: 'http://localhost:4000',
      LOG_LEVEL: 'warn',
    });
    let postMs: number;
    let coldMs: number;
    let mails: number;
    const stamps: number[] = [];
    try {
      const admin = await signInAdmin(server.url);
      const arrivals = catcher.messages;
      const push = arrivals.push.bind(arrivals);
      arrivals.push = (...items) => {
        for (const _ of items) stamps.push(performance.now());
        return push(...items);
      };
      const post = async (posted: 0 | 1) => {
        const t0 = performance.now();
        const res = await fetch(`${server.url}/api/post-term-reports`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-xsrf-token': admin.token, cookie: admin.cookie },
          body: JSON.stringify({ year: YEAR, term: 1, posted, include_all: true }),
        });
        if (res.status !== 200) throw new Error(`posting answered ${res.status}: ${await res.text()}`);
        return performance.now() - t0;
      };
      const queued = async () => {
        const listed = await fetch(`${server.url}/api/admin/outbox`, { headers: { cookie: admin.cookie } });
        return ((await listed.json()) as { total: number }).total;
      };
      // The first posting of a fresh process (cold), whose e-mails are drained and timed; then the term is
      // taken down and posted again, which tells every family again (warm).
      coldMs = await post(1);
      mails = await queued();
      if (mails !== STUDENTS * 2) throw new Error(`the posting queued ${mails} e-mails, not ${STUDENTS * 2}`);
      await waitFor(() => stamps.length >= mails, 120_000);
      await post(0);
      postMs = await post(1);
      if ((await queued()) !== mails * 2) throw new Error('the second posting did not queue its e-mails');
      await waitFor(() => stamps.length >= mails * 2, 120_000);
    } finally {
      await server.stop();
    }
    const drainMs = stamps[mails - 1]! - stamps[0]!;

    // The same messages straight to the catcher: what it takes at this concurrency, the ceiling for the portal.
    const database = await openDatabase({ dataDir });
    const rows = await database.db.select().from(outbox).orderBy(outbox.id).limit(mails);
    await database.close();
    catcher.messages.length = 0;
    const transport = openTransport({ SMTP_URL: catcher.url, MAIL_FROM: 'Bench <bench@localhost>' })!;
    const t1 = performance.now();
    await Promise.all(
      rows.map((r) =>
        transport.sendMail({
          to: r.to_address,
          subject: r.subject,
          text: r.text_body,
          html: r.html_body,
          headers: r.headers,
          messageId: r.message_id,
        }),
      ),
    );
    const directMs = performance.now() - t1;
    transport.close();
    const portalRate = ((mails - 1) / drainMs) * 1000;
    const directRate = (rows.length / directMs) * 1000;
    return [
      {
        benchmark: `posting a term for ${STUDENTS.toLocaleString('en-US')} students: ${mails.toLocaleString('en-US')} e-mails queued in its transaction (must be < 1000 ms)`,
        value: `${fmt(postMs, 0)} ms (the first in a fresh process: ${fmt(coldMs, 0)} ms)`,
        baseline: '1000 ms',
        ratio: fmt(postMs / 1000, 2),
      },
      {
        benchmark: `portal drains the outbox to the SMTP catcher (${MAIL_CONNECTIONS} connections; must be ≥ 0.5 of the catcher's own rate)`,
        value: `${fmt(portalRate, 0)} msg/s`,
        baseline: `${fmt(directRate, 0)} msg/s (the same ${rows.length.toLocaleString('en-US')} messages straight from nodemailer)`,
        ratio: fmt(portalRate / directRate, 2),
      },
    ];
  } finally {
    await catcher.close();
    bench.remove();
  }
}
