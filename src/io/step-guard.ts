/**
 * novel's own check that an executor step changed nothing outside staging/
 * (in case a client or a command template misbehaves).
 *
 * For the length of a run, every directory of the project outside staging/
 * is watched (one watch per directory, never per file), and an in-memory
 * index of every path's identity (size, mtime, ctime, inode) is kept current from
 * the watch events that novel's own writes cause between steps: the project
 * is walked once per run, and each step then costs only what the step itself
 * touched, however long the book.
 *
 * Before a step, the bounded set of step-guard-rules is captured byte for
 * byte: the bytes the guard last read of a file, and compared after the
 * step before, stand while its stats vouch for them
 * (src/core/racy-clean.ts), so the large state is read whole once after the
 * commit that wrote it, not before every step. During a step, every event
 * outside staging/ is collected, and novel's own writes (heartbeat, executor
 * record, executor log) are remembered with their bytes. After it, a fence
 * file tells when every event has arrived; each collected path
 * is compared with the index, captured files are compared byte for byte
 * (events or not, whatever their stats: a process that mapped a file before
 * the step writes through the mapping without moving its times), and
 * captured files are restored exactly.
 * Without directory watches (an inotify limit, say), each step falls back to
 * a full walk and says so.
 */
import type * as NodeFs from 'node:fs';
import * as nodePath from 'node:path';
import {
  capturedFiles,
  capturedTrees,
  classify,
  sortChanges,
  TAIL_BYTES,
  TAIL_CAPTURED,
  unguarded,
  type GuardChange,
  type Ident,
} from '../core/step-guard-rules.js';
import type { Checkpoint } from '../schemas/checkpoint.js';
import type { ProjectFs } from './project-fs.js';
import { isWriteOnce, restoreFromObject } from './book-objects.js';
import { readFingerprint } from './fingerprint.js';
import { settledBefore } from '../core/racy-clean.js';
import { contentBytes } from '../core/joined-bytes.js';

const FENCE_DIR = 'logs/.cache';
const FENCE = `${FENCE_DIR}/guard-fence-`;
const FENCE_WAIT_MS = 5000;

export interface GuardResult {
  changes: GuardChange[];
  /** How the step was checked: by watched directories, or by a full walk (and why). */
  mode: 'watch' | 'walk';
  note?: string;
}

function identOf(st: NodeFs.Stats): Ident {
  return { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino, dir: st.isDirectory() };
}

function sameBytes(a: Buffer | null, b: Buffer | null): boolean {
  if (a === null || b === null) return a === b;
  return a.equals(b);
}

export class StepGuard {
  /** Directory (project-relative, '' for the root) → entry name → identity. */
  private readonly index = new Map<string, Map<string, Ident>>();
  private readonly watchers = new Map<string, NodeFs.FSWatcher>();
  /** Paths with events since the index was last brought up to date (between steps). */
  private readonly pending = new Set<string>();
  /** Directories whose events came without a name: re-read whole. */
  private readonly pendingDirs = new Set<string>();
  private armed: {
    events: Set<string>;
    dirs: Set<string>;
    own: Map<string, Buffer | null | 'appended'>;
    captured: Map<string, Buffer | null>;
    tail: { size: number; tail: Buffer } | null;
  } | null = null;
  private fenceSeen: ((rel: string) => void) | null = null;
  private fences = 0;
  private watching = true;
  private note: string | undefined;
  /** The settings and story bible as captured at the last arm: novel never writes them during a run. */
  private settings = new Map<string, Buffer | null>();

  constructor(private readonly fs: ProjectFs) {}

  private lstat(rel: string): Ident | undefined {
    const st = this.fs.lstat(rel);
    return st ? identOf(st) : undefined;
  }

  private bytes(rel: string): Buffer | null {
    return this.fs.readRaw(rel);
  }

  /** The last bytes read of each captured file, with the stats of that read and the moment it began. */
  private readonly held = new Map<string, { ident: Ident; readAt: number; bytes: Buffer }>();

