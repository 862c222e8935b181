/**
 * `novel rewind` (PROTOCOL §14) through the built CLI: a rewind from chapter 8
 * of 12 leaves the book exactly as it was after chapter 7, `state verify`
 * passes, the redraft carries the author's note and writes the same book
 * again; the dry run changes nothing; refusals; and a rewind killed at every
 * mutating call is rolled forward to the same bytes.
 */
import { appendFileSync, cpSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, novelBin, novelBinAsync, readJson, tempDir, treeHashes } from '../helpers/project.js';

/**
 * The book as the author and the agents see it: everything but novel's own caches (logs/.cache, .novel/ but the history
 * a rewind keeps).
 */
function bookTree(dir: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(treeHashes(dir)).filter(
      ([p]) => (!p.startsWith('.novel/') || p.startsWith('.novel/history/')) && !p.startsWith('logs/.cache/'),
    ),
  );
}
const BOOK_FILES = [
  'state/current-state.json',
  'foreshadowing/global.json',
  'state/chapter-memory.json',
  'state/changelog.jsonl',
  'storylines/main-sword/memory.md',
  'storylines/sect-intrigue/memory.md',
  'storylines/heisha-threat/memory.md',
];

let twelve: string;
let seven: string;

beforeAll(async () => {
  const root = tempDir();
  twelve = join(root, 'twelve');
  seven = join(root, 'seven');
  for (const [dir, to] of [
    [twelve, 12],
    [seven, 7],
  ] as const) {
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    expect((await novelBinAsync(dir, ['run', '--executor', 'demo', '--to-chapter', String(to)])).code).toBe(0);
  }
}, 120_000);
afterAll(cleanupTempDirs);

const copyOf = (dir: string): string => {
  const to = join(tempDir(), 'book');
  cpSync(dir, to, { recursive: true });
  return to;
};

