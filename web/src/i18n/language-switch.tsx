import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { LANGUAGES, isLanguage, setLanguage, type Language } from './language';

/**
 * "English · Español": each language named in itself, so a parent who reads only one finds it. The choice is
 * kept on this browser; a signed-in family's account remembers it too (`onChosen`).
 */
export function LanguageSwitch({ onChosen }: { onChosen?: (language: Language) => void }) {
  const { i18n } = useLingui();
  const [switching, setSwitching] = useState(false);
  const current = isLanguage(i18n.locale) ? i18n.locale : 'en';
  const choose = (language: Language) => {
    setSwitching(true);
    void setLanguage(language)
      .then(() => onChosen?.(language))
      .finally(() => setSwitching(false));
  };
  return (
    <Box
      component="nav"
      aria-label="Language · Idioma"
      sx={{ display: 'flex', justifyContent: 'center', gap: 1 }}
    >
      {(Object.keys(LANGUAGES) as Language[]).map((language) => (
        <Button
          key={language}
          size="small"
          lang={language}
          aria-current={language === current ? 'true' : undefined}
          disabled={switching}
          onClick={() => choose(language)}
          color={language === current ? 'primary' : 'inherit'}
          sx={{ fontWeight: language === current ? 700 : 400, textTransform: 'none' }}
        >
          {LANGUAGES[language]}
        </Button>
      ))}
    </Box>
  );
}
