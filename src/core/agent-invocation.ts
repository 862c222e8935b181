/**
 * How the built-in Claude Code and Codex executors call their CLI for a packet,
 * and how their output is read. Pure: argv, prompt and parsing only.
 */
import type { Packet } from '../schemas/packet.js';
import { nestedTooDeep } from '../schemas/parse.js';

export type AgentCli = 'claude' | 'codex';

export interface Invocation {
  argv: string[];
  /** The judge only reads: its answer (the evaluation JSON) is written by the executor. */
  answerPath: string | null;
}

export interface AgentReport {
  ok: boolean;
  model?: string;
  /** Every input token processed: fresh + read from the prompt cache + written to it. */
  input_tokens?: number;
  /** The parts of input_tokens as the client reports them (kept in the records). */
  input_token_parts?: Record<string, number>;
  output_tokens?: number;
  cost_usd?: number;
  /** Tool uses the client denied or its sandbox refused (shown in the step's output, kept in the executor log). */
  permission_denials?: unknown[];
  /** The final message (the judge's evaluation JSON). */
  answer?: string;
  error?: string;
}

/** The tools every agent may use: reading only. */
export const READ_TOOLS = ['Read', 'Glob', 'Grep'] as const;

export function isReadOnlyAgent(packet: Packet): boolean {
  return packet.agent.name === 'quality-judge';
}

export interface InvocationOptions {
  /** The packet's path, relative to the project root. */
  packetRel: string;
  /** The agent's brief (appended to the system prompt). */
  brief: string;
  /** The project root (absolute). */
  projectRoot: string;
  /** Where Codex writes its last message (absolute, outside the project). */
  lastMessagePath: string;
  /** The model to ask for; Codex needs one (null: the client's default, Claude only). */
  model: string | null;
  /**
   * Where the judge's answer goes instead of the packet's first required output (the secondary evaluation of a key
   * chapter).
   */
  answerPath?: string;
  /**
   * The client runs inside novel's box (src/core/sandbox.ts). Codex's own
   * sandbox then stands aside (`danger-full-access`): novel's box stands in
   * for it (docs/decisions.md, "Executors in a box").
   */
  boxed?: boolean;
}

/**
 * Claude Code permission rules for a packet: read tools everywhere, and an
 * Edit rule per write-scope entry (Edit rules govern Write and Edit alike;
 * a Write(...) rule matches nothing). Paths are relative to the working
 * directory, the project root.
 */
export function claudeAllowedTools(packet: Packet): string[] {
  if (isReadOnlyAgent(packet)) return [...READ_TOOLS];
  return [...READ_TOOLS, ...packet.write_scope.map((scope) => `Edit(./${scope.endsWith('/') ? `${scope}**` : scope})`)];
}

export function agentPrompt(
  packet: Packet,
  packetRel: string,
  projectRoot: string,
  cli: AgentCli | null = null,
): string {
  const outputs = packet.expected_outputs
    .map((o) => `- ${o.path}${o.required ? '' : ' (optional)'}${o.note ? `: ${o.note}` : ''}`)
    .join('\n');
  const judge = isReadOnlyAgent(packet);
  const where =
    cli === 'codex'
      ? `Paths are relative to the project root ${projectRoot}. Your working directory is its staging/ ` +
        `directory (${projectRoot}/staging), the only place you can write: a path staging/x is x from there.`
      : `Paths are relative to the project root ${projectRoot}, your working directory.`;
  return [
    `You are the ${packet.agent.name} of the novel pipeline, step ${packet.step} (mode ${packet.mode}).`,
    where,
    `Read the instruction packet ${packetRel} first: manifest.inline ` +
      `is your context, manifest.paths the files to read.`,
    judge
      ? 'Do not write any file. Answer with the evaluation JSON object only.'
      : `Write these files, and nothing outside ${packet.write_scope.join(', ')}:\n${outputs}`,
    'Stop when done.',
  ].join('\n\n');
}

/**
 * The argv for a packet. Least privilege, enforced by the client itself:
 * - Claude Code: permission mode dontAsk (whatever is not allowed is denied,
 *   shell commands included), read tools plus Edit rules for the write scope
 *   (the judge: read tools only), and no settings files (--setting-sources
 *   with an empty list), so a user's or project's settings cannot widen it.
 * - Codex: a workspace-write sandbox rooted at staging/ (read-only for the
 *   judge), /tmp and $TMPDIR excluded, no extra writable roots, no network,
 *   and no approvals (an escalation request is refused).
 */
