/**
 * The claude and codex executors end to end against stub executables on PATH
 * that check the arguments they receive and behave like the real CLIs
 * (write the staged outputs; print claude's JSON result / codex's JSON events).
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  withoutPlatform,
  cleanupTempDirs,
  novelBin,
  novelBinAsync,
  OUTPUTS,
  readJson,
  tempDir,
} from '../helpers/project.js';

afterAll(cleanupTempDirs);

const EVAL = `${OUTPUTS}/judge/overall-4.2/staging/evaluations/chapter-004-eval.json`;

/** Shell that copies the fixture outputs of the step being run into the project. */
const COPY_OUTPUTS = `
stage="\${NOVEL_STEP##*:}"
case "$stage" in
  draft) cp -r ${OUTPUTS}/draft/good/. "$NOVEL_PROJECT"/ ;;
  summarize) cp -r ${OUTPUTS}/summarize/good/. "$NOVEL_PROJECT"/ ;;
  audit) cp -r ${OUTPUTS}/audit/good/. "$NOVEL_PROJECT"/ ;;
  refine) cp -r ${OUTPUTS}/refine/good/. "$NOVEL_PROJECT"/ ;;
esac
`;

function stubBin(): string {
  const bin = join(tempDir(), 'bin');
  mkdirSync(bin);
  writeFileSync(
    join(bin, 'claude'),
    `#!/bin/sh
fail() { echo "stub claude: $1" >&2; exit 64; }
[ "$1" = "-p" ] || fail "expected -p first"
prompt="$2"; shift 2
echo "$prompt" | grep -q "instruction packet staging/manifests/" || fail "prompt does not name the packet"
args=" $* "
case "$args" in *" --output-format json "*) ;; *) fail "no --output-format json";; esac
case "$args" in *" --permission-mode dontAsk "*) ;; *) fail "no --permission-mode dontAsk";; esac
case "$args" in *" --setting-sources "*) ;; *) fail "no --setting-sources";; esac
case "$args" in *" --append-system-prompt "*) ;; *) fail "no --append-system-prompt";; esac
stage="\${NOVEL_STEP##*:}"
if [ "$stage" = judge ]; then
  case "$args" in *"Edit("*|*"Write("*) fail "the judge must be read-only";; esac
  result=$(node -e 'process.stdout.write(JSON.stringify(require("fs").readFileSync(process.argv[1],` +
      `"utf8")))' ${EVAL})
else
  case "$args" in *"Edit(./staging/"*) ;; *) fail "writers may edit under staging/ only";; esac
  ${COPY_OUTPUTS}
  result='"done"'
fi
printf '{"type":"result","subtype":"success","is_error":false,"result":%s,"total_cost_usd":0.0125,"usage":` +
      `{"input_tokens":1200,"output_tokens":800},"modelUsage":{"claude-sonnet-stub":{}}}\n' "$result"
`,
  );
  writeFileSync(
    join(bin, 'codex'),
    `#!/bin/sh
fail() { echo "stub codex: $1" >&2; exit 64; }
[ "$1" = "exec" ] || fail "expected exec"
shift
last=""; sandbox=""; json=0; cd_dir=""; model=""
while [ $# -gt 1 ]; do
  case "$1" in
    --sandbox) sandbox="$2"; shift 2;;
    --json) json=1; shift;;
    --skip-git-repo-check) shift;;
    --cd) cd_dir="$2"; shift 2;;
    -c) shift 2;;
    -m) model="$2"; shift 2;;
    --output-last-message) last="$2"; shift 2;;
    *) fail "unexpected argument $1";;
  esac
done
[ $json = 1 ] || fail "no --json"
[ "$cd_dir" = "$NOVEL_PROJECT/staging" ] || fail "--cd is not the project's staging/"
[ "$model" = "stub-model" ] || fail "no -m stub-model"
[ -n "$last" ] || fail "no --output-last-message"
stage="\${NOVEL_STEP##*:}"
echo '{"type":"thread.started","thread_id":"stub"}'
# Inside novel's box (the project read-only), the box stands in for Codex's own sandbox.
if [ ! -w "$NOVEL_PROJECT" ]; then
  [ "$sandbox" = danger-full-access ] || fail "inside novel's box Codex's own sandbox stands aside"
  if [ "$stage" = judge ]; then
    ! ( : > "$NOVEL_PROJECT/staging/judged-here.txt" ) 2>/dev/null || fail "the judge can write staging/ in the box"
  fi
elif [ "$stage" = judge ]; then
  [ "$sandbox" = read-only ] || fail "the judge must run read-only"
else
  [ "$sandbox" = workspace-write ] || fail "writers need workspace-write"
fi
if [ "$stage" = judge ]; then
  cp ${EVAL} "$last"
else
  ${COPY_OUTPUTS}
  echo done > "$last"
fi
echo '{"type":"turn.completed","usage":{"input_tokens":900,"output_tokens":300}}'
`,
  );
  chmodSync(join(bin, 'claude'), 0o755);
  chmodSync(join(bin, 'codex'), 0o755);
  return bin;
}

