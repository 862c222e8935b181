/**
 * The formats table is the one source: its examples are valid (written into a
 * project and passed through `novel validate` with no warning), docs/formats.md
 * and docs/schemas/ are generated from it, `novel schema` prints it, and a
 * wrong type is reported with the shape expected.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as v from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import { formatsDoc, jsonSchemaOf } from '../../scripts/generate-formats.js';
import { FORMATS, formatNamed, INPUT_FORMATS } from '../../src/schemas/formats.js';
import { parseWith } from '../../src/schemas/parse.js';
import { EvalSchema } from '../../src/schemas/staging.js';
import { StorylineScheduleSchema } from '../../src/schemas/volume-plan.js';
import { cleanupTempDirs, fixtureCopy, novelJson, readJson } from '../helpers/project.js';

afterAll(cleanupTempDirs);

const example = (name: string): string => (formatNamed(name) as { example: string }).example;

function stage(project: string, rel: string, content: string): void {
  mkdirSync(dirname(join(project, rel)), { recursive: true });
  writeFileSync(join(project, rel), content);
}

describe('file formats', () => {
  it('every JSON example parses with its own schema', () => {
    for (const f of [...FORMATS, ...INPUT_FORMATS].filter((x) => x.schema)) {
      const r = v.safeParse(f.schema as v.GenericSchema, JSON.parse(f.example));
      expect(r.success, `${f.name}: ${JSON.stringify(r.issues?.map((i) => i.message))}`).toBe(true);
    }
  });

  it(
    'the chapter examples, staged as chapter 4, pass `novel validate` ' +
      'of draft, summarize, refine and judge with no warning',
    async () => {
      const project = fixtureCopy();
      stage(project, 'staging/chapters/chapter-004.md', example('chapter'));
      const draft = await novelJson(project, ['validate', 'chapter:004:draft']);
      expect(draft.body).toMatchObject({ ok: true, data: { valid: true, warnings: [] } });
      stage(project, 'staging/summaries/chapter-004-summary.md', example('summary'));
      stage(project, 'staging/state/chapter-004-delta.json', example('delta'));
      stage(project, 'staging/state/chapter-004-crossref.json', example('crossref'));
      stage(project, 'staging/state/chapter-004-memory.json', example('chapter-memory'));
      stage(project, 'staging/storylines/main-sword/memory.md', example('storyline-memory'));
      stage(project, 'staging/logs/style-refiner-chapter-004-changes.json', example('change-log'));
      stage(project, 'staging/evaluations/chapter-004-eval.json', example('eval'));
      for (const step of ['summarize', 'refine', 'judge']) {
        const r = await novelJson(project, ['validate', `chapter:004:${step}`]);
        expect(r.code, JSON.stringify(r.body)).toBe(0);
        expect(r.body.data.warnings ?? [], step).toEqual([]);
      }
    },
  );

  it(
    'the volume plan examples (one block with English keys, one ' +
      'with Chinese keys) pass `novel validate volume:02:plan`',
    async () => {
      const project = fixtureCopy();
      const cp = readJson(join(project, '.checkpoint.json'));
      writeFileSync(
        join(project, '.checkpoint.json'),
        JSON.stringify({ ...cp, last_completed_chapter: 30, current_volume: 2, orchestrator_state: 'VOL_PLANNING' }),
      );
      writeFileSync(
        join(project, 'novel.config.json'),
        JSON.stringify({ ...readJson(join(project, 'novel.config.json')), chapters_per_volume: 2 }),
      );
      const dir = 'staging/volumes/vol-02';
      stage(project, `${dir}/outline.md`, example('outline'));
      stage(project, `${dir}/storyline-schedule.json`, example('storyline-schedule'));
      stage(project, `${dir}/foreshadowing.json`, example('volume-foreshadowing'));
      stage(project, `${dir}/new-characters.json`, example('new-characters'));
      const contract = JSON.parse(example('contract'));
      stage(project, `${dir}/chapter-contracts/chapter-031.json`, JSON.stringify(contract));
      stage(
        project,
        `${dir}/chapter-contracts/chapter-032.json`,
        JSON.stringify({ ...contract, chapter: 32, storyline_id: 'sect-intrigue' }),
      );
      const r = await novelJson(project, ['validate', 'volume:02:plan']);
      expect(r.code, JSON.stringify(r.body)).toBe(0);
      expect(r.body.data.warnings ?? []).toEqual([]);
    },
  );

  it(
    'docs/formats.md and docs/schemas/*.schema.json are generated ' +
      'from the table (run `npm run docs` when this fails)',
    () => {
      expect(readFileSync(new URL('../../docs/formats.md', import.meta.url), 'utf8')).toBe(formatsDoc());
      for (const f of [...FORMATS, ...INPUT_FORMATS].filter((x) => x.schema)) {
        expect(readFileSync(new URL(`../../docs/schemas/${f.name}.schema.json`, import.meta.url), 'utf8'), f.name).toBe(
          jsonSchemaOf(f),
        );
      }
    },
  );

  it('`novel schema` lists the formats and prints one', async () => {
    const list = await novelJson(process.cwd(), ['schema']);
    expect(list.body.data.formats.map((f: { name: string }) => f.name)).toEqual(
      [...FORMATS, ...INPUT_FORMATS].map((f) => f.name),
    );
    // Every input file an author writes has its format, with an example that parses.
    for (const name of ['character', 'world-rules', 'storylines', 'outline', 'contract', 'style-profile', 'config']) {
      const one = await novelJson(process.cwd(), ['schema', name]);
      expect(one.code, name).toBe(0);
      expect(one.body.data.example, name).toBeTruthy();
    }
    // The demo's own inputs are of those formats.
    for (const [name, rel] of [
      ['world-rules', 'world/rules.json'],
      ['storylines', 'storylines/storylines.json'],
      ['config', 'novel.config.json'],
      ['character', 'characters/active/bai-lingshuang.json'],
    ] as const) {
      const r = v.safeParse(
        formatNamed(name)?.schema as v.GenericSchema,
        JSON.parse(readFileSync(new URL(`../../fixtures/project/${rel}`, import.meta.url), 'utf8')),
      );
      expect(r.success, `${rel}: ${JSON.stringify(r.issues?.map((i) => i.message))}`).toBe(true);
    }
    const ev = await novelJson(process.cwd(), ['schema', 'eval']);
    expect(ev.body.data.schema.required).toEqual([
      'chapter',
      'overall',
      'recommendation',
      'contract_verification',
      'scores',
    ]);
    const outline = await novelJson(process.cwd(), ['schema', 'outline']);
    expect(outline.body.data).toMatchObject({ kind: 'text', path: 'staging/volumes/vol-VV/outline.md' });
    const bad = await novelJson(process.cwd(), ['schema', 'evaluation']);
    expect(bad.code).toBe(2);
    expect(bad.body.error.message).toMatch(/expected one of chapter, summary, delta/);
  });

  it('a wrong type is reported with the shape expected', () => {
    const r = parseWith(
      EvalSchema,
      { ...JSON.parse(example('eval')), scores: { plot: 4.5 } },
      'e.json',
      'invalid_eval',
    );
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.diagnostics[0]).toMatchObject({
        field: 'scores.plot',
        expected: '{score: number, reason: string, …}',
        found: '4.5',
      });
    const s = parseWith(StorylineScheduleSchema, { active_storylines: {} }, 's.json', 'invalid_volume_plan');
    if (!s.ok)
      expect(s.diagnostics[0]?.expected).toBe(
        'Array<{storyline_id: string (slug), volume_role: string, …}> (at most 4)',
      );
  });
});
