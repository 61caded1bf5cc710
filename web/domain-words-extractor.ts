import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ExtractorType } from '@lingui/conf';

/**
 * Texts the domain package writes in English (field labels, hints, error messages, the server's answers) reach
 * the family's screen as strings, not macros. A `*.domain-words.ts` file in the web app names which of them a
 * catalogue holds, in an export `TRANSLATED` (strings, or objects and arrays of them); this extractor loads it
 * and adds each string with the English text as its ID, so `i18n._(text)` finds its Spanish.
 */
export const domainWordsExtractor: ExtractorType = {
  match: (filename) => filename.endsWith('.domain-words.ts'),
  async extract(filename, _code, onMessageExtracted) {
    const { tsImport } = await import('tsx/esm/api');
    const tsconfig = fileURLToPath(new URL('./tsconfig.json', import.meta.url));
    const module = (await tsImport(pathToFileURL(filename).href, {
      parentURL: import.meta.url,
      tsconfig,
    })) as { TRANSLATED?: unknown };
    if (module.TRANSLATED === undefined) throw new Error(`${filename} exports no TRANSLATED`);
    for (const text of new Set(stringsIn(module.TRANSLATED)))
      onMessageExtracted({ id: text, message: text, origin: [filename, 1] });
  },
};

function* stringsIn(value: unknown): Generator<string> {
  if (typeof value === 'string') {
    if (value.trim() !== '') yield value;
  } else if (Array.isArray(value)) {
    for (const item of value) yield* stringsIn(item);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) yield* stringsIn(item);
  }
}
