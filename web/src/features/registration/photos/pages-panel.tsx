import NoteAddIcon from '@mui/icons-material/NoteAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { FilePickButton } from '../../../components/file-pick-button';
import { MAX_PAGES, PAGE_ACCEPT } from './messages';
import { PageList } from './page-list';
import type { usePhotoPages } from './use-photo-pages';

interface Props {
  label: string;
  pages: ReturnType<typeof usePhotoPages>;
  busy: boolean;
}

/** Add another page, and the pages waiting to be sent together as one PDF. */
export function PagesPanel({ label, pages, busy }: Props) {
  const { t } = useLingui();
  const { pages: items, unsent } = pages;
  const count = items.length;
  const root = useRef<HTMLDivElement>(null);
  // Focus would fall to the page's body with the removed button: it moves to the Remove now in its place,
  // else the one before it, else the panel's first button (Upload, or Add another page once none is left).
  const focusAt = useRef<number | null>(null);
  useEffect(() => {
    if (focusAt.current === null) return;
    const removes = root.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]') ?? [];
    const next = removes[Math.min(focusAt.current, removes.length - 1)];
    focusAt.current = null;
    (next ?? root.current?.querySelector('button'))?.focus();
  }, [items]);
  const remove = (id: number, index: number) => {
    focusAt.current = index;
    pages.remove(id);
  };
  const addButton = items.length > 0 && items.length < MAX_PAGES && (
    <FilePickButton
      icon={<NoteAddIcon />}
      inputLabel={t`${label} another page`}
      accept={PAGE_ACCEPT}
      disabled={busy}
      onFile={pages.add}
    >
      {t`Add another page`}
    </FilePickButton>
  );
  if (!unsent) return addButton ? <Box ref={root}>{addButton}</Box> : null;
  return (
    <Box ref={root} sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="body2">
        {count > 1
          ? t`These ${count} pages are sent together as one PDF. They are not sent yet.`
          : t`This page is not sent yet.`}
      </Typography>
      <PageList label={label} pages={items} onRemove={remove} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" onClick={pages.upload} disabled={busy}>
          {count > 1 ? t`Upload ${count} pages as one PDF` : t`Upload`}
        </Button>
        {addButton}
      </Box>
    </Box>
  );
}