function demoProject(): string {
  const dir = join(tempDir(), 'demo');
  expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
  withoutPlatform(dir);
  return dir;
}

describe.each(['claude', 'codex'] as const)('the %s executor', (cli) => {
  it('runs a chapter through the stub CLI to the commit; usage lands in the executor log', async () => {
    const bin = stubBin();
    const dir = demoProject();
    const r = await novelBinAsync(
      dir,
      ['run', '--executor', cli, '--verbose', ...(cli === 'codex' ? ['--model', 'stub-model'] : [])],
      { PATH: `${bin}:${process.env.PATH}` },
    );
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(readJson(join(dir, '.checkpoint.json')).last_completed_chapter).toBe(4);
    expect(readJson(join(dir, 'evaluations/chapter-004-eval.json')).overall).toBe(4.2);
    const log = readFileSync(join(dir, 'logs/executor/chapter-004-judge-attempt-1.log'), 'utf8');
    expect(log).toMatch(cli === 'claude' ? /total_cost_usd/ : /turn\.completed/);
  });

  it(
    'a key chapter is judged twice: the second run, with ' +
      'executor.secondary_model, answers into the secondary evaluation',
    async () => {
      const bin = stubBin();
      const dir = demoProject();
      const schedule = join(dir, 'volumes/vol-01/storyline-schedule.json');
      writeFileSync(
        schedule,
        JSON.stringify(
          {
            ...readJson(schedule),
            convergence_events: [{ chapter_range: [4, 4], involved_storylines: ['main-sword'] }],
          },
          null,
          2,
        ),
      );
      const config = join(dir, 'novel.config.json');
      // The codex stub answers only to its one model.
      const secondModel = cli === 'claude' ? 'second-judge' : 'stub-model';
      writeFileSync(
        config,
        JSON.stringify(
          { ...readJson(config), executor: { ...readJson(config).executor, secondary_model: secondModel } },
          null,
          2,
        ),
      );
      expect(novelBin(dir, ['state', 'verify', '--accept']).code).toBe(0);
      const r = await novelBinAsync(
        dir,
        ['run', '--executor', cli, ...(cli === 'codex' ? ['--model', 'stub-model'] : [])],
        { PATH: `${bin}:${process.env.PATH}` },
      );
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(readJson(join(dir, 'evaluations/chapter-004-eval-secondary.json')).overall).toBe(4.2);
      const second = readFileSync(join(dir, 'logs/executor/chapter-004-judge-attempt-1-secondary.log'), 'utf8');
      expect(second).toContain(secondModel);
      expect(second).toContain('-eval-secondary.json');
    },
  );

  it(
    'a CLI that is not installed is a usage error: exit ' + '2 at once, no retry, orchestrator_state unchanged',
    async () => {
      const dir = demoProject();
      const before = readFileSync(join(dir, '.checkpoint.json'), 'utf8');
      const r = await novelBinAsync(
        dir,
        ['run', '--executor', cli, '--json', ...(cli === 'codex' ? ['--model', 'stub-model'] : [])],
        { PATH: '/nonexistent' },
      );
      expect(r.code).toBe(2);
      const body = JSON.parse(r.stdout);
      expect(body.ok).toBe(false);
      expect(body.error.code).toBe('executor_unavailable');
      expect(body.error.message).toMatch(new RegExp(`cannot start ${cli}`));
      expect(body.error.details.PATH).toBe('/nonexistent');
      expect(existsSync(join(dir, 'logs/executor/chapter-004-draft-attempt-2.log'))).toBe(false);
      expect(readFileSync(join(dir, '.checkpoint.json'), 'utf8')).toBe(before);
    },
  );
});

