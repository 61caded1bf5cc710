import type { AdminStudent } from '@sp/domain';
import { useMemo } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table';
import { useStudents } from './api/get-students';

const isoDate = (value: string | null): string =>
  value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : '';

const columns: readonly DataColumn<AdminStudent>[] = [
  { key: 'id', header: 'ID', value: (s) => s.id, width: 120 },
  { key: 'name', header: 'Name', value: (s) => s.name },
  { key: 'class_id', header: 'Class', value: (s) => s.class_id ?? '', width: 100 },
  { key: 'date_of_birth', header: 'Date of Birth', value: (s) => isoDate(s.date_of_birth), width: 140 },
  // D10: the spec's "Birth Certicate Pin", spelt right.
  {
    key: 'birth_certificate_no',
    header: 'Birth Certificate Pin',
    value: (s) => s.birth_certificate_no ?? '',
    width: 190,
  },
];

/** The admin dashboard's 'Students' table: newest update first, searchable, every row reachable. */
export function StudentsTable() {
  const students = useStudents();
  const rows = useMemo(
    () => students.data && [...students.data].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
    [students.data],
  );
  return (
    <DataTable
      label="Students"
      columns={columns}
      rows={rows}
      rowKey={(s) => s.id}
      searchLabel="Search students"
      loading={students.isPending}
      error={students.error}
      onRetry={() => void students.refetch()}
      emptyText="No students yet."
      footer={`Total Number of Students: ${rows ? rows.length : '-'}`}
    />
  );
}
