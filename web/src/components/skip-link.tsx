import Link from '@mui/material/Link';
import { Trans } from '@lingui/react/macro';

/** The first stop for keyboard users: straight to the page content (WCAG 2.4.1). */
export function SkipLink({ target = 'main-content' }: { target?: string }) {
  return (
    <Link
      href={`#${target}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 'tooltip',
        bgcolor: 'background.paper',
        px: 2,
        py: 1,
        '&:focus': { top: 8 },
      }}
    >
      <Trans>Skip to main content</Trans>
    </Link>
  );
}
