/** logs/.cache/: a damaged cache is treated as absent; it never decides and never fails a command. */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SHIPPED_LEXICON_SHA256 } from '../../src/core/cliche-lexicon.js';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { dormantItems } from '../../src/core/context/dormant-foreshadowing.js';
import { commitReadyProject } from '../helpers/commit-ready.js';
import { cleanupTempDirs, fixtureCopy, novelBin, overlay, readJson, tempDir, treeHashes } from '../helpers/project.js';

const sha256 = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

afterAll(cleanupTempDirs);

/** The fixture with chapter 4's draft staged and advanced: every cache recorded by a mutating command. */
function withCaches(): string {
  const project = fixtureCopy();
  overlay(project, 'draft/good');
  expect(novelBin(project, ['advance', 'chapter:004:draft']).code).toBe(0);
  for (const c of ['boundary', 'staging', 'sweep', 'dormant'])
    expect(existsSync(join(project, `logs/.cache/${c}.json`)), c).toBe(true);
  return project;
}

const damage: Record<string, (c: any) => unknown> = {
  'boundary: a hot file that is not [size, mtime]': (c) => ({
    ...c,
    hot: Object.fromEntries(Object.keys(c.hot).map((k) => [k, 5])),
  }),
  'boundary: directories that are not a map': (c) => ({ ...c, dirs: ['chapters'] }),
  'staging: a recorded hash that is not a sha256': (c) => ({
    ...c,
    files: Object.fromEntries(
      Object.entries(c.files).map(([k, [size, mtime]]: any) => [k, [size, mtime, 'not-a-hash']]),
    ),
  }),
  'sweep: a subdirectory that climbs out': (c) => ({
    ...c,
    dirs: Object.fromEntries(Object.entries(c.dirs).map(([k, e]: any) => [k, { ...e, d: [...e.d, '..'] }])),
  }),
};

describe('the demo project', () => {
  it('init --demo records the stat signature of its book, and a hand edit after it is still refused', () => {
    const parent = tempDir();
    expect(novelBin(parent, ['init', '--demo', 'demo']).code).toBe(0);
    const project = join(parent, 'demo');
    const signature = readJson(join(project, 'logs/.cache/boundary.json'));
    expect([signature.v, signature.last, Object.keys(signature.dirs)]).toEqual([
      1,
      3,
      expect.arrayContaining(['chapters', 'summaries', 'state']),
    ]);
    expect(novelBin(project, ['next']).stdout.trim()).toBe('chapter:004:draft');
    writeFileSync(
      join(project, 'chapters/chapter-002.md'),
      `${readFileSync(join(project, 'chapters/chapter-002.md'), 'utf8')}\n多出的一行。\n`,
    );
    const next = novelBin(project, ['next', '--json']);
    expect([next.code, JSON.parse(next.stdout).error.code]).toEqual([2, 'final_trees_changed']);
  });
});

describe('the staging cache', () => {
  it(
    'takes no recorded sha256 for a staged file rewritten in place ' +
      'with its size and mtime put back (touch -r): the ctime moved',
    () => {
      const project = withCaches();
      expect(novelBin(project, ['next']).stdout.trim()).toBe('chapter:004:summarize');
      const rel = 'staging/chapters/chapter-004.md';
      const r = spawnSync(
        'sh',
        [
          '-c',
          `cp -p ${rel} ref && printf X | dd of=${rel} bs=1 seek=0 ` +
            `conv=notrunc 2>/dev/null && touch -r ref ${rel} && rm ref`,
        ],
        { cwd: project },
      );
      expect(r.status).toBe(0);
      expect(readJson(join(project, 'logs/.cache/staging.json')).files[rel]).toBeDefined();
      // The draft is no longer the one advanced: drafted again.
      expect(novelBin(project, ['next']).stdout.trim()).toBe('chapter:004:draft');
    },
  );

  it(
    'a mutating command hashes what it read: a record whose stats match but ' +
      'whose bytes changed (as through a shared mapping) does not stand for them',
    () => {
      const project = withCaches();
      const rel = 'staging/chapters/chapter-004.md';
      const before = readFileSync(join(project, rel));
      // Bytes changed, the size kept; the record then names the new stats with the old sha256,
      // as it would after a write through a mapping, which moves no time stamp.
      const after = Buffer.from(before.toString('utf8').replace('。', '！'));
      expect(after.length).toBe(before.length);
      writeFileSync(join(project, rel), after);
      const st = statSync(join(project, rel));
      const cache = readJson(join(project, 'logs/.cache/staging.json'));
      writeFileSync(
        join(project, 'logs/.cache/staging.json'),
        JSON.stringify({ ...cache, files: { ...cache.files, [rel]: [st.size, st.ctimeMs, sha256(before)] } }),
      );
      // A reader takes the record (it hashes nothing); the advance does not: the draft is not the one advanced.
      expect(novelBin(project, ['next']).stdout.trim()).toBe('chapter:004:summarize');
      const r = novelBin(project, ['advance', 'chapter:004:summarize']);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain('expects chapter:004:draft');
    },
  );
});

