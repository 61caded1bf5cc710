import CheckIcon from '@mui/icons-material/Check';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { errorMessage } from '../api/client';
import { useChooseLanguage } from './account-language';
import { LANGUAGES, currentLanguage, type Language } from './language';

/**
 * The avatar menu's "Language · Idioma" (both words, so a parent who reads only one finds it): each language
 * named in itself; the choice switches the page and is saved on the account for its other browsers.
 */
export function LanguageMenuItems() {
  const { t } = useLingui();
  const choose = useChooseLanguage();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const current = currentLanguage();
  const pick = (language: Language) => {
    setBusy(true);
    setFailure(null);
    choose(language)
      .catch((error: unknown) => setFailure(errorMessage(error)))
      .finally(() => setBusy(false));
  };
  return [
    <Divider key="divider" component="li" />,
    // Presentation: a menu holds only its items; each item names its language in itself anyway.
    <ListSubheader key="heading" component="li" role="presentation" sx={{ lineHeight: 2.5 }}>
      Language · Idioma
    </ListSubheader>,
    ...(Object.keys(LANGUAGES) as Language[]).map((language) => (
      <MenuItem
        key={language}
        lang={language}
        role="menuitemradio"
        aria-checked={language === current}
        disabled={busy}
        onClick={() => pick(language)}
      >
        <ListItemIcon>{language === current && <CheckIcon fontSize="small" />}</ListItemIcon>
        <ListItemText>{LANGUAGES[language]}</ListItemText>
      </MenuItem>
    )),
    ...(failure
      ? [
          <Typography
            key="failure"
            component="li"
            role="alert"
            color="error"
            variant="body2"
            sx={{ px: 2, maxWidth: 280 }}
          >
            {t`Not saved on your account: ${failure}`}
          </Typography>,
        ]
      : []),
  ];
}
