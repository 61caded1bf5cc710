import './blob-bytes.test-helper';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr, mockXhr } from '../../../test/xhr-mock';
import { onePagePdf, openDocuments } from '../editor/open-documents.test-helper';
import { HEIC_TIMEOUT_MS } from './heic';
import { photoMessages } from './messages';

const heic = () =>
  new File(
    [readFileSync(join(import.meta.dirname, '../../../../../e2e/fixtures/birth-certificate.heic'))],
    'IMG_0001.HEIC',
    { type: 'image/heic' },
  );

/** A HEIC decoder that is still working: it never answers, and records being stopped. */
class SlowWorker {
  static made: SlowWorker[] = [];
  terminated = false;
  onmessage: unknown = null;
  onerror: unknown = null;
  constructor() {
    SlowWorker.made.push(this);
  }
  postMessage() {}
  terminate() {
    this.terminated = true;
  }
}

/** A HEIC decoder that answers with a JPEG the page then cannot decode (jsdom has no createImageBitmap). */
class AnsweringWorker extends SlowWorker {
  declare onmessage: ((event: { data: unknown }) => void) | null;
  override postMessage() {
    setTimeout(() => this.onmessage?.({ data: { jpeg: new Blob(['not really a JPEG']) } }));
  }
}

/** The Add another page box as it is now: it moves when the list of pages appears. */
const anotherPage = (birth: Awaited<ReturnType<typeof sentFirstPage>>['birth']) =>
  birth.getByLabelText('Birth Certificate another page');

async function sentFirstPage() {
  mockXhr();
  const view = await openDocuments();
  const birth = await view.sectionOf('Birth Certificate');
  const user = userEvent.setup();
  await user.upload(birth.getByLabelText('Birth Certificate file'), await onePagePdf('front.pdf'));
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  act(() => FakeXhr.sent[0]!.answer(200, { message: 'Uploaded the file successfully: front.pdf' }));
  await birth.findByLabelText('Birth Certificate another page');
  return { ...view, birth, user };
}

afterEach(() => {
  vi.useRealTimers();
  SlowWorker.made = [];
});

describe('photos made ready in the browser', { timeout: 20_000 }, () => {
  it('shows a failure it did not foresee as an unreadable picture, never the raw error', async () => {
    vi.stubGlobal('Worker', AnsweringWorker);
    mockXhr();
    const { sectionOf } = await openDocuments();
    const birth = await sectionOf('Birth Certificate');
    await userEvent.setup().upload(birth.getByLabelText('Birth Certificate file'), heic());
    expect((await birth.findByRole('alert')).textContent).toBe(photoMessages.unreadable());
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('while a HEIC photo converts: buttons wait, leaving asks first, Cancel stops the decoder', async () => {
    vi.stubGlobal('Worker', SlowWorker);
    mockXhr();
    const { sectionOf, router } = await openDocuments();
    const birth = await sectionOf('Birth Certificate');
    const user = userEvent.setup();
    await user.upload(birth.getByLabelText('Birth Certificate file'), heic());
    expect(await birth.findByText(photoMessages.converting())).toBeTruthy();
    expect(birth.getByRole('button', { name: /Choose file/ })).toHaveProperty('disabled', true);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('link', { name: 'Next' }));
    // Next waits a while for work under way to finish, then asks.
    await act(() => vi.advanceTimersByTimeAsync(9000));
    expect(await screen.findByRole('dialog', { name: 'Leave this page?' })).toBeTruthy();
    vi.useRealTimers();
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe('/registration/documents');

    await user.click(await birth.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(SlowWorker.made[0]!.terminated).toBe(true));
    await waitFor(() => expect(birth.queryByText(photoMessages.converting())).toBeNull());
    expect(birth.queryByRole('alert')).toBeNull();
    expect(birth.getByRole('button', { name: /Choose file/ })).toHaveProperty('disabled', false);
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('stops a HEIC decoder that never answers, with a clear message', async () => {
    vi.stubGlobal('Worker', SlowWorker);
    mockXhr();
    const { sectionOf } = await openDocuments();
    const birth = await sectionOf('Birth Certificate');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.upload(birth.getByLabelText('Birth Certificate file'), heic());
    await birth.findByText(photoMessages.converting());
    await act(() => vi.advanceTimersByTimeAsync(HEIC_TIMEOUT_MS + 1000));
    expect((await birth.findByRole('alert')).textContent).toBe(photoMessages.heicTimeout());
    expect(SlowWorker.made[0]!.terminated).toBe(true);
  });

  it('keeps to six pages when two are added at once', async () => {
    const { birth } = await sentFirstPage();
    for (const name of ['2', '3', '4', '5']) {
      fireEvent.change(anotherPage(birth), { target: { files: [await onePagePdf(`${name}.pdf`)] } });
      await waitFor(() => expect(birth.getAllByRole('listitem')).toHaveLength(Number(name)));
    }
    const [sixth, seventh] = [await onePagePdf('6.pdf'), await onePagePdf('7.pdf')];
    const another = anotherPage(birth);
    fireEvent.change(another, { target: { files: [sixth] } });
    fireEvent.change(another, { target: { files: [seventh] } });
    await waitFor(() => expect(birth.getByRole('alert').textContent).toBe(photoMessages.tooManyPages()));
    await waitFor(() => expect(birth.getAllByRole('listitem')).toHaveLength(6));
  });

  it('moves focus to the next page’s Remove when a page is removed', async () => {
    const { birth, user } = await sentFirstPage();
    await user.upload(anotherPage(birth), await onePagePdf('back.pdf'));
    const pages = await birth.findByRole('list', { name: 'Birth Certificate pages' });
    await user.upload(anotherPage(birth), await onePagePdf('last.pdf'));
    await waitFor(() => expect(within(pages).getAllByRole('listitem')).toHaveLength(3));
    await user.click(within(pages).getByRole('button', { name: 'Remove page 2' }));
    expect(document.activeElement).toBe(within(pages).getByRole('button', { name: 'Remove page 2' }));
    await user.click(within(pages).getByRole('button', { name: 'Remove page 2' }));
    // The list is gone with the last page not yet sent: Add another page is next.
    expect(document.activeElement).toBe(birth.getByRole('button', { name: 'Add another page' }));
  });
});
