import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries (ADR 0033) are only as good as the lint config that enforces them: each forbidden import
 * below is linted as if written in a real file of the repo, with the repo's own eslint.config.js, and must be
 * reported. Removing a zone from the config fails its case here.
 */
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const BOUNDARY_RULES = new Set([
  'import-x/no-restricted-paths',
  'import-x/no-cycle',
  'no-restricted-syntax',
  'no-restricted-imports',
]);

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({
    cwd: repo,
    // Only the boundary rules run, and without type information: the zones need resolved paths, not types.
    overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
    ruleFilter: ({ ruleId }) => BOUNDARY_RULES.has(ruleId),
  });
});

const reported = async (file: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: `${repo}${file}` });
  return result!.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`);
};

const forbidden: [name: string, file: string, code: string, rule: string][] = [
  [
    'a feature imports another feature with import()',
    'web/src/features/students/students-panel.tsx',
    "export const load = () => import('../term-results/results-panel');",
    'import-x/no-restricted-paths',
  ],
  [
    'a feature imports another feature statically',
    'web/src/features/students/students-panel.tsx',
    "export { ResultsPanel } from '../term-results/results-panel';",
    'import-x/no-restricted-paths',
  ],
  [
    "a feature imports another feature's API module other than its query keys",
    'web/src/features/students/dialogs/withdraw-dialog.tsx',
    "export { termsQuery } from '../../term-results/api/term-results';",
    'import-x/no-restricted-paths',
  ],
  [
    'a feature imports the registration editor past its public entry',
    'web/src/features/students/student-record-page.tsx',
    "export { StudentRecordEditor } from '../registration/editor/student-record-editor';",
    'import-x/no-restricted-paths',
  ],
  [
    'a nested feature file imports the app shell',
    'web/src/features/students/dialogs/edit-student-dialog.tsx',
    "export { routes } from '../../../app/routes';",
    'import-x/no-restricted-paths',
  ],
  [
    'a feature imports the app shell',
    'web/src/features/students/students-panel.tsx',
    "export { routes } from '../../app/routes';",
    'import-x/no-restricted-paths',
  ],
  [
    'a shared component imports a feature',
    'web/src/components/loading-overlay.tsx',
    "export { StudentsPanel } from '../features/students/students-panel';",
    'import-x/no-restricted-paths',
  ],
  [
    'a shared component imports the app shell',
    'web/src/components/loading-overlay.tsx',
    "export { routes } from '../app/routes';",
    'import-x/no-restricted-paths',
  ],
  [
    'the API layer imports the app shell',
    'web/src/api/client.ts',
    "export { createQueryClient } from '../app/query-client';",
    'import-x/no-restricted-paths',
  ],
  [
    'the API layer imports a feature',
    'web/src/api/client.ts',
    "export { studentsQuery } from '../features/students/api/get-students';",
    'import-x/no-restricted-paths',
  ],
  [
    'a computed import() path, which no zone can check',
    'web/src/features/students/students-panel.tsx',
    'export const load = (name: string) => import(`../${name}/panel`);',
    'no-restricted-syntax',
  ],
  [
    'the web app imports the server',
    'web/src/api/client.ts',
    "export { buildApp } from '../../../server/src/app';",
    'import-x/no-restricted-paths',
  ],
  [
    'server shared code imports a feature',
    'server/src/shared/settings.ts',
    "export { resetStudentPassword } from '../features/students/student-account.js';",
    'import-x/no-restricted-paths',
  ],
  [
    'a server plugin imports a feature',
    'server/src/plugins/auth.ts',
    "export { resetStudentPassword } from '../features/students/student-account.js';",
    'import-x/no-restricted-paths',
  ],
  [
    'a server feature imports another feature',
    'server/src/features/documents/document-files.ts',
    "export { resetStudentPassword } from '../students/student-account.js';",
    'import-x/no-restricted-paths',
  ],
  [
    'the server imports the web app',
    'server/src/app.ts',
    "export { paths } from '../../web/src/paths';",
    'import-x/no-restricted-paths',
  ],
  [
    'domain imports the server',
    'domain/src/rules.ts',
    "export { buildApp } from '../../server/src/app.js';",
    'import-x/no-restricted-paths',
  ],
  [
    'two modules import each other',
    'web/src/api/client.ts',
    "import { publicSettingsQuery } from './settings';\nexport const key = publicSettingsQuery.queryKey;",
    'import-x/no-cycle',
  ],
];

describe('import boundaries', () => {
  it.each(forbidden)('reports: %s', async (_name, file, code, rule) => {
    expect(await reported(file, code)).toContain(rule);
  });

  it.each([
    [
      "a feature imports another feature's query keys",
      'web/src/features/student-import/api/add-student.ts',
      "export { studentKeys } from '../../students/api/query-keys';",
    ],
    [
      "a feature imports another feature's public entry",
      'web/src/features/students/student-record-page.tsx',
      "export { StudentRecordEditor } from '../registration';",
    ],
    [
      'the app shell imports a feature with import()',
      'web/src/app/routes.tsx',
      "export const load = () => import('../features/students/students-panel');",
    ],
    [
      'a feature imports shared components and the API layer',
      'web/src/features/students/students-panel.tsx',
      "export { LoadingOverlay } from '../../components/loading-overlay';\nexport { apiGet } from '../../api/client';",
    ],
    [
      'a server feature imports shared code',
      'server/src/features/documents/document-files.ts',
      "export { hashPassword } from '../../shared/passwords.js';",
    ],
  ])('allows: %s', async (_name, file, code) => {
    expect(await reported(file, code)).toEqual([]);
  });
});