describe('damaged caches', () => {
  for (const [what, edit] of Object.entries(damage)) {
    it(`${what}: next and status answer as without the cache; the next mutation records it afresh`, () => {
      const project = withCaches();
      const expected = {
        next: novelBin(project, ['next', '--json']).stdout,
        status: novelBin(project, ['status']).stdout,
      };
      const file = join(project, `logs/.cache/${what.split(':')[0]}.json`);
      writeFileSync(file, JSON.stringify(edit(readJson(file))));
      const before = treeHashes(project);
      const next = novelBin(project, ['next', '--json']);
      expect(next.code, next.stderr).toBe(0);
      expect(next.stdout).toBe(expected.next);
      const status = novelBin(project, ['status']);
      expect(status.code, status.stderr).toBe(0);
      expect(status.stdout).toBe(expected.status);
      expect(treeHashes(project)).toEqual(before);
      // A mutating command works as without the cache and leaves a valid one.
      overlay(project, 'summarize/good');
      const advance = novelBin(project, ['advance', 'chapter:004:summarize']);
      expect(advance.code, advance.stderr).toBe(0);
      expect(readJson(file).v).toBe(what.startsWith('staging:') ? 2 : 1);
      expect(readFileSync(file, 'utf8')).not.toContain('not-a-hash');
    });
  }

  it('a cache that is not JSON at all is ignored the same way', () => {
    const project = withCaches();
    const expected = novelBin(project, ['next', '--json']).stdout;
    for (const c of ['boundary', 'staging', 'sweep', 'dormant'])
      writeFileSync(join(project, `logs/.cache/${c}.json`), '{"v":1,');
    const next = novelBin(project, ['next', '--json']);
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout).toBe(expected);
  });
});

