import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportPreview, ImportRow } from '@sp/domain';
import { describe, expect, it, vi } from 'vitest';
import { ImportPreviewTable } from './import-preview-table';
import { renderTranslated } from '../../test/render-with-queries';

const row = (line: number, status: ImportRow['status'], extra: Partial<ImportRow> = {}): ImportRow => ({
  line,
  id: `S${line}`,
  name: `Name${line}, Given`,
  status,
  changes: [],
  errors: [],
  ...extra,
});

const page = (rows: ImportRow[], extra: Partial<ImportPreview> = {}): ImportPreview => ({
  file_name: 'form1.csv',
  counts: { added: 1, changed: 1, unchanged: 1, errors: 250 },
  status: 'all',
  page: 0,
  page_size: 100,
  total: rows.length,
  rows,
  ...extra,
});

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('import preview table', () => {
  it('shows the page it is given, with the reasons of rows in error', () => {
    const errors = [
      row(4, 'error', {
        errors: [{ field: 'date_of_birth', message: 'Enter the date as yyyy-mm-dd or dd/mm/yyyy.' }],
      }),
    ];
    renderTranslated(
      <ImportPreviewTable preview={page(errors, { status: 'error', total: 250 })} onShow={vi.fn()} />,
    );
    // The row, and the line a phone shows under it with the same reasons.
    expect(bodyRows()).toHaveLength(2);
    expect(bodyRows()[1]?.textContent).toContain('Date of Birth: Enter the date');
    expect(bodyRows()[0]?.textContent).toContain(
      'Date of Birth: Enter the date as yyyy-mm-dd or dd/mm/yyyy.',
    );
    expect(screen.getByText('1–100 of 250')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'All rows (253)' })).toBeTruthy();
  });

  it('asks for another status or page, changes shown as old → new', async () => {
    const user = userEvent.setup();
    const onShow = vi.fn();
    const rows = [
      row(3, 'changed', { changes: [{ field: 'class_id', label: 'Class', from: '1A', to: '2B' }] }),
    ];
    renderTranslated(
      <ImportPreviewTable preview={page(rows, { status: 'error', total: 250 })} onShow={onShow} />,
    );
    expect(bodyRows()[0]?.textContent).toContain('Class: 1A → 2B');
    await user.selectOptions(screen.getByLabelText('Show rows'), 'all');
    expect(onShow).toHaveBeenLastCalledWith('all', 0);
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onShow).toHaveBeenLastCalledWith('error', 1);
  });
});
