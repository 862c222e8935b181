/**
 * Reads staging/ once into a StagingView: every agent output with its sha256.
 * A file whose size and mtime are those recorded by the last mutating command
 * (logs/.cache/staging.json) takes its recorded sha256: a reader such as
 * `novel next` then hashes nothing (and never loads node:crypto) when staging
 * did not change since.
 */
import * as nodeFs from 'node:fs';
import * as nodePath from 'node:path';
import { isStagingBookkeeping } from '../core/paths.js';
import type { StagedFile, StagingView } from '../core/staging-view.js';
import { sha256Hex, type ProjectFs } from './project-fs.js';
import { NovelError } from '../core/errors.js';
import { errorAt } from '../core/diagnostics.js';
import { decodeUtf8 } from '../core/utf8.js';

export const STAGING_CACHE = 'logs/.cache/staging.json';

type HashCache = Record<string, [number, number, string]>;

function readHashCache(fs: ProjectFs): HashCache {
  try {
    const v = JSON.parse(nodeFs.readFileSync(nodePath.join(fs.root, STAGING_CACHE), 'utf8')) as { v?: number; files?: HashCache };
    return v.v === 1 && v.files && typeof v.files === 'object' ? v.files : {};
  } catch {
    return {};
  }
}

function statOf(fs: ProjectFs, rel: string): [number, number] | null {
  try {
    const st = nodeFs.statSync(nodePath.join(fs.root, rel));
    return [st.size, st.mtimeMs];
  } catch {
    return null;
  }
}

/** After a mutating command: the size, mtime and sha256 of every staged file, for readers. */
export function recordStagingHashes(fs: ProjectFs, view: StagingView): void {
  const files: HashCache = {};
  const now = Date.now();
  for (const [rel, f] of view.files) {
    const st = statOf(fs, rel);
    // A file written in the last moments could change again within the same mtime: hashed next time (as git does).
    if (st && f.sha256 && now - st[1] > 10) files[rel] = [st[0], st[1], f.sha256];
  }
  try {
    fs.writeText(STAGING_CACHE, JSON.stringify({ v: 1, files }));
  } catch {
    /* a cache */
  }
}

/** The files under staging/ that agents write, sorted; bookkeeping (journal, revisions, packets) is not even listed. */
function stagedOutputs(fs: ProjectFs): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    let entries: nodeFs.Dirent[];
    try {
      entries = nodeFs.readdirSync(nodePath.join(fs.root, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const child = `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (!isStagingBookkeeping(`${child}/`)) walk(child);
      } else if ((e.isFile() || e.isSymbolicLink()) && !isStagingBookkeeping(child)) out.push(child);
    }
  };
  walk('staging');
  return out.sort();
}

export function readStagingView(fs: ProjectFs): StagingView {
  const files = new Map<string, StagedFile>();
  const cache = readHashCache(fs);
  for (const rel of stagedOutputs(fs)) {
    let bytes: Buffer;
    let stat: [number, number];
    try {
      const read = fs.readBytesAndStat(rel);
      bytes = read.bytes;
      stat = [read.size, read.mtimeMs];
    } catch (err) {
      if (err instanceof NovelError) {
        files.set(rel, { path: rel, sha256: null, problem: errorAt(err.code, rel, { message: err.message.replace(`${rel}: `, ''), fix: err.hint ?? '' }) });
        continue;
      }
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    const known = cache[rel];
    const sha256 = known && known[0] === stat[0] && known[1] === stat[1] && known[0] === bytes.length ? known[2] : sha256Hex(bytes);
    const decoded = decodeUtf8(bytes);
    files.set(
      rel,
      decoded.ok
        ? { path: rel, sha256, text: decoded.text }
        : {
            path: rel,
            sha256,
            problem: errorAt('invalid_utf8', rel, {
              expected: 'UTF-8 text',
              found: `an invalid byte sequence at byte offset ${decoded.offset}`,
              fix: 'save the file as UTF-8',
            }),
          },
    );
  }
  return { files };
}
