import type { DocumentType } from '@sp/domain';
import { useEffect, useRef, useState } from 'react';
import { useUnsavedChanges } from '../../../components/autosave/unsaved-changes';
import { framedAlready, pictureSize } from './crop-image';
import { countPdfPages, joinPages } from './join-pages';
import { MAX_PAGES, PhotoError, photoMessages, readableSize } from './messages';
import { preparePage, type PreparedPage } from './prepare';

export interface PageItem {
  id: number;
  page: PreparedPage;
  /** A PDF's page count, shown in the list. */
  pdfPages?: number;
}

/** Sends one file; resolves true once the server has it. */
export type SendFile = (file: File) => Promise<boolean>;

function noteFor(page: PreparedPage, chosen: File): string | null {
  if (page.file === chosen) return null;
  if (page.file.size < page.before) return photoMessages.made(page.before, page.file.size);
  return photoMessages.converted(readableSize(page.file.size));
}

/** What the family is told when work fails: our own refusals as they are, anything else as unreadable. */
const failureText = (failure: unknown) =>
  failure instanceof PhotoError ? failure.message : photoMessages.unreadable();

/**
 * A document's photos on their way to the server: each chosen file made ready (converted, made smaller),
 * the passport photo framed, and the pages of a document of several pages collected and joined into one PDF.
 * The first page is sent as soon as it is chosen, as a single file always was; pages added after it are sent
 * together, as one PDF, when the family says so; until then they count as unsaved work (D14). While a photo is
 * being made ready the step counts as saving, so leaving it asks first; leaving anyway stops the work.
 */
export function usePhotoPages(
  type: DocumentType,
  maxMb: number,
  send: SendFile,
  /** A new page or upload starts: the last upload's message no longer applies. */
  clearSent: () => void,
) {
  const tally = useUnsavedChanges();
  const [pages, setPagesState] = useState<PageItem[]>([]);
  // The list as it is now, for the page limit: two quick adds must not both see five pages.
  const current = useRef<PageItem[]>([]);
  /** The pages the server holds, as one file: the list differs from them until Upload is pressed. */
  const [sent, setSent] = useState<readonly number[]>([]);
  const [working, setWorking] = useState(false);
  const [stage, setStage] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cropping, setCropping] = useState<File | null>(null);
  const nextId = useRef(0);
  const controller = useRef<AbortController | null>(null);
  const gone = useRef(false);
  const tallyKey = `pages:${type}`;
  const unsent = pages.length > 0 && (pages.length !== sent.length || pages.some((p, i) => p.id !== sent[i]));

  const setPages = (update: (now: PageItem[]) => PageItem[]) => {
    current.current = update(current.current);
    setPagesState(current.current);
  };

  useEffect(() => {
    tally?.set(tallyKey, working ? 'saving' : unsent ? 'unsaved' : 'clean');
  }, [tally, tallyKey, unsent, working]);
  useEffect(() => {
    gone.current = false;
    return () => {
      gone.current = true;
      controller.current?.abort();
      tally?.clear(tallyKey);
    };
  }, [tally, tallyKey]);

  /** One action (choose, add, upload): buttons wait for it, Cancel stops it, a failure becomes the message. */
  async function run<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T | null> {
    const abort = new AbortController();
    controller.current = abort;
    setError(null);
    setWorking(true);
    try {
      const done = await work(abort.signal);
      return abort.signal.aborted || gone.current ? null : done;
    } catch (failure) {
      if (!abort.signal.aborted && !gone.current) setError(failureText(failure));
      return null;
    } finally {
      controller.current = null;
      if (!gone.current) {
        setWorking(false);
        setStage(null);
        setProgress(null);
      }
    }
  }

  const prepare = async (file: File, signal: AbortSignal) => {
    const page = await preparePage(file, maxMb, { onStage: setStage, onProgress: setProgress, signal });
    setNote(noteFor(page, file));
    return page;
  };

  const item = async (page: PreparedPage): Promise<PageItem> => {
    if (page.kind !== 'pdf' && page.kind !== null) return { id: nextId.current++, page };
    if (page.kind === null) throw new PhotoError(photoMessages.pageUnreadable());
    return { id: nextId.current++, page, pdfPages: await countPdfPages(page.file) };
  };

  /** Choose file or Take photo: the document's only file, sent at once (the passport photo framed first). */
  const choose = async (file: File) => {
    const ready = await run(async (signal) => {
      const page = await prepare(file, signal);
      const size = type === 'picture' && page.kind ? await pictureSize(page.file) : null;
      return { page, frame: size !== null && !framedAlready(size) };
    });
    if (!ready) return;
    if (ready.frame) return setCropping(ready.page.file);
    if (type === 'picture') return void (await send(ready.page.file));
    const first = { id: nextId.current++, page: ready.page };
    if (!(await send(ready.page.file)) || gone.current) return;
    setPages(() => [first]);
    setSent([first.id]);
  };

  /** Add another page: collected, not sent, until Upload joins the pages. */
  const add = async (file: File) => {
    clearSent();
    if (current.current.length >= MAX_PAGES) return setError(photoMessages.tooManyPages());
    const counted = await run(async (signal) => {
      const page = await prepare(file, signal);
      // The page sent first may be a PDF whose pages were not counted: that needed pdf-lib, loaded only now.
      const uncounted = current.current.filter((p) => p.page.kind === 'pdf' && p.pdfPages === undefined);
      const items = await Promise.all([...uncounted.map((p) => item(p.page)), item(page)]);
      return { uncounted, items };
    });
    if (!counted) return;
    if (current.current.length >= MAX_PAGES) return setError(photoMessages.tooManyPages());
    const added = counted.items.pop()!;
    const recount = new Map(counted.uncounted.map((p, i) => [p.id, counted.items[i]!.pdfPages]));
    setPages((now) => [
      ...now.map((p) => (recount.has(p.id) ? { ...p, pdfPages: recount.get(p.id) } : p)),
      added,
    ]);
  };

  const remove = (id: number) => setPages((now) => now.filter((p) => p.id !== id));

  /** Upload: one page as it is, several joined into one PDF, checked against the school's limit first. */
  const upload = async () => {
    clearSent();
    const chosen = current.current;
    const joined = await run(async () => {
      if (chosen.length === 1) return chosen[0]!.page.file;
      setStage(photoMessages.joining());
      const pdf = await joinPages(
        chosen.map((p) => p.page),
        `${type.replace(/_/g, '-')}.pdf`,
      );
      if (pdf.size > maxMb * 1024 * 1024) throw new PhotoError(photoMessages.joinedTooLarge(pdf.size, maxMb));
      return pdf;
    });
    if (joined && (await send(joined))) setSent(chosen.map((p) => p.id));
  };

  const cropped = async (file: File) => {
    setCropping(null);
    if (!gone.current) await send(file);
  };

  return {
    pages,
    unsent,
    /** Something is being made ready: converting, shrinking, counting or joining pages. */
    working,
    stage,
    progress,
    note,
    error,
    cropping,
    choose: (file: File) => void choose(file),
    add: (file: File) => void add(file),
    remove,
    upload: () => void upload(),
    /** Stops the photo being made ready; nothing is sent. */
    cancel: () => controller.current?.abort(),
    useCropped: (file: File) => void cropped(file),
    cancelCrop: () => setCropping(null),
    /** A new action starts: the last one's messages no longer apply. */
    clear: () => {
      setNote(null);
      setError(null);
    },
  };
}
