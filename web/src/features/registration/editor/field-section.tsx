import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useId } from 'react';

interface Props {
  title: string;
  children: ReactNode;
  /** A list of checkboxes: announced as a group named by the heading. */
  group?: boolean;
}

/** A titled part of a step card. */
export function FieldSection({ title, children, group = false }: Props) {
  const headingId = useId();
  return (
    <Box {...(group ? { role: 'group', 'aria-labelledby': headingId } : {})} sx={{ mt: 3 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
