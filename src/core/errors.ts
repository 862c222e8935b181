/**
 * Errors that reach the author. Each carries a stable `code`, the exit code of
 * PROTOCOL §11 and, where one exists, the fix. Anything else that escapes is an
 * internal error (exit 1).
 */
import type { Diagnostic } from '../schemas/diagnostics.js';
import { render, said, type Said, type Words } from './messages.js';

export const EXIT = { ok: 0, internal: 1, invalid: 2, lockHeld: 3 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export class NovelError extends Error {
  readonly code: string;
  readonly exitCode: ExitCode;
  /** What went wrong, as said (rendered in the reader's language at the edge); `message` is its English. */
  readonly said: Said;
  /** The fix, as said; `hint` is its English. */
  readonly hintSaid: Words | undefined;
  readonly hint: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: string,
    message: Said,
    options: { hint?: Words; details?: Record<string, unknown>; exitCode?: ExitCode } = {},
  ) {
    super(render('en', message));
    this.name = 'NovelError';
    this.code = code;
    this.exitCode = options.exitCode ?? EXIT.invalid;
    this.said = message;
    this.hintSaid = options.hint;
    this.hint = options.hint === undefined ? undefined : render('en', options.hint);
    this.details = options.details;
  }
}

/** One or more diagnostics with severity "error" turned into a single refusal. */
export function diagnosticsError(code: string, summary: Said, diagnostics: Diagnostic[], hint?: Words): NovelError {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  return new NovelError(code, said('error.diagnostics', { summary, diagnostics: errors }), {
    ...(hint === undefined ? {} : { hint }),
    details: { diagnostics },
  });
}
