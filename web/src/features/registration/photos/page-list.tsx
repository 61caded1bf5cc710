import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { photoMessages, readableSize } from './messages';
import { useDataUrl } from './use-data-url';
import type { PageItem } from './use-photo-pages';

function Thumbnail({ file }: { file: File }) {
  const url = useDataUrl(file);
  return url ? (
    <img src={url} alt="" style={{ width: 56, height: 72, objectFit: 'cover', borderRadius: 4 }} />
  ) : null;
}

/** The pages collected for one document, in order, each with what it is and a way to remove it. */
export function PageList({
  label,
  pages,
  onRemove,
}: {
  label: string;
  pages: PageItem[];
  /** The page at this place in the list is removed. */
  onRemove: (id: number, index: number) => void;
}) {
  const { t } = useLingui();
  return (
    <Box
      component="ol"
      aria-label={t`${label} pages`}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
    >
      {pages.map((item, index) => (
        <Box
          component="li"
          key={item.id}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            p: 1,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          {item.page.kind === 'pdf' ? (
            <Box
              sx={{
                width: 56,
                height: 72,
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'grey.100',
                borderRadius: 1,
              }}
            >
              <PictureAsPdfIcon color="error" />
            </Box>
          ) : (
            <Thumbnail file={item.page.file} />
          )}
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t`Page ${index + 1}`}
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {item.page.kind === 'pdf' ? photoMessages.pdfPages(item.pdfPages ?? 1) : t`Photo`},{' '}
              {readableSize(item.page.file.size)}
            </Typography>
          </Box>
          <IconButton
            data-remove
            aria-label={t`Remove page ${index + 1}`}
            onClick={() => onRemove(item.id, index)}
          >
            <DeleteOutlinedIcon />
          </IconButton>
        </Box>
      ))}
    </Box>
  );
}
