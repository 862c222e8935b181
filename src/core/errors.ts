/**
 * Errors that reach the author. Each carries a stable `code`, the exit code of
 * PROTOCOL §11 and, where one exists, the fix. Anything else that escapes is an
 * internal error (exit 1).
 */
import type { Diagnostic } from '../schemas/diagnostics.js';

export const EXIT = { ok: 0, internal: 1, invalid: 2, lockHeld: 3 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export class NovelError extends Error {
  readonly code: string;
  readonly exitCode: ExitCode;
  readonly hint: string | undefined;
  readonly details: Record<string, unknown> | undefined;
  /** The message and hint in Chinese, where the throw site gives them (src/core/messages.ts). */
  readonly zh: { message?: string; hint?: string } | undefined;

  constructor(
    code: string,
    message: string,
    options: { hint?: string; details?: Record<string, unknown>; exitCode?: ExitCode; zh?: { message?: string; hint?: string } } = {},
  ) {
    super(message);
    this.name = 'NovelError';
    this.code = code;
    this.exitCode = options.exitCode ?? EXIT.invalid;
    this.hint = options.hint;
    this.details = options.details;
    this.zh = options.zh;
  }
}

/** One or more diagnostics with severity "error" turned into a single refusal. */
export function diagnosticsError(code: string, summary: string, diagnostics: Diagnostic[], hint?: string): NovelError {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const lines = errors.map((d) => `  - ${d.message}${d.fix ? ` (fix: ${d.fix})` : ''}`);
  return new NovelError(code, `${summary}\n${lines.join('\n')}`, {
    ...(hint === undefined ? {} : { hint }),
    details: { diagnostics },
  });
}
