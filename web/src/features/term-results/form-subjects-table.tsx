import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SubjectList } from '@sp/domain';
import { ScrollBox } from '../../components/scroll-box';
import { WeightCell, type FormSubject } from './subject-weight-cell';
import type { OfferBody } from './use-subject-changes';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  form: number;
  termId: number | null;
  /** The rows that apply to the term, in the order shown. */
  rows: readonly FormSubject[];
  byId: ReadonlyMap<number, SubjectList['subjects'][number]>;
  onSave: (b: OfferBody) => void;
  onRemove: (id: number) => void;
}

/** A form's subjects with their weights; only a row of the term chosen (or of every term) can be removed. */
export function FormSubjectsTable({ form, termId, rows, byId, onSave, onRemove }: Props) {
  const { t } = useLingui();
  return (
    <ScrollBox label={t`Subjects of the form, scrollable`}>
      <Table size="small" aria-label={t`Subjects of form ${form}`}>
        <TableHead>
          <TableRow>
            <TableCell>
              <Trans>Subject</Trans>
            </TableCell>
            <TableCell>
              <Trans>Weights</Trans>
            </TableCell>
            <TableCell>
              <Trans>Remove</Trans>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const s = byId.get(row.subject_id);
            const title = s?.title ?? '';
            return (
              <TableRow key={`${row.id}-${termId}`}>
                <TableCell>
                  {s?.title} ({s?.code})
                  {termId !== null && row.term_id === null && (
                    <Typography variant="caption" component="div">
                      <Trans>as every term</Trans>
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <WeightCell
                    key={`${row.id}-${row.course_weight}`}
                    row={row}
                    termId={termId}
                    onSave={onSave}
                  />
                </TableCell>
                <TableCell>
                  {row.term_id === termId && (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => onRemove(row.id)}
                      aria-label={t`Remove ${title}`}
                    >
                      <Trans>Remove</Trans>
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={3}>
                <Trans>Form {form} takes no subjects yet.</Trans>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </ScrollBox>
  );
}
