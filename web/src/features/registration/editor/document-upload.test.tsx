import '../photos/blob-bytes.test-helper';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { FakeXhr, mockXhr } from '../../../test/xhr-mock';
import { STUDENT_ID } from '../../../test/registration-test-data';
import { onePagePdf, openDocuments } from './open-documents.test-helper';

const photoFile = () => new File(['png'], 'portrait.png', { type: 'image/png' });
const storedPhoto = {
  type: 'picture',
  name: 'portrait.png',
  url: `/api/files/${STUDENT_ID}/picture`,
  content_type: 'image/png',
  uploaded_at: '2026-11-01T10:00:00.000Z',
};

const photoCheck = (status: string, reason: string | null, file: unknown) => ({
  type: 'picture',
  status,
  reason,
  checked_by: 'Maria Admin',
  checked_at: '2026-11-02T10:00:00.000Z',
  file,
});

describe('document upload', { timeout: 20_000 }, () => {
  it('sends a chosen file at once, with a progress bar and a Cancel that stops it', async () => {
    const xhr = mockXhr();
    const { section } = await openDocuments();
    const user = userEvent.setup();
    await user.upload(section.getByLabelText('Passport Photo file'), photoFile());

    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    act(() => xhr.sent[0]!.progress(40));
    expect(section.getByRole('progressbar', { name: 'Uploading Passport Photo' })).toBeTruthy();
    await user.click(section.getByRole('button', { name: 'Cancel' }));
    expect(xhr.sent[0]!.aborted).toBe(true);
    expect(section.queryByRole('progressbar')).toBeNull();
    expect(section.getByText('The upload was cancelled.')).toBeTruthy();
  });

  it('asks before leaving the step while an upload is under way', async () => {
    const xhr = mockXhr();
    const { section, router } = await openDocuments();
    const user = userEvent.setup();
    await user.upload(section.getByLabelText('Passport Photo file'), photoFile());
    await waitFor(() => expect(xhr.sent).toHaveLength(1));

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('link', { name: 'Next' }));
    await act(() => vi.advanceTimersByTimeAsync(9000));
    expect(await screen.findByRole('dialog', { name: 'Leave this page?' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/registration/documents');
  });

  it('drops the old success message when Resubmit File is pressed', async () => {
    const xhr = mockXhr();
    const { section } = await openDocuments([storedPhoto]);
    const user = userEvent.setup();
    await user.click(await section.findByRole('button', { name: 'Resubmit File' }));
    await user.upload(section.getByLabelText('Passport Photo file'), photoFile());
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    // The server keeps the PNG photo as a JPEG (D46) and says so: the message names the kept file.
    act(() => xhr.sent[0]!.answer(200, { message: 'Uploaded the file successfully: portrait.jpg' }));
    expect(await section.findByText('Uploaded the file successfully: portrait.jpg')).toBeTruthy();

    await user.click(await section.findByRole('button', { name: 'Resubmit File' }));
    expect(section.queryByText('Uploaded the file successfully: portrait.jpg')).toBeNull();
  });

  it('gives the file box no tab stop of its own: the Choose file button is the one', async () => {
    mockXhr();
    const { section } = await openDocuments();
    expect(section.getByLabelText('Passport Photo file').tabIndex).toBe(-1);
    expect(section.getByRole('button', { name: /Choose file/ })).toBeTruthy();
  });

  it('offers the upload of a rejected photo, with its reason, while registration is closed (D42)', async () => {
    mockXhr();
    const checks = [photoCheck('rejected', 'The photo is too dark.', storedPhoto)];
    const { section } = await openDocuments([storedPhoto], checks, 0);
    expect(
      await section.findByText(/The photo is too dark\. Please upload it again: registration is closed/),
    ).toBeTruthy();
    expect(section.getByRole('button', { name: /Choose file/ })).toBeTruthy();
    expect(section.queryByRole('button', { name: 'Resubmit File' })).toBeNull();
  });

  it('shows an original received on paper as received, with nothing to upload', async () => {
    mockXhr();
    const { section } = await openDocuments([], [photoCheck('received', null, null)]);
    expect(await section.findByText(/Received by the school\. Nothing needs to be uploaded\./)).toBeTruthy();
    expect(section.queryByRole('button', { name: /Choose file/ })).toBeNull();
    expect(section.queryByText('No file was uploaded.')).toBeNull();
  });

  it('joins the pages added after the first into one PDF, sent only when Upload is pressed', async () => {
    const bodies: (FormData | undefined)[] = [];
    mockXhr();
    vi.stubGlobal(
      'XMLHttpRequest',
      class extends FakeXhr {
        override send(body?: FormData): void {
          bodies.push(body);
          super.send();
        }
      },
    );
    const { sectionOf, router } = await openDocuments();
    const birth = await sectionOf('Birth Certificate');
    const user = userEvent.setup();
    await user.upload(birth.getByLabelText('Birth Certificate file'), await onePagePdf('front.pdf'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]!.answer(200, { message: 'Uploaded the file successfully: front.pdf' }));

    await user.upload(
      await birth.findByLabelText('Birth Certificate another page'),
      await onePagePdf('back.pdf'),
    );
    const pages = await birth.findByRole('list', { name: 'Birth Certificate pages' });
    expect(within(pages).getAllByText(/PDF, 1 page/)).toHaveLength(2);
    expect(FakeXhr.sent).toHaveLength(1);
    // Pages not yet sent are work that leaving would lose (D14).
    fireEvent.click(screen.getByRole('link', { name: 'Next' }));
    expect(await screen.findByRole('dialog', { name: 'Leave this page?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe('/registration/documents');

    await user.click(await birth.findByRole('button', { name: 'Upload 2 pages as one PDF' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    const joined = bodies[1]!.get('file') as File;
    expect(joined.name).toBe('birth-certificate.pdf');
    const pdf = await PDFDocument.load(await joined.arrayBuffer());
    expect(pdf.getPageCount()).toBe(2);
  });

  it('takes a page off the list with Remove, and refuses a page it cannot join', async () => {
    mockXhr();
    const { sectionOf } = await openDocuments();
    const birth = await sectionOf('Birth Certificate');
    const user = userEvent.setup();
    await user.upload(birth.getByLabelText('Birth Certificate file'), await onePagePdf('front.pdf'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]!.answer(200, { message: 'Uploaded the file successfully: front.pdf' }));
    const another = await birth.findByLabelText('Birth Certificate another page');

    await user.upload(another, new File(['not a picture'], 'scan.png', { type: 'image/png' }));
    expect(await birth.findByText(/only photos \(JPEG, PNG, HEIC\) and PDF files can/)).toBeTruthy();
    await user.upload(another, await onePagePdf('back.pdf'));
    const pages = await birth.findByRole('list', { name: 'Birth Certificate pages' });
    await user.click(within(pages).getByRole('button', { name: 'Remove page 2' }));
    expect(birth.queryByRole('list', { name: 'Birth Certificate pages' })).toBeNull();
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('refuses pages that together are over the school limit before sending them', async () => {
    mockXhr();
    const { sectionOf } = await openDocuments([], [], 1, 1);
    const birth = await sectionOf('Birth Certificate');
    const user = userEvent.setup();
    await user.upload(birth.getByLabelText('Birth Certificate file'), paddedPdf('front.pdf', 600_000));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]!.answer(200, { message: 'Uploaded the file successfully: front.pdf' }));
    await user.upload(
      await birth.findByLabelText('Birth Certificate another page'),
      paddedPdf('back.pdf', 600_000),
    );
    await user.click(await birth.findByRole('button', { name: 'Upload 2 pages as one PDF' }));
    expect(await birth.findByText(/The pages together come to 1\.\d MB, more than the 1 MB/)).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(1);
  });
});

/** A one-page PDF whose page carries `padding` bytes of comments: a scan's weight without its pixels. */
function paddedPdf(name: string, padding: number): File {
  const content = `% ${'x'.repeat(padding)}\nBT /F1 24 Tf 72 700 Td (Page) Tj ET\n`;
  const pdf =
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/MediaBox[0 0 612 792]/Parent 2 0 R/Contents 4 0 R>>endobj\n' +
    `4 0 obj<</Length ${content.length}>>stream\n${content}endstream endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`;
  return new File([pdf], name, { type: 'application/pdf' });
}