export function invocation(cli: AgentCli, packet: Packet, o: InvocationOptions): Invocation {
  const judge = isReadOnlyAgent(packet);
  const answerPath = judge ? (o.answerPath ?? packet.expected_outputs.find((x) => x.required)?.path ?? null) : null;
  const prompt = agentPrompt(packet, o.packetRel, o.projectRoot, cli);
  if (cli === 'claude') {
    return {
      argv: [
        'claude',
        '-p',
        prompt,
        '--output-format',
        'json',
        '--permission-mode',
        'dontAsk',
        '--allowedTools',
        claudeAllowedTools(packet).join(' '),
        '--setting-sources',
        '',
        ...(o.model ? ['--model', o.model] : []),
        '--append-system-prompt',
        o.brief,
      ],
      answerPath,
    };
  }
  const ownSandbox = o.boxed
    ? ['--sandbox', 'danger-full-access']
    : ['--sandbox', judge ? 'read-only' : 'workspace-write'];
  const ownSandboxSettings = o.boxed
    ? []
    : [
        '-c',
        'sandbox_workspace_write.writable_roots=[]',
        '-c',
        'sandbox_workspace_write.network_access=false',
        '-c',
        'sandbox_workspace_write.exclude_slash_tmp=true',
        '-c',
        'sandbox_workspace_write.exclude_tmpdir_env_var=true',
      ];
  return {
    argv: [
      'codex',
      'exec',
      ...ownSandbox,
      '--json',
      '--skip-git-repo-check',
      '--cd',
      `${o.projectRoot}/staging`,
      '-c',
      'approval_policy="never"',
      ...ownSandboxSettings,
      ...(o.model ? ['-m', o.model] : []),
      '--output-last-message',
      o.lastMessagePath,
      `${o.brief}\n\n${prompt}`,
    ],
    answerPath,
  };
}

/** The model named in a Codex config.toml (`model = "…"` at the top level), if any. */
export function codexConfigModel(toml: string): string | null {
  for (const line of toml.split('\n')) {
    if (/^\s*\[/.test(line)) break;
    const m = /^\s*model\s*=\s*"([^"]+)"/.exec(line);
    if (m) return m[1] as string;
  }
  return null;
}

/**
 * A token count an executor reports: a whole number ≥ 0, else nothing. A cost: 0 to 1,000,000 dollars, else nothing.
 * A negative cost or 1e308 tokens would make the run's totals and its --budget-usd meaningless.
 */
export const tokenCount = (x: unknown): number | undefined =>
  Number.isSafeInteger(x) && (x as number) >= 0 ? (x as number) : undefined;
export const costUsd = (x: unknown): number | undefined =>
  typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= 1_000_000 ? x : undefined;

/**
 * A client's JSON, parsed; null when it is not JSON or nests deeper than any report does (what walks it would
 * overflow).
 */
