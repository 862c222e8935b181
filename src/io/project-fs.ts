/**
 * The only door to the disk. Every path is project-relative, resolved, and
 * refused when it leaves the project root (symlinks followed). Text is strict
 * UTF-8 and at most 16 MiB. Every write is atomic (write-file-atomic, fsync).
 *
 * What an executor may have planted cannot turn novel's own writes or reads
 * against the book (PROTOCOL §12, the agent boundary):
 * - a write never goes through a link: a directory on the way that is a
 *   symbolic link is refused, and a file that is a symbolic link or has
 *   another hard link is unlinked first, so that the fresh file renamed over
 *   the path replaces the link and never writes into what it points at;
 * - a read under staging/ opens the file without following a link
 *   (O_NOFOLLOW) and refuses a symbolic link, a hard-linked file and a
 *   directory on the way that is a link;
 * - a name the file system refuses (too long, a component that is not a
 *   directory) is an error naming the path (exit 2), never an internal one.
 *
 * Mutating calls go through `mutation()`, the seam of the test hook
 * NOVEL_FAULT_KILL_AT=k: the process SIGKILLs itself at its k-th mutating call.
 */
import type * as NodeCrypto from 'node:crypto';
import {
  type Dirent,
  type Stats,
  accessSync,
  appendFileSync,
  closeSync,
  constants as fsConstants,
  existsSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readlinkSync,
  readSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  watch,
  writeFileSync,
  writeSync,
} from 'node:fs';
import * as path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { onExit } from 'signal-exit';
import { errorAt, type Diagnostic } from '../schemas/diagnostics.js';
import { removeCommand, shellQuote } from '../core/shell-words.js';
import { said, type Words } from '../core/messages.js';
import { aboutFile, at, diagnosticWords, fileNotDirectory, notUtf8 } from './said-at.js';
import { NovelError } from '../core/errors.js';
import { decodeUtf8 } from '../core/utf8.js';
import { JoinedBytes, type Content } from '../core/joined-bytes.js';
import { parseJsonText, parseWith, type Parsed } from '../schemas/parse.js';
import type * as v from 'valibot';

export const MAX_TEXT_BYTES = 16 * 1024 * 1024;
export const CHECKPOINT_FILE = '.checkpoint.json';

export interface ProjectFsOptions {
  /** NOVEL_FAULT_KILL_AT: SIGKILL at this mutating call (test hook). */
  faultKillAt?: number;
  /** A reader that must never write (novel serve): every write is refused. */
  readOnly?: boolean;
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

export function sha256Hex(data: string | Uint8Array | JoinedBytes): string {
  const hash = crypto().createHash('sha256');
  if (data instanceof JoinedBytes) for (const part of data.parts) hash.update(part);
  else hash.update(data);
  return hash.digest('hex');
}

/** A `..` name in a project-relative path (tested, not split: a path is checked at every stat). */
const DOTDOT_SEGMENT = /(?:^|\/)\.\.(?:\/|$)/;
/**
 * A relative path that path.resolve would leave as it is: names of letters, digits, `_`, `-` and inner dots, joined by
 * single slashes (no `.` or `..` segment, no leading, trailing or doubled slash, no backslash).
 */
const PLAIN_REL = /^[\w-]+(?:\.[\w-]+)*(?:\/[\w-]+(?:\.[\w-]+)*)*$/;

function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

/** Linux names the file a descriptor holds (/proc/self/fd/N), asked once. */
let fdNames: boolean | undefined;
const fdNamesKnown = (): boolean => {
  fdNames ??= existsSync('/proc/self/fd');
  return fdNames;
};

/**
 * File-system refusals that are the project's shape, not novel's fault: exit 2 naming the path (fs.shape says each).
 */
const SHAPE_ERRORS: ReadonlySet<string> = new Set([
  'ENAMETOOLONG',
  'ENOTDIR',
  'EISDIR',
  'ELOOP',
  'EACCES',
  'EPERM',
  'EROFS',
  'EINVAL',
  'EEXIST',
  // A socket at a book path.
  'ENXIO',
  // A file a lease holder did not let go of.
  'EAGAIN',
]);

/** A NovelError for an fs error that names the project's shape; anything else is rethrown as it is. */
export function shapeError(err: unknown, rel: string): unknown {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === undefined || !SHAPE_ERRORS.has(code)) return err;
  return new NovelError(`path_${code.toLowerCase()}`, at(rel, said('fs.shape', { code })), {
    hint:
      code === 'ENAMETOOLONG' || code === 'EINVAL' || code === 'EEXIST'
        ? said('fs.shape.rename', { command: removeCommand(rel) })
        : said('fs.shape.check', { command: `ls -la -- ${shellQuote(rel)}` }),
  });
}

function linkRefused(rel: string, what: Words): NovelError {
  return new NovelError('link_refused', at(rel, said('fs.link', { what })), {
    hint: said('fs.link.hint', { command: `rm -- ${shellQuote(rel)}` }),
  });
}

