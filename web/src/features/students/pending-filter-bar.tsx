import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { PendingStudent } from '@sp/domain';
import { useState } from 'react';
import { itemLabel } from './completion-items';
import type { PendingFilter } from './api/get-completion';

interface Props {
  filter: PendingFilter;
  students: PendingStudent[] | undefined;
  onClear: () => void;
}

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The list for the form teacher: ID, last name, first name, class, what is missing. */
export function pendingCsv(filter: PendingFilter, students: PendingStudent[]): string {
  const missing = itemLabel(filter.item);
  const rows = [
    ['ID', 'Last Name', 'First Name', 'Class', 'Not done'],
    ...students.map((s) => [s.id, s.last_name, s.first_name, s.class_id ?? '', missing]),
  ];
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Above the table while it shows only who has not done something: what, for whom, and the list to share. */
export function PendingFilterBar({ filter, students, onClear }: Props) {
  const [copied, setCopied] = useState(false);
  const where =
    filter.classId === null ? '' : filter.classId === '' ? ' with no class' : ` in ${filter.classId}`;
  const what = `${itemLabel(filter.item)} not done${where}`;
  const csv = students ? pendingCsv(filter, students) : '';
  const download = () => {
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${what}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Alert
      severity="info"
      sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }}
      action={
        <Button color="inherit" size="small" onClick={onClear} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          Show all
        </Button>
      }
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <span role="status">
          {what}: {students ? `${students.length} student${students.length === 1 ? '' : 's'}` : 'loading…'}
        </span>
        <Button
          size="small"
          disabled={!students}
          onClick={() => void navigator.clipboard?.writeText(csv).then(() => setCopied(true))}
        >
          {copied ? 'Copied' : 'Copy list'}
        </Button>
        <Button size="small" disabled={!students} onClick={download}>
          Download CSV
        </Button>
      </Box>
    </Alert>
  );
}