function clientJson(text: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null && nestedTooDeep(v) === null ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** `claude -p --output-format json`: one JSON object {type:"result", is_error, result, total_cost_usd, usage, …}. */
export function parseClaudeOutput(stdout: string): AgentReport {
  try {
    const v = clientJson(stdout.trim());
    if (v === null) throw new Error('not a report');
    const usage = (v.usage ?? {}) as Record<string, unknown>;
    const modelUsage =
      v.modelUsage && typeof v.modelUsage === 'object' ? Object.keys(v.modelUsage as object)[0] : undefined;
    // Success is exactly subtype "success" without is_error (the other subtypes: error_max_turns,
    // error_during_execution, …).
    const report: AgentReport = { ok: v.subtype === 'success' && v.is_error !== true };
    if (typeof v.model === 'string') report.model = v.model;
    else if (modelUsage) report.model = modelUsage;
    const n = (x: unknown): number => tokenCount(x) ?? 0;
    if (
      typeof usage.input_tokens === 'number' ||
      typeof usage.cache_read_input_tokens === 'number' ||
      typeof usage.cache_creation_input_tokens === 'number'
    ) {
      const parts = {
        input_tokens: n(usage.input_tokens),
        cache_read_input_tokens: n(usage.cache_read_input_tokens),
        cache_creation_input_tokens: n(usage.cache_creation_input_tokens),
      };
      report.input_token_parts = parts;
      report.input_tokens = parts.input_tokens + parts.cache_read_input_tokens + parts.cache_creation_input_tokens;
    }
    if (Array.isArray(v.permission_denials) && v.permission_denials.length)
      report.permission_denials = v.permission_denials;
    const output = tokenCount(usage.output_tokens);
    if (output !== undefined) report.output_tokens = output;
    const cost = costUsd(v.total_cost_usd);
    if (cost !== undefined) report.cost_usd = cost;
    if (typeof v.result === 'string') report.answer = v.result;
    if (!report.ok)
      report.error =
        typeof v.result === 'string'
          ? v.result
          : `claude reported ${typeof v.subtype === 'string' ? v.subtype : 'an error'}`;
    return report;
  } catch {
    return { ok: false, error: 'claude printed no JSON result (is --output-format json supported by this version?)' };
  }
}

/** What a sandbox or a policy answers when it refuses a write. */
const REFUSED =
  /Read-only file system|Permission denied|Operation not permitted|rejected|reject command|not permitted/i;

/**
 * `codex exec --json`: JSON Lines events. Usage comes with turn.completed
 * (input_tokens already counts the cached ones; the parts are kept); errors
 * come as error / turn.failed. Codex reports neither cost nor model. A
 * command the sandbox refused is recorded as a denial.
 */
export function parseCodexOutput(stdout: string, lastMessage: string | undefined, stderr = ''): AgentReport {
  const report: AgentReport = { ok: true };
  const parts: Record<string, number> = {};
  const denials: unknown[] = [];
  for (const line of stdout.split('\n')) {
    if (!line.trim()) continue;
    const e = clientJson(line);
    if (e === null) continue;
    const usage = e.usage as Record<string, unknown> | undefined;
    if (e.type === 'turn.completed' && usage) {
      for (const [k, val] of Object.entries(usage)) {
        const count = tokenCount(val);
        const sum = count === undefined ? undefined : tokenCount((parts[k] ?? 0) + count);
        if (sum !== undefined) parts[k] = sum;
      }
    }
    if (e.type === 'error' || e.type === 'turn.failed') {
      report.ok = false;
      report.error = typeof e.message === 'string' ? e.message : JSON.stringify(e.error ?? e);
    }
    const item = e.item as Record<string, unknown> | undefined;
    if (
      e.type === 'item.completed' &&
      item?.type === 'command_execution' &&
      typeof item.exit_code === 'number' &&
      item.exit_code !== 0
    ) {
      const output = typeof item.aggregated_output === 'string' ? item.aggregated_output : '';
      if (REFUSED.test(output))
        denials.push({
          tool_name: 'command',
          command: item.command,
          exit_code: item.exit_code,
          output: output.trim().split('\n').slice(-1)[0],
        });
    }
  }
  // Calls the tool router refused before anything ran (escalations, forbidden commands) are logged on stderr.
  for (const m of stderr.matchAll(/codex_core::tools::router: error=(.*)$/gm))
    denials.push({ tool_name: 'tool call', error: (m[1] as string).slice(0, 300) });
  if (Object.keys(parts).length) {
    report.input_token_parts = Object.fromEntries(Object.entries(parts).filter(([k]) => k.includes('input')));
    report.input_tokens = parts.input_tokens ?? 0;
    report.output_tokens = parts.output_tokens ?? 0;
  }
  if (denials.length) report.permission_denials = denials;
  if (lastMessage !== undefined) report.answer = lastMessage;
  return report;
}

/** The thread id of a `codex exec --json` run (names its session file). */
export function codexThreadId(stdout: string): string | null {
  const m = /"type":"thread\.started","thread_id":"([^"]+)"/.exec(stdout);
  return m ? (m[1] as string) : null;
}

/**
 * Denials from a Codex session file (rollout JSON Lines): every tool call
 * whose output says the sandbox or the policy refused it. The --json stream
 * leaves out some refused commands; the session file has them all.
 */
export function codexSessionDenials(text: string): unknown[] {
  const calls = new Map<string, { name: string; command: unknown }>();
  const denials: unknown[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let o: Record<string, unknown>;
    try {
      o = JSON.parse(line) as Record<string, unknown>;
    } catch {
      continue;
    }
    const p = o.payload as Record<string, unknown> | undefined;
    if (o.type !== 'response_item' || !p) continue;
    if ((p.type === 'function_call' || p.type === 'custom_tool_call') && typeof p.call_id === 'string') {
      let command: unknown = p.arguments ?? p.input;
      try {
        const args = JSON.parse(String(p.arguments)) as Record<string, unknown>;
        command = args.cmd ?? args.command ?? command;
      } catch {
        /* free-form input */
      }
      calls.set(p.call_id, { name: String(p.name), command });
    }
    if ((p.type === 'function_call_output' || p.type === 'custom_tool_call_output') && typeof p.call_id === 'string') {
      const output = typeof p.output === 'string' ? p.output : JSON.stringify(p.output);
      const code = /Process exited with code (\d+)/.exec(output);
      const failed = code ? code[1] !== '0' : true;
      if (failed && REFUSED.test(output)) {
        const call = calls.get(p.call_id);
        denials.push({
          tool_name: call?.name ?? 'tool call',
          command: call?.command,
          output: output.trim().split('\n').slice(-1)[0],
        });
      }
    }
  }
  return denials;
}

/** The evaluation JSON inside a final message (tolerates a ```json fence). */
export function extractJson(answer: string): string | null {
  const fenced = /```(?:json)?\s*\n([\s\S]*?)\n```/.exec(answer);
  const candidate = (fenced ? fenced[1] : answer)?.trim() ?? '';
  try {
    JSON.parse(candidate);
    return `${candidate}\n`;
  } catch {
    return null;
  }
}