describe('the dormant foreshadowing count', () => {
  /** Chapter 4 committed: the commit recorded the count at chapter 5 with the sha256 of the list it wrote. */
  async function committed(): Promise<{ project: string; count: number }> {
    const project = await commitReadyProject();
    const r = novelBin(project, ['commit', '--chapter', '4']);
    expect(r.code, r.stderr).toBe(0);
    const cache = readJson(join(project, 'logs/.cache/dormant.json'));
    expect(cache).toMatchObject({
      v: 1,
      chapter: 5,
      global_sha256: sha256(readFileSync(join(project, 'foreshadowing/global.json'))),
    });
    return { project, count: cache.count };
  }
  const statusCount = (project: string): number =>
    JSON.parse(novelBin(project, ['status', '--json']).stdout).data.dormant_foreshadowing;
  const countFromList = (project: string, chapter: number, dormancy = { short: 3, medium: 8, long: 20 }): number =>
    dormantItems(readJson(join(project, 'foreshadowing/global.json')), chapter, dormancy).length;

  it('status and chapters report the recorded count, which is the count of the list', async () => {
    const { project, count } = await committed();
    const settings = readJson(join(project, 'novel.config.json'));
    expect(count).toBe(
      countFromList(project, 5, { short: 3, medium: 8, long: 20, ...(settings.quality?.dormancy ?? {}) }),
    );
    expect(statusCount(project)).toBe(count);
    expect(JSON.parse(novelBin(project, ['chapters', '--json']).stdout).data.dormant_foreshadowing).toBe(count);
  });

  it(
    'a count recorded for other bytes, another chapter or ' + 'other thresholds is not taken: the list is counted',
    async () => {
      const { project, count } = await committed();
      const file = join(project, 'logs/.cache/dormant.json');
      const { global_stat: _stat, ...bySha } = readJson(file);
      for (const wrong of [
        { count: count + 7, global_sha256: 'a'.repeat(64) },
        { count: count + 7, chapter: 4 },
        { count: count + 7, dormancy: { ...bySha.dormancy, long: bySha.dormancy.long + 1 } },
      ]) {
        writeFileSync(file, JSON.stringify({ ...bySha, ...wrong }));
        expect(statusCount(project)).toBe(count);
      }
      // A recorded size and mtime the list no longer has: the sha256 decides.
      writeFileSync(
        file,
        JSON.stringify({ ...bySha, count: count + 7, global_sha256: 'a'.repeat(64), global_stat: [1, 2] }),
      );
      expect(statusCount(project)).toBe(count);
      writeFileSync(file, JSON.stringify({ ...bySha, count: count + 7, global_stat: [1, 2] }));
      expect(statusCount(project)).toBe(count + 7);
      // Any mutating command records it afresh when it does not hold, with the list's size and mtime once they have
      // settled.
      await new Promise((r) => setTimeout(r, 20));
      writeFileSync(file, JSON.stringify({ ...bySha, global_sha256: 'b'.repeat(64) }));
      const verify = novelBin(project, ['state', 'verify', '--accept']);
      expect(verify.code, verify.stderr).toBe(0);
      const st = statSync(join(project, 'foreshadowing/global.json'));
      expect(readJson(file)).toEqual({ ...bySha, global_stat: [st.size, st.mtimeMs] });
      // The size and mtime recorded: a reader takes the count on them, without hashing the list.
      writeFileSync(
        file,
        JSON.stringify({
          ...bySha,
          count: count + 7,
          global_sha256: 'c'.repeat(64),
          global_stat: [st.size, st.mtimeMs],
        }),
      );
      expect(statusCount(project)).toBe(count + 7);
      // The right count for a recorded sha256 that still matches is believed (the cache is what saves the parse).
      writeFileSync(file, JSON.stringify({ ...bySha, count: count + 7 }));
      expect(statusCount(project)).toBe(count + 7);
      // An edited list has another size: counted again.
      writeFileSync(file, JSON.stringify({ ...bySha, count: count + 7, global_stat: [st.size, st.mtimeMs] }));
      writeFileSync(
        join(project, 'foreshadowing/global.json'),
        `${readFileSync(join(project, 'foreshadowing/global.json'), 'utf8')}\n`,
      );
      expect(statusCount(project)).toBe(count);
    },
  );
});

