/**
 * Every file novel writes is written atomically (write-file-atomic: a
 * temporary file, fsync, rename). write-file-atomic removes its temporary
 * file if the process exits mid-write, through signal-exit; adding the first
 * exit handler puts a listener on each of about 30 signals, and removing the
 * last one takes them all off again. Each write thus made some 60 listener
 * changes, each with its system calls (a commit: ~850 sigaction calls). The
 * first write keeps one handler of novel's own for the rest of the process,
 * so the listeners go on once. A signal novel does not handle itself still
 * ends the process (signal-exit raises it again once the exit handlers ran);
 * while a command's synchronous writes run, it is handled when they return.
 */
import { onExit } from 'signal-exit';
import writeFileAtomic from 'write-file-atomic';

let held = false;

export function writeFileAtomicSync(abs: string, content: string | Buffer, options: { fsync?: boolean } = {}): void {
  if (!held) {
    onExit(() => undefined);
    held = true;
  }
  writeFileAtomic.sync(abs, content, { fsync: options.fsync ?? true });
}
