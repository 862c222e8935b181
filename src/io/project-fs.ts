/**
 * The only door to the disk. Every path is project-relative, resolved, and
 * refused when it leaves the project root (symlinks followed). Text is strict
 * UTF-8 and at most 16 MiB. Every write is atomic (write-file-atomic, fsync).
 *
 * Mutating calls go through `mutation()`, the seam of the test hook
 * NOVEL_FAULT_KILL_AT=k: the process SIGKILLs itself at its k-th mutating call.
 */
import type * as NodeCrypto from 'node:crypto';
import { type Dirent, closeSync, existsSync, fsyncSync, ftruncateSync, lstatSync, mkdirSync, openSync, readFileSync, readSync, readdirSync, realpathSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import * as path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { errorAt, type Diagnostic } from '../core/diagnostics.js';
import { NovelError } from '../core/errors.js';
import { decodeUtf8 } from '../core/utf8.js';
import { parseJsonText, parseWith, type Parsed } from '../schemas/parse.js';
import type * as v from 'valibot';

export const MAX_TEXT_BYTES = 16 * 1024 * 1024;
export const CHECKPOINT_FILE = '.checkpoint.json';

export interface ProjectFsOptions {
  /** NOVEL_FAULT_KILL_AT: SIGKILL at this mutating call (test hook). */
  faultKillAt?: number;
}

/** node:crypto, loaded on first use: most read-only commands never hash anything. */
let cryptoModule: typeof NodeCrypto | undefined;
function crypto(): typeof NodeCrypto {
  cryptoModule ??= process.getBuiltinModule('node:crypto') as typeof NodeCrypto;
  return cryptoModule;
}

/** Random lowercase hex (tokens, temporary names). */
export function randomHex(bytes: number): string {
  return crypto().randomBytes(bytes).toString('hex');
}

export function sha256Hex(data: string | Uint8Array): string {
  return crypto().createHash('sha256').update(data).digest('hex');
}

function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

export class ProjectFs {
  readonly root: string;
  private mutations = 0;
  private readonly faultKillAt: number | undefined;
  /**
   * Told of every path novel writes (its new content; 'appended' after an
   * append) or removes (null): the step guard tells novel's own writes from an
   * executor's, a mutation records what it touched.
   */
  observer: ((rel: string, content: string | Buffer | null | 'appended') => void) | null = null;

  constructor(root: string, options: ProjectFsOptions = {}) {
    this.root = realpathSync.native(root);
    this.faultKillAt = options.faultKillAt;
  }

  /** Absolute path of a project-relative path, refused when it escapes the root. */
  resolve(rel: string): string {
    if (path.isAbsolute(rel) || rel.split(/[\\/]/).includes('..')) {
      throw new NovelError('path_outside_project', `${rel}: the path must be project-relative without ".." segments`, {
        hint: 'every file novel reads or writes stays inside the project root',
      });
    }
    const abs = path.resolve(this.root, rel);
    // Follow symlinks of the deepest existing ancestor.
    let probe = abs;
    const rest: string[] = [];
    for (;;) {
      try {
        const real = realpathSync.native(probe);
        const full = rest.length ? path.join(real, ...rest.reverse()) : real;
        if (full !== this.root && !full.startsWith(this.root + path.sep)) {
          throw new NovelError(
            'path_outside_project',
            `${rel}: resolves to ${full}, outside the project root ${this.root} (through a symlink)`,
            { hint: 'replace the symlink with a real file inside the project' },
          );
        }
        return abs;
      } catch (err) {
        if (err instanceof NovelError) throw err;
        const parent = path.dirname(probe);
        if (parent === probe) return abs;
        rest.push(path.basename(probe));
        probe = parent;
      }
    }
  }

  relative(abs: string): string {
    return toPosix(path.relative(this.root, abs));
  }

  private mutation(what: string): void {
    this.mutations += 1;
    if (this.faultKillAt !== undefined && this.mutations === this.faultKillAt) {
      process.kill(process.pid, 'SIGKILL');
    }
    void what;
  }

  exists(rel: string): boolean {
    return existsSync(this.resolve(rel));
  }

  isFile(rel: string): boolean {
    try {
      return statSync(this.resolve(rel)).isFile();
    } catch {
      return false;
    }
  }

  isDir(rel: string): boolean {
    try {
      return statSync(this.resolve(rel)).isDirectory();
    } catch {
      return false;
    }
  }

  mtimeMs(rel: string): number | null {
    try {
      return statSync(this.resolve(rel)).mtimeMs;
    } catch {
      return null;
    }
  }

  readBytes(rel: string): Buffer {
    return this.readBytesAndStat(rel).bytes;
  }

  /** The bytes of a file with the size and mtime they were read at. */
  readBytesAndStat(rel: string): { bytes: Buffer; size: number; mtimeMs: number } {
    const abs = this.resolve(rel);
    const stat = statSync(abs);
    if (stat.size > MAX_TEXT_BYTES) {
      throw new NovelError('file_too_large', `${rel}: ${stat.size} bytes, above the 16 MiB limit for project files`, {
        hint: 'split the file; novel refuses text files above 16 MiB',
      });
    }
    return { bytes: readFileSync(abs), size: stat.size, mtimeMs: stat.mtimeMs };
  }

  /**
   * The text of one of novel's caches (logs/.cache/…), or null when it cannot
   * be read: a cache never fails a command (src/schemas/caches.ts parses it).
   */
  readCacheText(rel: string): string | null {
    try {
      return readFileSync(`${this.root}/${rel}`, 'utf8');
    } catch {
      return null;
    }
  }

  /** Strict UTF-8 text, or a diagnostic naming the byte offset. Missing file ⇒ null. */
  readTextChecked(rel: string, code = 'invalid_utf8'): { text: string } | { diagnostic: Diagnostic } | null {
    let bytes: Buffer;
    try {
      bytes = this.readBytes(rel);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      if ((err as NodeJS.ErrnoException).code === 'EISDIR') {
        return { diagnostic: errorAt('not_a_file', rel, { expected: 'a file', found: 'a directory' }) };
      }
      if (err instanceof NovelError) return { diagnostic: errorAt(err.code, rel, { message: err.message.replace(`${rel}: `, '') }) };
      throw err;
    }
    const decoded = decodeUtf8(bytes);
    if (!decoded.ok) {
      return {
        diagnostic: errorAt(code, rel, {
          expected: 'UTF-8 text',
          found: `an invalid byte sequence at byte offset ${decoded.offset}`,
          fix: 'save the file as UTF-8',
        }),
      };
    }
    return { text: decoded.text };
  }

  /** Text that must be there: missing or unreadable is a NovelError. */
  readText(rel: string): string {
    const r = this.readTextChecked(rel);
    if (r === null) throw new NovelError('file_missing', `${rel}: file not found`);
    if ('diagnostic' in r) throw new NovelError(r.diagnostic.code, r.diagnostic.message);
    return r.text;
  }

  /** Read, JSON-parse and schema-check a file. Missing ⇒ null. */
  readJson<S extends v.GenericSchema>(
    rel: string,
    schema: S,
    code: string,
    fix?: (field: string) => string | undefined,
  ): Parsed<v.InferOutput<S>> | null {
    const r = this.readTextChecked(rel);
    if (r === null) return null;
    if ('diagnostic' in r) return { ok: false, diagnostics: [r.diagnostic] };
    const json = parseJsonText(r.text, rel, code);
    if (!json.ok) return json;
    return parseWith(schema, json.value, rel, code, fix);
  }

  sha256(rel: string): string | null {
    try {
      return sha256Hex(this.readBytes(rel));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw err;
    }
  }

  /** Project-relative paths of the files below `dir`, sorted; [] when absent. */
  listFiles(dir: string, options: { recursive?: boolean } = {}): string[] {
    const base = this.resolve(dir);
    const out: string[] = [];
    const walk = (abs: string): void => {
      let entries: Dirent[];
      try {
        entries = readdirSync(abs, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const child = path.join(abs, e.name);
        if (e.isDirectory()) {
          if (options.recursive) walk(child);
        } else if (e.isFile() || e.isSymbolicLink()) {
          out.push(this.relative(child));
        }
      }
    };
    walk(base);
    return out.sort();
  }

  listDirs(dir: string): string[] {
    try {
      return readdirSync(this.resolve(dir), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort();
    } catch {
      return [];
    }
  }

  /** Size in bytes (null: absent). */
  size(rel: string): number | null {
    try {
      return statSync(this.resolve(rel)).size;
    } catch {
      return null;
    }
  }

  /** Bytes [from, from + length) of a file (fewer at its end). */
  readRange(rel: string, from: number, length: number): Buffer {
    const fd = openSync(this.resolve(rel), 'r');
    try {
      const buf = Buffer.alloc(Math.max(0, length));
      const n = readSync(fd, buf, 0, buf.length, from);
      return buf.subarray(0, n);
    } finally {
      closeSync(fd);
    }
  }

  // ---- mutations -------------------------------------------------------

  /**
   * An append that can be repeated: the file is cut back to `before` bytes
   * (undoing a torn or an earlier copy of this append) and `text` is written
   * there, then fsync'd. Only the appended bytes are read and written.
   */
  appendAt(rel: string, before: number, text: Buffer): void {
    const abs = this.resolve(rel);
    this.mkdirFor(abs);
    this.mutation(`append ${rel}`);
    const fd = openSync(abs, existsSync(abs) ? 'r+' : 'w+');
    try {
      ftruncateSync(fd, before);
      let off = 0;
      while (off < text.length) off += writeSync(fd, text, off, text.length - off, before + off);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    this.observer?.(rel, 'appended');
  }

  writeText(rel: string, content: string | Buffer): void {
    const abs = this.resolve(rel);
    this.mkdirFor(abs);
    this.mutation(`write ${rel}`);
    writeFileAtomic.sync(abs, content, { fsync: true });
    this.observer?.(rel, content);
  }

  writeJson(rel: string, value: unknown): void {
    this.writeText(rel, `${JSON.stringify(value, null, 2)}\n`);
  }

  private mkdirFor(abs: string): void {
    const dir = path.dirname(abs);
    if (!existsSync(dir)) {
      this.mutation(`mkdir ${dir}`);
      mkdirSync(dir, { recursive: true });
    }
  }

  mkdir(rel: string): void {
    const abs = this.resolve(rel);
    if (existsSync(abs)) return;
    this.mutation(`mkdir ${rel}`);
    mkdirSync(abs, { recursive: true });
  }

  copyFile(from: string, to: string): void {
    const src = this.resolve(from);
    const dst = this.resolve(to);
    this.writeText(this.relative(dst), readFileSync(src));
  }

  remove(rel: string): void {
    const abs = this.resolve(rel);
    if (!existsSync(abs) && !isDanglingLink(abs)) return;
    this.mutation(`remove ${rel}`);
    rmSync(abs, { recursive: true, force: true });
    this.observer?.(rel, null);
  }

  /** rename(2): atomic, fails when `to` is a non-empty directory. */
  rename(from: string, to: string): void {
    const src = this.resolve(from);
    const dst = this.resolve(to);
    this.mutation(`rename ${from} -> ${to}`);
    renameSync(src, dst);
  }

  /** A fresh, uniquely named directory `${prefix}${random}` at the root. */
  makeTempDir(prefix: string): string {
    const rel = `${prefix}${crypto().randomBytes(6).toString('hex')}`;
    this.mutation(`mkdir ${rel}`);
    mkdirSync(this.resolve(rel));
    return rel;
  }

  /** Entries at the root whose names start with `prefix`. */
  rootEntries(prefix: string): string[] {
    return readdirSync(this.root)
      .filter((n) => n.startsWith(prefix))
      .sort();
  }
}

function isDanglingLink(abs: string): boolean {
  try {
    return lstatSync(abs).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * The project root: `--project DIR` (must hold .checkpoint.json; `..`
 * segments refused) or the nearest ancestor of `cwd` holding one.
 */
/** What in a directory shows it holds a book, even without a checkpoint (empty: nothing). */
export function bookEvidence(dir: string): string[] {
  const found: string[] = [];
  try {
    const chapters = readdirSync(path.join(dir, 'chapters')).filter((f) => f.endsWith('.md'));
    if (chapters.length) found.push(`chapters/ (${chapters.length} chapter file(s))`);
  } catch {
    /* no chapters/ */
  }
  for (const rel of ['state/current-state.json', 'state/changelog.jsonl']) if (existsSync(path.join(dir, rel))) found.push(rel);
  return found;
}

function noProject(dir: string, where: string): NovelError {
  const book = bookEvidence(dir);
  if (book.length) {
    return new NovelError('checkpoint_missing', `${where}: ${dir} holds a book (${book.join(', ')}) but no ${CHECKPOINT_FILE}`, {
      hint: `rebuild it from the book with \`novel checkpoint rebuild --project ${dir}\` (never \`novel init\`, which refuses a book)`,
      details: { found: book },
    });
  }
  return new NovelError('not_a_project', `${where}: ${dir} holds no ${CHECKPOINT_FILE}`, {
    hint: 'cd into a novel project, pass --project DIR, or create one with `novel init DIR`',
  });
}

/** The project root: --project as the user gave it (`..` included), else the nearest ancestor holding the checkpoint. */
export function findProjectRoot(cwd: string, projectFlag: string | undefined): string {
  if (projectFlag !== undefined) {
    const dir = path.resolve(cwd, projectFlag);
    if (!existsSync(path.join(dir, CHECKPOINT_FILE))) throw noProject(dir, `--project ${projectFlag}`);
    return dir;
  }
  let dir = path.resolve(cwd);
  for (;;) {
    if (existsSync(path.join(dir, CHECKPOINT_FILE))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw noProject(path.resolve(cwd), `no ${CHECKPOINT_FILE} in the current directory or any parent`);
    dir = parent;
  }
}