describe('the codex executor refuses up front', () => {
  it('without a model: Codex reports none, so novel passes one explicitly (exit 2, nothing written)', async () => {
    const dir = demoProject();
    const before = readFileSync(join(dir, '.checkpoint.json'), 'utf8');
    const r = await novelBinAsync(dir, ['run', '--executor', 'codex', '--json'], {
      CODEX_HOME: tempDir(),
      PATH: '/nonexistent',
    });
    expect(r.code).toBe(2);
    const body = JSON.parse(r.stdout);
    expect(body.error.code).toBe('executor_model_missing');
    expect(body.error.hint).toMatch(/--model/);
    expect(readFileSync(join(dir, '.checkpoint.json'), 'utf8')).toBe(before);
    expect(existsSync(join(dir, 'staging'))).toBe(false);
  });

  it(
    '--budget-usd without --budget-tokens: Codex reports ' + 'no cost, so a dollar budget could never stop it',
    async () => {
      const dir = demoProject();
      const r = await novelBinAsync(
        dir,
        ['run', '--executor', 'codex', '--model', 'm', '--budget-usd', '5', '--json'],
        {
          PATH: '/nonexistent',
        },
      );
      expect(r.code).toBe(2);
      expect(JSON.parse(r.stdout).error.code).toBe('budget_unenforceable');
      expect(existsSync(join(dir, 'staging'))).toBe(false);
      // With a token budget too, the run starts (and here finds no codex on PATH).
      const both = await novelBinAsync(
        dir,
        ['run', '--executor', 'codex', '--model', 'm', '--budget-usd', '5', '--budget-tokens', '1000', '--json'],
        { PATH: '/nonexistent' },
      );
      expect(JSON.parse(both.stdout).error.code).toBe('executor_unavailable');
    },
  );
});

describe('novel adapters install', () => {
  it('copies the claude and codex adapter files, never overwriting an edited file', () => {
    const dir = demoProject();
    const first = JSON.parse(novelBin(dir, ['adapters', 'install', 'claude', '--json']).stdout).data;
    expect(first.installed).toEqual([
      '.claude/agents/chapter-writer.md',
      '.claude/agents/character-weaver.md',
      '.claude/agents/continuity-auditor.md',
      '.claude/agents/plot-architect.md',
      '.claude/agents/quality-judge.md',
      '.claude/agents/style-analyzer.md',
      '.claude/agents/style-refiner.md',
      '.claude/agents/summarizer.md',
      '.claude/agents/world-builder.md',
      '.claude/skills/novel-step/SKILL.md',
    ]);
    expect(readFileSync(join(dir, '.claude/agents/quality-judge.md'), 'utf8')).toMatch(/^---\nname: quality-judge\n/);
    writeFileSync(join(dir, '.claude/agents/summarizer.md'), 'my own summarizer\n');
    const second = JSON.parse(novelBin(dir, ['adapters', 'install', 'claude', '--json']).stdout).data;
    expect(second).toMatchObject({ installed: [], kept: ['.claude/agents/summarizer.md'] });
    expect(readFileSync(join(dir, '.claude/agents/summarizer.md'), 'utf8')).toBe('my own summarizer\n');
    const codex = JSON.parse(novelBin(dir, ['adapters', 'install', 'codex', '--json']).stdout).data;
    expect(codex.installed).toEqual([
      '.agents/skills/novel/SKILL.md',
      ...[
        'chapter-writer',
        'character-weaver',
        'continuity-auditor',
        'plot-architect',
        'quality-judge',
        'style-analyzer',
        'style-refiner',
        'summarizer',
        'world-builder',
      ].map((a) => `.agents/skills/novel/references/${a}.md`),
    ]);
    expect(readFileSync(join(dir, '.agents/skills/novel/references/summarizer.md'), 'utf8')).toMatch(
      /^You are the summarizer\./,
    );
    expect(novelBin(dir, ['adapters', 'install', 'vim']).code).toBe(2);
  });
});
