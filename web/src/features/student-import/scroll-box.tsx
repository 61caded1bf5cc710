import TableContainer from '@mui/material/TableContainer';
import type { ReactNode } from 'react';

/**
 * Shadows on the edge a table continues past: the white covers scroll with the content, the shadows stay
 * with the box, so a shadow shows only where more columns wait (no script, no layout change).
 */
const edgeShadows = {
  background: [
    'linear-gradient(to right, #fff 30%, rgba(255,255,255,0)) left / 40px 100% no-repeat local',
    'linear-gradient(to left, #fff 30%, rgba(255,255,255,0)) right / 40px 100% no-repeat local',
    'radial-gradient(farthest-side at 0 50%, rgba(0,0,0,.22), rgba(0,0,0,0)) left / 14px 100% no-repeat scroll',
    'radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,.22), rgba(0,0,0,0)) right / 14px 100% no-repeat scroll',
  ].join(', '),
  backgroundColor: '#fff',
};

/**
 * A table that scrolls sideways inside its own box on a narrow screen, with a shadow on the side where
 * columns continue; the box can take focus so the keyboard can scroll it too (WCAG 2.1.1, axe
 * "scrollable-region-focusable").
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={label}
      sx={{ overflowX: 'auto', ...edgeShadows, '& .MuiTableCell-root': { backgroundColor: 'transparent' } }}
    >
      {children}
    </TableContainer>
  );
}
