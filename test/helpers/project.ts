/**
 * Test helpers: temporary copies of the fixture project, overlays of staged
 * outputs, tree snapshots, and the CLI run in-process or as the built binary.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../src/cli.js';
export { treeHashes } from './tree.js';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const FIXTURE_PROJECT = join(REPO, 'fixtures/project');
export const OUTPUTS = join(REPO, 'fixtures/outputs');
export const BIN = join(REPO, 'dist/cli.js');

const made: string[] = [];

export function tempDir(prefix = 'novel-test-'): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  made.push(d);
  return d;
}

export function cleanupTempDirs(): void {
  while (made.length) rmSync(made.pop() as string, { recursive: true, force: true });
}

/**
 * A temporary directory in the usual temporary directory even when the run's
 * TMPDIR is in RAM (test/helpers/global-setup.ts): for the real clients, whose
 * sandboxes mount a /dev of their own.
 */
export function diskTempDir(prefix = 'novel-test-'): string {
  const d = mkdtempSync(join(process.env.NOVEL_TEST_DISK_TMPDIR ?? tmpdir(), prefix));
  made.push(d);
  return d;
}

/** A fresh copy of the fixture project. */
export function fixtureCopy(): string {
  const dir = tempDir();
  cpSync(FIXTURE_PROJECT, dir, { recursive: true });
  return dir;
}

/** Copy a fixture output variant (e.g. "draft/good") onto the project root. */
export function overlay(project: string, variant: string): void {
  const src = join(OUTPUTS, variant);
  if (!existsSync(src)) throw new Error(`no fixture output ${variant}`);
  cpSync(src, project, { recursive: true });
}

export function outputFile(variant: string, rel: string): Buffer {
  return readFileSync(join(OUTPUTS, variant, rel));
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  signal?: NodeJS.Signals | null;
}

function collect(stream: PassThrough): () => string {
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(Buffer.from(c)));
  return () => Buffer.concat(chunks).toString('utf8');
}

/** The tests read English unless they ask for Chinese: the machine's own locale never decides. */
const ENGLISH = { LANG: 'C.UTF-8', LC_ALL: '', LC_MESSAGES: '' };

/** The real CLI (argv parsing, commands, envelope), run in this process. */
export async function novel(cwd: string, args: string[], env: Record<string, string> = {}): Promise<RunResult> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out = collect(stdout);
  const err = collect(stderr);
  const code = await runCli(args, {
    stdin: process.stdin,
    stdout,
    stderr,
    cwd,
    env: { ...process.env, ...ENGLISH, NOVEL_DEBUG: '', ...env },
    colorDepth: 1,
  });
  stdout.end();
  stderr.end();
  await new Promise((r) => setImmediate(r));
  return { code, stdout: out(), stderr: err() };
}

export async function novelJson(
  cwd: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; body: any; stderr: string }> {
  const r = await novel(cwd, [...args, '--json'], env);
  let body: any;
  try {
    body = JSON.parse(r.stdout);
  } catch {
    throw new Error(`stdout is not one JSON document: ${r.stdout}\nstderr: ${r.stderr}`);
  }
  return { code: r.code, body, stderr: r.stderr };
}

/** The built binary (dist/cli.js) as a child process. */
export function novelBin(cwd: string, args: string[], env: Record<string, string> = {}): RunResult {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    env: { ...process.env, ...ENGLISH, NOVEL_DEBUG: '', ...env },
    encoding: 'utf8',
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, signal: r.signal };
}

export function novelBinAsync(cwd: string, args: string[], env: Record<string, string> = {}): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: { ...process.env, ...ENGLISH, NOVEL_DEBUG: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

export function readJson(path: string): any {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/**
 * The demo project measures chapters against the qidian preset; tests whose
 * executors stage short hand-written chapters set platform none, so that only
 * what they test decides the gate.
 */
export function withoutPlatform(dir: string): void {
  const p = join(dir, 'novel.config.json');
  const config = JSON.parse(readFileSync(p, 'utf8')) as Record<string, unknown>;
  writeFileSync(p, `${JSON.stringify({ ...config, quality: { platform: 'none' } }, null, 2)}\n`);
}

/**
 * The executors' box off (executor.sandbox "off", PROTOCOL §17): for the
 * tests of what novel's step guard does where no box contains the executor,
 * and of executors that record their pid or write outside staging/ on purpose.
 */
export function boxOff(dir: string): void {
  const p = join(dir, 'novel.config.json');
  const config = existsSync(p) ? (JSON.parse(readFileSync(p, 'utf8')) as Record<string, any>) : {};
  writeFileSync(
    p,
    `${JSON.stringify({ ...config, executor: { ...(config.executor ?? {}), sandbox: 'off' } }, null, 2)}\n`,
  );
}

/**
 * A new book's setup done by hand (§14): the demo book's world rules and
 * storylines and one character, so that `novel next` goes straight to the
 * plan of volume 1.
 */
export function setUpBook(dir: string): void {
  cpSync(join(FIXTURE_PROJECT, 'world/rules.json'), join(dir, 'world/rules.json'));
  cpSync(join(FIXTURE_PROJECT, 'storylines/storylines.json'), join(dir, 'storylines/storylines.json'));
  writeFileSync(
    join(dir, 'characters/active/lin-qingyan.json'),
    `${JSON.stringify({ id: 'lin-qingyan', display_name: '林青岚' }, null, 2)}\n`,
  );
}

/**
 * Polls `test` until it holds or `ms` have passed; whether it held. For what a
 * test waits on (a marker an executor writes, a process that ends): a deadline
 * long enough for a loaded machine costs nothing when the thing comes at once.
 */
export async function waitUntil(test: () => boolean, ms = 20_000, every = 20): Promise<boolean> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) return test();
    await new Promise((r) => setTimeout(r, every));
  }
  return true;
}

/** Whether a process of that pid is there (a zombie counts as ended: it runs nothing). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return true;
  }
}
