/**
 * The interactive adapters with the pinned real clients and the scripted
 * model server, offline: `/novel-step` in `claude -p`, repeated, commits a
 * demo chapter with no permission prompt or denial, running the subagents
 * with their briefs and only their tools; Codex lists the installed `novel`
 * skill in what it sends the model.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractJson } from '../../src/core/agent-invocation.js';
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
import { BIN, cleanupTempDirs, diskTempDir, readJson, REPO } from '../helpers/project.js';

const BIN_DIR = join(REPO, 'node_modules/.bin');
const AGENT = /You are the (chapter-writer|summarizer|continuity-auditor|style-refiner|quality-judge|plot-architect)\b/;

/** The first balanced JSON object in a text (tool results may carry more text around it). */
function firstObject(text: string): string {
  const start = text.indexOf('{');
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return text.slice(start);
}

function json(text: string): any {
  return JSON.parse(firstObject(text));
}

/**
 * A model that follows the /novel-step skill and the subagent briefs literally, writing what the demo executor would.
 */
function script(project: string) {
  const outputsOf = (packetRel: string): { packet: Packet; outputs: Record<string, string> } => {
    const packet = JSON.parse(readFileSync(join(project, packetRel), 'utf8')) as Packet;
    const read = (rel: string): string | undefined =>
      existsSync(join(project, rel)) ? readFileSync(join(project, rel), 'utf8') : undefined;
    return { packet, outputs: demoOutputs({ packet, read, scores: [4.2] }, 0) };
  };
  const bash = (command: string): Reply => ({ tools: [{ name: 'Bash', input: { command, description: command } }] });
  return (turn: Turn): Reply => {
    if (turn.api === 'openai') return { text: 'I can run one step of the novel pipeline with the novel skill.' };
    const agent = AGENT.exec(turn.system)?.[1];
    if (agent) {
      // A subagent: read the packet, then write its outputs (the judge answers instead).
      const packetRel = /Instruction packet: (\S+)/.exec(turn.prompt)?.[1] as string;
      const { outputs } = outputsOf(packetRel);
      if (turn.index === 0)
        return {
          tools: [packetRel, ...Object.keys(outputs).filter((r) => existsSync(join(project, r)))].map((r) => ({
            name: 'Read',
            input: { file_path: join(project, r) },
          })),
        };
      if (agent === 'quality-judge')
        return { text: outputs[Object.keys(outputs).find((k) => k.endsWith('-eval.json')) as string] as string };
      if (turn.index === 1)
        return {
          tools: Object.entries(outputs).map(([rel, content]) => ({
            name: 'Write',
            input: { file_path: join(project, rel), content },
          })),
        };
      return { text: 'Written.' };
    }
    // The main conversation: the /novel-step skill, step by step — only once the client expanded it.
    if (!turn.prompt.includes('Run exactly one step of the novel pipeline, then stop.'))
      return { text: 'The /novel-step skill was not loaded.' };
    const calls = turn.history;
    const last = calls.at(-1);
    const nextCall = [...calls].reverse().find((c) => c.name === 'Bash' && c.input.command === 'novel next --json');
    if (!last) return bash('novel next --json');
    const next = nextCall ? json(nextCall.result).data : null;
    const step = next?.step as string;
    const command = String(last.input.command ?? '');
    if (last === nextCall) {
      if (next.action === 'execute') return bash(`novel instructions ${step} --write-manifest --json`);
      if (next.action === 'advance') return bash(`novel advance ${step}`);
      if (next.action === 'commit' || next.action === 'recover') return bash(next.next_command);
      return { text: `Stopped: ${next.reason}` };
    }
    if (command.startsWith('novel instructions')) {
      const data = json(last.result).data;
      return {
        tools: [
          {
            name: 'Agent',
            input: {
              subagent_type: data.agent.name,
              description: `Run ${step}`,
              prompt: `Instruction packet: ${data.written_path}`,
            },
          },
        ],
      };
    }
    if (last.name === 'Agent') {
      const instructions = json(
        (
          [...calls].reverse().find((c) => String(c.input.command ?? '').startsWith('novel instructions')) as {
            result: string;
          }
        ).result,
      ).data;
      if (instructions.agent.name === 'quality-judge') {
        const evalPath = instructions.expected_outputs.find((o: { required: boolean }) => o.required).path as string;
        return {
          tools: [
            {
              name: 'Write',
              input: {
                file_path: join(project, evalPath),
                content: extractJson(firstObject(last.result)) ?? last.result,
              },
            },
          ],
        };
      }
      return bash(`novel validate ${step} --json`);
    }
    if (last.name === 'Write') return bash(`novel validate ${step} --json`);
    if (command.startsWith('novel validate'))
      return json(last.result).ok ? bash(`novel advance ${step}`) : { text: `Validation failed: ${last.result}` };
    return { text: `Done: ${step}.` };
  };
}

