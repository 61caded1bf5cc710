import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fetch-mock';
import { renderApp, signInAsStudent } from '../../../test/render-app';
import { mockXhr } from '../../../test/xhr-mock';
import { STUDENT_ID, mockRegistration } from '../../../test/registration-test-data';

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

async function openDocuments(files: unknown[] = [], checks: unknown[] = [], open: 0 | 1 = 1) {
  mockRegistration(
    { status: { open, deadline: null } },
    {
      [`GET /api/get-files/${STUDENT_ID}`]: () => json(files),
      [`GET /api/document-checks/${STUDENT_ID}`]: () => json(checks),
    },
  );
  signInAsStudent(STUDENT_ID, 'Ada Lovelace');
  const view = renderApp('/registration/documents');
  await screen.findByRole('heading', { name: 'Documents', level: 1 });
  const section = (await screen.findByRole('heading', { name: 'Passport Photo' })).closest('section')!;
  return { ...view, section: within(section) };
}

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
    act(() => xhr.sent[0]!.answer(200, { message: 'Uploaded the file successfully: portrait.png' }));
    expect(await section.findByText('Uploaded the file successfully: portrait.png')).toBeTruthy();

    await user.click(await section.findByRole('button', { name: 'Resubmit File' }));
    expect(section.queryByText('Uploaded the file successfully: portrait.png')).toBeNull();
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
});
