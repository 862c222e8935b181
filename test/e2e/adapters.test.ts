/**
 * The adapters a real model follows literally: their formats come from the
 * formats table (and are up to date), every example they show validates with
 * no warning when written where it says, and every `novel …` command they
 * name parses with the real CLI.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  AGENTS,
  agentFile,
  codexReference,
  examplesIn,
  referenceFile,
  withFormats,
} from '../../scripts/generate-adapters.js';
import { cleanupTempDirs, fixtureCopy, novelBin, novelJson, readJson, REPO, tempDir } from '../helpers/project.js';

afterAll(cleanupTempDirs);

function adapterFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.md')) out.push(p);
    }
  };
  walk(join(REPO, 'adapters'));
  return out.sort();
}

function stage(project: string, rel: string, content: string): void {
  mkdirSync(dirname(join(project, rel)), { recursive: true });
  writeFileSync(join(project, rel), content);
}

describe('the adapters', () => {
  it(
    'carry the formats of the files each agent writes, generated ' +
      'from the formats table (run `npm run docs` when this fails)',
    () => {
      for (const agent of AGENTS) {
        const text = readFileSync(agentFile(agent), 'utf8');
        expect(text, agent).toBe(withFormats(text, agent));
        expect(readFileSync(referenceFile(agent), 'utf8'), `references/${agent}.md`).toBe(codexReference(text));
      }
    },
  );

  it('every example they show, written where it says, passes `novel validate` with no warning', async () => {
    const examples = new Map<string, string>();
    for (const file of adapterFiles()) {
      for (const e of examplesIn(readFileSync(file, 'utf8'))) {
        const seen = examples.get(e.path);
        if (seen !== undefined) expect(e.text, `${file}: ${e.path} shown twice, differently`).toBe(seen);
        examples.set(e.path, e.text);
      }
    }
    for (const agent of AGENTS)
      expect(examplesIn(readFileSync(agentFile(agent), 'utf8')).length, agent).toBeGreaterThan(0);
    const isSetup = (p: string): boolean =>
      /^staging\/(world|characters)\/|^staging\/storylines\/storylines\.json$|^staging\/style-profile\.json$/.test(p);
    const setupFiles = [...examples].filter(([p]) => isSetup(p));
    const chapterFiles = [...examples].filter(([p]) => !p.startsWith('staging/volumes/') && !isSetup(p));
    const planFiles = [...examples].filter(([p]) => p.startsWith('staging/volumes/'));
    expect(chapterFiles.length + planFiles.length + setupFiles.length).toBe(examples.size);
    // A new book's setup steps (§14): the world-builder's, the character-weaver's and the style-analyzer's files.
    const fresh = join(tempDir(), 'book');
    expect(novelBin(REPO, ['init', fresh]).code).toBe(0);
    for (const [rel, text] of setupFiles) stage(fresh, rel, text);
    for (const step of ['book:world', 'book:characters', 'book:style']) {
      const r = await novelJson(fresh, ['validate', step]);
      expect(r.code, `${step}: ${JSON.stringify(r.body)}`).toBe(0);
    }
    // Chapter 4 of the demo project: draft, summarize, refine, judge.
    const project = fixtureCopy();
    for (const [rel, text] of chapterFiles) stage(project, rel, text);
    for (const step of ['draft', 'summarize', 'refine', 'judge']) {
      const r = await novelJson(project, ['validate', `chapter:004:${step}`]);
      expect(r.code, `${step}: ${JSON.stringify(r.body)}`).toBe(0);
      expect(r.body.data.warnings ?? [], step).toEqual([]);
    }
    // Volume 2 (chapters 31–32): the plot-architect's plan.
    const planning = fixtureCopy();
    const cp = readJson(join(planning, '.checkpoint.json'));
    writeFileSync(
      join(planning, '.checkpoint.json'),
      JSON.stringify({ ...cp, last_completed_chapter: 30, current_volume: 2, orchestrator_state: 'VOL_PLANNING' }),
    );
    writeFileSync(
      join(planning, 'novel.config.json'),
      JSON.stringify({ ...readJson(join(planning, 'novel.config.json')), chapters_per_volume: 2 }),
    );
    for (const [rel, text] of planFiles) stage(planning, rel, text);
    const plan = await novelJson(planning, ['validate', 'volume:02:plan']);
    expect(plan.code, JSON.stringify(plan.body)).toBe(0);
    expect(plan.body.data.warnings ?? []).toEqual([]);
  });

  it('every `novel …` command line they name parses with the real CLI', () => {
    const lines = new Set<string>();
    for (const file of adapterFiles()) {
      for (const m of readFileSync(file, 'utf8').matchAll(/`(novel [^`]+)`/g)) lines.add(m[1] as string);
    }
    expect(lines.size).toBeGreaterThan(5);
    const checked: string[] = [];
    for (const line of lines) {
      // Placeholders as a model fills them in.
      const concrete = line
        .replace(/<step>/g, 'chapter:004:draft')
        .replace(/chapter:NNN/g, 'chapter:004')
        .replace(/accept\|revise\|rewrite/g, 'accept')
        .replace(/<[^>]+>/g, 'x');
      const tokens = concrete.split(/\s+/).slice(1);
      const words = tokens.filter((t) => !t.startsWith('-'));
      let path: string[] = [];
      let help = '';
      for (let n = Math.min(words.length, 3); n >= 1; n--) {
        const r = novelBin(REPO, [...words.slice(0, n), '--help']);
        if (r.code === 0 && !/Unknown Syntax Error|closest/i.test(r.stdout + r.stderr)) {
          path = words.slice(0, n);
          help = r.stdout;
          break;
        }
      }
      expect(path.length, `${line}: no such command`).toBeGreaterThan(0);
      for (const flag of tokens.filter((t) => t.startsWith('-')))
        expect(help, `${line}: ${flag}`).toContain(flag.split('=')[0] as string);
      checked.push(line);
    }
    expect(checked).toContain('novel next --json');
  });
});
