/** The architecture stays visible: a pure core, thin commands, no re-entry into the CLI. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bookMachine } from '../machines/book.machine.js';
import { CHAPTER_STAGES, SETUP_STEPS } from '../src/core/step-id.js';
import { AGENT_NAMES } from '../src/core/step-table.js';

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

  it('one door to the disk: only the project file layer touches project paths with node:fs', () => {
    // What else may import node:fs, and why: none of it reads or writes a project path.
    const elsewhere: Record<string, string> = {
      'src/io/project-fs.ts': 'the door itself',
      'src/io/process-sweep.ts': "/proc, to find a step's processes",
      'src/io/lock.ts': "/proc, to check a dead run's process group",
      'src/io/executor.ts': "temporary files outside the project and the clients' own session files",
      'src/io/package-files.ts': "novel's own package (adapters, docs)",
      'src/io/import-book.ts': 'the book the author imports, outside the project',
      'src/io/create-project.ts': 'creates a project before there is one (init, import)',
      'src/io/stdio.ts': 'file descriptors 1 and 2',
      'src/io/adapters.ts': "novel's own adapter files, read to be installed",
      'src/io/export-file.ts': 'the output folder the author names',
      'src/io/checkpoint-file.ts': 'the project root before a checkpoint exists',
      'src/io/text-folder.ts': 'the text files the author names for lint FILE and quality eval, wherever they are',
      'src/io/sandbox.ts':
        "bwrap on PATH, the step's temporary directory and the clients' own directories, outside the project",
    };
    const importsFs = /from 'node:fs'|getBuiltinModule\('node:fs'\)/;
    const offenders = [...files('src'), ...files('machines')].filter((f) => {
      const text = readFileSync(join(ROOT, f), 'utf8').replace(/^import type .*$/gm, '');
      return importsFs.test(text) && !(f in elsewhere);
    });
    expect(offenders).toEqual([]);
  });

  it('no command imports the CLI: commands and novel run call the shared operations', () => {
    for (const f of files('src/commands'))
      expect(readFileSync(join(ROOT, f), 'utf8'), f).not.toMatch(/from '\.\.\/(\.\.\/)?cli\.js'|runCli/);
  });

  it(
    'novel run is a loop and nothing more: runBook is at most 60 lines; ' +
      'one execution, the moves and the summary are functions of their own',
    () => {
      const text = readFileSync(join(ROOT, 'src/io/run-loop.ts'), 'utf8');
      const body = /^export async function runBook\([\s\S]*?^}$/m.exec(text)?.[0] ?? '';
      expect(body.split('\n').length).toBeGreaterThan(10);
      expect(body.split('\n').length).toBeLessThanOrEqual(60);
      expect(body.split('\n').every((l) => l.length <= 180)).toBe(true);
      expect(readFileSync(join(ROOT, 'src/io/execute-step.ts'), 'utf8')).toMatch(/export async function executeStep\(/);
    },
  );

  /** Every import (static, dynamic or a built-in fetched at run time) of a source file. */
  const importsOf = (f: string): string[] => {
    const text = readFileSync(join(ROOT, f), 'utf8');
    return [
      ...text.matchAll(/^import (?!type )[^;]*? from '([^']+)'|import\('([^']+)'\)|getBuiltinModule\('([^']+)'\)/gm),
    ].map((m) => (m[1] ?? m[2] ?? m[3]) as string);
  };
  /** A module that defines a command (not a helper shared by the commands). */
  const isCommand = (f: string): boolean => /extends NovelCommand\b/.test(readFileSync(join(ROOT, f), 'utf8'));

  it(
    'commands are thin: they import no node:* module and no other ' +
      'command; they parse, call one core or io function and print',
    () => {
      const problems: string[] = [];
      for (const f of files('src/commands')) {
        for (const spec of importsOf(f)) {
          if (spec.startsWith('node:')) problems.push(`${f} imports ${spec}`);
          if (
            spec.startsWith('.') &&
            !spec.includes('/core/') &&
            !spec.includes('/io/') &&
            !spec.includes('/schemas/') &&
            !spec.includes('/machines/')
          ) {
            const target = join(f, '..', spec).replace(/\.js$/, '.ts');
            if (target !== f && target.startsWith('src/commands/') && isCommand(target))
              problems.push(`${f} imports the command ${target}`);
          }
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it(
    'no state name is compared outside machines/: code asks ' +
      'the snapshot (can, meta) or the decision (action, mode)',
    () => {
      const names = new Set<string>();
      const walk = (node: { key: string; states: Record<string, unknown> }): void => {
        names.add(node.key);
        for (const child of Object.values(node.states)) walk(child as typeof node);
      };
      walk(bookMachine.root as unknown as { key: string; states: Record<string, unknown> });
      // Words that are also a stage, a step, a mode or an action name are compared as such; as states, only where a
      // state is read.
      const vocabulary = new Set<string>([
        ...CHAPTER_STAGES,
        ...SETUP_STEPS,
        'draft',
        'revision',
        'polish',
        'normal',
        'commit',
        'review',
        'plan',
        'done',
        'execute',
        'recover',
        'retry',
        'lock',
        'setup',
        'gate',
      ]);
      const only = [...names].filter((n) => !vocabulary.has(n));
      const all = [...names];
      const anywhere = new RegExp(
        `[!=]==\\s*'(${only.join('|')})'|'(${only.join('|')})'\\s*[!=]==|case '(${only.join('|')})':`,
      );
      const stateRead = new RegExp(
        `(restName\\([^)]*\\)|chapterRest\\([^)]*\\)|\\.state\\b|\\bchapterState\\b|` +
          `\\bresume\\b|\\brestored\\b)\\s*[!=]==\\s*'(${all.join('|')})'`,
      );
      const problems: string[] = [];
      for (const f of files('src')) {
        readFileSync(join(ROOT, f), 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (anywhere.test(line) || stateRead.test(line)) problems.push(`${f}:${i + 1}: ${line.trim()}`);
          });
      }
      expect(only.length).toBeGreaterThan(8);
      expect(problems).toEqual([]);
    },
  );

  /** Every module a source file names: imports of values and of types, re-exports and dynamic imports. */
  const everyImportOf = (text: string): string[] =>
    [...text.matchAll(/^(?:import|export)\b[^;]*? from '([^']+)'|import\('([^']+)'\)/gm)].map(
      (m) => (m[1] ?? m[2]) as string,
    );

  /** The import circles among these modules (type imports included). */
  const circlesAmong = (sources: ReadonlyMap<string, string>): string[] => {
    const all = [...sources.keys()];
    const edges = new Map<string, string[]>();
    for (const [f, text] of sources) {
      edges.set(
        f,
        everyImportOf(text)
          .filter((spec) => spec.startsWith('.'))
          .map((spec) => join(f, '..', spec).replace(/\.js$/, '.ts'))
          .filter((t) => sources.has(t)),
      );
    }
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (f: string): void => {
      state.set(f, 'open');
      stack.push(f);
      for (const t of edges.get(f) ?? []) {
        if (state.get(t) === 'open') cycles.push([...stack.slice(stack.indexOf(t)), t].join(' → '));
        else if (!state.has(t)) visit(t);
      }
      stack.pop();
      state.set(f, 'done');
    };
    for (const f of all) if (!state.has(f)) visit(f);
    return cycles;
  };

  it('no import circle among the modules (static, dynamic, re-exports and type-only imports alike)', () => {
    const all = [...files('src'), ...files('machines')].filter((f) => !f.startsWith('src/web/'));
    expect(circlesAmong(new Map(all.map((f) => [f, readFileSync(join(ROOT, f), 'utf8')])))).toEqual([]);
  });

  it('the circle check sees a circle made of type imports and re-exports', () => {
    const planted = new Map([
      ['machines/a.ts', "import type { B } from '../src/core/b.js';\n"],
      ['src/core/b.ts', "export { C } from './c.js';\n"],
      ['src/core/c.ts', "import type { A } from '../../machines/a.js';\n"],
    ]);
    expect(circlesAmong(planted)).toEqual(['machines/a.ts → src/core/b.ts → src/core/c.ts → machines/a.ts']);
  });

  /**
   * Lists of the step table's words written out again: an array, a union type
   * or an object literal naming three or more chapter stages (or agents). An
   * object keyed by a type the table derives (`Record<ChapterStage, …>`) is a
   * registry the compiler holds to the table, not a second list.
   */
  const secondLists = (text: string): string[] => {
    const vocabularies = [new Set<string>(CHAPTER_STAGES), new Set<string>(AGENT_NAMES)];
    const groups = [
      ...[...text.matchAll(/\[[^[\]]*\]/g)].map((m) => m[0]),
      ...[...text.matchAll(/(?:'[^'\n]+'\s*\|\s*){2,}'[^'\n]+'/g)].map((m) => m[0]),
      ...[...text.matchAll(/\{[^{}]*\}/g)]
        .filter(
          (m) => !/Record<\w*(?:Stage|Step)\b[^;{}]*=\s*$/.test(text.slice(Math.max(0, (m.index ?? 0) - 200), m.index)),
        )
        .map((m) => [...m[0].matchAll(/(?:^|[\s,{])'?([a-z][a-z-]*)'?\s*:/g)].map((k) => `'${k[1]}'`).join(' ')),
    ];
    const found: string[] = [];
    for (const group of groups) {
      for (const vocabulary of vocabularies) {
        const words = new Set(
          [...group.matchAll(/'([^'\n]+)'/g)].map((m) => m[1] as string).filter((w) => vocabulary.has(w)),
        );
        if (words.size >= 3) found.push([...words].join(', '));
      }
    }
    return found;
  };

  it('one home for a step: no list of stages or agents outside the step table', () => {
    const problems: string[] = [];
    for (const f of [...files('src'), ...files('machines')]) {
      if (f === 'src/core/step-table.ts') continue;
      for (const list of secondLists(readFileSync(join(ROOT, f), 'utf8'))) problems.push(`${f}: ${list}`);
    }
    expect(problems).toEqual([]);
  });

  it('the list check sees a second list as an array, a union, or an object, and lets a table-keyed registry be', () => {
    expect(secondLists("const ORDER = ['draft', 'summarize', 'refine', 'judge'];")).toEqual([
      'draft, summarize, refine, judge',
    ]);
    expect(secondLists("type S = 'draft' | 'refine' | 'title-fix';")).toEqual(['draft, refine, title-fix']);
    expect(secondLists("const PRODUCER = {\n  draft: 'a',\n  summarize: 'b',\n  'hook-fix': 'c',\n};")).toEqual([
      'draft, summarize, hook-fix',
    ]);
    expect(secondLists("const AGENTS = ['summarizer', 'quality-judge', 'plot-architect'];")).toEqual([
      'summarizer, quality-judge, plot-architect',
    ]);
    expect(
      secondLists('const V: Record<ValidatedStage, F> = {\n  draft: a,\n  summarize: b,\n  refine: c,\n};'),
    ).toEqual([]);
    expect(secondLists("const two = ['draft', 'judge'];")).toEqual([]);
  });

  /** Paths built or parsed by hand: a chapter or volume number padded or matched outside the paths module. */
  const handBuiltPaths = (text: string): string[] =>
    text
      .split('\n')
      .filter(
        (line) =>
          /(?:chapter|vol|volume|import)-\$\{|storylines\/\$\{/.test(line) ||
          /padStart\([34], '0'\)/.test(line) ||
          (/padStart\(2, '0'\)/.test(line) && /vol/i.test(line)) ||
          /\/[^/\n]*(?:chapter|vol)-\(?\\d/.test(line),
      );

  it('one home for a path: no path is built or parsed by hand outside src/core/paths.ts', () => {
    const home = new Set(['src/core/paths.ts', 'src/core/path-pattern.ts', 'src/core/step-table.ts']);
    const problems: string[] = [];
    for (const f of [...files('src'), ...files('machines')]) {
      if (home.has(f) || f.startsWith('src/web/')) continue;
      for (const line of handBuiltPaths(readFileSync(join(ROOT, f), 'utf8')))
        problems.push(`${f}: ${line.trim().slice(0, 120)}`);
    }
    expect(problems).toEqual([]);
  });

  it('the path check sees a path padded, templated or parsed by hand', () => {
    expect(handBuiltPaths('const a = `logs/chapter-${padChapter(n)}-log.json`;')).toHaveLength(1);
    expect(handBuiltPaths("const v = String(volume).padStart(2, '0');")).toHaveLength(1);
    expect(handBuiltPaths("const c = String(n).padStart(3, '0');")).toHaveLength(1);
    expect(handBuiltPaths('const m = /^chapters\\/chapter-(\\d+)\\.md$/.exec(rel);')).toHaveLength(1);
    expect(handBuiltPaths('const m = `${dir}/storylines/${id}/memory.md`;')).toHaveLength(1);
    expect(handBuiltPaths('const width = String(n).padStart(7);\nconst p = paths.chapterLog(n);')).toEqual([]);
  });

  it(
    'tests mirror the pure core: every module of machines/ and ' +
      'src/core/ has a unit test file of the same name and place',
    () => {
      const tests = new Set(files('test'));
      const modules = [...files('machines'), ...files('src/core')];
      expect(modules.length).toBeGreaterThan(60);
      const mirror = (f: string): string => `test/${f.replace(/^src\//, '').replace(/\.ts$/, '.test.ts')}`;
      expect(modules.filter((f) => !tests.has(mirror(f))).map(mirror)).toEqual([]);
    },
  );

  it('the core imports no io, and machines/ import neither io nor commands', () => {
    const problems: string[] = [];
    for (const f of files('src/core'))
      for (const spec of importsOf(f)) if (/\/io\/|\/commands\//.test(spec)) problems.push(`${f} imports ${spec}`);
    for (const f of files('machines'))
      for (const spec of importsOf(f)) if (/\/io\/|\/commands\//.test(spec)) problems.push(`${f} imports ${spec}`);
    expect(problems).toEqual([]);
  });
});

describe('what dist/ ships', () => {
  it('a third-party notice with the licence of every bundled package', () => {
    const notice = readFileSync(join(ROOT, 'dist/THIRD-PARTY-NOTICES.txt'), 'utf8');
    for (const pkg of [
      'xstate',
      'valibot',
      'clipanion',
      'typanion',
      'write-file-atomic',
      'signal-exit',
      'markdown-it',
      'fflate',
      'diff',
    ])
      expect(notice, pkg).toMatch(new RegExp(`^${pkg} \\d+\\.\\d+\\.\\d+ — \\S+`, 'm'));
  });

  it('the build patches no library source: built-ins are swapped by resolution, not by editing text', () => {
    const build = readFileSync(join(ROOT, 'scripts/build.mjs'), 'utf8');
    expect(build).not.toMatch(/patched\.replace|source\.replace/);
  });
});
