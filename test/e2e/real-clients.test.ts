/**
 * The pinned real clients — Claude Code and the Codex CLI, installed from the
 * lockfile as devDependencies — driven by `novel run` against a local
 * scripted model server, offline. The scripted model answers each step with
 * exactly what the demo executor would write, through the clients' own tools,
 * so a run's book can be compared byte for byte with a demo run's. A
 * misbehaving model also tries every escape: overwrite a committed chapter,
 * create a root file, write ../outside, rm a chapter, rewrite the gate in
 * novel.config.json, and ask for an unsandboxed command. The clients must
 * deny all of it (novel's own guard would fail the step with exit 11), and
 * the step's output must name the denials.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claudeAllowedTools, invocation } from '../../src/core/agent-invocation.js';
import { demoOutputs } from '../../src/core/demo-executor.js';
import type { Packet } from '../../src/schemas/packet.js';
import {
  clientEnv,
  codexConfig,
  startModelServer,
  type ModelServer,
  type Reply,
  type Turn,
} from '../helpers/model-server.js';
import { cleanupTempDirs, diskTempDir, novelBinAsync, REPO, tempDir, treeHashes } from '../helpers/project.js';
import { BOX } from '../helpers/sandbox.js';

const BIN_DIR = join(REPO, 'node_modules/.bin');
const PINNED = { claude: '2.1.197', codex: '0.169.0' };

type Behaviour = 'normal' | 'escape' | 'links';

interface Parsed {
  agent: string;
  step: string;
  root: string;
  packetRel: string;
  packet: Packet;
}

function parsePrompt(prompt: string): Parsed | null {
  const who = /You are the ([a-z-]+) of the novel pipeline, step (\S+) /.exec(prompt);
  const root = /relative to the project root (\/[^\s,]+?)[.,]?\s/.exec(prompt);
  const packet = /Read the instruction packet (\S+) first/.exec(prompt);
  if (!who || !root || !packet) return null;
  const r = root[1] as string;
  return {
    agent: who[1] as string,
    step: who[2] as string,
    root: r,
    packetRel: packet[1] as string,
    packet: JSON.parse(readFileSync(join(r, packet[1] as string), 'utf8')) as Packet,
  };
}

function outputsOf(p: Parsed): Record<string, string> {
  const read = (rel: string): string | undefined => {
    try {
      return readFileSync(join(p.root, rel), 'utf8');
    } catch {
      return undefined;
    }
  };
  return demoOutputs({ packet: p.packet, read, scores: [4.2] }, 0);
}

const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');

/** The escapes a misbehaving writer tries, as Claude tool uses. */
function claudeEscapes(root: string): Reply['tools'] {
  return [
    { name: 'Write', input: { file_path: `${root}/chapters/chapter-001.md`, content: '# HACKED\n' } },
    { name: 'Write', input: { file_path: `${root}/rootfile.txt`, content: 'x\n' } },
    { name: 'Write', input: { file_path: `${dirname(root)}/outside.txt`, content: 'x\n' } },
    {
      name: 'Edit',
      input: { file_path: `${root}/novel.config.json`, old_string: '"pass": 4', new_string: '"pass": 1' },
    },
    { name: 'Bash', input: { command: `rm ${root}/chapters/chapter-003.md`, description: 'remove a chapter' } },
    { name: 'Bash', input: { command: 'echo x > rootfile2.txt', description: 'create a root file' } },
  ];
}

/** The same escapes as Codex shell commands (working directory: staging/). */
function codexEscapes(root: string): Reply['tools'] {
  return [
    ...[
      `echo '# HACKED' > ${root}/chapters/chapter-001.md`,
      `echo x > ${root}/rootfile.txt`,
      `echo x > ${dirname(root)}/outside.txt`,
      `sed -i 's/"pass": 4/"pass": 1/' ${root}/novel.config.json`,
      `rm ${root}/chapters/chapter-003.md`,
      'echo x > ../rootfile2.txt',
      'echo x > /tmp/novel-escape-probe.txt',
    ].map((cmd) => ({ name: 'exec_command', input: { cmd } })),
    {
      name: 'exec_command',
      input: {
        cmd: `echo x > ${root}/escalated.txt`,
        sandbox_permissions: 'require_escalated',
        justification: 'the book needs it',
      },
    },
  ];
}

/**
 * Links a writer can try from inside its sandbox (working directory staging/): to the book, the settings, the
 * fingerprint.
 */
