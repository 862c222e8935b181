/** The architecture stays visible: a pure core, thin commands, no re-entry into the CLI. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    return statSync(join(ROOT, rel)).isDirectory() ? files(rel) : rel.endsWith('.ts') ? [rel] : [];
  });
}

describe('architecture', () => {
  it('machines/ and src/core/ do no I/O: no node:fs, child_process or process.env', () => {
    for (const f of [...files('machines'), ...files('src/core')]) {
      const text = readFileSync(join(ROOT, f), 'utf8');
      expect(text, f).not.toMatch(/from 'node:(fs|child_process|net)'|require\('fs'\)|process\.env/);
    }
  });

  it('no command imports the CLI: commands and novel run call the shared operations', () => {
    for (const f of files('src/commands')) expect(readFileSync(join(ROOT, f), 'utf8'), f).not.toMatch(/from '\.\.\/(\.\.\/)?cli\.js'|runCli/);
  });

  it('novel run is a thin command (at most 120 lines)', () => {
    expect(readFileSync(join(ROOT, 'src/commands/run.ts'), 'utf8').split('\n').length).toBeLessThanOrEqual(120);
  });
});