describe('the commit cache: a commit splices the files the last one serialised', () => {
  const LARGE = ['state/current-state.json', 'foreshadowing/global.json', 'state/chapter-memory.json'];
  const bytesOf = (project: string, rels: string[]): Record<string, string> =>
    Object.fromEntries(
      rels.filter((r) => existsSync(join(project, r))).map((r) => [r, sha256(readFileSync(join(project, r)))]),
    );

  /** Chapter 4 committed by novel (the cache recorded), chapter 5 driven by the demo executor up to its commit. */
  async function secondCommitReady(): Promise<string> {
    const project = await commitReadyProject();
    const r = novelBin(project, ['commit', '--chapter', '4']);
    expect(r.code, r.stderr).toBe(0);
    expectRecorded(project);
    const run = novelBin(project, ['run', '--executor', 'demo', '--pause-after', 'judge']);
    expect(run.code, run.stderr).toBe(0);
    expect(novelBin(project, ['next']).stdout.trim()).toBe('chapter:005:commit');
    return project;
  }

  it('gives the same bytes with the cache, without it and with a stale one, and records what it wrote', async () => {
    const project = await secondCommitReady();
    const atFour = bytesOf(project, LARGE);
    const copies = { spliced: project, whole: fixtureCopyOf(project), stale: fixtureCopyOf(project) };
    rmSync(join(copies.whole, 'logs/.cache/commit.json'));
    const stale = readJson(join(copies.stale, 'logs/.cache/commit.json'));
    writeFileSync(
      join(copies.stale, 'logs/.cache/commit.json'),
      JSON.stringify({
        ...stale,
        files: Object.fromEntries(Object.keys(stale.files).map((k) => [k, 'f'.repeat(64)])),
        tally: null,
      }),
    );
    for (const dir of Object.values(copies)) {
      const r = novelBin(dir, ['commit', '--chapter', '5']);
      expect(r.code, r.stderr).toBe(0);
    }
    const book = (dir: string): Record<string, string> => {
      const all = treeHashes(dir);
      return Object.fromEntries(
        Object.entries(all).filter(
          ([rel]) =>
            !rel.startsWith('logs/.cache/') && rel !== '.checkpoint.json' && rel !== 'logs/chapter-005-log.json',
        ),
      );
    };
    expect(book(copies.spliced)).toEqual(book(copies.whole));
    expect(book(copies.stale)).toEqual(book(copies.whole));
    expect(Object.keys(book(copies.whole))).toContain('.novel/history/chapter-005.json');
    for (const dir of Object.values(copies)) {
      const cache = expectRecorded(dir);
      expect(cache.tally.global_sha256).toBe(sha256(readFileSync(join(dir, 'foreshadowing/global.json'))));
      expect(statusOf(dir).dormant_foreshadowing).toBe(
        dormantItems(readJson(join(dir, 'foreshadowing/global.json')), 6, dormancyOf(dir)).length,
      );
    }
    // A rewind to before chapter 5 gives back chapter 4's files, from the history the spliced commit kept.
    expect(bytesOf(copies.spliced, LARGE)).not.toEqual(atFour);
    const rewind = novelBin(copies.spliced, ['rewind', '--to', 'chapter:005']);
    expect(rewind.code, rewind.stderr).toBe(0);
    expect(bytesOf(copies.spliced, LARGE)).toEqual(atFour);
  });

  it(
    'keeps the same history with the cache and without it, the list ' +
      'written whole (JSON values) and the ledger patched from its end',
    () => {
      const project = join(tempDir(), 'book');
      expect(novelBin(process.cwd(), ['init', '--demo', project]).code).toBe(0);
      expect(novelBin(project, ['run', '--executor', 'demo', '--to-chapter', '5']).code).toBe(0);
      expect(novelBin(project, ['run', '--executor', 'demo', '--pause-after', 'judge']).code).toBe(0);
      const without = fixtureCopyOf(project);
      rmSync(join(without, 'logs/.cache/commit.json'));
      for (const dir of [project, without]) expect(novelBin(dir, ['commit', '--chapter', '6']).code).toBe(0);
      const history = readFileSync(join(project, '.novel/history/chapter-006.json'), 'utf8');
      expect(readFileSync(join(without, '.novel/history/chapter-006.json'), 'utf8')).toBe(history);
      expect(JSON.parse(history).files).toMatchObject({
        'foreshadowing/global.json': { json: expect.any(Object) },
        'state/chapter-memory.json': { patch_from_end: { at: expect.any(Number) } },
      });
      expect(readFileSync(join(without, 'foreshadowing/global.json'), 'utf8')).toBe(
        readFileSync(join(project, 'foreshadowing/global.json'), 'utf8'),
      );
    },
  );

  it('a damaged cache is ignored: the commit reads the files whole', async () => {
    const project = await secondCommitReady();
    writeFileSync(join(project, 'logs/.cache/commit.json'), '{"v":1,"files":{"state/current-state.json":5}}');
    const r = novelBin(project, ['commit', '--chapter', '5']);
    expect(r.code, r.stderr).toBe(0);
    expectRecorded(project);
  });

  /**
   * The files the last commit wrote itself, with the sha256 of their bytes now (the state and the ledger always; the
   * list when it changed).
   */
  function expectRecorded(project: string): { files: Record<string, string>; tally: { global_sha256: string } } {
    const cache = readJson(join(project, 'logs/.cache/commit.json'));
    expect(Object.keys(cache.files)).toEqual(
      expect.arrayContaining(['state/current-state.json', 'state/chapter-memory.json']),
    );
    expect(cache.files).toEqual(bytesOf(project, Object.keys(cache.files)));
    // With the size and mtime each had then: the next commit takes the sha256 on them, without hashing.
    expect(cache.stats).toEqual(
      Object.fromEntries(
        Object.keys(cache.files).map((rel) => [
          rel,
          [statSync(join(project, rel)).size, statSync(join(project, rel)).mtimeMs],
        ]),
      ),
    );
    return cache;
  }
});

