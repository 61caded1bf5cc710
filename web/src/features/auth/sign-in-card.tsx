import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useSchoolMotto, useSchoolName } from '../../api/settings';
import { SchoolLogo } from '../../components/school-logo';
import { LanguageSwitch } from '../../i18n/language-switch';

interface Props {
  subtitle: string;
  children: ReactNode;
  footer?: ReactNode;
  /** The English · Español switch: the family's sign-in pages (the staff area is English). */
  languages?: boolean;
}

/** The card both sign-in screens share: crest, school name, what this sign-in is for. */
export function SignInCard({ subtitle, children, footer, languages = true }: Props) {
  const schoolName = useSchoolName();
  const motto = useSchoolMotto();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 2,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 420 }} elevation={3}>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 3, gap: 1 }}>
            <SchoolLogo size={56} />
            <Typography variant="h5" component="h1" align="center">
              {schoolName}
            </Typography>
            {motto && (
              <Typography variant="body2" component="p" align="center" sx={{ fontStyle: 'italic' }}>
                {motto}
              </Typography>
            )}
            <Typography variant="subtitle1" component="p" color="text.secondary">
              {subtitle}
            </Typography>
          </Box>
          {children}
        </CardContent>
      </Card>
      {languages && <LanguageSwitch />}
      {footer}
    </Box>
  );
}
