import { useEffect } from 'react';
import { currentLanguage, detectLanguage, setLanguage } from './language';

/**
 * The staff area is English (D53): its sign-in page and screens switch the page back from a family's Spanish
 * on a shared computer, without touching the browser's kept choice.
 */
export function useStaffEnglish(): void {
  useEffect(() => {
    if (currentLanguage() !== 'en') void setLanguage('en', false);
  }, []);
}

/** The family's sign-in pages speak the browser's language again after a visit to the staff area. */
export function useBrowserLanguage(): void {
  useEffect(() => {
    const language = detectLanguage();
    if (currentLanguage() !== language) void setLanguage(language, false);
  }, []);
}