function fixtureCopyOf(project: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'novel-commit-cache-'));
  cpSync(project, dir, { recursive: true });
  return dir;
}
const statusOf = (project: string): Record<string, number> =>
  JSON.parse(novelBin(project, ['status', '--json']).stdout).data;
const dormancyOf = (project: string): { short: number; medium: number; long: number } => ({
  short: 3,
  medium: 8,
  long: 20,
  ...(readJson(join(project, 'novel.config.json')).quality?.dormancy ?? {}),
});

describe("the staged chapter's lint (logs/.cache/lint.json)", () => {
  /** Chapter 4 refined and advanced: the advance recorded its lint of the refined text. */
  function refined(): string {
    const project = withCaches();
    for (const [variant, step] of [
      ['summarize/good', 'chapter:004:summarize'],
      ['audit/good', 'chapter:004:audit'],
      ['refine/good', 'chapter:004:refine'],
    ] as const) {
      overlay(project, variant);
      const r = novelBin(project, ['advance', step]);
      expect(r.code, r.stderr).toBe(0);
    }
    return project;
  }
  const judgePacket = (project: string): string => {
    const r = novelBin(project, ['instructions', 'chapter:004:judge', '--json']);
    expect(r.code, r.stderr).toBe(0);
    return r.stdout;
  };

  it(
    'the advance records it with the text and the inputs it was made of; ' +
      'the judge packet is the same with it, without it, or with it torn',
    () => {
      const project = refined();
      const file = join(project, 'logs/.cache/lint.json');
      const cache = readJson(file);
      expect(cache.chapter).toBe(4);
      expect(cache.text).toBe(readFileSync(join(project, 'staging/chapters/chapter-004.md'), 'utf8'));
      expect(cache.report.source).toBe('staging');
      // The book has no cliche-lint.json: the shipped lexicon is named by its sha256, not listed.
      expect(cache.inputs).toContain(`"cliche":{"shipped":"${SHIPPED_LEXICON_SHA256}"}`);
      const withCache = judgePacket(project);
      expect(JSON.parse(withCache).data.manifest.inline.lint).toEqual(cache.report);
      rmSync(file);
      expect(judgePacket(project)).toBe(withCache);
      writeFileSync(file, '{"v": 1, "chapter": 4, "te');
      expect(judgePacket(project)).toBe(withCache);
    },
  );

  it('is used only for exactly its text, chapter and inputs', () => {
    const project = refined();
    const file = join(project, 'logs/.cache/lint.json');
    const cache = readJson(file);
    const fresh = JSON.parse(judgePacket(project)).data.manifest.inline.lint;
    const marked = { ...cache.report, zishu: 123456 };
    const lintOf = (edit: Record<string, unknown>) => {
      writeFileSync(file, JSON.stringify({ ...cache, report: marked, ...edit }));
      return JSON.parse(judgePacket(project)).data.manifest.inline.lint;
    };
    // The same text, chapter and inputs: the recorded report is the packet's.
    expect(lintOf({}).zishu).toBe(123456);
    // Another text (one character), another chapter, other settings or lists: linted afresh.
    expect(lintOf({ text: `${cache.text}。` })).toEqual(fresh);
    expect(lintOf({ chapter: 5 })).toEqual(fresh);
    expect(
      lintOf({ inputs: cache.inputs.replace('"blacklist_max_per_kchars":', '"blacklist_max_per_kchars":1000+') }),
    ).toEqual(fresh);
    // Another shipped lexicon (another version of novel's): linted afresh.
    expect(lintOf({ inputs: cache.inputs.replace(SHIPPED_LEXICON_SHA256, '0'.repeat(64)) })).toEqual(fresh);
    // A report that is not a lint report: linted afresh.
    expect(lintOf({ report: { ...marked, findings: [{ rule: 'x' }] } })).toEqual(fresh);
  });

  it('is recorded by a mutating command where none of the staged text is (a book made outside), never a reader', () => {
    const project = refined();
    const file = join(project, 'logs/.cache/lint.json');
    const recorded = readJson(file);
    const packet = judgePacket(project);
    rmSync(file);
    expect(judgePacket(project)).toBe(packet);
    expect(novelBin(project, ['status']).code).toBe(0);
    expect(existsSync(file), 'a reader writes no lint').toBe(false);
    const r = novelBin(project, ['state', 'verify', '--accept']);
    expect(r.code, r.stderr).toBe(0);
    expect(readJson(file)).toEqual(recorded);
    // Taken by the packet (a marked report shows through), the same bytes as linting afresh.
    expect(judgePacket(project)).toBe(packet);
    writeFileSync(file, JSON.stringify({ ...recorded, report: { ...recorded.report, zishu: 123456 } }));
    expect(JSON.parse(judgePacket(project)).data.manifest.inline.lint.zishu).toBe(123456);
    // A record of this very text and inputs is left as it is; one of another text, or of other inputs (another
    // version of novel's lint), is made afresh.
    expect(novelBin(project, ['state', 'verify', '--accept']).code).toBe(0);
    expect(readJson(file).report.zishu).toBe(123456);
    writeFileSync(file, JSON.stringify({ ...recorded, text: `${recorded.text}。` }));
    expect(novelBin(project, ['state', 'verify', '--accept']).code).toBe(0);
    expect(readJson(file)).toEqual(recorded);
    const otherInputs = recorded.inputs.replace(SHIPPED_LEXICON_SHA256, '0'.repeat(64));
    expect(otherInputs).not.toBe(recorded.inputs);
    writeFileSync(file, JSON.stringify({ ...recorded, inputs: otherInputs, report: { ...recorded.report, zishu: 1 } }));
    expect(novelBin(project, ['state', 'verify', '--accept']).code).toBe(0);
    expect(readJson(file)).toEqual(recorded);
  });
});

