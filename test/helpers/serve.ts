/** `novel serve` in a child process, for the API and browser tests. No test-runner imports. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { BIN } from './project.js';

export interface Served {
  url: string;
  base: string;
  port: number;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** Start `novel serve --port 0 --json` in `dir` and wait for the line that gives its URL. */
export function serve(dir: string, args: string[] = [], env: Record<string, string> = {}): Promise<Served> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--json', ...args], {
    cwd: dir,
    env: { ...process.env, LANG: 'zh_CN.UTF-8', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.includes('"listening"'));
      if (!line) return;
      const { url, port } = JSON.parse(line) as { url: string; port: number };
      resolve({
        url,
        base: url.replace(/\/(\?.*)?$/, ''),
        port,
        child,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGINT');
          }),
      });
    });
    child.once('exit', (code) => reject(new Error(`novel serve exited ${code}: ${err}${out}`)));
  });
}

/** The system Chromium, if there is one (Debian: apt-get install chromium). */
export function chromiumPath(): string | null {
  for (const p of [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ]) {
    if (p && spawnSync(p, ['--version'], { stdio: 'ignore' }).status === 0) return p;
  }
  return null;
}
