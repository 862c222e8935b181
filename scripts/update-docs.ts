// Regenerates the parts of docs/ that are derived from the code: the
// book and chapter machine diagram in docs/pipeline.md. Run: npm run docs
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bookGraph, toMermaid } from '../src/core/graph.js';

export const BEGIN = '<!-- BEGIN GENERATED: novel graph --format mermaid -->';
export const END = '<!-- END GENERATED -->';

export function pipelineDocBlock(): string {
  return `${BEGIN}\n\`\`\`mermaid\n${toMermaid(bookGraph())}\`\`\`\n${END}`;
}

export function withPipelineBlock(doc: string): string {
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start < 0 || end < 0) throw new Error('docs/pipeline.md: generated block markers not found');
  return doc.slice(0, start) + pipelineDocBlock() + doc.slice(end + END.length);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const path = fileURLToPath(new URL('../docs/pipeline.md', import.meta.url));
  writeFileSync(path, withPipelineBlock(readFileSync(path, 'utf8')));
  process.stdout.write('docs/pipeline.md updated\n');
}
