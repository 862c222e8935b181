/**
 * Synchronous writers for stdout/stderr. Creating process.stdout/stderr
 * streams costs several milliseconds at every start (stream and socket
 * machinery); novel writes whole documents at once, so a blocking write to
 * the file descriptor is all it needs. EAGAIN (a non-blocking pipe that is
 * full) is retried until the reader catches up.
 */
import { readSync, writeSync } from 'node:fs';

export interface SyncWriter {
  write(chunk: string | Uint8Array): boolean;
}

export function syncWriter(fd: number): SyncWriter {
  return {
    write(chunk) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
      let off = 0;
      while (off < buf.length) {
        try {
          off += writeSync(fd, buf, off, buf.length - off);
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code;
          if (code === 'EAGAIN') continue;
          if (code === 'EPIPE') return false;
          throw err;
        }
      }
      return true;
    },
  };
}

/** Is this file descriptor a terminal (progress lines, colours)? */
export function isTerminal(fd: 1 | 2): boolean {
  return (process.getBuiltinModule('node:tty') as typeof import('node:tty')).isatty(fd);
}

/**
 * Ask one question on the terminal and read the answer line (`novel init`'s title and author). Null when stdin or
 * stderr is not a terminal (a script, a pipe): nothing is asked. Read synchronously from fd 0, a byte at a time, up to
 * the end of the line; the answer is trimmed.
 */
export function askLine(question: string): string | null {
  const tty = process.getBuiltinModule('node:tty') as typeof import('node:tty');
  if (!tty.isatty(0) || !tty.isatty(2)) return null;
  syncWriter(2).write(question);
  const bytes: number[] = [];
  const one = Buffer.alloc(1);
  for (;;) {
    let n: number;
    try {
      n = readSync(0, one, 0, 1, null);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EAGAIN') continue;
      throw err;
    }
    if (n === 0 || one[0] === 0x0a) break;
    bytes.push(one[0] as number);
  }
  return Buffer.from(bytes).toString('utf8').trim();
}
