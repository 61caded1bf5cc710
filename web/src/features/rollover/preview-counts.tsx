import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ENROLMENT_STATUS_LABELS, type RolloverPreview } from '@sp/domain';
import { ScrollBox } from '../../components/scroll-box';
import { formName } from './next-year-text';
import { Trans, useLingui } from '@lingui/react/macro';

interface CountsProps {
  caption: string;
  keyHeader: string;
  rows: readonly { key: string; before: number; after: number }[];
}

function CountsTable({ caption, keyHeader, rows }: CountsProps) {
  const { t } = useLingui();
  return (
    <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
      <ScrollBox label={t`${caption} table`}>
        <Table
          size="small"
          aria-label={caption}
          // Narrow cells: three columns fit a phone without scrolling.
          sx={{ minWidth: 220, '& .MuiTableCell-root': { px: { xs: 1, sm: 2 }, whiteSpace: 'nowrap' } }}
        >
          <TableHead>
            <TableRow>
              <TableCell component="th">{keyHeader}</TableCell>
              <TableCell component="th" align="right">
                <Trans>Now</Trans>
              </TableCell>
              <TableCell component="th" align="right">
                <Trans>Next year</Trans>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.key}>
                <TableCell component="th" scope="row">
                  {r.key}
                </TableCell>
                <TableCell align="right">{r.before}</TableCell>
                <TableCell align="right">{r.after}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollBox>
    </Box>
  );
}

/** Step 3's numbers: students per form and per class now and next year, and who leaves, by status. */
export function PreviewCounts({ preview }: { preview: RolloverPreview }) {
  const { t } = useLingui();
  const forms = preview.forms.map((f) => ({ ...f, key: formName(f.key) }));
  const yearLabel = preview.year_label;
  const nextYearLabel = preview.next_year_label;
  const repeating = preview.repeating;
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }}>
        <Trans>
          Students now, in {yearLabel}, and next year, in {nextYearLabel}, once the rollover has run:
        </Trans>
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <CountsTable caption={t`Students per form`} keyHeader={t`Form`} rows={forms} />
        <CountsTable caption={t`Students per class`} keyHeader={t`Class`} rows={preview.classes} />
      </Box>
      <Typography variant="h6" component="h3" sx={{ fontSize: '1rem', mt: 2 }}>
        <Trans>Leaving at the end of {yearLabel}</Trans>
      </Typography>
      <Box component="ul" sx={{ mt: 0.5, pl: 3 }}>
        {(Object.keys(preview.leavers) as (keyof RolloverPreview['leavers'])[]).map((s) => (
          <li key={s}>
            {ENROLMENT_STATUS_LABELS[s]}: {preview.leavers[s]}
          </li>
        ))}
        <li>
          <Trans>Repeating the year: {repeating}</Trans>
        </li>
      </Box>
    </>
  );
}
