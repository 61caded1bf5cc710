import { defineConfig } from '@lingui/cli';
import { extractor as babel } from '@lingui/cli/api';
import { formatter } from '@lingui/format-po';
import { domainWordsExtractor } from './domain-words-extractor';

/** What the sign-in pages are made of (the first-screen chunk, web/vite.config.ts). */
const FIRST_SCREEN = [
  '<rootDir>/src/features/auth',
  '<rootDir>/src/features/parent-account',
  '<rootDir>/src/app/*.tsx',
  '<rootDir>/src/i18n',
  '<rootDir>/src/components/text-input.tsx',
  '<rootDir>/src/components/loading-overlay.tsx',
  '<rootDir>/src/components/school-logo.tsx',
];

/** The family's other screens: their frame, dashboard, report cards, parents' pages, e-mail pages. */
const FAMILY = [
  '<rootDir>/src/app/layout',
  '<rootDir>/src/features/dashboard',
  '<rootDir>/src/features/report-cards',
  '<rootDir>/src/features/parents',
  '<rootDir>/src/features/mail',
];

/** The documents step: uploads, photos from a phone, pages joined into one PDF. */
const DOCUMENTS = [
  '<rootDir>/src/features/registration/photos',
  '<rootDir>/src/features/registration/editor/document-upload.tsx',
  '<rootDir>/src/features/registration/editor/use-document-upload.ts',
  '<rootDir>/src/features/registration/editor/documents-step.tsx',
  '<rootDir>/src/features/registration/editor/carried-documents.tsx',
  '<rootDir>/src/features/registration/editor/file-preview-dialog.tsx',
  '<rootDir>/src/components/file-pick-button.tsx',
];

/** The registration's other steps (the biggest part of the family side). */
const REGISTRATION = ['<rootDir>/src/features/registration', '<rootDir>/src/components'];

/**
 * Catalogues per language: what the sign-in pages say (loaded before the first screen renders, so it stays
 * small); the registration; the rest of the family's screens; and the staff area's (loaded with the signed-in
 * screens, i18n/language.ts). English is the source; a message's ID is made from its English text (a domain
 * text's ID is the text itself, domain-words-extractor.ts), so the English catalogues need no translating.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  extractors: [domainWordsExtractor, babel],
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/first-screen', include: FIRST_SCREEN, exclude: ['**/*.test.*'] },
    { path: '<rootDir>/src/locales/{locale}/documents', include: DOCUMENTS, exclude: ['**/*.test.*'] },
    {
      path: '<rootDir>/src/locales/{locale}/registration',
      include: REGISTRATION,
      exclude: [...DOCUMENTS, '**/*.test.*'],
    },
    { path: '<rootDir>/src/locales/{locale}/family', include: FAMILY, exclude: ['**/*.test.*'] },
    {
      path: '<rootDir>/src/locales/{locale}/staff',
      include: ['<rootDir>/src'],
      exclude: [...FIRST_SCREEN, ...DOCUMENTS, ...REGISTRATION, ...FAMILY, '**/*.test.*'],
    },
  ],
});
