import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffRole } from '@sp/domain';
import { ConfigError, fileStoreKind, loadConfig, type Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { restoreFromFile, schoolCounts, takeBackup } from './backup/backups.js';
import { BackupError } from './backup/backup-archive.js';
import { openFileStore } from './storage/open-file-store.js';
import { moveFiles } from './storage/move-files.js';
import { seedReferenceData } from './db/reference-data.js';
import { isNotNull } from 'drizzle-orm';
import { students as studentsTable } from './db/schema.js';
import { formerStudents, lastYearClass } from './demo/demo-last-year.js';
import { seedDemoNewYear } from './demo/demo-new-year.js';
import { demoNewIntake } from './demo/demo-progress.js';
import { DEMO_PASSWORD, demoStudents, seedDemoSchool } from './demo/demo-school.js';
import { DEMO_PARENT } from './demo/demo-parents.js';
import { DEMO_SPANISH_PARENT, DEMO_SPANISH_STUDENT } from './demo/demo-spanish.js';
import { DEMO_STAFF } from './demo/demo-staff.js';
import { demoMailLine, demoMailServer } from './demo/demo-mail.js';
import { createStaffUser, randomPassword, setStaffPassword } from './shared/staff-users.js';
import { startServer } from './server.js';
import { AppError } from './errors.js';
import { resetStudentPassword } from './features/students/student-account.js';
import { systemActor } from './plugins/auth.js';
import { importFromFile } from './features/student-import/import-from-file.js';

const USAGE = `Student Portal command-line tool

  npm run cli -- demo                                  start the portal with the demo school (DATA_DIR ./demo-data)
  npm run cli -- create-staff USERNAME --name "Full Name" [--role admin|staff] [--password P]
  npm run cli -- reset-staff-password USERNAME [--password P]
  npm run cli -- reset-student-password STUDENT_ID     next sign-in is by date of birth (yyyymmdd)
  npm run cli -- import-students FILE                  add and update students from a CSV or XLSX file
  npm run cli -- backup FILE                           the database and the documents in one archive (.tar.gz)
  npm run cli -- restore FILE [--force]                put a backup back; --force replaces a school already there
  npm run cli -- move-files --to database|disk         move the documents into the other store (safe to rerun)

Without --password a random password is made and printed once.
The database is the one the server uses (DATA_DIR or DATABASE_URL); stop a PGlite server first.`;

async function withDatabase<T>(
  config: Config,
  work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
) {
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** Like withDatabase, with the whole Database (backups need its engine). */
async function withDatabaseOpen<T>(config: Config, work: (database: Database) => Promise<T>) {
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
  }
}

const formatBytes = (n: number) =>
  n < 1024 * 1024 ? `${(n / 1024).toFixed(0)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;

async function moveFilesCommand(to: string | undefined): Promise<void> {
  if (to !== 'database' && to !== 'disk')
    throw new ConfigError('move-files: say where to, --to database or --to disk.');
  const config = loadConfig();
  const from = to === 'database' ? 'disk' : 'database';
  const report = await withDatabaseOpen(config, (database) =>
    moveFiles(
      openFileStore(config, database.db, from),
      openFileStore(config, database.db, to),
      (done, total) => {
        const n = done.moved + done.alreadyThere;
        if (n % 100 === 0 || n === total) console.log(`  ${n} of ${total} files`);
      },
    ),
  );
  console.log(
    `Moved ${report.moved} files (${formatBytes(report.bytes)}) from ${from} to ${to}` +
      (report.alreadyThere ? `; ${report.alreadyThere} were already there.` : '.') +
      (fileStoreKind(config) === to ? '' : `\nSet FILE_STORE=${to} before starting the portal again.`),
  );
}

async function demo(): Promise<void> {
  const mail = await demoMailServer(process.env);
  const config = loadConfig({
    ...process.env,
    DATA_DIR: process.env.DATA_DIR || './demo-data',
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD || 'demo-admin-2026',
    SMTP_URL: mail.smtpUrl,
  });
  const seeded = await withDatabase(config, (db) => seedDemoSchool(db, new Date()));
  const students = [...demoStudents(), ...demoNewIntake()];
  const server = await startServer(config, {
    beforeListen: async (app) => {
      if (seeded) await seedDemoNewYear(app.ctx);
    },
  });
  const withdrawn = new Set(
    (
      await server.database.db
        .select({ id: studentsTable.id })
        .from(studentsTable)
        .where(isNotNull(studentsTable.withdrawn_at))
    ).map((r) => r.id),
  );
  // The sign-in details, for people and for the browser tests.
  writeFileSync(
    join(config.DATA_DIR, 'demo-accounts.json'),
    JSON.stringify(
      {
        url: server.url,
        admin: { username: 'admin', password: config.ADMIN_PASSWORD },
        staff: {
          username: DEMO_STAFF.username,
          password: DEMO_STAFF.password,
          full_name: DEMO_STAFF.fullName,
        },
        studentPassword: DEMO_PASSWORD,
        parent: DEMO_PARENT,
        // D53: a student and a parent who chose Spanish.
        spanish_family: { student_id: DEMO_SPANISH_STUDENT, parent: DEMO_SPANISH_PARENT },
        students: students.map((s) => ({
          id: s.id,
          first_name: s.first_name,
          last_name: s.last_name,
          date_of_birth: s.date_of_birth,
          class_id: s.class_id,
          // The class last school year (D49); null for the new Form 1.
          last_year_class_id: lastYearClass(s),
          has_password: s.withPassword,
          withdrawn: withdrawn.has(s.id),
        })),
        // Last year's students who are not enrolled this year (graduated, left, transferred).
        former_students: formerStudents().map(
          ({ id, first_name, last_name, date_of_birth, withPassword }) => ({
            id,
            first_name,
            last_name,
            date_of_birth,
            has_password: withPassword,
          }),
        ),
      },
      null,
      2,
    ),
  );
  const firstLogin = students.find((s) => !s.withPassword)!;
  const withPassword = students.find((s) => s.withPassword)!;
  console.log(`
Student Portal demo school ${seeded ? '(new)' : '(existing data in ' + config.DATA_DIR + ')'}: ${server.url}

  Student, first sign-in:  ID ${firstLogin.id}, password = date of birth ${firstLogin.date_of_birth.replace(/-/g, '')} (yyyymmdd)
  Student with a password: ID ${withPassword.id}, password ${DEMO_PASSWORD}
  Parent (Mrs Ali):        ${server.url}/?as=parent  e-mail ${DEMO_PARENT.email}, password ${DEMO_PARENT.password}
  In Spanish (D53):        student ID ${DEMO_SPANISH_STUDENT}, password ${DEMO_PASSWORD}; parent ${DEMO_SPANISH_PARENT.email}, password ${DEMO_SPANISH_PARENT.password}
  Administrator:           ${server.url}/admin  username admin, password ${config.ADMIN_PASSWORD}
  Form teacher (staff):    ${server.url}/admin  username ${DEMO_STAFF.username}, password ${DEMO_STAFF.password}
  ${demoMailLine(mail)}

Press Ctrl+C to stop.`);
  const stop = () =>
    void server
      .close()
      .then(() => mail.catcher?.close())
      .then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function run(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean' },
      force: { type: 'boolean' },
      to: { type: 'string' },
    },
  });
  const [command, target] = positionals;
  if (!command || values.help) {
    console.log(USAGE);
    return;
  }
  if (command === 'demo') return demo();
  if (command === 'move-files') return moveFilesCommand(values.to);
  if (!target) throw new ConfigError(`${command}: missing argument.\n\n${USAGE}`);
  const config = loadConfig();
  const now = new Date();
  const password = values.password ?? randomPassword();
  const shown = values.password ? '(as given)' : password;

  switch (command) {
    case 'create-staff': {
      const role = (values.role ?? 'admin') as StaffRole;
      if (!STAFF_ROLES.includes(role))
        throw new ConfigError(`--role must be one of: ${STAFF_ROLES.join(', ')}`);
      await withDatabase(config, (db) =>
        createStaffUser(db, { username: target, fullName: values.name ?? target, role, password }, now),
      );
      console.log(`Created staff user ${target} (${role}). Password: ${shown}`);
      return;
    }
    case 'reset-staff-password':
      await withDatabase(config, (db) => setStaffPassword(db, target, password, now));
      console.log(`New password for ${target}: ${shown}`);
      return;
    case 'reset-student-password': {
      await withDatabase(config, (db) =>
        resetStudentPassword({ db, clock: () => now }, systemActor(), target).catch((err: unknown) => {
          throw err instanceof AppError ? new ConfigError(`No student with ID ${target}.`) : err;
        }),
      );
      console.log(
        `Student ${target} signs in next with the date of birth (yyyymmdd) and sets a new password.`,
      );
      return;
    }
    case 'import-students': {
      const file = { name: basename(target), data: readFileSync(target) };
      const report = await withDatabase(config, (db) => importFromFile(db, config, file));
      console.log(report);
      return;
    }
    case 'backup': {
      const file = resolve(target);
      const { size, ms } = await withDatabaseOpen(config, (database) =>
        takeBackup(config, database, openFileStore(config, database.db), file, 'manual'),
      );
      console.log(`Backup written to ${file}: ${formatBytes(size)} in ${(ms / 1000).toFixed(1)} s.`);
      return;
    }
    case 'restore': {
      const { files } = await restoreFromFile(config, resolve(target), { force: !!values.force, now });
      const counts = await withDatabase(config, schoolCounts);
      console.log(
        `Restored ${target}: ${counts.students} students, ${counts.documents} documents (${files} files from the archive), ${counts.audit} audit rows.`,
      );
      return;
    }
    default:
      throw new ConfigError(`Unknown command: ${command}\n\n${USAGE}`);
  }
}

run(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof BackupError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
