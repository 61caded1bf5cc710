import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportRow } from '@sp/domain';
import { describe, expect, it } from 'vitest';
import { ImportPreviewTable } from './import-preview-table';

const row = (line: number, status: ImportRow['status'], extra: Partial<ImportRow> = {}): ImportRow => ({
  line,
  id: `S${line}`,
  name: `Name${line}, Given`,
  status,
  changes: [],
  errors: [],
  ...extra,
});

const rows: ImportRow[] = [
  row(2, 'new'),
  row(3, 'changed', { changes: [{ field: 'class_id', label: 'Class', from: '1A', to: '2B' }] }),
  row(4, 'error', {
    errors: [{ field: 'date_of_birth', message: 'Enter the date as yyyy-mm-dd or dd/mm/yyyy.' }],
  }),
  row(5, 'unchanged'),
];

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('import preview table', () => {
  it('shows the rows with errors first, with their reasons', () => {
    render(<ImportPreviewTable rows={rows} />);
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]?.textContent).toContain(
      'Date of Birth: Enter the date as yyyy-mm-dd or dd/mm/yyyy.',
    );
  });

  it('shows every row, changes as old → new', async () => {
    const user = userEvent.setup();
    render(<ImportPreviewTable rows={rows} />);
    await user.selectOptions(screen.getByLabelText('Show rows'), 'all');
    expect(bodyRows().map((r) => r.firstElementChild?.textContent)).toEqual(['2', '3', '4', '5']);
    expect(bodyRows()[1]?.textContent).toContain('Class: 1A → 2B');
  });
});
