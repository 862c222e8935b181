/**
 * Running a step's executor: the built-in offline demo executor, or any
 * command template (`{packet}` is replaced by the packet's path). The command
 * runs in the project root, in its own process group, with NOVEL_PACKET,
 * NOVEL_PROJECT, NOVEL_STEP and NOVEL_LOCK_OWNER set; its output is kept in
 * logs/executor/. An optional last stdout line of JSON reports
 * {status, model, usage:{input_tokens, output_tokens}, cost_usd}.
 */
import type * as ChildProcesses from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import {
  closeSync,
  constants as fsConstants,
  fstatSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import * as path from 'node:path';
import {
  codexConfigModel,
  codexSessionDenials,
  codexThreadId,
  costUsd,
  extractJson,
  invocation,
  isReadOnlyAgent,
  parseClaudeOutput,
  parseCodexOutput,
  tokenCount,
  type AgentCli,
} from '../core/agent-invocation.js';
import * as os from 'node:os';
import { BoundedOutput, OUTPUT_TAIL_BYTES } from '../core/bounded-output.js';
import { commandLine } from '../core/command-template.js';
import { demoOutputs } from '../core/demo-executor.js';
import { NovelError } from '../core/errors.js';
import { render, said, type Said } from '../core/messages.js';
import { PacketSchema, type Packet } from '../schemas/packet.js';
import { packageRoot } from './package-files.js';
import { endProcessesWithEnv } from './process-sweep.js';
import type { ProjectFs } from './project-fs.js';
import { makeStepTemp, openStepBox, type StepBox } from './sandbox.js';

/** node:child_process, loaded when an executor first runs (not at every start). */
function spawn(...args: Parameters<typeof ChildProcesses.spawn>): ChildProcess {
  return (process.getBuiltinModule('node:child_process') as typeof ChildProcesses).spawn(...args);
}

export interface ExecutorResult {
  ok: boolean;
  exit: number | null;
  signal: string | null;
  duration_ms: number;
  log: string | null;
  report: {
    status?: string;
    model?: string;
    input_tokens?: number;
    output_tokens?: number;
    cost_usd?: number;
    input_token_parts?: Record<string, number>;
    permission_denials?: unknown[];
  } | null;
  message: string;
  /**
   * The program could not be started at all (not found, not executable): not worth a retry; what `message` says, as
   * said words.
   */
  unavailable?: Said;
}

export function readPacket(fs: ProjectFs, rel: string): Packet {
  const parsed = fs.readJson(rel, PacketSchema, 'invalid_packet');
  if (!parsed?.ok)
    throw new NovelError('invalid_packet', said('executor.invalid_packet', { file: rel }), { exitCode: 1 });
  return parsed.value;
}

export function runDemoExecutor(fs: ProjectFs, packetRel: string, scores: number[], round: number): ExecutorResult {
  const t0 = Date.now();
  const packet = readPacket(fs, packetRel);
  const read = (rel: string): string | undefined => {
    const r = fs.readTextChecked(rel);
    return r && 'text' in r ? r.text : undefined;
  };
  const outputs = demoOutputs({ packet, read, scores }, round);
  for (const [rel, content] of Object.entries(outputs)) {
    if (!packet.write_scope.some((scope) => rel.startsWith(scope))) {
      return {
        ok: false,
        exit: null,
        signal: null,
        duration_ms: Date.now() - t0,
        log: null,
        report: null,
        message: `demo executor: ${rel} is outside the write scope ${packet.write_scope.join(', ')}`,
      };
    }
    fs.writeText(rel, content);
  }
  return {
    ok: true,
    exit: 0,
    signal: null,
    duration_ms: Date.now() - t0,
    log: null,
    report: { status: 'ok', model: 'demo', input_tokens: 0, output_tokens: 0, cost_usd: 0 },
    message: `demo executor wrote ${Object.keys(outputs).length} file(s)`,
  };
}

function lastJsonLine(stdout: string): ExecutorResult['report'] {
  const lines = stdout.trim().split('\n');
  const last = lines[lines.length - 1];
  if (!last) return null;
  try {
    const v = JSON.parse(last) as Record<string, unknown>;
    const usage = (v.usage ?? {}) as Record<string, unknown>;
    return {
      ...(typeof v.status === 'string' ? { status: v.status } : {}),
      ...(typeof v.model === 'string' ? { model: v.model } : {}),
      ...(tokenCount(usage.input_tokens) !== undefined
        ? { input_tokens: tokenCount(usage.input_tokens) as number }
        : {}),
      ...(tokenCount(usage.output_tokens) !== undefined
        ? { output_tokens: tokenCount(usage.output_tokens) as number }
        : {}),
      ...(costUsd(v.cost_usd) !== undefined ? { cost_usd: costUsd(v.cost_usd) as number } : {}),
    };
  } catch {
    return null;
  }
}

interface ProcessOutcome {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  /** Set when the program could not be started at all: the English, and the said words. */
  spawnError?: string;
  spawnWords?: Said;
  duration_ms: number;
}

/**
 * Runs a program in the project root, in its own process group (so that a
 * timeout or a second Ctrl-C can kill everything it started), collecting
 * its output. Resolves once, on the first of 'error' and 'close'.
 */
function runProcess(
  file: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutS: number,
  box: StepBox | null = null,
): { child: ChildProcess; outcome: Promise<ProcessOutcome> } {
  const t0 = Date.now();
  // In the box, bwrap is the process novel starts; the program runs inside it, in a PID namespace that ends with it.
  const [bin, ...argv] = box ? (box.wrap([file, ...args], cwd) as [string, ...string[]]) : [file, ...args];
  const child = spawn(bin, argv, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  // Kept within a bound (the beginning and the end of a flood): the log stays one novel can read back.
  const stdout = new BoundedOutput();
  const stderr = new BoundedOutput();
  child.stdout?.on('data', (c: Buffer) => stdout.push(c));
  child.stderr?.on('data', (c: Buffer) => stderr.push(c));
  const timer = setTimeout(() => {
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      /* already gone */
    }
  }, timeoutS * 1000);
  const outcome = new Promise<ProcessOutcome>((resolve) => {
    let settled = false;
    const settle = (code: number | null, signal: string | null, spawnWords?: Said): void => {
      // A program that cannot start emits 'error' and then 'close': report the first.
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({
        code,
        signal,
        stdout: stdout.text(),
        stderr: stderr.text(),
        ...(spawnWords ? { spawnError: render('en', spawnWords), spawnWords } : {}),
        duration_ms: Date.now() - t0,
      });
    };
    child.on('error', (err) => settle(null, null, said('executor.cannot_start', { file, error: err.message })));
    // The step ends with its program: whatever it left running (detached too) ends now, and the pipes it held close.
    child.on('exit', () => {
      if (env.NOVEL_STEP_TOKEN) endProcessesWithEnv(`NOVEL_STEP_TOKEN=${env.NOVEL_STEP_TOKEN}`);
    });
    child.on('close', (code, signal) => {
      box?.close();
      // bwrap itself started, but not the program in it: the same as a program not found (no retry).
      const lost =
        box &&
        code === 1 &&
        /^bwrap: execvp [^\n]*: (No such file or directory|Permission denied)$/m.exec(stderr.text());
      settle(code, signal, lost ? said('executor.cannot_start', { file, error: lost[0] }) : undefined);
    });
  });
  return { child, outcome };
}

function lastStderrLine(stderr: string): string {
  const t = stderr.trim();
  return t ? `: ${t.split('\n').slice(-1)[0]}` : '';
}

export interface CommandRun {
  child: ChildProcess;
  done: Promise<ExecutorResult>;
}

export function runCommandExecutor(
  fs: ProjectFs,
  template: string,
  packetRel: string,
  step: string,
  attempt: number,
  env: NodeJS.ProcessEnv,
  timeoutS: number,
  bwrap: string | null = null,
): CommandRun {
  const packetAbs = path.join(fs.root, packetRel);
  const command = commandLine(template);
  const box = bwrap === null ? null : openStepBox(bwrap, fs.root, 'command', env, true);
  const { child, outcome } = runProcess(
    '/bin/sh',
    ['-c', command],
    fs.root,
    { ...env, NOVEL_PACKET: packetAbs, NOVEL_PROJECT: fs.root, NOVEL_STEP: step },
    timeoutS,
    box,
  );
  const done = outcome.then((o): ExecutorResult => {
    const log = `logs/executor/${step.replace(/:/g, '-')}-attempt-${attempt}.log`;
    fs.writeText(
      log,
      `$ ${command}\n--- stdout ---\n${o.stdout}\n--- stderr ---\n${o.stderr}` +
        `${o.spawnError ? `\n${o.spawnError}` : ''}\n--- exit ${o.code ?? o.signal} after ${o.duration_ms} ms ---\n`,
    );
    const report = lastJsonLine(o.stdout);
    const ok = o.code === 0 && report?.status !== 'error';
    const failed =
      o.spawnWords ??
      said('executor.ended', { who: 'executor', signal: o.signal, code: o.code, stderr: lastStderrLine(o.stderr) });
    const message = ok ? 'executor finished' : render('en', failed);
    // /bin/sh reports a program it cannot find or run as 127 / 126.
    const unavailable = o.spawnError !== undefined || o.code === 127 || o.code === 126;
    return {
      ok,
      exit: o.code,
      signal: o.signal,
      duration_ms: o.duration_ms,
      log,
      report,
      message,
      ...(unavailable ? { unavailable: failed } : {}),
    };
  });
  return { child, done };
}

/** The agent brief shipped in adapters/claude/agents/<agent>.md (front matter removed). */
export function agentBrief(agent: string): string {
  const file = path.join(packageRoot(), 'adapters/claude/agents', `${agent}.md`);
  try {
    return readFileSync(file, 'utf8')
      .replace(/^---[\s\S]*?---\n/, '')
      .trim();
  } catch {
    return `You are the ${agent}.`;
  }
}

/**
 * Claude Code or Codex CLI, non-interactive, on one packet. A key chapter's
 * judge (its packet requires the secondary evaluation, §13.5) runs twice:
 * the second, independent judgement with `secondaryModel` (config
 * executor.secondary_model; the same model without one) answers into
 * …-eval-secondary.json. Usage of both runs is added up.
 */
export function runAgentExecutor(
  fs: ProjectFs,
  cli: AgentCli,
  model: string | null,
  packetRel: string,
  step: string,
  attempt: number,
  env: NodeJS.ProcessEnv,
  timeoutS: number,
  secondaryModel: string | null = null,
  hooks: { onChild?: (child: ChildProcess) => void; aborting?: () => boolean } = {},
  bwrap: string | null = null,
): CommandRun {
  const packet = readPacket(fs, packetRel);
  const first = runAgentOnce(fs, cli, model, packet, packetRel, step, attempt, env, timeoutS, bwrap);
  const secondary = isReadOnlyAgent(packet)
    ? packet.expected_outputs.find((o) => o.required && o.path.endsWith('-eval-secondary.json'))
    : undefined;
  if (!secondary) return first;
  const done = first.done.then(async (r) => {
    // A run being stopped starts nothing more; the second process is the session's to end, like the first.
    if (!r.ok || hooks.aborting?.()) return r;
    const run = runAgentOnce(
      fs,
      cli,
      secondaryModel ?? model,
      packet,
      packetRel,
      step,
      attempt,
      env,
      timeoutS,
      bwrap,
      secondary.path,
    );
    hooks.onChild?.(run.child);
    const second = await run.done;
    const sum = (k: 'input_tokens' | 'output_tokens' | 'cost_usd') =>
      r.report?.[k] !== undefined && second.report?.[k] !== undefined
        ? (r.report[k] as number) + (second.report[k] as number)
        : undefined;
    const usage = Object.fromEntries(
      (['input_tokens', 'output_tokens', 'cost_usd'] as const)
        .map((k) => [k, sum(k)])
        .filter(([, v]) => v !== undefined),
    );
    return {
      ...second,
      duration_ms: r.duration_ms + second.duration_ms,
      message: second.ok ? `${r.message}; the secondary judgement too` : second.message,
      report: second.report ? { ...second.report, ...usage } : r.report,
    };
  });
  return { child: first.child, done };
}

function runAgentOnce(
  fs: ProjectFs,
  cli: AgentCli,
  model: string | null,
  packet: Packet,
  packetRel: string,
  step: string,
  attempt: number,
  env: NodeJS.ProcessEnv,
  timeoutS: number,
  bwrap: string | null,
  answerPath?: string,
): CommandRun {
  const logBase = `logs/executor/${step.replace(/:/g, '-')}-attempt-${attempt}${answerPath ? '-secondary' : ''}`;
  fs.mkdir('logs/executor');
  // Codex writes its last message itself: outside the project, so that nothing but staging/ changes during the step.
  // In the box this is the step's temporary directory; a read-only agent (the judge) may not write staging/ there
  // either.
  const tmp = makeStepTemp('codex');
  const box = bwrap === null ? null : openStepBox(bwrap, fs.root, cli, env, !isReadOnlyAgent(packet), tmp);
  const lastMessageAbs = path.join(tmp, 'last-message.txt');
  const inv = invocation(cli, packet, {
    packetRel,
    brief: agentBrief(packet.agent.name),
    projectRoot: fs.root,
    lastMessagePath: lastMessageAbs,
    model,
    boxed: box !== null,
    ...(answerPath ? { answerPath } : {}),
  });
  const [bin, ...args] = inv.argv as [string, ...string[]];
  const { child, outcome } = runProcess(
    bin,
    args,
    fs.root,
    { ...env, NOVEL_PACKET: path.join(fs.root, packetRel), NOVEL_PROJECT: fs.root, NOVEL_STEP: step },
    timeoutS,
    box,
  );
  const done = outcome.then((o): ExecutorResult => {
    const log = `${logBase}.log`;
    const lastMessage = readClientFile(lastMessageAbs, OUTPUT_TAIL_BYTES);
    rmSync(tmp, { recursive: true, force: true });
    const report = cli === 'claude' ? parseClaudeOutput(o.stdout) : parseCodexOutput(o.stdout, lastMessage, o.stderr);
    if (cli === 'codex') {
      const session = codexSessionFile(env, codexThreadId(o.stdout));
      if (session !== null) {
        const denials = codexSessionDenials(session);
        if (denials.length) report.permission_denials = denials;
        else delete report.permission_denials;
      }
    }
    if (report.model === undefined && model) report.model = model;
    fs.writeText(
      log,
      `$ ${inv.argv.map((a) => JSON.stringify(a)).join(' ')}\n--- stdout ---\n${o.stdout}\n--- ` +
        `stderr ---\n${o.stderr}${o.spawnError ? `\n${o.spawnError}` : ''}` +
        `${lastMessage !== undefined ? `\n--- last message ---\n${lastMessage}` : ''}${
          report.permission_denials?.length
            ? `\n--- denials ---\n${report.permission_denials.map((d) => JSON.stringify(d)).join('\n')}`
            : ''
        }\n--- exit ${o.code ?? o.signal} after ${o.duration_ms} ms ---\n`,
    );
    let ok = o.code === 0 && report.ok && !o.spawnError;
    let message = ok
      ? `${cli} finished`
      : (o.spawnError ??
        report.error ??
        `${cli} ${o.signal ? `killed by ${o.signal}` : `exited ${o.code}`}${lastStderrLine(o.stderr)}`);
    if (ok && inv.answerPath) {
      const json = report.answer ? extractJson(report.answer) : null;
      if (json) fs.writeText(inv.answerPath, json);
      else {
        ok = false;
        message = `${cli}: the quality-judge's answer is not a JSON object (see ${log})`;
      }
    }
    return {
      ok,
      exit: o.code,
      signal: o.signal,
      duration_ms: o.duration_ms,
      log,
      report: {
        status: ok ? 'ok' : 'error',
        ...(report.model !== undefined ? { model: report.model } : {}),
        ...(report.input_tokens !== undefined ? { input_tokens: report.input_tokens } : {}),
        ...(report.input_token_parts ? { input_token_parts: report.input_token_parts } : {}),
        ...(report.permission_denials?.length ? { permission_denials: report.permission_denials } : {}),
        ...(report.output_tokens !== undefined ? { output_tokens: report.output_tokens } : {}),
        ...(report.cost_usd !== undefined ? { cost_usd: report.cost_usd } : {}),
      },
      // Denials are shown in the step's output (and kept in the executor log with the client's JSON).
      message: report.permission_denials?.length
        ? `${message}; the client refused ${report.permission_denials.length} tool use(s): ${report.permission_denials
            .map((d) => JSON.stringify(d))
            .join('; ')
            .slice(0, 400)}`
        : message,
      ...(o.spawnWords !== undefined ? { unavailable: o.spawnWords } : {}),
    };
  });
  return { child, done };
}

/**
 * A file a client leaves for novel to read (Codex's last message, its session): a regular file, at most `max` bytes of
 * it; undefined otherwise. Opened without waiting and without following a link: a FIFO an executor left there would
 * hold the run for good, and a huge file would run past what its log may hold.
 */
function readClientFile(file: string, max: number): string | undefined {
  let fd: number;
  try {
    fd = openSync(file, fsConstants.O_RDONLY | fsConstants.O_NONBLOCK | fsConstants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return undefined;
    const bytes = Buffer.alloc(Math.min(st.size, max));
    let off = 0;
    while (off < bytes.length) {
      const n = readSync(fd, bytes, off, bytes.length - off, off);
      if (n === 0) break;
      off += n;
    }
    return bytes.subarray(0, off).toString('utf8');
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * The text of the Codex session file of a thread ($CODEX_HOME/sessions/YYYY/MM/DD/rollout-…-<thread>.jsonl), if found.
 */
function codexSessionFile(env: NodeJS.ProcessEnv, thread: string | null): string | null {
  if (thread === null) return null;
  const root = path.join(env.CODEX_HOME ?? path.join(env.HOME ?? os.homedir(), '.codex'), 'sessions');
  const ls = (dir: string): string[] => {
    try {
      return readdirSync(dir).sort().reverse();
    } catch {
      return [];
    }
  };
  // Newest days first: the session was written moments ago.
  for (const y of ls(root).slice(0, 2)) {
    for (const m of ls(path.join(root, y)).slice(0, 2)) {
      for (const d of ls(path.join(root, y, m)).slice(0, 2)) {
        const hit = ls(path.join(root, y, m, d)).find((f) => f.endsWith(`${thread}.jsonl`));
        if (hit) return readClientFile(path.join(root, y, m, d, hit), 16 * 1024 * 1024) ?? null;
      }
    }
  }
  return null;
}

/**
 * The model an agent executor asks for: --model, else executor.model of
 * novel.config.json; for Codex, else the `model` of its own config.toml
 * ($CODEX_HOME or ~/.codex), passed explicitly so that the record names it.
 * Claude without one uses the client's default (its result names the model).
 */
export function resolveAgentModel(
  cli: AgentCli,
  flag: string | undefined,
  configured: string | undefined,
  env: NodeJS.ProcessEnv,
): string | null {
  const chosen = flag ?? configured;
  if (chosen !== undefined) return chosen;
  if (cli === 'claude') return null;
  const home = env.CODEX_HOME ?? path.join(env.HOME ?? os.homedir(), '.codex');
  try {
    const found = codexConfigModel(readFileSync(path.join(home, 'config.toml'), 'utf8'));
    if (found) return found;
  } catch {
    /* no Codex config */
  }
  throw new NovelError('executor_model_missing', said('executor.codex_model'), {
    hint: said('executor.codex_model.hint'),
    details: { searched: ['--model', 'novel.config.json executor.model', path.join(home, 'config.toml')] },
  });
}

/** Is `bin` (claude, codex) an executable file on the PATH of `env`? Checked before a run writes anything. */
export function programOnPath(bin: string, env: NodeJS.ProcessEnv): boolean {
  const fsm = process.getBuiltinModule('node:fs') as typeof import('node:fs');
  for (const dir of (env.PATH ?? '').split(':')) {
    if (!dir) continue;
    try {
      fsm.accessSync(path.join(dir, bin), fsm.constants.X_OK);
      if (fsm.statSync(path.join(dir, bin)).isFile()) return true;
    } catch {
      /* not here */
    }
  }
  return false;
}
