/**
 * What an executor step cost, attempt by attempt: tokens (with the parts a
 * client reports, cache reads and writes included), dollars, time and the
 * tool uses the client refused. Unknown stays unknown (null), never zero.
 * Pure.
 */

/** One attempt's report, as the executor adapters read it. */
export interface AttemptReport {
  model?: string;
  input_tokens?: number;
  output_tokens?: number;
  cost_usd?: number;
  input_token_parts?: Record<string, number>;
  permission_denials?: unknown[];
}

/** A step's usage over its attempts (what logs/chapter-NNN-executions.jsonl records). */
export interface StepUsage {
  executor: string;
  model: string | null;
  attempts: number;
  duration_ms: number;
  input_tokens: number | null;
  /** The parts of input_tokens as the client reported them. */
  input_token_parts?: Record<string, number>;
  output_tokens: number | null;
  cost_usd: number | null;
  /** Tool uses the client denied or its sandbox refused. */
  permission_denials?: number;
}

function addParts(
  a: Record<string, number> | undefined,
  b: Record<string, number> | undefined,
): Record<string, number> | undefined {
  if (!b) return a;
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = (out[k] ?? 0) + v;
  return out;
}

/** null + nothing stays null (unknown); anything known adds up. */
const sum = (a: number | null | undefined, b: number | undefined): number | null =>
  (a === null || a === undefined) && b === undefined ? null : (a ?? 0) + (b ?? 0);

/** The usage after one more attempt. */
export function addAttempt(
  prev: StepUsage | undefined,
  executor: string,
  duration_ms: number,
  rep: AttemptReport,
): StepUsage {
  const parts = addParts(prev?.input_token_parts, rep.input_token_parts);
  const denials = (prev?.permission_denials ?? 0) + (rep.permission_denials?.length ?? 0);
  return {
    executor,
    model: rep.model ?? prev?.model ?? null,
    attempts: (prev?.attempts ?? 0) + 1,
    duration_ms: (prev?.duration_ms ?? 0) + duration_ms,
    input_tokens: sum(prev?.input_tokens, rep.input_tokens),
    ...(parts ? { input_token_parts: parts } : {}),
    output_tokens: sum(prev?.output_tokens, rep.output_tokens),
    cost_usd: sum(prev?.cost_usd, rep.cost_usd),
    ...(denials ? { permission_denials: denials } : {}),
  };
}