describe('novel rewind', () => {
  it('from chapter 8 of 12: the book is as it was after ' +
    'chapter 7, verified, and the redraft carries the note', async () => {
    const dir = copyOf(twelve);
    // The commits rewound kept what they replaced as lines placed from the end (the ledger, the memories) and as JSON
    // values (the foreshadowing list, its items mostly changed).
    const kinds = new Set<string>();
    for (let c = 8; c <= 12; c++) {
      for (const kept of Object.values(
        readJson(join(dir, `.novel/history/chapter-${String(c).padStart(3, '0')}.json`)).files as Record<
          string,
          unknown
        >,
      ))
        kinds.add(kept === null || typeof kept === 'string' ? 'text' : Object.keys(kept as object).join());
    }
    expect([...kinds].sort()).toEqual(['json', 'patch_from_end']);
    const r = novelBin(dir, ['rewind', '--to', 'chapter:008', '--note', '林青岚不该这么早暴露身份', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const data = JSON.parse(r.stdout).data;
    expect(data).toMatchObject({
      chapter: 8,
      chapters: [8, 9, 10, 11, 12],
      folder: 'staging/revisions/rewind-1',
      changelog_lines_cut: 5,
      next: { step: 'chapter:008:draft', action: 'execute' },
    });
    for (const f of BOOK_FILES)
      expect(readFileSync(join(dir, f), 'utf8'), f).toBe(readFileSync(join(seven, f), 'utf8'));
    for (let c = 8; c <= 12; c++) {
      const nnn = String(c).padStart(3, '0');
      expect(existsSync(join(dir, `chapters/chapter-${nnn}.md`))).toBe(false);
      expect(readFileSync(join(dir, `staging/revisions/rewind-1/chapters/chapter-${nnn}.md`), 'utf8')).toBe(
        readFileSync(join(twelve, `chapters/chapter-${nnn}.md`), 'utf8'),
      );
      expect(existsSync(join(dir, `.novel/history/chapter-${nnn}.json`))).toBe(false);
    }
    expect(
      readFileSync(join(dir, 'staging/revisions/rewind-1/state/changelog-cut.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).chapter),
    ).toEqual([8, 9, 10, 11, 12]);
    expect(readJson(join(dir, '.checkpoint.json'))).toMatchObject({
      last_completed_chapter: 7,
      pipeline_stage: 'committed',
      inflight_chapter: null,
      author_note: '林青岚不该这么早暴露身份',
    });
    const verify = novelBin(dir, ['state', 'verify', '--json']);
    expect(verify.code, verify.stdout).toBe(0);
    expect(JSON.parse(verify.stdout).data).toMatchObject({
      consistent: true,
      files: { added: [], removed: [], changed: [] },
    });
    expect(novelBin(dir, ['next']).stdout).toBe('chapter:008:draft\n');
    expect(JSON.parse(novelBin(dir, ['chapters', '--json']).stdout).data.rows).toHaveLength(7);
    expect(JSON.parse(novelBin(dir, ['status', '--json']).stdout).data.totals.zishu).toBe(
      JSON.parse(novelBin(seven, ['status', '--json']).stdout).data.totals.zishu,
    );
    const packet = JSON.parse(novelBin(dir, ['instructions', 'chapter:008:draft', '--json']).stdout).data;
    expect(packet.manifest.inline.author_note).toBe('林青岚不该这么早暴露身份');
    // Written again by the same (deterministic) executor: the same book.
    expect((await novelBinAsync(dir, ['run', '--executor', 'demo', '--to-chapter', '12'])).code).toBe(0);
    for (const f of [...BOOK_FILES, 'chapters/chapter-012.md'])
      expect(readFileSync(join(dir, f), 'utf8'), f).toBe(readFileSync(join(twelve, f), 'utf8'));
    expect(novelBin(dir, ['state', 'verify']).code).toBe(0);
  }, 60_000);

  it('refuses a history entry that holds two forms at once, naming the chapter, and changes no byte', () => {
    const dir = copyOf(twelve);
    const rel = join(dir, '.novel/history/chapter-012.json');
    const history = readJson(rel);
    const [path, kept] = Object.entries(history.files as Record<string, Record<string, unknown>>).find(
      ([, k]) => k !== null && typeof k === 'object' && 'patch_from_end' in k,
    ) as [string, Record<string, unknown>];
    history.files[path] = { ...kept, json: null };
    writeFileSync(rel, JSON.stringify(history));
    const before = treeHashes(dir);
    const r = novelBin(dir, ['rewind', '--to', 'chapter:011']);
    expect(r.code, r.stdout + r.stderr).toBe(2);
    expect(r.stderr).toContain('.novel/history/chapter-012.json is damaged');
    expect(r.stderr).toContain(
      `field "files.${path}": expected the text before (a string), null, or one of {"patch": ` +
        `…}, {"patch_from_end": …}, {"json": …} (one key only), found {"patch_from_end":`,
    );
    expect(r.stderr).not.toMatch(/TypeError|\n\s+at /);
    expect(treeHashes(dir)).toEqual(before);
  });

  it('does not read the histories of chapters before the one asked for: a damaged old one does not stop it', () => {
    const dir = copyOf(twelve);
    writeFileSync(join(dir, '.novel/history/chapter-005.json'), '{');
    const r = novelBin(dir, ['rewind', '--to', 'chapter:011', '--json']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).data).toMatchObject({ chapter: 11, chapters: [11, 12] });
  });

  it('--dry-run prints the plan and changes no byte', () => {
    const dir = copyOf(twelve);
    const before = treeHashes(dir);
    const r = novelBin(dir, ['rewind', '--to', 'chapter:010', '--dry-run', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).data).toMatchObject({
      dry_run: true,
      chapters: [10, 11, 12],
      restored: expect.arrayContaining(['state/current-state.json']),
    });
    expect(treeHashes(dir)).toEqual(before);
  });

  it('refuses a chapter not committed, one committed before histories were kept, and a held lock', () => {
    const dir = copyOf(twelve);
    const far = novelBin(dir, ['rewind', '--to', 'chapter:020']);
    expect(far.code).toBe(2);
    expect(far.stderr).toMatch(/not committed/);
    // The demo project's chapters 1-3 came with it, committed before any history.
    const old = novelBin(dir, ['rewind', '--to', 'chapter:002']);
    expect(old.code).toBe(2);
    expect(old.stderr).toMatch(/chapter:004/);
    mkdirSync(join(dir, '.novel.lock'));
    writeFileSync(
      join(dir, '.novel.lock/info.json'),
      JSON.stringify({
        pid: process.pid,
        host: hostname(),
        started: new Date().toISOString(),
        heartbeat: new Date().toISOString(),
        chapter: 12,
      }),
    );
    const before = bookTree(dir);
    const locked = novelBin(dir, ['rewind', '--to', 'chapter:010']);
    expect(locked.code).toBe(3);
    expect(bookTree(dir)).toEqual(before);
  });

  it('names the chapter in flight to draft it afresh: its staged work is moved aside', async () => {
    const dir = copyOf(twelve);
    expect((await novelBinAsync(dir, ['run', '--executor', 'demo', '--until', 'chapter:013:judge'])).code).toBe(0);
    expect(existsSync(join(dir, 'staging/chapters/chapter-013.md'))).toBe(true);
    const r = novelBin(dir, ['rewind', '--to', 'chapter:013']);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(dir, 'staging/chapters/chapter-013.md'))).toBe(false);
    expect(existsSync(join(dir, 'staging/revisions/rewind-1/staging/chapters/chapter-013.md'))).toBe(true);
    expect(novelBin(dir, ['next']).stdout).toBe('chapter:013:draft\n');
    expect(novelBin(dir, ['state', 'verify']).code).toBe(0);
  }, 60_000);

  it('killed at every mutating call, is rolled forward (or never began) to the same bytes, one note', () => {
    const reference = copyOf(twelve);
    const rewind = ['rewind', '--to', 'chapter:008', '--note', '重写第八章'];
    expect(novelBin(reference, rewind).code).toBe(0);
    const want = bookTree(reference);
    let killedRuns = 0;
    for (let k = 1; k <= 400; k++) {
      const dir = copyOf(twelve);
      const r = novelBin(dir, rewind, { NOVEL_FAULT_KILL_AT: String(k) });
      if (r.code === 0) break; // no mutating call left to kill
      killedRuns++;
      expect(r.signal ?? r.code, `kill at ${k}`).toBe('SIGKILL');
      // Whatever the kill left, the next command reports it, and the rewind again finishes it.
      expect(novelBin(dir, ['status']).code, `status after kill ${k}`).toBe(0);
      const again = novelBin(dir, rewind);
      expect(again.code, `rewind after kill ${k}: ${again.stderr}`).toBe(0);
      expect(bookTree(dir), `kill at ${k}`).toEqual(want);
      // One rewind folder, one note: run again after it finished, the rewind does nothing.
      expect(existsSync(join(dir, 'staging/revisions/rewind-2')), `kill at ${k}`).toBe(false);
      expect(readFileSync(join(dir, 'staging/revisions/rewind-1/note.md'), 'utf8')).toBe('重写第八章\n');
      expect(novelBin(dir, ['state', 'verify']).code, `verify after kill ${k}`).toBe(0);
    }
    expect(killedRuns).toBeGreaterThan(20);
    // Some 100 kill points of four commands each: minutes on a busy machine; the limit is for a hang.
  }, 900_000);
});

/** The final trees (chapters, summaries, evaluations, state, storylines, foreshadowing, volumes): the book itself. */
const FINAL = ['chapters/', 'summaries/', 'evaluations/', 'state/', 'storylines/', 'foreshadowing/', 'volumes/'];
function finalTree(dir: string): Record<string, string> {
  return Object.fromEntries(Object.entries(treeHashes(dir)).filter(([p]) => FINAL.some((t) => p.startsWith(t))));
}

/**
 * A copy of `book` with a rewind to `to` killed at its first mutating call after it wrote its journal (the journal
 * pending).
 */
function interruptedRewind(book: string, to: string): string {
  for (let k = 1; k <= 100; k++) {
    const dir = copyOf(book);
    const r = novelBin(dir, ['rewind', '--to', to], { NOVEL_FAULT_KILL_AT: String(k) });
    expect(r.signal, `kill at ${k}: ${r.stderr}`).toBe('SIGKILL');
    if (existsSync(join(dir, 'staging/.commit/rewind.json'))) return dir;
  }
  throw new Error('the rewind never reached its journal');
}

describe('novel rewind across a volume boundary', () => {
  let book: string;
  beforeAll(async () => {
    // The demo's volume 1 ends at chapter 30; volume 2 is planned by the run (31–60) and written to 33.
    book = join(tempDir(), 'thirty-three');
    expect(novelBin(process.cwd(), ['init', '--demo', book]).code).toBe(0);
    expect((await novelBinAsync(book, ['run', '--executor', 'demo', '--to-chapter', '33'])).code).toBe(0);
    expect(existsSync(join(book, 'volumes/vol-02/outline.md'))).toBe(true);
  }, 120_000);

  it('to a chapter of volume 1: the later volume plan moves aside, ' +
    'the volume is 1, and the redone book is byte-identical', async () => {
    const dir = copyOf(book);
    const r = novelBin(dir, ['rewind', '--to', 'chapter:028', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).data).toMatchObject({
      chapters: [28, 29, 30, 31, 32, 33],
      volumes: [2],
      next: { step: 'chapter:028:draft' },
    });
    expect(existsSync(join(dir, 'volumes/vol-02'))).toBe(false);
    expect(readFileSync(join(dir, 'staging/revisions/rewind-1/volumes/vol-02/outline.md'), 'utf8')).toBe(
      readFileSync(join(book, 'volumes/vol-02/outline.md'), 'utf8'),
    );
    expect(readJson(join(dir, '.checkpoint.json'))).toMatchObject({
      last_completed_chapter: 27,
      current_volume: 1,
      orchestrator_state: 'WRITING',
    });
    // The packets and the judge's consistency lines of the chapters and the volume rewound go with them.
    expect(existsSync(join(dir, 'staging/manifests/volume-02-plan.json'))).toBe(false);
    expect(existsSync(join(dir, 'staging/revisions/rewind-1/staging/manifests/chapter-030-draft.json'))).toBe(true);
    expect(
      readFileSync(join(dir, 'logs/consistency-report.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).chapter)
        .at(-1),
    ).toBe(27);
    expect(novelBin(dir, ['state', 'verify']).code).toBe(0);
    const run = await novelBinAsync(dir, ['run', '--executor', 'demo', '--to-chapter', '33']);
    expect(run.code, run.stderr).toBe(0);
    // Volume 2 was planned again for the chapters after volume 1, as the first time.
    expect(readJson(join(dir, 'staging/manifests/volume-02-plan.json')).manifest.inline.chapter_range).toEqual([
      31, 60,
    ]);
    expect(finalTree(dir)).toEqual(finalTree(book));
    expect(readFileSync(join(dir, 'logs/consistency-report.jsonl'), 'utf8')).toBe(
      readFileSync(join(book, 'logs/consistency-report.jsonl'), 'utf8'),
    );
    expect(novelBin(dir, ['state', 'verify']).code).toBe(0);
  }, 120_000);

  it('to the first chapter of volume 2: its plan stays and is written on', async () => {
    const dir = copyOf(book);
    const r = novelBin(dir, ['rewind', '--to', 'chapter:031', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).data).toMatchObject({
      chapters: [31, 32, 33],
      volumes: [],
      next: { step: 'chapter:031:draft' },
    });
    expect(readFileSync(join(dir, 'volumes/vol-02/outline.md'), 'utf8')).toBe(
      readFileSync(join(book, 'volumes/vol-02/outline.md'), 'utf8'),
    );
    expect(readJson(join(dir, '.checkpoint.json'))).toMatchObject({
      last_completed_chapter: 30,
      current_volume: 2,
      orchestrator_state: 'WRITING',
    });
    expect((await novelBinAsync(dir, ['run', '--executor', 'demo', '--to-chapter', '33'])).code).toBe(0);
    expect(finalTree(dir)).toEqual(finalTree(book));
  }, 120_000);

  it('killed at every mutating call while it moves a volume plan aside, is rolled forward to the same bytes', () => {
    // Chapters 30 and 31 and volume 2's plan move (a first rewind leaves 31 as the last chapter, to keep the loop
    // short).
    const base = copyOf(book);
    expect(novelBin(base, ['rewind', '--to', 'chapter:032']).code).toBe(0);
    const reference = copyOf(base);
    expect(novelBin(reference, ['rewind', '--to', 'chapter:030']).code).toBe(0);
    expect(existsSync(join(reference, 'staging/revisions/rewind-2/volumes/vol-02/outline.md'))).toBe(true);
    const want = bookTree(reference);
    let killedRuns = 0;
    for (let k = 1; k <= 400; k++) {
      const dir = copyOf(base);
      const r = novelBin(dir, ['rewind', '--to', 'chapter:030'], { NOVEL_FAULT_KILL_AT: String(k) });
      if (r.code === 0) break;
      killedRuns++;
      expect(r.signal ?? r.code, `kill at ${k}`).toBe('SIGKILL');
      const again = novelBin(dir, ['rewind', '--to', 'chapter:030']);
      expect(again.code, `rewind after kill ${k}: ${again.stderr}`).toBe(0);
      expect(bookTree(dir), `kill at ${k}`).toEqual(want);
    }
    expect(killedRuns).toBeGreaterThan(20);
    expect(novelBin(reference, ['state', 'verify']).code).toBe(0);
    // Minutes on a busy machine; the limit is for a hang.
  }, 900_000);
});

describe('an interrupted rewind', () => {
  it('novel next and novel doctor name its journal, staging/.commit/rewind.json, in English and Chinese', () => {
    const dir = interruptedRewind(twelve, 'chapter:008');
    const next = JSON.parse(novelBin(dir, ['next', '--json']).stdout).data;
    expect(next).toMatchObject({
      step: 'chapter:008:commit',
      action: 'recover',
      next_command: 'novel rewind --to chapter:008',
    });
    expect(next.reason).toContain('staging/.commit/rewind.json');
    expect(next.reason_zh).toContain('staging/.commit/rewind.json');
    expect(Object.keys(next.evidence)).toEqual(['staging/.commit/rewind.json']);
    expect(JSON.stringify(next)).not.toContain('chapter-008.json');
    const doctor = JSON.parse(novelBin(dir, ['doctor', '--json']).stdout).data;
    expect(doctor.findings.find((f: { code: string }) => f.code === 'journal_pending')).toMatchObject({
      file: 'staging/.commit/rewind.json',
      fix: 'novel rewind --to chapter:008',
    });
    for (const lang of ['en', 'zh']) {
      const text = novelBin(dir, ['doctor', '--lang', lang]);
      expect(text.stdout, lang).toContain('staging/.commit/rewind.json');
      expect(text.stdout, lang).not.toContain('chapter-008.json');
    }
    // The command it names finishes the rewind.
    expect(novelBin(dir, ['rewind', '--to', 'chapter:008']).code).toBe(0);
    expect(novelBin(dir, ['next']).stdout).toBe('chapter:008:draft\n');
  });
  it('novel run --chapters 2 after it commits two chapters, counted after the roll-forward', async () => {
    const dir = interruptedRewind(twelve, 'chapter:008');
    const r = await novelBinAsync(dir, ['run', '--executor', 'demo', '--chapters', '2', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).data).toMatchObject({
      start_chapter: 8,
      target_chapter: 9,
      committed: 2,
      last_completed_chapter: 9,
    });
    expect(readJson(join(dir, '.checkpoint.json')).last_completed_chapter).toBe(9);
    const text = await novelBinAsync(interruptedRewind(twelve, 'chapter:008'), [
      'run',
      '--executor',
      'demo',
      '--chapters',
      '1',
    ]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(
      'staging/.commit/rewind.json: an interrupted rewind to before chapter 8 was rolled forward before the run began',
    );
  }, 60_000);

  it('moving more than 16 MiB of chapters, its journal stays small and is rolled forward after a kill', () => {
    // Five long chapters (about 4 MiB each, accepted as the author's edits) stand in for a rewind of some thousand
    // chapters.
    const book = copyOf(twelve);
    for (let c = 8; c <= 12; c++)
      appendFileSync(join(book, `chapters/chapter-${String(c).padStart(3, '0')}.md`), `\n${'剑'.repeat(1_400_000)}\n`);
    expect(novelBin(book, ['state', 'verify', '--accept']).code).toBe(0);
    const reference = copyOf(book);
    expect(novelBin(reference, ['rewind', '--to', 'chapter:008']).code).toBe(0);
    const dir = interruptedRewind(book, 'chapter:008');
    expect(statSync(join(dir, 'staging/.commit/rewind.json')).size).toBeLessThan(1024 * 1024);
    expect(novelBin(dir, ['status']).code).toBe(0);
    const again = novelBin(dir, ['rewind', '--to', 'chapter:008']);
    expect(again.code, again.stderr).toBe(0);
    expect(bookTree(dir)).toEqual(bookTree(reference));
    expect(readFileSync(join(dir, 'staging/revisions/rewind-1/chapters/chapter-012.md'), 'utf8')).toBe(
      readFileSync(join(book, 'chapters/chapter-012.md'), 'utf8'),
    );
    expect(novelBin(dir, ['state', 'verify']).code).toBe(0);
  }, 120_000);
});
