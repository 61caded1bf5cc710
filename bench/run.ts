/** npm run bench: every benchmark, each with the baseline it is compared to, measured in this run. */
import { benchExport } from './export.js';
import { benchFieldSave } from './field-save.js';
import { benchIdleMemory } from './idle-memory.js';
import { benchImport } from './import.js';
import { benchLogin } from './login.js';
import { benchRegistrationForm } from './registration-form.js';
import { benchStudentsTable } from './students-table.js';
import { benchUpload } from './upload.js';
import { benchWeb } from './web.js';
import { table } from './lib.js';

const only = process.argv[2];
const suites: [string, () => Promise<Record<string, string | number> | Record<string, string | number>[]>][] =
  [
    ['login', benchLogin],
    ['field-save', benchFieldSave],
    ['registration-form', benchRegistrationForm],
    ['upload', benchUpload],
    ['export', benchExport],
    ['import', benchImport],
    ['idle-memory', benchIdleMemory],
    ['students-table', benchStudentsTable],
    ['web', benchWeb],
  ];
for (const [name, run] of suites) {
  if (only && only !== name) continue;
  const rows = await run();
  console.log(`\n${name}`);
  table([rows].flat());
}
