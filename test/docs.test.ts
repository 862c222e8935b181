import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pipelineDocBlock } from '../scripts/update-docs.js';
import { novel } from './helpers/project.js';

describe('docs derived from the code', () => {
  it('docs/pipeline.md embeds the current mermaid diagram of the machine (run `npm run docs` when this fails)', () => {
    const doc = readFileSync(new URL('../docs/pipeline.md', import.meta.url), 'utf8');
    expect(doc).toContain(pipelineDocBlock());
  });

  it('the embedded diagram is what `novel graph` prints', async () => {
    const r = await novel(process.cwd(), ['graph']);
    expect(pipelineDocBlock()).toContain(r.stdout);
  });
});
