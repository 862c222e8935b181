import { runCli } from './cli.js';
import { endProcess } from './io/process-end.js';
import { syncWriter } from './io/stdio.js';

const stderr = syncWriter(2);

runCli(process.argv.slice(2), {
  // novel never reads standard input; touching process.stdin would load the
  // tty/net machinery at every start.
  stdin: undefined as unknown as NodeJS.ReadStream,
  stdout: syncWriter(1) as unknown as NodeJS.WriteStream,
  stderr: stderr as unknown as NodeJS.WriteStream,
  env: process.env,
  cwd: process.cwd(),
  colorDepth: 1,
}).then(
  (code) => endProcess(code),
  (err: unknown) => {
    stderr.write(`novel: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    if (process.env.NOVEL_DEBUG === '1' && err instanceof Error) stderr.write(`${err.stack}\n`);
    process.exitCode = 1;
  },
);