export class ProjectFs {
  readonly root: string;
  /** What every path below the root starts with (the root and a separator; the root alone when it is `/`). */
  private readonly underRoot: string;
  private mutations = 0;
  private readonly faultKillAt: number | undefined;
  private readonly readOnly: boolean;
  /**
   * Told of every path novel writes (its new content; 'appended' after an
   * append or a move: novel's as it is) or removes (null): the step guard
   * tells novel's own writes from an executor's, a mutation records what it touched.
   */
  observer: ((rel: string, content: Content | null | 'appended') => void) | null = null;
  /** Inside a mutating command, under the lock: a cache a reader only reads may be written. */
  mutating = false;
  /** Cache writes of a mutating command, made once it succeeded (a refused command changes no byte). */
  readonly afterSuccess: Array<() => void> = [];

  constructor(root: string, options: ProjectFsOptions = {}) {
    this.root = realpathSync.native(root);
    this.underRoot = this.root.endsWith(path.sep) ? this.root : this.root + path.sep;
    this.faultKillAt = options.faultKillAt;
    this.readOnly = options.readOnly === true;
  }

  /**
   * Refused when the file has another name (novel serve, PROTOCOL §17): a hard link shares its bytes with a file
   * elsewhere, outside the project perhaps, which is not to be served.
   */
  refuseServedLink(rel: string): void {
    const n = this.lstat(rel)?.nlink ?? 1;
    if (n <= 1) return;
    const q = shellQuote(rel);
    throw new NovelError('hard_link_refused', at(rel, said('fs.hard_link_served', { n })), {
      hint: said('fs.hard_link_served.hint', { command: `cp -p -- ${q} ${q}.copy && mv -- ${q}.copy ${q}` }),
    });
  }

  /** Absolute path of a project-relative path, refused when it is absolute or climbs out (`..`); the disk untouched. */
  private lexicalPath(rel: string): string {
    // The paths novel names itself (`summaries/chapter-001-summary.md`) are already normal: joined, not resolved.
    if (path.sep === '/' && PLAIN_REL.test(rel)) return `${this.underRoot}${rel}`;
    if (path.isAbsolute(rel) || rel.split(/[\\/]/).includes('..')) {
      throw new NovelError('path_outside_project', at(rel, said('fs.dotdot')), {
        hint: said('fs.dotdot.hint'),
      });
    }
    return path.resolve(this.root, rel);
  }

  /**
   * Absolute path of a project-relative path, refused when it escapes the root. Each name on the way below the root
   * is looked at without following it (lstat): a path with no link on it is inside the root. Only a link on the way
   * takes the full walk (`resolveThroughLink`), which follows it and refuses where it leads outside the root.
   * `reuse` (reads only): a folder found plain in the stretch of code running now is not looked at again.
   */
  resolve(rel: string, reuse = false): string {
    const abs = this.lexicalPath(rel);
    if (abs === this.root) return abs;
    const names = abs.slice(this.underRoot.length).split(path.sep);
    let prefix = '';
    for (let i = 0; i < names.length; i++) {
      prefix = prefix === '' ? (names[i] as string) : `${prefix}/${names[i]}`;
      const last = i === names.length - 1;
      const at = `${this.root}/${prefix}`;
      if (reuse && !last && this.plainDirs?.has(at) === true) continue;
      let st: Stats;
      try {
        st = lstatSync(at);
      } catch {
        // Nothing there (or not to be looked into): nothing below it is there either.
        return abs;
      }
      if (st.isSymbolicLink()) return this.resolveThroughLink(rel, abs);
      if (last) return abs;
      // A file on the way: nothing below it is there.
      if (!st.isDirectory()) return abs;
      this.notePlainDir(at);
    }
    return abs;
  }

  /**
   * The directories below the root found to be directories, not links, in the stretch of code running now. A command
   * reads its files in one synchronous stretch, and most of them lie in a few folders: each folder is looked at once
   * there, not again for every file. The record is dropped when the stretch ends (before any await or timer lets
   * another process's change be waited for) and at every write of novel's own; within it, a folder swapped for a link
   * is the race a look before an open always leaves, and the check after the open (`refuseOutside`,
   * `refuseSwapped`) still names the file the descriptor holds. Only reads take the record (`reuse`): a write, a move
   * or a removal has no check after it, and looks at every folder on its way afresh.
   */
  private plainDirs: Set<string> | null = null;

  private notePlainDir(abs: string): void {
    // Where no check after the open names the file held, every look stays fresh.
    if (!fdNamesKnown()) return;
    if (this.plainDirs === null) {
      const dirs = new Set<string>();
      this.plainDirs = dirs;
      queueMicrotask(() => {
        if (this.plainDirs === dirs) this.plainDirs = null;
      });
    }
    this.plainDirs.add(abs);
  }

  /** `resolve` for a path with a link on the way: the deepest existing ancestor's real path must be inside the root. */
  private resolveThroughLink(rel: string, abs: string): string {
    // Follow symlinks of the deepest existing ancestor.
    let probe = abs;
    const rest: string[] = [];
    for (;;) {
      // A path that is not there (or a link to nothing) is climbed without an
      // exception: most of novel's probes are of files that are not there yet.
      if (!existsSync(probe)) {
        const parent = path.dirname(probe);
        if (parent === probe) return abs;
        rest.push(path.basename(probe));
        probe = parent;
        continue;
      }
      try {
        const real = realpathSync.native(probe);
        const full = rest.length ? path.join(real, ...rest.reverse()) : real;
        if (full !== this.root && !full.startsWith(this.root + path.sep)) {
          throw new NovelError('path_outside_project', at(rel, said('fs.through_symlink', { full, root: this.root })), {
            hint: said('fs.through_symlink.hint'),
          });
        }
        return abs;
      } catch (err) {
        if (err instanceof NovelError) throw err;
        // There, but its real path cannot be told (a chain of links longer than a path may be): never read as inside.
        if ((err as NodeJS.ErrnoException).code === 'ENAMETOOLONG')
          throw linkRefused(rel, said('fs.link.unresolvable'));
        const parent = path.dirname(probe);
        if (parent === probe) return abs;
        rest.push(path.basename(probe));
        probe = parent;
      }
    }
  }

