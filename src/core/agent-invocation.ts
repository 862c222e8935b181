/**
 * How the built-in Claude Code and Codex executors call their CLI for a packet,
 * and how their output is read. Pure: argv, prompt and parsing only.
 */
import type { Packet } from '../schemas/packet.js';

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
  /** The parts of input_tokens Claude reports (kept in the records). */
  input_token_parts?: { input_tokens: number; cache_read_input_tokens: number; cache_creation_input_tokens: number };
  output_tokens?: number;
  cost_usd?: number;
  /** Tool uses the client denied (shown in the step's output, kept in the executor log). */
  permission_denials?: unknown[];
  /** The final message (the judge's evaluation JSON). */
  answer?: string;
  error?: string;
}

const READ_TOOLS = 'Read Glob Grep';

export function isReadOnlyAgent(packet: Packet): boolean {
  return packet.agent.name === 'quality-judge';
}

export function agentPrompt(packet: Packet, packetRel: string): string {
  const outputs = packet.expected_outputs.map((o) => `- ${o.path}${o.required ? '' : ' (optional)'}${o.note ? `: ${o.note}` : ''}`).join('\n');
  const judge = isReadOnlyAgent(packet);
  return [
    `You are the ${packet.agent.name} of the novel pipeline, step ${packet.step} (mode ${packet.mode}).`,
    `Read the instruction packet ${packetRel} first: manifest.inline is your context, manifest.paths the files to read.`,
    judge ? 'Do not write any file. Answer with the evaluation JSON object only.' : `Write these files, and nothing outside ${packet.write_scope.join(', ')}:\n${outputs}`,
    'Stop when done.',
  ].join('\n\n');
}

export function invocation(cli: AgentCli, packet: Packet, packetRel: string, brief: string, projectRoot: string, lastMessagePath: string): Invocation {
  const judge = isReadOnlyAgent(packet);
  const answerPath = judge ? (packet.expected_outputs.find((o) => o.required)?.path ?? null) : null;
  const prompt = agentPrompt(packet, packetRel);
  if (cli === 'claude') {
    const tools = judge ? READ_TOOLS : `${READ_TOOLS} Write(staging/**) Edit(staging/**)`;
    return {
      argv: ['claude', '-p', prompt, '--output-format', 'json', '--permission-mode', 'acceptEdits', '--allowedTools', tools, '--append-system-prompt', brief],
      answerPath,
    };
  }
  return {
    argv: [
      'codex',
      'exec',
      '--sandbox',
      judge ? 'read-only' : 'workspace-write',
      '--json',
      '--skip-git-repo-check',
      '--cd',
      projectRoot,
      '--output-last-message',
      lastMessagePath,
      `${brief}\n\n${prompt}`,
    ],
    answerPath,
  };
}

/** `claude -p --output-format json`: one JSON object {type:"result", is_error, result, total_cost_usd, usage, …}. */
export function parseClaudeOutput(stdout: string): AgentReport {
  try {
    const v = JSON.parse(stdout.trim()) as Record<string, unknown>;
    const usage = (v.usage ?? {}) as Record<string, unknown>;
    const modelUsage = v.modelUsage && typeof v.modelUsage === 'object' ? Object.keys(v.modelUsage as object)[0] : undefined;
    // Success is exactly subtype "success" without is_error (the other subtypes: error_max_turns, error_during_execution, …).
    const report: AgentReport = { ok: v.subtype === 'success' && v.is_error !== true };
    if (typeof v.model === 'string') report.model = v.model;
    else if (modelUsage) report.model = modelUsage;
    const n = (x: unknown): number => (typeof x === 'number' && Number.isFinite(x) ? x : 0);
    if (typeof usage.input_tokens === 'number' || typeof usage.cache_read_input_tokens === 'number' || typeof usage.cache_creation_input_tokens === 'number') {
      const parts = { input_tokens: n(usage.input_tokens), cache_read_input_tokens: n(usage.cache_read_input_tokens), cache_creation_input_tokens: n(usage.cache_creation_input_tokens) };
      report.input_token_parts = parts;
      report.input_tokens = parts.input_tokens + parts.cache_read_input_tokens + parts.cache_creation_input_tokens;
    }
    if (Array.isArray(v.permission_denials) && v.permission_denials.length) report.permission_denials = v.permission_denials;
    if (typeof usage.output_tokens === 'number') report.output_tokens = usage.output_tokens;
    if (typeof v.total_cost_usd === 'number') report.cost_usd = v.total_cost_usd;
    if (typeof v.result === 'string') report.answer = v.result;
    if (!report.ok) report.error = typeof v.result === 'string' ? v.result : `claude reported ${typeof v.subtype === 'string' ? v.subtype : 'an error'}`;
    return report;
  } catch {
    return { ok: false, error: 'claude printed no JSON result (is --output-format json supported by this version?)' };
  }
}

/** `codex exec --json`: JSON Lines events; usage comes with turn.completed, errors as error/turn.failed. */
export function parseCodexOutput(stdout: string, lastMessage: string | undefined): AgentReport {
  const report: AgentReport = { ok: true, input_tokens: 0, output_tokens: 0 };
  for (const line of stdout.split('\n')) {
    if (!line.trim()) continue;
    let e: Record<string, unknown>;
    try {
      e = JSON.parse(line) as Record<string, unknown>;
    } catch {
      continue;
    }
    const usage = e.usage as Record<string, unknown> | undefined;
    if (e.type === 'turn.completed' && usage) {
      report.input_tokens = (report.input_tokens ?? 0) + (typeof usage.input_tokens === 'number' ? usage.input_tokens : 0);
      report.output_tokens = (report.output_tokens ?? 0) + (typeof usage.output_tokens === 'number' ? usage.output_tokens : 0);
    }
    if (e.type === 'error' || e.type === 'turn.failed') {
      report.ok = false;
      report.error = typeof e.message === 'string' ? e.message : JSON.stringify(e.error ?? e);
    }
    if (typeof e.model === 'string') report.model = e.model;
  }
  if (lastMessage !== undefined) report.answer = lastMessage;
  return report;
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
