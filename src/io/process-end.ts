/**
 * How the process ends once a command has returned its exit code. Everything
 * novel prints is written synchronously (stdio.ts), so the process can end at
 * once rather than idle while V8 finishes housekeeping it no longer needs (a
 * young-generation collection it scheduled, optimised code for a function that
 * grew hot). What must finish first holds the end: a `novel run` stopped by a
 * signal ends its executor's process group in its own time and exits itself.
 */
let holds = 0;

/** Keep the process alive past the command's return; call the result to let go. */
export function holdProcessEnd(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
  };
}

/** The command is done: exit with its code now, unless something holds the end. */
export function endProcess(code: number): void {
  process.exitCode = code;
  if (holds === 0) process.exit(code);
}
