import TableContainer from '@mui/material/TableContainer';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways inside its own box on a narrow screen; the box can take focus so the
 * keyboard can scroll it too (WCAG 2.1.1, axe "scrollable-region-focusable").
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label={label} sx={{ overflowX: 'auto' }}>
      {children}
    </TableContainer>
  );
}