  relative(abs: string): string {
    // A path `resolve` made (the root and a normalised rest) needs no path.relative.
    const sep = path.sep;
    if (
      abs.startsWith(this.root) &&
      abs.charAt(this.root.length) === sep &&
      !abs.includes(`${sep}.`) &&
      !abs.includes(`${sep}${sep}`) &&
      !abs.endsWith(sep)
    ) {
      return toPosix(abs.slice(this.root.length + 1));
    }
    return toPosix(path.relative(this.root, abs));
  }

  private mutation(what: string): void {
    if (this.readOnly) throw new NovelError('internal', said('fs.read_only', { what }), { exitCode: 1 });
    this.plainDirs = null;
    this.mutations += 1;
    if (this.faultKillAt !== undefined && this.mutations === this.faultKillAt) {
      process.kill(process.pid, 'SIGKILL');
    }
    void what;
  }

  exists(rel: string): boolean {
    return existsSync(this.resolve(rel, true));
  }

  /**
   * The project root is on a read-only mount: the case inside an executor's
   * box (PROTOCOL §17), where only staging/ is writable. Asked of the kernel
   * (access(2) answers EROFS), so no file decides it.
   */
  readOnlyRoot(): boolean {
    try {
      accessSync(this.root, fsConstants.W_OK);
      return false;
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === 'EROFS';
    }
  }

  isFile(rel: string): boolean {
    try {
      return statSync(this.resolve(rel, true)).isFile();
    } catch {
      return false;
    }
  }

  isDir(rel: string): boolean {
    try {
      return statSync(this.resolve(rel, true)).isDirectory();
    } catch {
      return false;
    }
  }

  mtimeMs(rel: string): number | null {
    try {
      return statSync(this.resolve(rel, true)).mtimeMs;
    } catch {
      return null;
    }
  }

  readBytes(rel: string): Buffer {
    return this.readBytesAndStat(rel).bytes;
  }

  /**
   * The bytes of a file with the size and mtime they were read at. Under
   * staging/ the file is opened without following a link and must be a
   * regular file with one link, in directories that are not links.
   */
  readBytesAndStat(
    rel: string,
    tail?: number,
  ): { bytes: Buffer; size: number; mtimeMs: number; ctimeMs: number; ino: number } {
    // A path through a link out of the project is refused before anything is opened (nothing outside is touched);
    // after the open, the file the descriptor holds is checked again (`refuseOutside`, `refuseSwapped`): a link
    // swapped in between is refused, and what is read is what was checked.
    const abs = this.resolve(rel, true);
    // Under staging/ as the path resolves (`./staging/…` and `staging//…` are too).
    const inProject = this.relative(abs);
    const staged = inProject.startsWith('staging/');
    if (staged) this.refuseLinkedDirs(inProject, 'staging', true);
    return this.openAndRead(rel, abs, staged, tail);
  }

  /**
   * The text of a file's last `len` bytes from the first line break in them on (the break kept), read with the checks
   * of `readBytesAndStat`; null when the file is missing, no longer than `len` or unreadable, or those bytes are not
   * UTF-8: the caller reads the file whole, and that read reports what is wrong.
   */
  readTailText(rel: string, len: number): string | null {
    let read: { bytes: Buffer; size: number };
    try {
      read = this.readBytesAndStat(rel, len);
    } catch {
      return null;
    }
    const nl = read.size > len ? read.bytes.indexOf(0x0a) : -1;
    if (nl < 0) return null;
    const decoded = decodeUtf8(read.bytes.subarray(nl));
    return decoded.ok ? decoded.text : null;
  }

  /**
   * A file a walk of staging/ listed, read as `readBytesAndStat` reads a staged file, without looking at the
   * directories on its way again before the open: the walk went down no link (a link's entry is no directory) from a
   * staging/ that `stagingIsDir` found to be one. The check after the open still names the file the descriptor holds;
   * where there is no /proc to ask, every check runs as for any staged file.
   */
  readListedStaged(rel: string): { bytes: Buffer; size: number; mtimeMs: number; ctimeMs: number; ino: number } {
    if (!fdNamesKnown()) return this.readBytesAndStat(rel);
    return this.openAndRead(rel, this.lexical(rel), true);
  }

  /** staging/ is a directory, not a link to one (a walk of it then takes no link). */
  stagingIsDir(): boolean {
    return this.lstat('staging')?.isDirectory() === true;
  }

