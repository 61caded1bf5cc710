import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (ADR 0033): each layer imports only what sits below it, and a feature reaches another
 * feature only through that feature's query keys (`api/query-keys.ts`), for invalidation, or its public entry
 * (`index.ts`), where it has one, for the parts another feature shows. Zones are checked on the resolved
 * file, so `../`, `../../`, deep paths and `import()` are all caught.
 */
const featuresOf = (root) =>
  readdirSync(new URL(`${root}/`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const FEATURE_PUBLIC = ['api/query-keys.ts', 'index.ts'];

/** A feature imports no other feature's files but that feature's public modules. */
const featureZones = (root, publicModules) => {
  const features = featuresOf(root);
  return features.map((feature) => ({
    target: `${root}/${feature}`,
    from: features.filter((other) => other !== feature).map((other) => `${root}/${other}`),
    ...(publicModules ? { except: publicModules } : {}),
    message: publicModules
      ? `Features do not import each other; only another feature's ${publicModules.join(' and ')} are public. Move what they share to components/, api/ or domain.`
      : 'Features do not import each other; move what they share to shared/.',
  }));
};

const FEATURES_BELOW_APP = {
  target: 'web/src/features',
  from: 'web/src/app',
  message: 'Features sit below the app shell and do not import it.',
};

const webFeatureZones = featureZones('web/src/features', FEATURE_PUBLIC);
const serverFeatureZones = featureZones('server/src/features');

const importZones = [
  FEATURES_BELOW_APP,
  {
    target: 'web/src/components',
    from: ['web/src/features', 'web/src/app'],
    message: 'Shared components sit below features and the app shell and import neither.',
  },
  {
    target: 'web/src/api',
    from: ['web/src/features', 'web/src/app', 'web/src/components'],
    message: 'The shared API layer sits below everything else in the web app.',
  },
  ...webFeatureZones,
  {
    target: ['server/src/shared', 'server/src/plugins'],
    from: 'server/src/features',
    message: 'Shared server code and plugins sit below the features and do not import them.',
  },
  ...serverFeatureZones,
  { target: 'web', from: 'server', message: 'The web app never imports the server.' },
  { target: 'server', from: 'web', message: 'The server never imports the web app.' },
  {
    target: 'domain',
    from: ['server', 'web'],
    message: 'domain is imported by server and web and imports neither.',
  },
];

/** `import()` with a computed path cannot be checked against the zones, so it is not allowed. */
const STATIC_IMPORT_PATHS = {
  selector: 'ImportExpression[source.type!="Literal"]',
  message: 'import() takes a literal path, so the import boundaries can check it.',
};

const WEB_ONLY = { group: ['**/server/**', '@sp/server'], message: 'The web app never imports the server.' };
const SERVER_ONLY = { group: ['**/web/**', '@sp/web'], message: 'The server never imports the web app.' };

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'server/migrations/**',
      'e2e/test-results/**',
      'e2e/output/**',
      'data/**',
      'demo-data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      // Floating promises lose errors silently; autosave code depends on handling them.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'off',
      // Fastify plugins and handlers are async by contract, awaited or not.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Imports flow one way: the web app never reaches into the server.
      'no-restricted-imports': ['error', { patterns: [WEB_ONLY] }],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_ONLY] }] },
  },
  {
    files: ['{web,server,domain}/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: importZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-syntax': ['error', STATIC_IMPORT_PATHS],
    },
  },
  {
    // A feature's tests may render the whole app and use another feature's services to set up data.
    files: ['{web,server}/src/features/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: importZones.filter(
            (zone) =>
              zone !== FEATURES_BELOW_APP &&
              !webFeatureZones.includes(zone) &&
              !serverFeatureZones.includes(zone),
          ),
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', 'scripts/**/*.mjs', 'web/scripts/**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
