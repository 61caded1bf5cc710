/** npm run bench: every benchmark, each with the baseline it is compared to, measured in this run. */
import { benchExport } from './export.js';
import { benchFieldSave } from './field-save.js';
import { benchHostileFiles } from './hostile-files.js';
import { benchIdleMemory } from './idle-memory.js';
import { benchImport } from './import.js';
import { benchLogin } from './login.js';
import { benchMail } from './mail.js';
import { benchRegistrationForm } from './registration-form.js';
import { benchReportCards } from './report-cards.js';
import { benchRollover } from './rollover.js';
import { benchRegistrationReport } from './registration-report.js';
import { benchStudents100k } from './students-100k.js';
import { benchStudentsTable } from './students-table.js';
import { benchTermImport } from './term-import.js';
import { benchUpload } from './upload.js';
import { benchWeb } from './web.js';
import { table } from './lib.js';

const only = process.argv[2];
const suites: [string, () => Promise<Record<string, string | number> | Record<string, string | number>[]>][] =
  [
    ['login', benchLogin],
    ['field-save', benchFieldSave],
    ['registration-form', benchRegistrationForm],
    ['registration-report', benchRegistrationReport],
    ['upload', benchUpload],
    ['export', benchExport],
    ['import', benchImport],
    ['idle-memory', benchIdleMemory],
    ['students-table', benchStudentsTable],
    ['term-import', benchTermImport],
    ['hostile-files', benchHostileFiles],
    ['report-cards', benchReportCards],
    ['students-100k', benchStudents100k],
    ['rollover', benchRollover],
    ['web', benchWeb],
    ['mail', benchMail],
  ];
for (const [name, run] of suites) {
  if (only && only !== name) continue;
  const rows = await run();
  console.log(`\n${name}`);
  table([rows].flat());
}
