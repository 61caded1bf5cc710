import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, csvFile, type ImportField } from '@sp/domain';

const DATE_FIELDS = new Set<ImportField>(['date_of_birth', 'entry_date']);

/** The header row only: an example row would be imported by whoever forgot to delete it. */
export function importTemplateCsv(): string {
  return csvFile([IMPORT_COLUMNS.map((c) => c.label)]);
}

/** The same columns; dates formatted as dates, IDs and SEA numbers as text so leading zeros survive. */
export async function importTemplateXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Students');
  sheet.columns = IMPORT_COLUMNS.map((c) => ({
    header: c.label,
    key: c.name,
    width: Math.max(14, c.label.length + 4),
    style: {
      numFmt: DATE_FIELDS.has(c.name)
        ? 'yyyy-mm-dd'
        : c.name === 'id' || c.name === 'sea_no'
          ? '@'
          : 'General',
    },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
