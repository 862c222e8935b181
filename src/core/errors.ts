/**
 * Errors that reach the author. Each carries a stable `code`, the exit code of
 * PROTOCOL §11 and, where one exists, the fix. Anything else that escapes is an
 * internal error (exit 1).
 */
import type { Diagnostic } from '../schemas/diagnostics.js';
import { isSaid, render, said, type Words } from './messages.js';

export const EXIT = { ok: 0, internal: 1, invalid: 2, lockHeld: 3 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export class NovelError extends Error {
  readonly code: string;
  readonly exitCode: ExitCode;
  /** What went wrong, as said (rendered in the reader's language at the edge); `message` is its English. */
  readonly said: Words;
  /** The fix, as said; `hint` is its English. */
  readonly hintSaid: Words | undefined;
  readonly hint: string | undefined;
  readonly details: Record<string, unknown> | undefined;
  /** The message and hint in Chinese, where the throw site gives them (src/core/messages.ts). */
  readonly zh: { message?: string; hint?: string } | undefined;

  constructor(
    code: string,
    message: Words,
    options: { hint?: Words; details?: Record<string, unknown>; exitCode?: ExitCode; zh?: { message?: string; hint?: string } } = {},
  ) {
    super(render('en', message));
    this.name = 'NovelError';
    this.code = code;
    this.exitCode = options.exitCode ?? EXIT.invalid;
    this.said = message;
    this.hintSaid = options.hint;
    this.hint = options.hint === undefined ? undefined : render('en', options.hint);
    this.details = options.details;
    this.zh = options.zh;
  }
}

/** One or more diagnostics with severity "error" turned into a single refusal. */
export function diagnosticsError(code: string, summary: Words, diagnostics: Diagnostic[], hint?: Words): NovelError {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const lines = errors.map((d) => `  - ${d.message}${d.fix ? ` (fix: ${d.fix})` : ''}`);
  return new NovelError(code, isSaid(summary) ? said('error.diagnostics', { summary, diagnostics: errors }) : `${summary}\n${lines.join('\n')}`, {
    ...(hint === undefined ? {} : { hint }),
    details: { diagnostics },
  });
}