function run(
  bin: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const c = spawn(bin, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    c.stdout.on('data', (d: Buffer) => (stdout += d));
    c.stderr.on('data', (d: Buffer) => (stderr += d));
    const timer = setTimeout(() => c.kill('SIGKILL'), 120_000);
    c.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('the interactive adapters with the pinned real clients', () => {
  let server: ModelServer;
  let project = '';
  let home = '';
  let env: Record<string, string> = {};
  beforeAll(async () => {
    const base = diskTempDir('novel-interactive-');
    project = join(base, 'book');
    home = join(base, 'home');
    const shims = join(base, 'bin');
    mkdirSync(project);
    mkdirSync(join(home, '.codex'), { recursive: true });
    mkdirSync(shims);
    // `novel` on PATH, as an author has it.
    writeFileSync(join(shims, 'novel'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(join(shims, 'novel'), 0o755);
    execFileSync(process.execPath, [BIN, 'init', '--demo'], { cwd: project, stdio: 'ignore' });
    execFileSync(process.execPath, [BIN, 'adapters', 'install', 'claude'], { cwd: project, stdio: 'ignore' });
    execFileSync(process.execPath, [BIN, 'adapters', 'install', 'codex'], { cwd: project, stdio: 'ignore' });
    server = await startModelServer((turn) => script(project)(turn));
    writeFileSync(join(home, '.codex/config.toml'), codexConfig(server));
    env = clientEnv(server, home, `${shims}:${BIN_DIR}:${process.env.PATH ?? ''}`);
  });
  afterAll(async () => {
    await server.close();
    cleanupTempDirs();
  });

  it('claude -p "/novel-step", six times, commits chapter 4 with no permission denial', {
    timeout: 300_000,
  }, async () => {
    const steps: string[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await run(join(BIN_DIR, 'claude'), ['-p', '/novel-step', '--output-format', 'json'], project, env);
      expect(r.code, r.stdout + r.stderr).toBe(0);
      const result = JSON.parse(r.stdout) as {
        subtype: string;
        is_error: boolean;
        permission_denials: unknown[];
        result: string;
      };
      expect(result.subtype).toBe('success');
      expect(result.is_error).toBe(false);
      expect(result.permission_denials, result.result).toEqual([]);
      steps.push(result.result);
    }
    expect(steps).toEqual(
      [
        'chapter:004:draft',
        'chapter:004:summarize',
        'chapter:004:audit',
        'chapter:004:refine',
        'chapter:004:judge',
        'chapter:004:commit',
      ].map((s) => `Done: ${s}.`),
    );
    expect(readJson(join(project, '.checkpoint.json')).last_completed_chapter).toBe(4);
    expect(readJson(join(project, 'evaluations/chapter-004-eval.json')).overall).toBe(4.2);
    // Each subagent ran with its brief and only its tools.
    const subagentRequests = server.requests.filter((q) =>
      AGENT.test(JSON.stringify((q.body as { system?: unknown }).system ?? '')),
    );
    const toolsOf = (agent: string): string[] => {
      const q = subagentRequests.find((x) =>
        JSON.stringify((x.body as { system?: unknown }).system).includes(`You are the ${agent}`),
      );
      expect(q, `a request of the ${agent}`).toBeDefined();
      return (((q as NonNullable<typeof q>).body as { tools?: Array<{ name: string }> }).tools ?? [])
        .map((t) => t.name)
        .sort();
    };
    expect(toolsOf('quality-judge')).toEqual(['Glob', 'Grep', 'Read']);
    expect(toolsOf('chapter-writer')).toEqual(['Edit', 'Glob', 'Grep', 'Read', 'Write']);
    const judgeSystem = JSON.stringify(
      (
        (
          subagentRequests.find((x) =>
            JSON.stringify((x.body as { system?: unknown }).system).includes('You are the quality-judge'),
          ) as NonNullable<(typeof subagentRequests)[number]>
        ).body as { system: unknown }
      ).system,
    );
    expect(judgeSystem).toContain('You are read-only: you never write files.');
    expect(judgeSystem).toContain('## The JSON you answer with');
  });

  it('codex lists the installed novel skill in what it sends the model', { timeout: 120_000 }, async () => {
    const from = server.requests.length;
    const r = await run(
      join(BIN_DIR, 'codex'),
      ['exec', '--json', '--skip-git-repo-check', '--sandbox', 'read-only', 'What can you do here?'],
      project,
      env,
    );
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const sent = server.requests
      .slice(from)
      .filter((q) => q.url.includes('responses'))
      .map((q) => JSON.stringify(q.body));
    expect(sent.length).toBeGreaterThan(0);
    // The skills list: a root for the project's .agents/skills, and the novel skill in it with its description.
    const root = /`(r\d+)` = `([^`]+)`/g;
    const roots = Object.fromEntries([...(sent[0] as string).matchAll(root)].map((m) => [m[2], m[1]]));
    const r1 = roots[join(project, '.agents/skills')];
    expect(r1, JSON.stringify(roots)).toBeDefined();
    expect(sent[0]).toContain(
      `- novel: Drive one step of the novel pipeline (a long Chinese web novel) from its instruction ` +
        `packet, advance it once it validates, then stop for review. (file: ${r1}/novel/SKILL.md)`,
    );
  });
});
