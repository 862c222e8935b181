import { runCli } from './cli.js';

runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
  colorDepth: 1,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`novel: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    if (process.env.NOVEL_DEBUG === '1' && err instanceof Error) process.stderr.write(`${err.stack}\n`);
    process.exitCode = 1;
  },
);