describe("the next chapter's foreshadowing (logs/.cache/foreshadowing.json)", () => {
  const FILE = 'logs/.cache/foreshadowing.json';
  const packetOf = (project: string, stage: string): string => {
    const r = novelBin(project, ['instructions', `chapter:004:${stage}`, '--json']);
    expect(r.code, r.stderr).toBe(0);
    return r.stdout;
  };
  const packets = (project: string) => ({
    draft: packetOf(project, 'draft'),
    summarize: packetOf(project, 'summarize'),
    audit: packetOf(project, 'audit'),
  });
  const lines = (project: string): [any, any] =>
    readFileSync(join(project, FILE), 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l)) as [any, any];
  /** The record with its tasks and light-touch items marked: a packet that takes it shows the mark. */
  const mark = (project: string, head: any): void => {
    const [, body] = lines(project);
    const tasks = [...body.tasks, { id: 'marked', reasons: ['resolve_window'] }];
    writeFileSync(join(project, FILE), `${JSON.stringify(head)}\n${JSON.stringify({ ...body, tasks })}\n`);
  };
  const taken = (project: string): boolean =>
    JSON.parse(packetOf(project, 'summarize')).data.manifest.inline.foreshadowing_tasks.some(
      (t: { id: string }) => t.id === 'marked',
    );

  it('is recorded by a mutating command, never by a reader; the packets are the same with it or without it', () => {
    const project = withCaches();
    const [head, body] = lines(project);
    expect(head).toMatchObject({ v: 1, chapter: 4, line: 'f-001 推进', plan: 'volumes/vol-01/foreshadowing.json' });
    const list = readFileSync(join(project, 'foreshadowing/global.json'));
    expect(head.list.sha256).toBe(sha256(list));
    expect(body.tasks.map((t: { id: string }) => t.id)).toContain('f-001');
    const withRecord = packets(project);
    expect(JSON.parse(withRecord.summarize).data.manifest.inline.foreshadowing_tasks).toEqual(body.tasks);
    rmSync(join(project, FILE));
    expect(packets(project)).toEqual(withRecord);
    expect(novelBin(project, ['status']).code).toBe(0);
    expect(existsSync(join(project, FILE)), 'a reader records nothing').toBe(false);
    writeFileSync(join(project, FILE), `${JSON.stringify(head)}\n{"tasks":[{"id":`);
    expect(packets(project)).toEqual(withRecord);
    const verify = novelBin(project, ['state', 'verify', '--accept']);
    expect(verify.code, verify.stderr).toBe(0);
    expect(lines(project)).toEqual([head, body]);
  });

  it('is taken only for its chapter, outline line, thresholds, list and plan', async () => {
    const project = withCaches();
    const [head] = lines(project);
    mark(project, head);
    expect(taken(project)).toBe(true);
    for (const other of [
      { chapter: 5 },
      { line: 'f-001 推进；f-002' },
      { plan: 'volumes/vol-02/foreshadowing.json' },
      { dormancy: { ...head.dormancy, long: head.dormancy.long + 1 } },
    ]) {
      mark(project, { ...head, ...other });
      expect(taken(project), JSON.stringify(other)).toBe(false);
    }
    // A list whose size and mtime are not the recorded ones: its sha256 decides.
    mark(project, { ...head, list: { sha256: head.list.sha256, stat: [1, 2] } });
    expect(taken(project)).toBe(true);
    mark(project, { ...head, list: { sha256: 'a'.repeat(64), stat: [1, 2] } });
    expect(taken(project)).toBe(false);
    // The plan recorded absent, and there: not taken.
    mark(project, { ...head, plan_file: { sha256: null } });
    expect(taken(project)).toBe(false);
    // The author edits the list, the plan, the outline line: not taken; the next mutating command records afresh.
    mark(project, head);
    const verify = () => expect(novelBin(project, ['state', 'verify', '--accept']).code).toBe(0);
    verify();
    for (const [rel, edit] of [
      ['foreshadowing/global.json', (t: string) => t.replace('"status": "planted"', '"status": "advanced"')],
      ['volumes/vol-01/foreshadowing.json', (t: string) => `${t}\n`],
      ['volumes/vol-01/outline.md', (t: string) => t.replace('f-001 推进\n', 'f-001 推进；f-002 提及\n')],
    ] as const) {
      const record = readFileSync(join(project, FILE));
      const [before] = lines(project);
      mark(project, before);
      expect(taken(project), rel).toBe(true);
      await new Promise((r) => setTimeout(r, 20));
      const file = join(project, rel);
      writeFileSync(file, edit(readFileSync(file, 'utf8')));
      expect(taken(project), rel).toBe(false);
      // The record as it was: the next command finds the edit itself.
      writeFileSync(join(project, FILE), record);
      const fromFiles = packets(project);
      verify();
      const [after] = lines(project);
      expect(after, rel).not.toEqual(before);
      expect(after.list.sha256).toBe(sha256(readFileSync(join(project, 'foreshadowing/global.json'))));
      expect(packets(project)).toEqual(fromFiles);
    }
    expect(lines(project)[0].line).toBe('f-001 推进；f-002 提及');
  });

  it('a commit leaves it to the next mutating command, which records the next chapter', async () => {
    const project = await commitReadyProject();
    expect(lines(project)[0].chapter).toBe(4);
    const commit = novelBin(project, ['commit', '--chapter', '4']);
    expect(commit.code, commit.stderr).toBe(0);
    expect(lines(project)[0].chapter).toBe(4);
    const draft = novelBin(project, ['instructions', 'chapter:005:draft', '--json']);
    expect(draft.code, draft.stderr).toBe(0);
    const verify = novelBin(project, ['state', 'verify', '--accept']);
    expect(verify.code, verify.stderr).toBe(0);
    const [head, body] = lines(project);
    expect(head).toMatchObject({ chapter: 5, line: '无' });
    expect(JSON.parse(draft.stdout).data.manifest.inline.foreshadowing_tasks).toEqual(body.tasks);
    expect(novelBin(project, ['instructions', 'chapter:005:draft', '--json']).stdout).toBe(draft.stdout);
  });
});

