/** Staging views built from the fixture output variants, for tests of the pure core. */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { StagedFile, StagingView } from '../../src/core/staging-view.js';
import { OUTPUTS } from './project.js';

/** The staged files of fixture output variants (e.g. "draft/good"), as the staging probe would see them. */
export function staged(...variants: string[]): StagingView {
  const files = new Map<string, StagedFile>();
  const walk = (root: string, dir: string): void => {
    for (const name of readdirSync(dir)) {
      const abs = join(dir, name);
      if (statSync(abs).isDirectory()) walk(root, abs);
      else {
        const text = readFileSync(abs, 'utf8');
        const path = relative(root, abs);
        files.set(path, { path, sha256: createHash('sha256').update(text).digest('hex'), text });
      }
    }
  };
  for (const v of variants) walk(join(OUTPUTS, v), join(OUTPUTS, v));
  return { files };
}
