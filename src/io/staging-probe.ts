/** Reads staging/ once into a StagingView: every agent output with its sha256. */
import { isStagingBookkeeping } from '../core/paths.js';
import type { StagedFile, StagingView } from '../core/staging-view.js';
import { sha256Hex, type ProjectFs } from './project-fs.js';
import { NovelError } from '../core/errors.js';
import { errorAt } from '../core/diagnostics.js';
import { decodeUtf8 } from '../core/utf8.js';

export function readStagingView(fs: ProjectFs): StagingView {
  const files = new Map<string, StagedFile>();
  for (const rel of fs.listFiles('staging', { recursive: true })) {
    if (isStagingBookkeeping(rel)) continue;
    let bytes: Buffer;
    try {
      fs.resolve(rel);
      bytes = fs.readBytes(rel);
    } catch (err) {
      if (err instanceof NovelError) {
        files.set(rel, { path: rel, sha256: null, problem: errorAt(err.code, rel, { message: err.message.replace(`${rel}: `, ''), fix: err.hint ?? '' }) });
        continue;
      }
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    const sha256 = sha256Hex(bytes);
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