describe('the continuity cache (logs/.cache/continuity-*.json)', () => {
  it('is kept by the first mutating command that reads the facts, never by a reader; the findings are the same', () => {
    const dir = join(tempDir(), 'demo');
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    // Chapter 9's draft slips: 云婉清, dead before the book begins, walks in. Up to its summarize, staged.
    expect(novelBin(dir, ['run', '--executor', 'demo', '--to-chapter', '8']).code).toBe(0);
    const key = join(dir, 'logs/.cache/continuity-key.json');
    rmSync(key);
    const run = novelBin(dir, ['run', '--executor', 'demo', '--until', 'chapter:009:audit']);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(key)).toBe(true);
    const warnings = () =>
      JSON.stringify(
        JSON.parse(novelBin(dir, ['validate', 'chapter:009:summarize', '--json']).stdout).data.warnings.filter(
          (d: { code: string }) => d.code === 'continuity',
        ),
      );
    const cached = warnings();
    expect(cached).toContain('云婉清');
    // Without the cache: the reader computes the same findings and writes nothing.
    rmSync(key);
    rmSync(join(dir, 'logs/.cache/continuity-facts.json'));
    expect(warnings()).toBe(cached);
    expect(existsSync(key)).toBe(false);
    // A damaged one is computed anew, never trusted.
    writeFileSync(key, '{"sources": 1');
    writeFileSync(join(dir, 'logs/.cache/continuity-facts.json'), '{"slim": {}, "resolved": []}');
    expect(warnings()).toBe(cached);
    // A stale one (the state changed since): the key no longer matches.
    const stale = {
      sources: [
        [1, 1],
        [1, 1],
      ],
      names: JSON.stringify({}),
      shape: 2,
    };
    writeFileSync(key, JSON.stringify(stale));
    expect(warnings()).toBe(cached);
  }, 120_000);
});

