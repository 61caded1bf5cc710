// The catalogue check (CI runs it with the lint): the catalogues hold exactly the messages the code uses, every
// Spanish message is translated, and each translation has the same placeholders as its English.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const web = join(import.meta.dirname, '..');
const localesDir = join(web, 'src', 'locales');
const files = readdirSync(localesDir).flatMap((locale) =>
  readdirSync(join(localesDir, locale))
    .filter((name) => name.endsWith('.po'))
    .map((name) => join(localesDir, locale, name)),
);
const problems = [];

// 1. Extracting again changes nothing: no message missing from a catalogue, none left that the code no longer uses.
const before = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
const extract = spawnSync('npx', ['lingui', 'extract', '--clean'], { cwd: web, encoding: 'utf8' });
if (extract.status !== 0) problems.push(`lingui extract failed:\n${extract.stdout}\n${extract.stderr}`);
for (const [file, text] of before)
  if (readFileSync(file, 'utf8') !== text)
    problems.push(`${file}: out of date with the code (now updated by the check: translate and commit it)`);

/**
 * The entries of a PO file as [msgid, msgstr] pairs, every one (a domain text and a macro may share their
 * English, one translated and the other not), the header (whose msgid is empty) left out.
 */
function entries(text) {
  const found = [];
  let current = null;
  const unquote = (s) => JSON.parse(s);
  for (const line of text.split('\n')) {
    const start = /^(msgid|msgstr) (".*")$/.exec(line);
    if (start) {
      if (start[1] === 'msgid') found.push([unquote(start[2]), '']);
      else found.at(-1)[1] = unquote(start[2]);
      current = start[1];
    } else if (/^".*"$/.test(line) && current) found.at(-1)[current === 'msgid' ? 0 : 1] += unquote(line);
    else current = null;
  }
  return found.filter(([id]) => id !== '');
}

/** An ICU message's argument names ({name}, {count, plural, …}) and rich-text tags (<0>…</0>), sorted. */
const placeholders = (message) =>
  [...message.matchAll(/\{\s*(\w+)\s*[,}]|<(\/?\d+\/?)>/g)]
    .map((m) => m[1] ?? `<${m[2]}>`)
    .sort()
    .join(',');

// 2. Every Spanish message translated, with its English placeholders. The staff area stays English (D53): its
// catalogue is kept in English only (i18n/language.ts loads the English one for a Spanish tab too), and its
// Spanish file, which extraction keeps in step, must stay untranslated so nobody mistakes it for one in use.
const englishOnly = join('locales', 'es', 'staff.po');
for (const file of files.filter((f) => f.endsWith(englishOnly)))
  for (const [english, spanish] of entries(readFileSync(file, 'utf8')))
    if (spanish)
      problems.push(`${file}: the staff area is English only, yet translated: ${JSON.stringify(english)}`);
for (const file of files.filter((f) => f.includes(`${join('locales', 'es')}`) && !f.endsWith(englishOnly))) {
  for (const [english, spanish] of entries(readFileSync(file, 'utf8'))) {
    if (!spanish) problems.push(`${file}: not translated: ${JSON.stringify(english)}`);
    else if (placeholders(english) !== placeholders(spanish))
      problems.push(`${file}: placeholders differ: ${JSON.stringify(english)} → ${JSON.stringify(spanish)}`);
  }
}

if (problems.length) {
  console.error(`The catalogues have ${problems.length} problem(s):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`Catalogues complete: ${files.length} files, English and Spanish alike.`);
