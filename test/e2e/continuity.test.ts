/** `novel continuity bench` through the built CLI: the shipped demo book, and a project's own book. */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, novelBin, tempDir } from '../helpers/project.js';

afterAll(cleanupTempDirs);

type Report = {
  chapters: number;
  kinds: Array<{ kind: string; planted: number; found: number; recall: number; precision: number }>;
};

function expectAllKinds(report: Report, chapters: number): void {
  expect(report.chapters).toBe(chapters);
  expect(report.kinds.map((k) => k.kind)).toEqual([
    'gone_acting',
    'realm_down',
    'item_used',
    'day_back',
    'op_conflict',
    'name_drift',
    'foreshadow_reopened',
  ]);
  for (const k of report.kinds) {
    expect(k.planted, k.kind).toBe(chapters);
    expect(k.recall, k.kind).toBeGreaterThanOrEqual(0.9);
    expect(k.precision, k.kind).toBeGreaterThanOrEqual(0.9);
  }
}

describe('novel continuity bench', () => {
  it('measures the demo book outside a project, the same for the same seed, and writes nothing', () => {
    const cwd = tempDir();
    const r = novelBin(cwd, ['continuity', 'bench', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout).data as Report & { book: string };
    expect(report.book).toBe('demo');
    expectAllKinds(report, 3);
    expect(novelBin(cwd, ['continuity', 'bench', '--json']).stdout).toBe(r.stdout);
    const zh = novelBin(cwd, ['continuity', 'bench', '--seed', '2', '--lang', 'zh']);
    expect(zh.code).toBe(0);
    expect(zh.stdout).toMatch(/^连续性基准：demo，共 3 章，种子 2/);
    expect(novelBin(cwd, ['continuity', 'bench', '--seed', '0']).code).toBe(2);
  });

  it('measures a project’s own book with --project', () => {
    const dir = join(tempDir(), 'book');
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    const r = novelBin(process.cwd(), ['continuity', 'bench', '--project', dir, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expectAllKinds(JSON.parse(r.stdout).data as Report, 3);
  });
});
