/** A fixture copy walked to chapter 4's commit, optionally with the large delta. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { bigDelta, DELTA } from './commit-fixture.js';
import { fixtureCopy, novel, overlay } from './project.js';

export { bigDelta, DELTA, normalisedTree } from './commit-fixture.js';

export async function commitReadyProject(options: { bigDelta?: boolean } = {}): Promise<string> {
  const project = fixtureCopy();
  for (const variant of ['draft/good', 'summarize/good', 'audit/good', 'refine/good', 'judge/overall-4.2']) {
    overlay(project, variant);
    if (variant.startsWith('summarize') && options.bigDelta)
      writeFileSync(join(project, DELTA), `${JSON.stringify(bigDelta(), null, 2)}\n`);
    const r = await novel(project, ['advance', `chapter:004:${variant.split('/')[0]}`]);
    expect(r.code, r.stderr).toBe(0);
  }
  return project;
}