  /** The held bytes of `rel`, when the file's stats now (`now`) still vouch for them. */
  private heldFor(rel: string, now: Ident | undefined): Buffer | undefined {
    const h = this.held.get(rel);
    if (!h || !now || now.dir || !settledBefore(h.ident.ctimeMs, h.readAt)) return undefined;
    const same =
      now.size === h.ident.size &&
      now.mtimeMs === h.ident.mtimeMs &&
      now.ctimeMs === h.ident.ctimeMs &&
      now.ino === h.ident.ino;
    return same ? h.bytes : undefined;
  }

  /**
   * A captured file's bytes: the held ones while its stats in the index (just settled) vouch for them, else read (and
   * held).
   */
  private captureBytes(rel: string): Buffer | null {
    const known = this.heldFor(rel, this.identBefore(rel));
    if (known) return known;
    const readAt = Date.now();
    const read = this.fs.readRawStat(rel);
    if (!read) {
      this.held.delete(rel);
      return null;
    }
    this.held.set(rel, { ident: identOf(read.st), readAt, bytes: read.bytes });
    return read.bytes;
  }

  /** Walk the project outside staging/ once: the index, and a watch per directory. */
  open(): void {
    this.fs.mkdirRaw(FENCE_DIR);
    this.fs.mkdirRaw('logs/executor');
    this.walk('');
  }

  private walk(dir: string): void {
    if (dir !== '' && unguarded(dir)) return;
    if (!this.fs.lstat(dir)?.isDirectory()) return;
    const entries = this.fs.readDir(dir);
    const names = new Map<string, Ident>();
    this.index.set(dir, names);
    this.watch(dir);
    for (const e of entries) {
      const rel = dir === '' ? e.name : `${dir}/${e.name}`;
      if (unguarded(rel)) continue;
      const id = this.lstat(rel);
      if (!id) continue;
      names.set(e.name, id);
      if (id.dir) this.walk(rel);
    }
  }

  private watch(dir: string): void {
    if (!this.watching || this.watchers.has(dir)) return;
    try {
      const w = this.fs.watchDir(dir, (name) => this.event(dir, name));
      w.on('error', () => this.forget(dir));
      this.watchers.set(dir, w);
    } catch (err) {
      // Out of inotify watches (ENOSPC), descriptors (EMFILE), or no watching here at all.
      this.watching = false;
      this.note =
        `directory watches unavailable (${(err as NodeJS.ErrnoException).code ?? String(err)}` +
        `): each step is checked by a full walk of the project`;
      for (const w of this.watchers.values()) w.close();
      this.watchers.clear();
    }
  }

  private forget(dir: string): void {
    this.watchers.get(dir)?.close();
    this.watchers.delete(dir);
  }

  private event(dir: string, name: string | null): void {
    if (name === null) {
      (this.armed?.dirs ?? this.pendingDirs).add(dir);
      return;
    }
    const rel = dir === '' ? name : `${dir}/${name}`;
    if (rel.startsWith(FENCE)) {
      this.fenceSeen?.(rel);
      return;
    }
    if (unguarded(rel)) return;
    (this.armed?.events ?? this.pending).add(rel);
  }

