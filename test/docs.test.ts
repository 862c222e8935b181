import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chapterStatesTable, eventsTable, pipelineDocBlock, withPipelineBlock } from '../scripts/update-docs.js';
import { CHAPTER_STAGES } from '../src/core/step-table.js';
import { novel } from './helpers/project.js';

describe('docs derived from the code', () => {
  it('docs/pipeline.md embeds the current mermaid diagram of the machines (run `npm run docs` when this fails)', () => {
    const doc = readFileSync(new URL('../docs/pipeline.md', import.meta.url), 'utf8');
    const block = pipelineDocBlock();
    // Both levels: the book states and the chapter pipeline inside `writing`.
    expect(block).toContain('state writing {');
    expect(block).toContain('planning --> resolving');
    expect(block).toContain('judge --> gate');
    expect(doc).toContain(block);
  });

  it(
    "docs/pipeline.md's state and event tables are generated " +
      'from the machines (run `npm run docs` when this fails)',
    () => {
      const doc = readFileSync(new URL('../docs/pipeline.md', import.meta.url), 'utf8');
      expect(withPipelineBlock(doc)).toBe(doc);
      for (const stage of CHAPTER_STAGES) expect(chapterStatesTable()).toContain(`\`chapter:NNN:${stage}\``);
      for (const event of ['DRAFTED', 'JUDGED', 'PLAN_COMMITTED', 'EXECUTOR_FAILED'])
        expect(eventsTable()).toContain(`| \`${event}\` |`);
    },
  );

  it('the embedded diagram is what `novel graph` prints', async () => {
    const r = await novel(process.cwd(), ['graph']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^stateDiagram-v2\n/);
    expect(r.stdout.split('\n').length).toBeGreaterThan(40);
    expect(pipelineDocBlock()).toContain(r.stdout);
  });
});