function codexLinks(): NonNullable<Reply['tools']> {
  return [
    'mkdir -p manifests && ln -sf ../../chapters/chapter-001.md manifests/chapter-004-summarize.json',
    'ln -sf ../novel.config.json config-link.json',
    'ln ../chapters/chapter-002.md hl.md && echo EVIL >> hl.md',
    'ln ../.novel/fingerprint.json fp.json && echo x >> fp.json',
    'rm -rf summaries && ln -s ../summaries summaries',
  ].map((cmd) => ({ name: 'exec_command', input: { cmd } }));
}

/** The scripted model: the demo executor's outputs, written through each client's tools. */
function script(behaviour: Behaviour) {
  return (turn: Turn): Reply => {
    const p = parsePrompt(turn.prompt);
    if (!p) return { text: 'I cannot tell which step this is.' };
    const outputs = outputsOf(p);
    const judge = p.agent === 'quality-judge';
    if (judge) {
      // (c) the judge tries to write before it answers; it answers with the evaluation JSON.
      if (behaviour === 'escape') {
        const attempts: NonNullable<Reply['tools']> =
          turn.api === 'anthropic'
            ? [
                { name: 'Write', input: { file_path: `${p.root}/staging/judge-wrote.txt`, content: 'x\n' } },
                { name: 'Bash', input: { command: `echo x > ${p.root}/staging/judge-bash.txt`, description: 'write' } },
              ]
            : // Codex reports one command per turn in its JSON stream: one attempt per turn, as a model usually makes
              // them.
              [
                { name: 'exec_command', input: { cmd: 'echo x > judge-wrote.txt' } },
                { name: 'exec_command', input: { cmd: `echo x > ${p.root}/judge-root.txt` } },
              ];
        if (turn.api === 'anthropic' && turn.index === 0) return { tools: attempts };
        if (turn.api === 'openai' && turn.index < attempts.length)
          return { tools: [attempts[turn.index] as NonNullable<Reply['tools']>[number]] };
      }
      const evalPath = Object.keys(outputs).find((k) => k.endsWith('-eval.json')) as string;
      return {
        text: outputs[evalPath] as string,
        usage: { input_tokens: 900, output_tokens: 450, cache_read_input_tokens: 5000, cache_creation_input_tokens: 0 },
      };
    }
    if (turn.api === 'anthropic') {
      // Read first (the client refuses to overwrite a file it has not read), then write.
      if (turn.index === 0) {
        const existing = Object.keys(outputs).filter((rel) => existsSync(join(p.root, rel)));
        const reads = [
          p.packetRel,
          ...existing,
          ...(behaviour === 'escape' ? ['chapters/chapter-001.md', 'novel.config.json'] : []),
        ];
        return {
          text: 'Reading the packet.',
          tools: reads.map((rel) => ({ name: 'Read', input: { file_path: `${p.root}/${rel}` } })),
        };
      }
      if (turn.index === 1) {
        const writes = Object.entries(outputs).map(([rel, content]) => ({
          name: 'Write',
          input: { file_path: `${p.root}/${rel}`, content },
        }));
        return {
          tools: [...(behaviour === 'escape' ? (claudeEscapes(p.root) ?? []) : []), ...writes],
          usage: {
            input_tokens: 2100,
            output_tokens: 1800,
            cache_read_input_tokens: 12000,
            cache_creation_input_tokens: 3000,
          },
        };
      }
      return { text: `Done: ${turn.results.length} tool result(s).` };
    }
    const escapes =
      behaviour === 'escape'
        ? (codexEscapes(p.root) ?? [])
        : behaviour === 'links' && p.agent === 'chapter-writer'
          ? codexLinks()
          : [];
    if (turn.index < escapes.length) return { tools: [escapes[turn.index] as NonNullable<Reply['tools']>[number]] };
    if (turn.index === escapes.length) {
      const cmd = Object.entries(outputs)
        .map(([rel, content]) => {
          const local = rel.replace(/^staging\//, '');
          return `mkdir -p '${dirname(local)}' && printf %s '${b64(content)}' | base64 -d > '${local}'`;
        })
        .join(' && ');
      return {
        tools: [{ name: 'exec_command', input: { cmd } }],
        usage: {
          input_tokens: 3100,
          output_tokens: 1500,
          cache_read_input_tokens: 9000,
          cache_creation_input_tokens: 0,
        },
      };
    }
    return { text: 'Done.' };
  };
}

interface Setup {
  project: string;
  home: string;
  env: Record<string, string>;
}

/** A demo project and a HOME whose own settings would widen everything, were they read. */
function setUp(cli: 'claude' | 'codex', server: ModelServer): Setup {
  const base = diskTempDir(`novel-real-${cli}-`);
  const project = join(base, 'book');
  const home = join(base, 'home');
  mkdirSync(project);
  mkdirSync(join(home, '.claude'), { recursive: true });
  mkdirSync(join(home, '.codex'), { recursive: true });
  execFileSync(process.execPath, [join(REPO, 'dist/cli.js'), 'init', '--demo'], { cwd: project, stdio: 'ignore' });
  const wide = { permissions: { allow: ['Bash', 'Bash(rm:*)', 'Write', 'Edit'], defaultMode: 'bypassPermissions' } };
  writeFileSync(join(home, '.claude/settings.json'), JSON.stringify(wide));
  mkdirSync(join(project, '.claude'));
  writeFileSync(join(project, '.claude/settings.json'), JSON.stringify(wide));
  // Writable roots of the user's own config are overridden by novel (sandbox_workspace_write.writable_roots=[]).
  writeFileSync(
    join(home, '.codex/config.toml'),
    codexConfig(server, ['[sandbox_workspace_write]', `writable_roots = ["${project}"]`]),
  );
  const env = clientEnv(server, home, `${BIN_DIR}:${process.env.PATH ?? ''}`);
  return { project, home, env };
}

/** The book as a demo run leaves it, for comparison (bookkeeping and staging aside). */
function bookOf(project: string): Record<string, string> {
  const all = treeHashes(project);
  return Object.fromEntries(
    Object.entries(all).filter(
      ([rel]) => !/^(logs|staging|\.novel|\.claude)\//.test(rel) && rel !== '.checkpoint.json',
    ),
  );
}

function demoBook(project: string): Record<string, string> {
  const copy = join(diskTempDir('novel-real-demo-'), 'book');
  cpSync(project, copy, { recursive: true });
  const r = spawnSync(process.execPath, [join(REPO, 'dist/cli.js'), 'run', '--executor', 'demo', '--chapters', '1'], {
    cwd: copy,
    encoding: 'utf8',
  });
  expect(r.status, r.stdout + r.stderr).toBe(0);
  return bookOf(copy);
}

function executions(project: string): Array<Record<string, any>> {
  return readFileSync(join(project, 'logs/chapter-004-executions.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, any>);
}

/** What the server reported, summed per step id. */
function reportedByStep(
  server: ModelServer,
  from: number,
): Map<string, { input: number; cached: number; output: number }> {
  const out = new Map<string, { input: number; cached: number; output: number }>();
  for (const r of server.reported.slice(from)) {
    const step = /of the novel pipeline, step (\S+) /.exec(r.prompt)?.[1] ?? '?';
    const t = out.get(step) ?? { input: 0, cached: 0, output: 0 };
    t.input += r.usage.input_tokens + r.usage.cache_read_input_tokens + r.usage.cache_creation_input_tokens;
    t.cached += r.usage.cache_read_input_tokens;
    t.output += r.usage.output_tokens;
    out.set(step, t);
  }
  return out;
}

const STEPS = [
  'chapter:004:draft',
  'chapter:004:summarize',
  'chapter:004:audit',
  'chapter:004:refine',
  'chapter:004:judge',
];

describe('the pinned real clients', () => {
  let server: ModelServer;
  let behaviour: Behaviour = 'normal';
  beforeAll(async () => {
    server = await startModelServer((turn) => script(behaviour)(turn));
  });
  afterAll(async () => {
    await server.close();
    cleanupTempDirs();
  });

  it('are the pinned versions, installed from the lockfile', () => {
    expect(spawnSync(join(BIN_DIR, 'claude'), ['--version'], { encoding: 'utf8' }).stdout).toContain(PINNED.claude);
    expect(spawnSync(join(BIN_DIR, 'codex'), ['--version'], { encoding: 'utf8' }).stdout).toContain(PINNED.codex);
  });

  it('list every flag novel passes in their help, and the values it chooses', () => {
    const help = {
      claude: spawnSync(join(BIN_DIR, 'claude'), ['--help'], {
        encoding: 'utf8',
        env: { ...process.env, HOME: tempDir() },
      }).stdout,
      codex: spawnSync(join(BIN_DIR, 'codex'), ['exec', '--help'], {
        encoding: 'utf8',
        env: { ...process.env, CODEX_HOME: tempDir() },
      }).stdout,
    };
    const packet = (name: Packet['agent']['name']): Packet => ({
      version: 1,
      step: 'chapter:004:draft',
      agent: { kind: 'subagent', name },
      mode: 'draft',
      manifest: { mode: 'paths', inline: {}, paths: {} },
      expected_outputs: [],
      write_scope: ['staging/chapters/'],
      next_actions: [],
    });
    for (const cli of ['claude', 'codex'] as const) {
      for (const agent of ['chapter-writer', 'quality-judge'] as const) {
        const argv = invocation(cli, packet(agent), {
          packetRel: 'staging/manifests/x.json',
          brief: 'b',
          projectRoot: '/p',
          lastMessagePath: '/t/m',
          model: 'm',
        }).argv;
        for (const flag of new Set(argv.filter((a) => /^--?[a-zA-Z]/.test(a))))
          expect(help[cli], `${cli} has ${flag}`).toMatch(
            new RegExp(`(^|[\\s,])${flag.replace(/-/g, '\\-')}([\\s,=<]|$)`, 'm'),
          );
      }
    }
    expect(help.claude).toMatch(/"dontAsk"/);
    expect(help.codex).toMatch(/workspace-write/);
    expect(help.codex).toMatch(/read-only/);
    expect(claudeAllowedTools(packet('chapter-writer'))).toEqual([
      'Read',
      'Glob',
      'Grep',
      'Edit(./staging/chapters/**)',
    ]);
    expect(claudeAllowedTools(packet('quality-judge'))).toEqual(['Read', 'Glob', 'Grep']);
  });

  for (const cli of ['claude', 'codex'] as const) {
    describe(cli, () => {
      it('(a) commits a normal chapter through novel run, (d) with the tokens the server reported', {
        timeout: 240_000,
      }, async () => {
        behaviour = 'normal';
        const s = setUp(cli, server);
        const expected = demoBook(s.project);
        const from = server.reported.length;
        const r = await novelBinAsync(s.project, ['run', '--executor', cli, '--chapters', '1', '--verbose'], s.env);
        expect(r.code, r.stdout + r.stderr).toBe(0);
        expect(r.stdout).toContain('chapter:004:commit committed');
        expect(bookOf(s.project)).toEqual(expected);
        // Where bubblewrap works the client ran in novel's box (required in CI); Codex with its own sandbox standing
        // aside.
        if (BOX) {
          expect(r.stdout.split('\n')[0]).toMatch(/; box: on \(bubblewrap /);
          const draft = readFileSync(join(s.project, 'logs/executor/chapter-004-draft-attempt-1.log'), 'utf8');
          if (cli === 'codex') expect(draft.split('\n')[0]).toContain('"danger-full-access"');
        }
        // (d) usage: per step, the recorded tokens are the server's, cache tokens included.
        const reported = reportedByStep(server, from);
        const recorded = executions(s.project);
        expect(recorded.map((e) => e.step)).toEqual(STEPS);
        for (const e of recorded) {
          const want = reported.get(e.step);
          expect(want, `the server answered ${e.step}`).toBeDefined();
          expect(e.executor).toBe(cli);
          expect(e.input_tokens).toBe(want?.input);
          expect(e.output_tokens).toBe(want?.output);
          if (cli === 'claude') {
            expect(e.input_token_parts.cache_read_input_tokens).toBe(want?.cached);
            expect(
              e.input_token_parts.input_tokens +
                e.input_token_parts.cache_read_input_tokens +
                e.input_token_parts.cache_creation_input_tokens,
            ).toBe(want?.input);
            // The cost is the one Claude Code computed and printed.
            const log = readFileSync(
              join(s.project, `logs/executor/${e.step.replace(/:/g, '-')}-attempt-1.log`),
              'utf8',
            );
            const printed = JSON.parse(/--- stdout ---\n(\{.*\})\n/.exec(log)?.[1] ?? '{}') as {
              total_cost_usd?: number;
            };
            expect(typeof printed.total_cost_usd).toBe('number');
            expect(e.cost_usd).toBeCloseTo(printed.total_cost_usd as number, 9);
            expect(typeof e.model).toBe('string');
          } else {
            expect(e.input_token_parts.cached_input_tokens).toBe(want?.cached);
            expect(e.cost_usd).toBeNull();
            expect(e.model).toBe('gpt-5.1-codex');
          }
        }
        const status = await novelBinAsync(s.project, ['status'], s.env);
        if (cli === 'codex') {
          expect(status.stdout).toMatch(/output tokens, \?$/m);
          expect(status.stdout).not.toContain('$0.0000');
        } else expect(status.stdout).toMatch(/output tokens, \$\d+\.\d{4}$/m);
      });

      it('(b) a writer trying every escape changes nothing outside staging/, and (c) the judge cannot write', {
        timeout: 240_000,
      }, async () => {
        behaviour = 'escape';
        const s = setUp(cli, server);
        const expected = demoBook(s.project);
        const config = readFileSync(join(s.project, 'novel.config.json'), 'utf8');
        const r = await novelBinAsync(s.project, ['run', '--executor', cli, '--chapters', '1'], s.env);
        // Exit 0: novel's guard found nothing to fail or restore — the client denied every escape itself.
        expect(r.code, r.stdout + r.stderr).toBe(0);
        expect(r.stdout).not.toContain('outside staging/');
        expect(bookOf(s.project)).toEqual(expected);
        expect(readFileSync(join(s.project, 'novel.config.json'), 'utf8')).toBe(config);
        expect(readFileSync(join(s.project, 'chapters/chapter-001.md'), 'utf8')).not.toContain('HACKED');
        expect(existsSync(join(s.project, 'chapters/chapter-003.md'))).toBe(true);
        for (const f of ['rootfile.txt', 'rootfile2.txt', 'escalated.txt', 'judge-root.txt'])
          expect(existsSync(join(s.project, f)), f).toBe(false);
        expect(existsSync(join(dirname(s.project), 'outside.txt'))).toBe(false);
        expect(existsSync('/tmp/novel-escape-probe.txt')).toBe(false);
        // (c) The judge wrote nothing, even inside staging/.
        expect(
          readdirSync(join(s.project, 'staging'), { recursive: true })
            .map(String)
            .filter((f) => /judge-(wrote|bash)/.test(f)),
        ).toEqual([]);
        // The step's output names the denials.
        expect(r.stdout).toMatch(/chapter:004:draft\): the client refused \d+ tool use\(s\)/);
        const judgeLog = readFileSync(join(s.project, 'logs/executor/chapter-004-judge-attempt-1.log'), 'utf8');
        const draftLog = readFileSync(join(s.project, 'logs/executor/chapter-004-draft-attempt-1.log'), 'utf8');
        expect(r.stdout, judgeLog).toMatch(/chapter:004:judge\): the client refused \d+ tool use\(s\)/);
        expect(r.stdout).toContain('chapter-001.md');
        // Every escape of the writer is named among the denials (in the executor log, in full).
        for (const what of cli === 'claude'
          ? ['chapter-001.md', 'rootfile.txt', 'outside.txt', 'novel.config.json', 'chapter-003.md', 'rootfile2.txt']
          : [
              'chapter-001.md',
              'rootfile.txt',
              'outside.txt',
              'novel.config.json',
              'chapter-003.md',
              'rootfile2.txt',
              'novel-escape-probe.txt',
              'escalat',
            ]) {
          expect(draftLog.split('--- denials ---')[1] ?? '', what).toContain(what);
        }
      });
      if (cli === 'codex') {
        it('(e) links and hard links made from inside staging/ change nothing of the book through novel', {
          timeout: 240_000,
        }, async () => {
          behaviour = 'links';
          const s = setUp(cli, server);
          const expected = demoBook(s.project);
          const before = bookOf(s.project);
          const config = readFileSync(join(s.project, 'novel.config.json'), 'utf8');
          const fingerprint = readFileSync(join(s.project, '.novel/fingerprint.json'), 'utf8');
          const r = await novelBinAsync(s.project, ['run', '--executor', cli, '--chapters', '1'], s.env);
          // Whatever the sandbox let through is caught by novel: an honest book, or exit 11 and the book as it was.
          expect([0, 11], r.stdout + r.stderr).toContain(r.code);
          expect(bookOf(s.project)).toEqual(r.code === 0 ? expected : before);
          expect(readFileSync(join(s.project, 'novel.config.json'), 'utf8')).toBe(config);
          if (r.code === 11) {
            expect(readFileSync(join(s.project, '.novel/fingerprint.json'), 'utf8')).toBe(fingerprint);
            // The sandbox of Codex 0.169 lets a symbolic link be made in staging/ (hard links into the book it
            // refuses): novel names and moves it.
            expect(r.stdout).toContain(
              'a symbolic link made in staging/: staging/manifests/chapter-004-summarize.json',
            );
          }
          const verify = await novelBinAsync(s.project, ['state', 'verify', '--json'], s.env);
          expect(JSON.parse(verify.stdout).ok, verify.stdout).toBe(true);
        });
      }
    });
  }
});
