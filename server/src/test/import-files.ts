import ExcelJS from 'exceljs';
import type { Agent } from './agent.js';
import { ensureClass } from './factories.js';
import { multipart } from './multipart.js';
import { createTestApp, type TestApp } from './test-app.js';
import { houses } from '../db/schema.js';

export const HEADER = 'ID,Last Name,First Name,SEA Number,Class,Date of Birth,House,Entry Date';

/** Classes 1A and 2B, houses RED (Ruby House) and BLUE (Sapphire House). */
async function seedLookups(t: TestApp): Promise<void> {
  await ensureClass(t.database.db, '1A', 1);
  await ensureClass(t.database.db, '2B', 2);
  await t.database.db.insert(houses).values({ id: 'BLUE', name: 'Sapphire House' }).onConflictDoNothing();
}

/** The test app with the lookups and a signed-in administrator. */
export async function openImportApp(): Promise<{ t: TestApp; admin: Agent }> {
  const t = await createTestApp();
  await seedLookups(t);
  return { t, admin: await t.signInAdmin() };
}

export function sendFile(agent: Agent, url: string, name: string, data: Buffer | string) {
  const { body, headers } = multipart({}, { name, data: Buffer.isBuffer(data) ? data : Buffer.from(data) });
  return agent.request('POST', url, { body, headers });
}

export const csv = (...lines: string[]): string => `${lines.join('\r\n')}\r\n`;

/** An XLSX workbook written by exceljs, as Excel would save it. */
export async function xlsx(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
