import {
  closeSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

/** One line: what the mail server acknowledged for an outbox row. */
export interface Ack {
  id: number;
  messageId: string;
  response: string;
}

const FILE = /^acks-(\d+)(?:-\d+)?\.log$/;
let opened = 0;

/**
 * The record of what the mail server accepted (D52, ADR 0039), one file per sender in DATA_DIR/mail. A line is
 * written with a synchronous write before the outbox row is marked sent, so it is on disk when the process is
 * killed between the two (no fsync: a machine crash may lose it). Recovery reads every sender's file.
 */
export class AckJournal {
  readonly file: string;
  private readonly fd: number;
  /** Lines written whose rows are not yet marked sent. */
  private pending = new Map<number, string>();

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    this.file = join(dir, `acks-${process.pid}${opened++ ? `-${opened}` : ''}.log`);
    this.fd = openSync(this.file, 'a');
  }

  append(ack: Ack): void {
    const line = `${ack.id} ${ack.messageId} ${ack.response.replace(/[\r\n]+/g, ' ')}\n`;
    writeSync(this.fd, line);
    this.pending.set(ack.id, line);
  }

  /** The rows are marked sent: their lines are no longer needed, and the file keeps only the others. */
  confirmed(ids: readonly number[]): void {
    for (const id of ids) this.pending.delete(id);
    ftruncateSync(this.fd, 0);
    // Appending mode writes at the end, which is now the start.
    if (this.pending.size) writeSync(this.fd, [...this.pending.values()].join(''));
  }

  close(): void {
    closeSync(this.fd);
    if (this.pending.size === 0) rmSync(this.file, { force: true });
  }
}

/** Every acknowledgement in the folder's journals, with the process id each file belongs to. */
export function readJournals(dir: string): { pid: number; file: string; acks: Map<number, Ack> }[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const pid = FILE.exec(name)?.[1];
    if (!pid) return [];
    const file = join(dir, name);
    const acks = new Map<number, Ack>();
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return [];
    }
    for (const line of text.split('\n')) {
      const [id, messageId, ...response] = line.split(' ');
      if (id && messageId && /^\d+$/.test(id))
        acks.set(Number(id), { id: Number(id), messageId, response: response.join(' ') });
    }
    return [{ pid: Number(pid), file, acks }];
  });
}

/** Whether a process of this machine is still running (a journal of a live sender is never removed). */
export function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
