import { vi } from 'vitest';

/** A stand-in for XMLHttpRequest (uploads use it for their progress); the test answers each request. */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  open = vi.fn();
  setRequestHeader = vi.fn();
  send(): void {
    FakeXhr.sent.push(this);
  }
  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }
  progress(percent: number): void {
    this.upload.onprogress?.({ lengthComputable: true, loaded: percent, total: 100 });
  }
  answer(status: number, body: unknown): void {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

export function mockXhr(): typeof FakeXhr {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr;
}
