import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentUserQuery, saveLanguage, useCurrentUser } from '../api/me';
import { currentLanguage, isLanguage, setLanguage, type Language } from './language';

/**
 * A signed-in family's pages follow the language the account chose (on any browser): once GET /api/me answers,
 * a saved language other than the page's wins over what this browser detected or kept. It is not kept on the
 * browser: the next person to sign in here (a child after a parent) starts from the browser's own choice.
 */
export function useAccountLanguage(): void {
  const saved = useCurrentUser().data?.language;
  useEffect(() => {
    if (isLanguage(saved) && saved !== currentLanguage()) void setLanguage(saved, false);
  }, [saved]);
}

/** Switches a signed-in family's pages to a language and saves it on the account, for its other browsers. */
export function useChooseLanguage(): (language: Language) => Promise<void> {
  const queryClient = useQueryClient();
  return async (language) => {
    await setLanguage(language);
    await saveLanguage(language);
    // The account's language now matches the page, so the sign-in rule above has nothing to undo.
    queryClient.setQueryData(currentUserQuery.queryKey, (me) => me && { ...me, language });
  };
}
