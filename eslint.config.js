import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Features do not reach into each other (architecture.md): each feature folder of the web app and of the
 * server may import shared code, never another feature's files. What two features need lives below them.
 */
function featureBoundaries(root, extraPatterns) {
  const features = readdirSync(new URL(`${root}/`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return features.map((feature) => ({
    files: [`${root}/${feature}/**/*.{ts,tsx}`],
    // Tests may render the whole app.
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...extraPatterns,
            {
              group: features
                .filter((other) => other !== feature)
                .flatMap((other) => [`../${other}/*`, `../../${other}/*`, `**/features/${other}/*`]),
              message: 'Features do not import each other; move what they share to a shared module.',
            },
          ],
        },
      ],
    },
  }));
}

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
  ...featureBoundaries('web/src/features', [
    WEB_ONLY,
    { group: ['../../app/*'], message: 'Features sit below the app shell and do not import it.' },
  ]),
  ...featureBoundaries('server/src/features', [SERVER_ONLY]),
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
    files: ['**/*.js', 'scripts/**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
