/**
 * The commit journal: write it (fsync'd, atomic) before touching any target,
 * apply it idempotently, delete it last. Applying the same journal any number
 * of times, from any interruption point, yields the same bytes.
 */
import * as nodeFs from 'node:fs';
import * as nodePath from 'node:path';
import { prettyJson } from '../core/canonical-json.js';
import type { CommitPlan } from '../core/commit-plan.js';
import type { VolumeCommitPlan } from '../core/volume-plan.js';
import { diagnosticsError, NovelError } from '../core/errors.js';
import { paths } from '../core/paths.js';
import { JournalSchema, type Journal } from '../schemas/journal.js';
import { hashAll, listFinalTrees, readFingerprint, writeFingerprint } from './fingerprint.js';
import { sha256Hex, type ProjectFs } from './project-fs.js';

export function journalPathFor(plan: { kind: 'chapter' | 'volume'; chapter?: number; volume?: number }): string {
  return plan.kind === 'chapter'
    ? `${paths.commitJournalDir}/chapter-${String(plan.chapter).padStart(3, '0')}.json`
    : `${paths.commitJournalDir}/vol-${String(plan.volume).padStart(2, '0')}.json`;
}

export function journalFromPlan(plan: CommitPlan | VolumeCommitPlan): Journal {
  return {
    version: 1,
    kind: plan.kind,
    chapter: plan.kind === 'chapter' ? plan.chapter : null,
    volume: plan.kind === 'volume' ? plan.volume : null,
    writes: plan.writes.map((w) => ({ path: w.path, content: w.content, sha256: sha256Hex(w.content) })),
    appends: plan.appends.map((a) => ({ path: a.path, before: a.before, text: a.text })),
    removes: plan.removes,
    checkpoint: plan.checkpoint,
    fingerprint_paths: plan.fingerprint_paths,
  };
}

export function writeJournal(fs: ProjectFs, rel: string, journal: Journal): void {
  fs.writeText(rel, prettyJson(journal));
}

export function readJournal(fs: ProjectFs, rel: string): Journal {
  const parsed = fs.readJson(rel, JournalSchema, 'invalid_journal');
  if (parsed === null) throw new NovelError('journal_missing', `${rel}: not found`);
  if (!parsed.ok) {
    throw diagnosticsError('invalid_journal', `${rel}: the commit journal is damaged`, parsed.diagnostics, 'it was not written by novel or was edited; move it aside and run `novel state verify`');
  }
  return parsed.value;
}

/** Remove leftovers of interrupted atomic writes (write-file-atomic names them FILE.<digits>). */
export function sweepAtomicTemps(fs: ProjectFs, targets: readonly string[]): string[] {
  const removed: string[] = [];
  const dirs = new Map<string, Set<string>>();
  for (const t of targets) {
    const dir = nodePath.posix.dirname(t);
    if (!dirs.has(dir)) dirs.set(dir, new Set());
    dirs.get(dir)?.add(nodePath.posix.basename(t));
  }
  for (const [dir, bases] of dirs) {
    let names: string[];
    try {
      names = nodeFs.readdirSync(fs.resolve(dir === '.' ? '' : dir) || fs.root);
    } catch {
      continue;
    }
    for (const name of names) {
      const m = /^(.*)\.\d+$/.exec(name);
      if (m && bases.has(m[1] as string)) {
        const rel = dir === '.' ? name : `${dir}/${name}`;
        fs.remove(rel);
        removed.push(rel);
      }
    }
  }
  return removed;
}

/** Apply every effect of the journal; each step checks before it writes. */
export function applyJournal(fs: ProjectFs, rel: string, journal: Journal): void {
  for (const w of journal.writes) {
    if (fs.sha256(w.path) !== w.sha256) fs.writeText(w.path, w.content);
  }
  for (const a of journal.appends) {
    const current = fs.exists(a.path) ? fs.readBytes(a.path) : Buffer.alloc(0);
    if (current.length < a.before) {
      throw new NovelError('journal_conflict', `${a.path}: ${current.length} bytes, shorter than the ${a.before} bytes the journal ${rel} recorded before its append`, {
        hint: 'the file was cut outside novel; restore it from a backup, then run the command again',
      });
    }
    const target = Buffer.concat([current.subarray(0, a.before), Buffer.from(a.text, 'utf8')]);
    if (!current.equals(target)) fs.writeText(a.path, target);
  }
  // No fingerprint yet: this commit records the first one, of every file.
  const recorded = readFingerprint(fs);
  const fingerprint = recorded ?? hashAll(fs, listFinalTrees(fs));
  let changed = recorded === null;
  for (const p of journal.fingerprint_paths) {
    const h = fs.sha256(p);
    if (h !== null && fingerprint[p] !== h) {
      fingerprint[p] = h;
      changed = true;
    }
  }
  if (changed || !fs.exists(paths.fingerprint)) writeFingerprint(fs, fingerprint);
  const checkpointText = prettyJson(journal.checkpoint);
  if (fs.sha256(paths.checkpoint) !== sha256Hex(checkpointText)) fs.writeText(paths.checkpoint, checkpointText);
  for (const r of journal.removes) if (r.startsWith('staging/')) fs.remove(r);
  sweepAtomicTemps(fs, [...journal.writes.map((w) => w.path), ...journal.appends.map((a) => a.path), paths.checkpoint, paths.fingerprint, rel]);
  fs.remove(rel);
}

export function recoverJournal(fs: ProjectFs, rel: string): Journal {
  const journal = readJournal(fs, rel);
  applyJournal(fs, rel, journal);
  return journal;
}
