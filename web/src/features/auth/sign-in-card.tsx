import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useSchoolMotto, useSchoolName } from '../../api/settings';
import { SchoolLogo } from '../../components/school-logo';

interface Props {
  subtitle: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The card both sign-in screens share: crest, school name, what this sign-in is for. */
export function SignInCard({ subtitle, children, footer }: Props) {
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
      {footer}
    </Box>
  );
}
