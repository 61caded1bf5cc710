import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface Props {
  step: number;
  title: string;
  /** The heading's id: names the section, and is where a "fix it" link leads. */
  id: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** One numbered step of the page, a landmark named by its heading. */
export function StepSection({ step, title, id, intro, children }: Props) {
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, mb: 2, maxWidth: 1000, minWidth: 0 }}
    >
      <Typography id={id} variant="h6" component="h2" tabIndex={-1} sx={{ mb: 1, outline: 'none' }}>
        {step}. {title}
      </Typography>
      {intro && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

/** Moves the reader to a section (or an element in it): scrolled into view and focused. */
export function goTo(id: string) {
  const target = document.getElementById(id);
  target?.scrollIntoView?.({ block: 'start' });
  target?.focus();
}
