import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import { Link as RouterLink } from 'react-router';

interface Props {
  title: string;
  description: string;
  to: string;
  icon: SvgIconComponent;
}

/** A dashboard card, 300 to 460 px wide (spec section 9); full width on phones. */
export function DashboardTile({ title, description, to, icon: Icon }: Props) {
  return (
    <Card sx={{ flex: '1 1 300px', minWidth: 'min(300px, 100%)', maxWidth: 460 }}>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', p: 3 }}>
          <Box
            sx={{
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              borderRadius: '50%',
              p: 1.5,
              display: 'flex',
            }}
          >
            <Icon fontSize="large" aria-hidden />
          </Box>
          <Box>
            <Typography variant="h6" component="h2" gutterBottom>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