describe('the box cache (logs/.cache/box.json)', () => {
  it(
    'is kept by a mutating command; status reads it, and without it or damaged says the box is not checked, ' +
      'starting no bwrap',
    () => {
      const project = withCaches();
      const box = join(project, 'logs/.cache/box.json');
      const status = () => JSON.parse(novelBin(project, ['status', '--json']).stdout).data.box;
      const kept = status();
      // Where bwrap is installed (CI requires it), the mutating command kept the answer, and status reads it.
      if (process.env.NOVEL_SANDBOX_TESTS === 'required') {
        expect(existsSync(box)).toBe(true);
        expect(kept.state).toBe('on');
      }
      // Damaged or gone (and bwrap on PATH): not checked; a reader starts no bwrap (test/e2e/sandbox.test.ts) and
      // never writes the cache.
      const without = existsSync(box) ? { state: 'unchecked' } : kept;
      if (existsSync(box)) {
        writeFileSync(box, '{"key": 1');
        expect(status()).toEqual(without);
        rmSync(box);
      }
      expect(status()).toEqual(without);
      expect(existsSync(box)).toBe(false);
      // The next mutating command keeps it again; status then answers as before.
      expect(novelBin(project, ['state', 'verify', '--accept']).code).toBe(0);
      expect(status()).toEqual(kept);
    },
  );
});
