/**
 * Synchronous writers for stdout/stderr. Creating process.stdout/stderr
 * streams costs several milliseconds at every start (stream and socket
 * machinery); novel writes whole documents at once, so a blocking write to
 * the file descriptor is all it needs. EAGAIN (a non-blocking pipe that is
 * full) is retried until the reader catches up.
 */
import { writeSync } from 'node:fs';

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
