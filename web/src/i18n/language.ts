import { i18n, type Messages } from '@lingui/core';

/** The languages the family side speaks, each named in itself (as a switch shows them). */
export const LANGUAGES = { en: 'English', es: 'Español' } as const;
export type Language = keyof typeof LANGUAGES;

const STORED = 'sp-language';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && Object.hasOwn(LANGUAGES, value);

/** The language chosen on this browser before, else the first of the browser's languages the portal speaks. */
export function detectLanguage(): Language {
  const stored = readStored();
  if (stored) return stored;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

function readStored(): Language | null {
  try {
    const value = localStorage.getItem(STORED);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

type Catalogue = () => Promise<{ messages: Messages }[]>;

// The catalogues of each language (lingui.config.ts): the sign-in pages' own, small, before the first screen;
// the rest with the first signed-in screen's code.
const FIRST_SCREEN: Record<Language, Catalogue> = {
  en: async () => [await import('../locales/en/first-screen.po')],
  es: async () => [await import('../locales/es/first-screen.po')],
};
const REST: Record<Language, Catalogue> = {
  en: () =>
    Promise.all([
      import('../locales/en/registration.po'),
      import('../locales/en/documents.po'),
      import('../locales/en/family.po'),
      import('../locales/en/staff.po'),
    ]),
  es: () =>
    Promise.all([
      // The staff area is English (D53): its catalogue has no Spanish, so a Spanish tab carries the English one.
      // First, and the sign-in pages' Spanish again after it: a message's ID is made from its English, so a staff
      // text that a family screen says too ("Logout", "Password") must not replace the family's Spanish.
      import('../locales/en/staff.po'),
      import('../locales/es/first-screen.po'),
      import('../locales/es/registration.po'),
      import('../locales/es/documents.po'),
      import('../locales/es/family.po'),
    ]),
};

const loaded = new Map<string, Promise<void>>();
let restWanted = false;
/** The language a `setLanguage` under way is loading: the one the catalogues wanted meanwhile are for. */
let switchingTo: Language | null = null;

function load(language: Language, part: 'first' | 'rest'): Promise<void> {
  const key = `${language}:${part}`;
  let loading = loaded.get(key);
  if (!loading) {
    const catalogue = (part === 'first' ? FIRST_SCREEN : REST)[language];
    loading = catalogue()
      .then((files) => {
        const messages: Messages = {};
        for (const file of files) Object.assign(messages, file.messages);
        i18n.load(language, messages);
      })
      .catch((error: unknown) => {
        loaded.delete(key);
        throw error;
      });
    loaded.set(key, loading);
  }
  return loading;
}

/**
 * Switches the app to a language: its catalogues loaded first (the rest too once a signed-in screen wanted
 * it), then every translated text re-rendered, the page's `lang` set and the choice kept on this browser.
 */
export async function setLanguage(language: Language, remember = true): Promise<void> {
  switchingTo = language;
  await Promise.all([load(language, 'first'), ...(restWanted ? [load(language, 'rest')] : [])]);
  // A signed-in screen may have wanted the rest meanwhile (start-up fetches its chunks beside this catalogue).
  if (restWanted) await load(language, 'rest');
  if (switchingTo === language) switchingTo = null;
  i18n.activate(language);
  document.documentElement.lang = language;
  if (!remember) return;
  try {
    localStorage.setItem(STORED, language);
  } catch {
    // A browser that keeps nothing still shows the language for this visit.
  }
}

/** The signed-in screens' catalogue of the language in use: a lazy screen waits for it with its code. */
export function loadRestCatalogue(): Promise<void> {
  restWanted = true;
  return load(switchingTo ?? currentLanguage(), 'rest');
}

export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : 'en');
