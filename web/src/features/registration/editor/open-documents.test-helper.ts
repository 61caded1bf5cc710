import { screen, within } from '@testing-library/react';
import { PDFDocument } from 'pdf-lib';
import { defaultSettings, json } from '../../../test/fetch-mock';
import { renderApp, signInAsStudent } from '../../../test/render-app';
import { STUDENT_ID, mockRegistration } from '../../../test/registration-test-data';

/** The documents step as a signed-in student sees it, with these files and checks on record. */
export async function openDocuments(
  files: unknown[] = [],
  checks: unknown[] = [],
  open: 0 | 1 = 1,
  maxMb = 10,
) {
  mockRegistration(
    { status: { open, deadline: null } },
    {
      [`GET /api/get-files/${STUDENT_ID}`]: () => json(files),
      [`GET /api/document-checks/${STUDENT_ID}`]: () => json(checks),
      'GET /api/settings/public': () => json({ ...defaultSettings, upload_max_mb: maxMb }),
    },
  );
  signInAsStudent(STUDENT_ID, 'Ada Lovelace');
  const view = renderApp('/registration/documents');
  await screen.findByRole('heading', { name: 'Documents', level: 1 });
  const sectionOf = async (title: string) =>
    within((await screen.findByRole('heading', { name: title })).closest('section')!);
  return { ...view, section: await sectionOf('Passport Photo'), sectionOf };
}

export async function onePagePdf(name: string): Promise<File> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  return new File([(await pdf.save()) as Uint8Array<ArrayBuffer>], name, { type: 'application/pdf' });
}