  /** Every event caused so far has been delivered once the fence's own event arrives (one inotify queue, in order). */
  private async fence(): Promise<boolean> {
    if (!this.watching) return false;
    // Each fence has its own name: the late events of an earlier one must not pass for this one.
    const fence = `${FENCE}${process.pid}-${++this.fences}`;
    const seen = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), FENCE_WAIT_MS);
      this.fenceSeen = (rel) => {
        if (rel !== fence) return;
        clearTimeout(timer);
        resolve(true);
      };
    });
    this.fs.touchRaw(fence);
    this.fs.removeRaw(fence);
    const ok = await seen;
    this.fenceSeen = null;
    return ok;
  }

  /** Bring one path of the index up to date (a directory appearing is walked and watched). */
  private refresh(rel: string): void {
    const dir = nodePath.posix.dirname(rel) === '.' ? '' : nodePath.posix.dirname(rel);
    const name = nodePath.posix.basename(rel);
    const names = this.index.get(dir);
    if (!names) return;
    const now = this.lstat(rel);
    const before = names.get(name);
    if (!now) {
      names.delete(name);
      if (before?.dir) this.dropTree(rel);
      return;
    }
    names.set(name, now);
    if (now.dir && !this.index.has(rel)) this.walk(rel);
  }

  private dropTree(dir: string): void {
    for (const key of [...this.index.keys()]) {
      if (key === dir || key.startsWith(`${dir}/`)) {
        this.index.delete(key);
        this.forget(key);
      }
    }
  }

  private refreshDir(dir: string): void {
    const names = this.index.get(dir);
    if (!names) return;
    const listed = this.fs.readDir(dir).map((e) => e.name);
    for (const name of new Set([...names.keys(), ...listed])) {
      const rel = dir === '' ? name : `${dir}/${name}`;
      if (!unguarded(rel)) this.refresh(rel);
    }
  }

  private settle(): void {
    for (const dir of this.pendingDirs) this.refreshDir(dir);
    this.pendingDirs.clear();
    for (const rel of this.pending) this.refresh(rel);
    this.pending.clear();
  }

  /** The files captured byte for byte before a step. */
  private capturedList(cp: Checkpoint): string[] {
    const out: string[] = [];
    for (const [name, id] of this.index.get('') ?? []) if (!id.dir) out.push(name);
    const trees = capturedTrees(cp.current_volume);
    const inTree = (dir: string): boolean => trees.some((tree) => dir === tree || dir.startsWith(`${tree}/`));
    // novel's own bookkeeping (the fingerprint above all): an executor that changed it could hide any other change.
    const bookkeeping = (dir: string): boolean =>
      (dir === '.novel' || dir.startsWith('.novel/')) && !dir.startsWith('.novel/objects');
    const treeFiles: string[] = [];
    const ownFiles: string[] = [];
    for (const [dir, names] of this.index) {
      const to = inTree(dir) ? treeFiles : bookkeeping(dir) ? ownFiles : null;
      if (to) for (const [name, id] of names) if (!id.dir) to.push(`${dir}/${name}`);
    }
    out.push(...treeFiles);
    for (const rel of capturedFiles(cp.last_completed_chapter)) if (this.has(rel)) out.push(rel);
    out.push(...ownFiles);
    return out;
  }

  private has(rel: string): boolean {
    const dir = nodePath.posix.dirname(rel);
    return this.index.get(dir === '.' ? '' : dir)?.has(nodePath.posix.basename(rel)) ?? false;
  }

  private identBefore(rel: string): Ident | undefined {
    const dir = nodePath.posix.dirname(rel);
    return this.index.get(dir === '.' ? '' : dir)?.get(nodePath.posix.basename(rel));
  }

  /** Before an executor step: settle the index, capture the bounded set, collect events from now on. */
  async arm(cp: Checkpoint): Promise<void> {
    if (this.watching) {
      await this.fence();
      this.settle();
    } else {
      this.index.clear();
      this.walk('');
    }
    const captured = new Map<string, Buffer | null>();
    for (const rel of this.capturedList(cp)) captured.set(rel, this.captureBytes(rel));
    let tail: { size: number; tail: Buffer } | null = null;
    const changelog = this.identBefore(TAIL_CAPTURED);
    if (changelog && !changelog.dir) tail = this.fs.readTail(TAIL_CAPTURED, TAIL_BYTES);
    const own = new Map<string, Buffer | null | 'appended'>();
    this.settings = new Map([...captured].filter(([rel]) => settingsFile(rel)));
    this.armed = { events: new Set(), dirs: new Set(), own, captured, tail };
    this.fs.observer = (rel, content) => {
      if (unguarded(rel)) return;
      own.set(rel, content === null || content === 'appended' ? content : contentBytes(content));
    };
  }

  private recorded: Record<string, string> | null | undefined;

  /** Restore a final file from its copy (book-objects.ts), as the fingerprint records it. */
  private fromObjects(rel: string): boolean {
    if (!isWriteOnce(rel)) return false;
    if (this.recorded === undefined) this.recorded = readFingerprint(this.fs);
    const sha = this.recorded?.[rel];
    if (!sha) return false;
    try {
      return restoreFromObject(this.fs, rel, sha);
    } catch {
      return false;
    }
  }

  /** The path outside staging/ whose file has this inode (a hard link's other name), if the index knows one. */
  pathOfInode(ino: number): string | null {
    for (const [dir, names] of this.index) {
      for (const [name, id] of names) if (!id.dir && id.ino === ino) return dir === '' ? name : `${dir}/${name}`;
    }
    return null;
  }

  /** novel itself wrote these files of the story bible (a setup commit, §14): they hold their new bytes from now on. */
  acceptOwnWrites(paths: readonly string[] | 'all'): void {
    for (const rel of paths === 'all' ? [...this.settings.keys()] : paths)
      if (settingsFile(rel)) this.settings.set(rel, this.bytes(rel));
  }

  /**
   * Between steps (before a commit, at the end of the run): the settings and
   * the story bible still hold what they held at the last step's start; a
   * change is put back and reported.
   */
  settingsCheck(): GuardChange[] {
    const changes: GuardChange[] = [];
    for (const [rel, want] of this.settings) {
      const got = this.bytes(rel);
      if (sameBytes(want, got)) continue;
      restore(this.fs, rel, want);
      changes.push({ path: rel, kind: want === null ? 'added' : got === null ? 'removed' : 'changed', restored: true });
    }
    return sortChanges(changes);
  }

  /**
   * After the step: every change outside staging/, captured files restored; `extra` are paths to compare too (a hard
   * link's other name).
   */
  async check(extra: readonly string[] = []): Promise<GuardResult> {
    const armed = this.armed;
    this.recorded = undefined;
    if (!armed) return { changes: [], mode: this.watching ? 'watch' : 'walk' };
    this.fs.observer = null;
    const fenced = await this.fence();
    this.armed = null;
    // No file an executor can write decides what is checked (PROTOCOL §17): a command it runs writes nothing.
    const suspects = new Set(armed.events);
    for (const dir of armed.dirs) {
      for (const name of new Set([...(this.index.get(dir)?.keys() ?? []), ...this.fs.readDir(dir).map((e) => e.name)]))
        suspects.add(dir === '' ? name : `${dir}/${name}`);
    }
    let mode: GuardResult['mode'] = 'watch';
    if (!this.watching || !fenced) {
      // No watches, or events that may not all have arrived: compare everything.
      mode = 'walk';
      for (const [dir, names] of this.index)
        for (const name of names.keys()) suspects.add(dir === '' ? name : `${dir}/${name}`);
      walkNames(this.fs, '', suspects);
    }
    for (const rel of armed.captured.keys()) suspects.add(rel);
    for (const rel of extra) suspects.add(rel);
    if (armed.tail) suspects.add(TAIL_CAPTURED);
    const changes: GuardChange[] = [];
    const seen = new Set<string>();
    const report = (path: string, kind: GuardChange['kind'], restored: boolean): void => {
      if (seen.has(path)) return;
      seen.add(path);
      changes.push({ path, kind, restored });
    };
    for (const rel of [...suspects].sort()) {
      if (unguarded(rel) || rel.startsWith(FENCE)) continue;
      const before = this.identBefore(rel);
      const now = this.lstat(rel);
      if (armed.own.has(rel)) {
        // novel wrote it during the step: it must still hold what novel wrote.
        const want = armed.own.get(rel) ?? null;
        // An append of novel's own (bytes not kept): the file is novel's as it is.
        if (want === 'appended') continue;
        if (!sameBytes(want, now && !now.dir ? this.bytes(rel) : null)) {
          restore(this.fs, rel, want);
          report(rel, 'changed', true);
        }
        continue;
      }
      if (armed.captured.has(rel)) {
        const want = armed.captured.get(rel) ?? null;
        // Read whatever the stats say: a write through a shared mapping made before the step moves no time stamp.
        if (now && !now.dir ? this.fs.sameRaw(rel, want) : want === null) continue;
        const got = now && !now.dir ? this.bytes(rel) : null;
        if (!sameBytes(want, got)) {
          this.held.delete(rel);
          restore(this.fs, rel, want);
          report(rel, want === null ? 'added' : got === null ? 'removed' : 'changed', true);
        }
        continue;
      }
      if (rel === TAIL_CAPTURED && armed.tail) {
        const outcome = this.fs.cutBackTo(rel, armed.tail);
        // Same size and tail, yet touched: a change inside that only `novel state verify` can judge.
        if (outcome === 'same' && classify(before, now) !== null) report(rel, 'changed', false);
        else if (outcome !== 'same') report(rel, now ? 'changed' : 'removed', outcome === 'restored');
        continue;
      }
      const kind = classify(before, now);
      if (kind === null) continue;
      if (kind === 'removed' && before?.dir) {
        // A directory removed: every file the index knew under it.
        for (const [dir, names] of this.index) {
          if (dir !== rel && !dir.startsWith(`${rel}/`)) continue;
          for (const [name, id] of names)
            if (!id.dir) report(`${dir}/${name}`, 'removed', this.fromObjects(`${dir}/${name}`));
        }
        report(`${rel}/`, 'removed', false);
        continue;
      }
      if (kind === 'added' && now?.dir) {
        // A new directory: what is in it, less what novel wrote there itself.
        const inside = new Set<string>();
        walkNames(this.fs, rel, inside);
        const foreign = [...inside].filter(
          (f) => !armed.own.has(f) && !(this.lstat(f)?.dir && [...armed.own.keys()].some((o) => o.startsWith(`${f}/`))),
        );
        const ownInside = [...armed.own.keys()].some((o) => o.startsWith(`${rel}/`));
        if (ownInside && !foreign.length) continue;
        // Nothing in a directory the step made was there before it: it goes, unless novel wrote in it too.
        const undo = !ownInside;
        if (undo) restore(this.fs, rel, null);
        report(`${rel}/`, 'added', undo);
        for (const f of foreign.sort()) report(f, 'added', undo);
        continue;
      }
      if (before?.dir || now?.dir) continue;
      // A file the step added was not there before it: removing it puts the tree back.
      if (kind === 'added') {
        restore(this.fs, rel, null);
        report(rel, kind, true);
        continue;
      }
      // An old chapter changed (through a hard link) or removed: put back from its copy when the fingerprint vouches
      // for one.
      report(rel, kind, this.fromObjects(rel));
    }
    // The index follows the project as it is now (restored files included).
    for (const rel of suspects) if (!unguarded(rel)) this.pending.add(rel);
    for (const rel of armed.own.keys()) this.pending.add(rel);
    if (this.watching) {
      await this.fence();
    }
    this.settle();
    return { changes: sortChanges(changes), mode, ...(this.note ? { note: this.note } : {}) };
  }

  close(): void {
    this.fs.observer = null;
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
  }
}

/** The author's settings and story bible: files at the root (the checkpoint excepted), world/, characters/. */
function settingsFile(rel: string): boolean {
  if (rel.startsWith('world/') || rel.startsWith('characters/')) return true;
  return !rel.includes('/') && rel !== '.checkpoint.json';
}

/** Every path under `dir` (project-relative), staging/ left out. */
function walkNames(fs: ProjectFs, dir: string, out: Set<string>): void {
  for (const e of fs.readDir(dir)) {
    const rel = dir === '' ? e.name : `${dir}/${e.name}`;
    if (unguarded(rel)) continue;
    out.add(rel);
    if (e.isDirectory()) walkNames(fs, rel, out);
  }
}

function restore(fs: ProjectFs, rel: string, bytes: Buffer | null): void {
  if (bytes === null) {
    fs.removeRaw(rel);
    return;
  }
  if (fs.lstat(rel)?.isDirectory()) fs.removeRaw(rel);
  fs.writeText(rel, bytes);
}