  /** `tail`: only the file's last `tail` bytes are read (`size` is still the file's). */
  private openAndRead(
    rel: string,
    abs: string,
    staged: boolean,
    tail?: number,
  ): { bytes: Buffer; size: number; mtimeMs: number; ctimeMs: number; ino: number } {
    let fd: number;
    try {
      fd = openBookFile(abs, staged ? fsConstants.O_NOFOLLOW : 0);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ELOOP' && staged) throw linkRefused(rel, said('fs.link.in_staging'));
      // Nothing there (a file on the way is as good as nothing): the callers' "missing".
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR')
        throw Object.assign(err as Error, { code: 'ENOENT' });
      throw shapeError(err, rel);
    }
    try {
      // Before anything is said about the file: it is the project's.
      if (!staged && fdNamesKnown()) this.refuseOutside(rel, fd);
      const stat = fstatSync(fd);
      if (!stat.isFile())
        throw new NovelError(
          'not_a_file',
          at(
            rel,
            stat.isDirectory()
              ? fileNotDirectory()
              : said('fs.expected_found', { expected: said('fs.a_file'), found: said('fs.a_special_file') }),
          ),
          { hint: said('fs.not_a_file.hint', { command: `mv -- ${shellQuote(rel)} ${shellQuote(`${rel}.bak`)}` }) },
        );
      if (staged && stat.nlink > 1) {
        throw new NovelError('hard_link_refused', at(rel, said('fs.hard_link', { n: stat.nlink })), {
          hint: said('fs.hard_link.hint', { command: `rm -- ${shellQuote(rel)}` }),
        });
      }
      if (stat.size > MAX_TEXT_BYTES) {
        throw new NovelError('file_too_large', at(rel, said('fs.too_large', { size: stat.size })), {
          hint: said('fs.too_large.hint'),
        });
      }
      if (staged) this.refuseSwapped(rel, abs, fd);
      return {
        bytes: tail !== undefined && stat.size > tail ? readTailBytes(fd, stat.size, tail) : readAll(fd, stat.size),
        size: stat.size,
        mtimeMs: stat.mtimeMs,
        ctimeMs: stat.ctimeMs,
        ino: stat.ino,
      };
    } finally {
      closeSync(fd);
    }
  }

  /**
   * After the open: the file a descriptor holds lies under the project root (a link on the way may lead anywhere
   * inside it). A name Linux cannot give is checked as `resolve` checks the path.
   */
  private refuseOutside(rel: string, fd: number): void {
    const held = descriptorName(fd);
    if (held === null) {
      // No name to ask for: the path is looked at again, afresh.
      this.plainDirs = null;
      this.resolve(rel);
      return;
    }
    // The name must lie under the root, never be the root's own unless it is the root (a link to it: the directory
    // check below says what it is), so that a sibling called "<root> (deleted)" is outside.
    const full = held.name;
    if ((full === this.root && !held.removed) || full.startsWith(this.underRoot)) return;
    throw new NovelError('path_outside_project', at(rel, said('fs.through_symlink', { full, root: this.root })), {
      hint: said('fs.through_symlink.hint'),
    });
  }

  /**
   * After the open: the file novel holds is under staging/. The links on the
   * way were looked for before the open; a directory swapped for a link in
   * between (and back) would hand novel a file of the book. Linux names the
   * file a descriptor holds (/proc/self/fd/N): it must lie under staging/
   * (a staged file renamed or replaced meanwhile still does), compared as a
   * case-insensitive file system would; a name since removed must have no
   * other link (a hard link to the book, made and removed around the open).
   * Where there is no /proc, the checks before the open stand alone.
   */
  private refuseSwapped(rel: string, abs: string, fd: number): void {
    const held = descriptorName(fd);
    if (held === null) return;
    const { name, removed } = held;
    const fold = (p: string): string => p.normalize('NFC').toUpperCase();
    if (fold(name).startsWith(fold(`${this.root}${path.sep}staging${path.sep}`))) {
      if (removed && fstatSync(fd).nlink !== 0) {
        throw new NovelError('hard_link_refused', at(rel, said('fs.hard_link_opened')), {
          hint: said('fs.hard_link_opened.hint'),
        });
      }
      return;
    }
    // Looked at afresh: the folders found plain before the open may be what was swapped.
    this.plainDirs = null;
    this.refuseLinkedDirs(this.relative(abs), 'staging');
    throw new NovelError('link_refused', at(rel, said('fs.swapped', { name: JSON.stringify(name) })), {
      hint: said('fs.swapped.hint'),
    });
  }

  /** Refuse a directory on the way to `rel` (below `from`, or below the root) that is a symbolic link. */
  private refuseLinkedDirs(rel: string, from = '', reuse = false): void {
    const parts = rel.split('/');
    let prefix = '';
    for (let i = 0; i < parts.length - 1; i++) {
      prefix = prefix ? `${prefix}/${parts[i]}` : (parts[i] as string);
      if (from && prefix.length < from.length) continue;
      const at = `${this.root}/${prefix}`;
      if (reuse && this.plainDirs?.has(at) === true) continue;
      let st;
      try {
        st = lstatSync(at);
      } catch {
        return;
      }
      if (st.isSymbolicLink()) throw linkRefused(prefix, said('fs.link.as_directory'));
      if (st.isDirectory()) this.notePlainDir(at);
    }
  }

