import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pipelineDocBlock } from '../scripts/update-docs.js';
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

  it('the embedded diagram is what `novel graph` prints', async () => {
    const r = await novel(process.cwd(), ['graph']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^stateDiagram-v2\n/);
    expect(r.stdout.split('\n').length).toBeGreaterThan(40);
    expect(pipelineDocBlock()).toContain(r.stdout);
  });
});
