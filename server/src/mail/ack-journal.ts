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
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

/** One line: what the mail server acknowledged for an outbox row. */
export interface Ack {
  id: number;
  messageId: string;
  response: string;
}

/**
 * This start of the process. A restarted process can get the pid of the one before it (in a container, always
 * pid 1), so a claim and a journal name pid and start: the same pid with another start is a dead process.
 */
export const START_ID = randomBytes(6).toString('hex');

/** `acks-<pid>_<start>[-n].log`, or `acks-<pid>[-n].log` as written before starts were named. */
const FILE = /^acks-(\d+)(?:_([0-9a-f]+))?(?:-\d+)?\.log$/;
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
    this.file = join(dir, `acks-${process.pid}_${START_ID}${opened++ ? `-${opened}` : ''}.log`);
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

/** Every acknowledgement in the folder's journals, with the process (pid and start) each file belongs to. */
export function readJournals(
  dir: string,
): { pid: number; start: string | undefined; file: string; acks: Map<number, Ack> }[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const [, pid, start] = FILE.exec(name) ?? [];
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
    return [{ pid: Number(pid), start, file, acks }];
  });
}

/**
 * Whether a process of this machine is still running (a journal of a live sender is never removed). This
 * process's pid with another start, or with none (names from before starts were named), is a dead process.
 */
export function processAlive(pid: number, start: string | undefined): boolean {
  if (pid === process.pid) return start === START_ID;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