  /**
   * Before a write replaces `abs`: no directory on the way is a link, and a
   * file there that is a symbolic link or has other hard links is unlinked,
   * so that the rename puts a fresh file in its place.
   */
  private unlinkForWrite(rel: string, abs: string): void {
    this.refuseLinkedDirs(rel);
    let st;
    try {
      st = lstatSync(abs);
    } catch {
      return;
    }
    if (st.isDirectory())
      throw new NovelError('not_a_file', at(rel, said('fs.directory_in_the_way')), {
        hint: said('fs.move_away', { command: `mv -- ${shellQuote(rel)} ${shellQuote(`${rel}.bak`)}` }),
      });
    if (st.isSymbolicLink() || st.nlink > 1) {
      this.mutation(`unlink ${rel}`);
      unlinkSync(abs);
    }
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
        return {
          diagnostic: errorAt('not_a_file', rel, { expected: said('fs.a_file'), found: said('fs.a_directory') }),
        };
      }
      if (err instanceof NovelError) return { diagnostic: errorAt(err.code, rel, { message: aboutFile(err, rel) }) };
      throw err;
    }
    const decoded = decodeUtf8(bytes);
    if (!decoded.ok) {
      return {
        diagnostic: errorAt(code, rel, notUtf8(decoded.offset)),
      };
    }
    return { text: decoded.text };
  }

  /** Text that must be there: missing or unreadable is a NovelError. */
  readText(rel: string): string {
    const r = this.readTextChecked(rel);
    if (r === null) throw new NovelError('file_missing', at(rel, said('fs.not_found')));
    if ('diagnostic' in r) throw new NovelError(r.diagnostic.code, diagnosticWords(r.diagnostic));
    return r.text;
  }

  /** Read, JSON-parse and schema-check a file. Missing ⇒ null. */
  readJson<S extends v.GenericSchema>(
    rel: string,
    schema: S,
    code: string,
    fix?: (field: string) => Words | undefined,
    texts?: Map<string, string>,
  ): Parsed<v.InferOutput<S>> | null {
    const r = this.readTextChecked(rel);
    if (r === null) return null;
    if ('diagnostic' in r) return { ok: false, diagnostics: [r.diagnostic] };
    texts?.set(rel, r.text);
    const json = parseJsonText(r.text, rel, code);
    if (!json.ok) return json;
    return parseWith(schema, json.value, rel, code, fix);
  }

  sha256(rel: string): string | null {
    try {
      return sha256Hex(this.readBytes(rel));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'EISDIR')
        return null;
      if (err instanceof NovelError && err.code === 'not_a_file') return null;
      throw err;
    }
  }

  /** Project-relative paths of the files below `dir`, sorted; [] when absent. `links`: gets those that are links. */
  listFiles(dir: string, options: { recursive?: boolean; links?: Set<string> } = {}): string[] {
    const base = this.resolve(dir, true);
    if (!statSync(base, { throwIfNoEntry: false })?.isDirectory()) return [];
    const out: string[] = [];
    // Paths are built by joining names (one path.relative per entry costs more than the listing).
    const walk = (abs: string, rel: string): void => {
      let entries: Dirent[];
      try {
        entries = readdirSync(abs, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const childRel = rel === '' ? e.name : `${rel}/${e.name}`;
        if (e.isDirectory()) {
          if (options.recursive) walk(`${abs}${path.sep}${e.name}`, childRel);
        } else {
          // A link, and a FIFO, socket or device too: listed, so that what reads or checks the folder meets it (and
          // refuses it, naming it) rather than passing it by unseen.
          out.push(childRel);
          if (e.isSymbolicLink()) options.links?.add(childRel);
        }
      }
    };
    walk(base, this.relative(base));
    return out.sort();
  }

  listDirs(dir: string): string[] {
    try {
      return readdirSync(this.resolve(dir, true), { withFileTypes: true })
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
      return statSync(this.resolve(rel, true)).size;
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

  /**
   * Positioned reads of one regular file through one descriptor (a cache's index, read a few bytes at a time);
   * null when the file is missing or is not a regular file. Never follows a link at the last component.
   */
  readRanges<T>(rel: string, use: (read: (from: number, length: number) => Buffer, size: number) => T): T | null {
    let fd: number;
    try {
      fd = openSync(this.resolve(rel), fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW | fsConstants.O_NONBLOCK);
    } catch {
      return null;
    }
    try {
      const st = fstatSync(fd);
      if (!st.isFile()) return null;
      return use((from, length) => {
        const buf = Buffer.alloc(Math.max(0, length));
        const n = readSync(fd, buf, 0, buf.length, from);
        return buf.subarray(0, n);
      }, st.size);
    } finally {
      closeSync(fd);
    }
  }

  /**
   * Writes in place into an existing cache file of novel's own (no fsync: a cache that a crash may leave behind
   * in part must be one whose readers check what it says). A link or a file with another hard link is never
   * written into: false, and the caller writes the whole file afresh.
   */
  writeRanges(rel: string, writes: ReadonlyArray<{ at: number; bytes: Uint8Array }>): boolean {
    const abs = this.resolve(rel);
    this.refuseLinkedDirs(rel);
    let fd: number;
    try {
      fd = openSync(abs, fsConstants.O_RDWR | fsConstants.O_NOFOLLOW | fsConstants.O_NONBLOCK);
    } catch {
      return false;
    }
    try {
      const st = fstatSync(fd);
      if (!st.isFile() || st.nlink > 1) return false;
      this.mutation(`write in place ${rel}`);
      for (const w of writes) {
        let off = 0;
        while (off < w.bytes.length) off += writeSync(fd, w.bytes, off, w.bytes.length - off, w.at + off);
      }
    } finally {
      closeSync(fd);
    }
    this.observer?.(rel, 'appended');
    return true;
  }

  // ---- the raw door: what the step guard, the probes and the sweeps need ----
  // Project-relative paths ('' is the root), checked lexically (no absolute
  // path, no ".."), never following a link at the last component. They are
  // cheap on purpose: the guard calls them for every path a step touched.

  private lexical(rel: string): string {
    if (rel === '') return this.root;
    if (rel.startsWith('/') || DOTDOT_SEGMENT.test(rel)) {
      throw new NovelError('path_outside_project', at(rel, said('fs.dotdot')));
    }
    return `${this.root}/${rel}`;
  }

  /** lstat (a link is reported as a link), or null when nothing is there. */
  lstat(rel: string): import('node:fs').Stats | null {
    try {
      return lstatSync(this.lexical(rel));
    } catch {
      return null;
    }
  }

  /** stat that follows links, or null (the final trees' listing: a link there counts as what it points at). */
  stat(rel: string): import('node:fs').Stats | null {
    try {
      return statSync(this.lexical(rel), { throwIfNoEntry: false }) ?? null;
    } catch {
      return null;
    }
  }

  /** The entries of a directory with their types ([] when it cannot be listed). */
  readDir(rel: string): Dirent[] {
    try {
      return readdirSync(this.lexical(rel), { withFileTypes: true });
    } catch {
      return [];
    }
  }

  /** The bytes of a file as it is, without the text checks (null: absent or not readable). */
  readRaw(rel: string): Buffer | null {
    return this.readRawStat(rel)?.bytes ?? null;
  }

  /** readRaw, with the stats of the file read (taken on the open descriptor, before the read). */
  readRawStat(rel: string): { bytes: Buffer; st: Stats } | null {
    try {
      // O_NONBLOCK: a FIFO planted at the path must not hold the read up (it is not a file: null).
      const fd = openSync(this.lexical(rel), fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW | fsConstants.O_NONBLOCK);
      try {
        const st = fstatSync(fd);
        if (!st.isFile() || st.size > MAX_TEXT_BYTES) return null;
        return { bytes: readAll(fd, st.size), st };
      } finally {
        closeSync(fd);
      }
    } catch {
      return null;
    }
  }

  /**
   * Whether the file holds exactly `want` (null: that there is no file to
   * read), as readRaw would read it, but into a buffer kept between calls: the
   * step guard compares its captured files after every step without
   * allocating their size again.
   */
  sameRaw(rel: string, want: Buffer | null): boolean {
    let fd: number;
    try {
      fd = openSync(this.lexical(rel), fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW | fsConstants.O_NONBLOCK);
    } catch {
      return want === null;
    }
    try {
      const st = fstatSync(fd);
      if (!st.isFile() || st.size > MAX_TEXT_BYTES) return want === null;
      if (want === null || st.size !== want.length) return false;
      // One byte more than expected is asked for: a file that grew since the fstat differs.
      const need = want.length + 1;
      if (compareBuffer.length < need) compareBuffer = Buffer.allocUnsafe(need);
      const off = readInto(fd, compareBuffer, need);
      return off === want.length && compareBuffer.subarray(0, off).equals(want);
    } catch {
      return want === null;
    } finally {
      closeSync(fd);
    }
  }

  /** Watch one directory (inotify on Linux): `onEvent(name | null)` per change inside it. */
  watchDir(rel: string, onEvent: (name: string | null) => void): import('node:fs').FSWatcher {
    return watch(this.lexical(rel), { persistent: false }, (_event, name) =>
      onEvent(name === null ? null : String(name)),
    );
  }

  /** A marker file of novel's own bookkeeping (no fsync, not atomic): the guard's fences, the nested-writes list. */
  touchRaw(rel: string, text = ''): void {
    if (this.readOnly) this.mutation(`touchRaw ${rel}`);
    writeFileSync(this.lexical(rel), text);
  }

  appendRaw(rel: string, text: string): void {
    if (this.readOnly) this.mutation(`appendRaw ${rel}`);
    appendFileSync(this.lexical(rel), text);
  }

  /** Remove a path (recursively), without the mutation count of a book change: bookkeeping and restores. */
  removeRaw(rel: string): void {
    if (this.readOnly) this.mutation(`removeRaw ${rel}`);
    rmSync(this.lexical(rel), { recursive: true, force: true });
  }

  mkdirRaw(rel: string): void {
    if (this.readOnly) this.mutation(`mkdirRaw ${rel}`);
    mkdirSync(this.lexical(rel), { recursive: true });
  }

  /**
   * An append-only file against its captured size and tail: 'same', 'restored'
   * (bytes appended after the capture were cut off) or 'changed' (beyond repair here).
   */
  cutBackTo(rel: string, captured: { size: number; tail: Buffer }): 'same' | 'restored' | 'changed' {
    if (this.readOnly) this.mutation(`cutBackTo ${rel}`);
    let fd: number;
    try {
      fd = openSync(this.lexical(rel), fsConstants.O_RDWR | fsConstants.O_NOFOLLOW);
    } catch {
      return 'changed';
    }
    try {
      const size = fstatSync(fd).size;
      if (size < captured.size) return 'changed';
      const buf = Buffer.alloc(captured.tail.length);
      readSync(fd, buf, 0, buf.length, captured.size - captured.tail.length);
      if (!buf.equals(captured.tail)) return 'changed';
      if (size === captured.size) return 'same';
      ftruncateSync(fd, captured.size);
      fsyncSync(fd);
      return 'restored';
    } finally {
      closeSync(fd);
    }
  }

  /** The last `len` bytes of a file and its size (null: absent). */
  readTail(rel: string, len: number): { size: number; tail: Buffer } | null {
    let fd: number;
    try {
      fd = openSync(this.lexical(rel), fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW);
    } catch {
      return null;
    }
    try {
      const size = fstatSync(fd).size;
      const n = Math.min(size, len);
      const buf = Buffer.alloc(n);
      readSync(fd, buf, 0, n, size - n);
      return { size, tail: buf };
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
    this.refuseLinkedDirs(rel);
    this.mkdirFor(abs);
    let linked;
    try {
      linked = lstatSync(abs);
    } catch {
      linked = null;
    }
    if (linked && (linked.isSymbolicLink() || linked.nlink > 1)) {
      // Never append into bytes another name shares: a fresh copy takes the path first.
      if (linked.isSymbolicLink()) throw linkRefused(rel, said('fs.link.appended'));
      this.writeText(rel, this.readRange(rel, 0, before));
    }
    this.mutation(`append ${rel}`);
    let fd: number;
    try {
      fd = openSync(abs, existsSync(abs) ? fsConstants.O_RDWR | fsConstants.O_NOFOLLOW : 'w+');
    } catch (err) {
      throw shapeError(err, rel);
    }
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

  /**
   * An atomic write; `fsync: false` only for copies novel can do without after a crash (backups, caches). Bytes in
   * parts are written part by part into the temporary file, before it is synced and renamed into place.
   */
  writeText(rel: string, content: Content, options: { fsync?: boolean } = {}): void {
    const abs = this.resolve(rel);
    this.unlinkForWrite(rel, abs);
    this.mkdirFor(abs);
    this.mutation(`write ${rel}`);
    holdExitHooks();
    try {
      if (content instanceof JoinedBytes)
        writeFileAtomic.sync(abs, Buffer.alloc(0), {
          fsync: options.fsync ?? true,
          tmpfileCreated: (tmp: string) => writeParts(tmp, content.parts),
        });
      else writeFileAtomic.sync(abs, content, { fsync: options.fsync ?? true });
    } catch (err) {
      throw shapeError(err, rel);
    }
    this.observer?.(rel, content);
  }

  /**
   * A folder that did not exist, made with its files in one pass (an import's chapters, renamed into place once
   * they are all there). The folder is made here, so every name in it is new: each file is created exclusively
   * (O_EXCL, never through a link), with no temporary name and no fsync, since the folder only counts once a rename
   * puts it in place. A folder already there is refused. The names are novel's own (`chapter-001.md`), never a path.
   */
  writeNewFolder(rel: string, files: ReadonlyArray<{ name: string; content: string }>): void {
    const abs = this.resolve(rel);
    this.refuseLinkedDirs(`${rel}/-`);
    this.mkdirFor(abs);
    this.mutation(`mkdir ${rel}`);
    try {
      mkdirSync(abs);
    } catch (err) {
      throw shapeError(err, rel);
    }
    holdExitHooks();
    for (const f of files) {
      this.mutation(`write ${rel}/${f.name}`);
      try {
        writeFileSync(`${abs}/${f.name}`, f.content, { flag: 'wx' });
      } catch (err) {
        throw shapeError(err, `${rel}/${f.name}`);
      }
      this.observer?.(`${rel}/${f.name}`, f.content);
    }
  }

  writeJson(rel: string, value: unknown, options: { fsync?: boolean } = {}): void {
    this.writeText(rel, `${JSON.stringify(value, null, 2)}\n`, options);
  }

  private mkdirFor(abs: string): void {
    const dir = path.dirname(abs);
    if (!existsSync(dir)) {
      this.mutation(`mkdir ${dir}`);
      try {
        mkdirSync(dir, { recursive: true });
      } catch (err) {
        throw shapeError(err, this.relative(dir));
      }
    }
  }

  mkdir(rel: string): void {
    const abs = this.resolve(rel);
    if (existsSync(abs)) return;
    this.mutation(`mkdir ${rel}`);
    mkdirSync(abs, { recursive: true });
  }

  copyFile(from: string, to: string): void {
    this.writeText(to, this.readBytes(from));
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
    // The entry itself moves (a link stays a link): only the directories on the way must be real.
    const slash = from.lastIndexOf('/');
    const src = path.join(slash < 0 ? this.root : this.resolve(from.slice(0, slash)), from.slice(slash + 1));
    const dst = this.resolve(to);
    this.refuseLinkedDirs(from);
    this.refuseLinkedDirs(to);
    this.mutation(`rename ${from} -> ${to}`);
    try {
      renameSync(src, dst);
    } catch (err) {
      throw shapeError(err, to);
    }
  }

  /**
   * Move a file or a folder by rename(2), the destination's directories made
   * first. The observer hears the source removed and the destination written
   * by novel as it is (its bytes are not read again).
   */
  move(from: string, to: string): void {
    this.mkdirFor(this.resolve(to));
    this.rename(from, to);
    this.observer?.(from, null);
    this.observer?.(to, 'appended');
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

/** `size` bytes from an open file (fewer when it was cut meanwhile). */
let exitHooksHeld = false;

/**
 * write-file-atomic removes a write's temporary file if a signal ends the
 * process, through signal-exit, which installs its handlers for 15 signals
 * when its first exit hook is added and removes them with its last: at every
 * write, about 60 system calls and their JavaScript (900 on a long book's
 * commit). One hook, doing nothing, held from the first write to the end of
 * the process keeps them installed; a signal still ends the process as
 * before, the temporary files removed first.
 */
function holdExitHooks(): void {
  if (exitHooksHeld) return;
  exitHooksHeld = true;
  onExit(() => undefined);
}

/**
 * Bytes in parts written into the temporary file write-file-atomic just made (its own write is of nothing; it syncs
 * the file after this, then renames it into place). Opened without following a link: the name is one it made.
 */
function writeParts(tmp: string, parts: readonly Buffer[]): void {
  const fd = openSync(tmp, fsConstants.O_WRONLY | fsConstants.O_NOFOLLOW);
  try {
    let at = 0;
    for (const part of parts) {
      let off = 0;
      while (off < part.length) off += writeSync(fd, part, off, part.length - off, at + off);
      at += part.length;
    }
  } finally {
    closeSync(fd);
  }
}

/** ProjectFs.sameRaw's buffer, grown to the largest file it compared. */
let compareBuffer = Buffer.alloc(0);

/** Read up to `length` bytes from the start of `fd` into `into`; the count read (less at the end of the file). */
function readInto(fd: number, into: Buffer, length: number): number {
  let off = 0;
  while (off < length) {
    const n = readSync(fd, into, off, length - off, off);
    if (n === 0) break;
    off += n;
  }
  return off;
}

/**
 * The name Linux gives the file a descriptor holds (/proc/self/fd/N), and whether that name has been removed since the
 * open (Linux then says "<name> (deleted)"); null when it gives none.
 */
function descriptorName(fd: number): { name: string; removed: boolean } | null {
  let held: string;
  try {
    held = readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return null;
  }
  const removed = held.endsWith(' (deleted)');
  return { name: removed ? held.slice(0, -' (deleted)'.length) : held, removed };
}

/** How long a read waits for a program holding a lease on the file to let it go (Linux's lease-break-time is 45 s). */
const LEASE_WAIT_MS = 60_000;

/**
 * Opens a file for reading: not held up by a FIFO planted at its path (it is no regular file: refused unread), never
 * made the terminal of the process. A file another program holds a lease on (a network share's) answers such an open
 * at once, having asked the holder to let go: it is asked again every 10 ms, as a plain open would wait.
 */
function openBookFile(abs: string, flags: number): number {
  const open = () => openSync(abs, fsConstants.O_RDONLY | fsConstants.O_NONBLOCK | fsConstants.O_NOCTTY | flags);
  const until = Date.now() + LEASE_WAIT_MS;
  for (;;) {
    try {
      return open();
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if ((code !== 'EAGAIN' && code !== 'EWOULDBLOCK') || Date.now() > until) throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
  }
}

function readAll(fd: number, size: number): Buffer {
  const bytes = Buffer.alloc(size);
  const off = readInto(fd, bytes, size);
  return off === bytes.length ? bytes : bytes.subarray(0, off);
}

/** The last `len` bytes of a file of `size` bytes (fewer if it shrank meanwhile). */
function readTailBytes(fd: number, size: number, len: number): Buffer {
  const bytes = Buffer.alloc(len);
  let off = 0;
  while (off < len) {
    const n = readSync(fd, bytes, off, len - off, size - len + off);
    if (n === 0) break;
    off += n;
  }
  return off === len ? bytes : bytes.subarray(0, off);
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
/**
 * What in a directory shows it holds a book, even without a checkpoint (empty: nothing): the English list, and its
 * words.
 */
export function bookEvidenceSaid(dir: string): { found: string[]; words: Words } {
  let chapters = 0;
  try {
    chapters = readdirSync(path.join(dir, 'chapters')).filter((f) => f.endsWith('.md')).length;
  } catch {
    /* no chapters/ */
  }
  const files = ['state/current-state.json', 'state/changelog.jsonl'].filter((rel) => existsSync(path.join(dir, rel)));
  const found = [...(chapters ? [`chapters/ (${chapters} chapter file(s))`] : []), ...files];
  return { found, words: said('projectdir.evidence', { chapters, files }) };
}

/** What in a directory shows it holds a book, even without a checkpoint (empty: nothing). */
export function bookEvidence(dir: string): string[] {
  return bookEvidenceSaid(dir).found;
}

function noProject(dir: string, where: Words): NovelError {
  const book = bookEvidenceSaid(dir);
  if (book.found.length) {
    return new NovelError(
      'checkpoint_missing',
      said('projectdir.no_checkpoint', { where, dir, book: book.words, file: CHECKPOINT_FILE }),
      {
        hint: said('projectdir.no_checkpoint.hint', { dir }),
        details: { found: book.found },
      },
    );
  }
  return new NovelError('not_a_project', said('projectdir.none', { where, dir, file: CHECKPOINT_FILE }), {
    hint: said('projectdir.none.hint'),
  });
}

/**
 * The project root: --project as the user gave it (`..` included), else the nearest ancestor holding the checkpoint.
 */
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
    if (parent === dir) throw noProject(path.resolve(cwd), said('projectdir.where.search', { file: CHECKPOINT_FILE }));
    dir = parent;
  }
}
