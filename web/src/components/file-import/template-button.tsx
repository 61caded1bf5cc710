import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

/** A template file to fill in, downloaded by the browser from its link. */
export function TemplateButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button href={href} download startIcon={<FileDownloadIcon />}>
      {children}
    </Button>
  );
}
