import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import {
  academicYearLabel,
  timestampInZone,
  type ReportCardJob,
  type ReportCardJobRequest,
} from '@sp/domain';
import { auditActor, writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { reportCardJobs, terms } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { buildClassReportCards, buildReportCard, type ReportCardData } from '../../pdf/report-card.js';
import type { Actor } from '../../plugins/auth.js';
import { buildCardData, termRoster } from './card-data.js';
import { findTerm } from './report-cards.js';

/** A job that has not moved for this long died with its process: it shows as failed. */
const STALE_MS = 5 * 60_000;
/** Progress is written at most this often (and at the end): often enough for a progress bar, rarely enough to cost nothing. */
const PROGRESS_EVERY_MS = 250;

type JobRow = typeof reportCardJobs.$inferSelect;

const columns = {
  id: reportCardJobs.id,
  year: terms.year,
  term: terms.term,
  class_id: reportCardJobs.class_id,
  kind: reportCardJobs.kind,
  status: reportCardJobs.status,
  done: reportCardJobs.done,
  total: reportCardJobs.total,
  error: reportCardJobs.error,
  file_name: reportCardJobs.file_name,
  created_at: reportCardJobs.created_at,
  created_by: reportCardJobs.created_by,
  updated_at: reportCardJobs.updated_at,
};

function toJob(
  ctx: AppContext,
  row: Omit<JobRow, 'file' | 'term_id'> & { year: number; term: number },
): ReportCardJob {
  const stale = row.status === 'running' && ctx.clock().getTime() - row.updated_at.getTime() > STALE_MS;
  return {
    id: row.id,
    year: row.year,
    term: row.term,
    class_id: row.class_id,
    kind: row.kind === 'zip' ? 'zip' : 'pdf',
    status: stale ? 'failed' : (row.status as ReportCardJob['status']),
    done: row.done,
    total: row.total,
    error: stale ? 'The server stopped while building this file. Please start it again.' : row.error,
    file_name: row.status === 'done' ? row.file_name : null,
    created_at: row.created_at.toISOString(),
    created_by: row.created_by,
  };
}

const fileNameFor = (r: ReportCardJobRequest) =>
  `Report cards ${r.class_id} Term ${r.term} ${academicYearLabel(r.year)}.${r.kind}`;

/**
 * yazl writes an entry's time from the Date's local fields; this Date's local fields read as the school's
 * wall clock at `at`, so the ZIP's entries show when they were made, as the school's clock said.
 */
export function zipEntryTime(at: Date, timeZone: string): Date {
  const [day, time] = timestampInZone(at, timeZone).split(' ');
  const [y, mo, d] = day!.split('-').map(Number);
  const [h, mi, sec] = time!.split(':').map(Number);
  return new Date(y!, mo! - 1, d, h, mi, sec);
}

async function zipOf(
  cards: ReportCardData[],
  mtime: Date,
  onCard: (done: number) => Promise<void>,
): Promise<Buffer> {
  const zip = new ZipFile();
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
  for (const [i, card] of cards.entries()) {
    const name = `${card.student.last_name} ${card.student.first_name} ${card.student.id}.pdf`.replace(
      /[/\\:*?"<>|]/g,
      '_',
    );
    // PDFs are already compressed inside; storing them is as small and much quicker.
    zip.addBuffer(await buildReportCard(card), name, { compress: false, mtime });
    await onCard(i + 1);
  }
  zip.end();
  return finished;
}

/** Builds the file of a job that has been recorded, writing its progress as it goes. */
async function runJob(
  ctx: AppContext,
  id: number,
  request: ReportCardJobRequest,
  termId: number,
): Promise<void> {
  const progress = (done: number) =>
    ctx.db.update(reportCardJobs).set({ done, updated_at: ctx.clock() }).where(eq(reportCardJobs.id, id));
  try {
    const term = (await ctx.db.select().from(terms).where(eq(terms.id, termId)))[0]!;
    const roster = await termRoster(ctx, termId, { classId: request.class_id });
    const cards = await buildCardData(ctx, term, request.class_id, roster, roster);
    let written = performance.now();
    const onCard = async (done: number) => {
      if (done === cards.length || performance.now() - written < PROGRESS_EVERY_MS) return;
      written = performance.now();
      await progress(done);
    };
    const file =
      request.kind === 'pdf'
        ? await buildClassReportCards(cards, fileNameFor(request), onCard)
        : await zipOf(cards, zipEntryTime(ctx.clock(), ctx.config.SCHOOL_TIMEZONE), onCard);
    await ctx.db
      .update(reportCardJobs)
      .set({ status: 'done', done: cards.length, file, updated_at: ctx.clock() })
      .where(eq(reportCardJobs.id, id));
  } catch (error) {
    ctx.log.error({ err: error, job: id }, 'report card job failed');
    await ctx.db
      .update(reportCardJobs)
      .set({
        status: 'failed',
        error: 'The file could not be built. Please try again.',
        updated_at: ctx.clock(),
      })
      .where(eq(reportCardJobs.id, id));
  }
}

/**
 * Starts building a class's cards as one PDF (one page each, by last name) or a ZIP of one PDF per student
 * (D24). Answers at once with the job; the work goes on in the background. A second request for the same
 * term, class and kind while one is running gets that job, not a second one (`started` false).
 */
export async function startClassJob(
  ctx: AppContext,
  actor: Actor,
  request: ReportCardJobRequest,
): Promise<{ job: ReportCardJob; done: Promise<void>; started: boolean }> {
  const term = await findTerm(ctx, request.year, request.term);
  const total = (await termRoster(ctx, term.id, { classId: request.class_id })).length;
  if (total === 0) throw notFound('That class has no report cards for this term.');
  const now = ctx.clock();
  const fresh = new Date(now.getTime() - STALE_MS);
  const found = await ctx.db.transaction(async (tx) => {
    // The term's row is the lock: two clicks (or two processes) check and insert one after the other.
    await tx.select({ id: terms.id }).from(terms).where(eq(terms.id, term.id)).for('update');
    const [running] = await tx
      .select({ id: reportCardJobs.id })
      .from(reportCardJobs)
      .where(
        and(
          eq(reportCardJobs.term_id, term.id),
          eq(reportCardJobs.class_id, request.class_id),
          eq(reportCardJobs.kind, request.kind),
          eq(reportCardJobs.status, 'running'),
          gt(reportCardJobs.updated_at, fresh),
        ),
      )
      .limit(1);
    if (running) return { id: running.id, started: false };
    const [row] = await tx
      .insert(reportCardJobs)
      .values({
        term_id: term.id,
        class_id: request.class_id,
        kind: request.kind,
        total,
        file_name: fileNameFor(request),
        created_by: actor.id,
        created_at: now,
        updated_at: now,
      })
      .returning({ id: reportCardJobs.id });
    return { id: row!.id, started: true };
  });
  if (!found.started) return { job: await getJob(ctx, found.id), done: Promise.resolve(), started: false };
  const row = { id: found.id };
  await writeAudit(ctx.db, {
    action: 'report_cards_export',
    ...auditActor(actor),
    detail: {
      year: request.year,
      term: request.term,
      class_id: request.class_id,
      kind: request.kind,
      cards: total,
    },
    at: now,
  });
  const done = runJob(ctx, row.id, request, term.id);
  return { job: await getJob(ctx, row.id), done, started: true };
}

export async function getJob(ctx: AppContext, id: number): Promise<ReportCardJob> {
  const [row] = await ctx.db
    .select(columns)
    .from(reportCardJobs)
    .innerJoin(terms, eq(terms.id, reportCardJobs.term_id))
    .where(eq(reportCardJobs.id, id));
  if (!row) throw notFound('There is no such download.');
  return toJob(ctx, row);
}

/** The term's recent class downloads, newest first, so progress survives a page reload. */
export async function listJobs(ctx: AppContext, year: number, termNo: number): Promise<ReportCardJob[]> {
  const rows = await ctx.db
    .select(columns)
    .from(reportCardJobs)
    .innerJoin(terms, eq(terms.id, reportCardJobs.term_id))
    .where(and(eq(terms.year, year), eq(terms.term, termNo)))
    .orderBy(desc(reportCardJobs.created_at), desc(reportCardJobs.id))
    .limit(20);
  return rows.map((r) => toJob(ctx, r));
}

export async function jobFile(
  ctx: AppContext,
  id: number,
): Promise<{ file: Buffer; name: string; kind: string }> {
  const [row] = await ctx.db
    .select({ file: reportCardJobs.file, name: reportCardJobs.file_name, kind: reportCardJobs.kind })
    .from(reportCardJobs)
    .where(
      and(
        eq(reportCardJobs.id, id),
        eq(reportCardJobs.status, 'done'),
        sql`${reportCardJobs.file} is not null`,
      ),
    );
  if (!row?.file) throw notFound('That file is not ready.');
  return { file: row.file, name: row.name ?? `report-cards.${row.kind}`, kind: row.kind };
}
