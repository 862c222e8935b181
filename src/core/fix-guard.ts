/**
 * The byte rules of the micro-steps (PROTOCOL §13.4): a title-fix may change
 * only the "# " line (the body stays byte-identical), a hook-fix only the last
 * two paragraphs (every byte before them, the title included, stays). When
 * the book enters one of them, novel records what must not change — its
 * length and sha256 — in the checkpoint (`fix_guard`), and keeps a copy of the
 * chapter under staging/revisions/ for the author to compare. Pure (the hash
 * is node's sha256, loaded at first use).
 */
import type * as NodeCrypto from 'node:crypto';
import { errorAt, type Diagnostic } from '../schemas/diagnostics.js';
import { said } from './messages.js';

export type FixStep = 'title-fix' | 'hook-fix';

export interface FixGuard {
  step: FixStep;
  /** Length (UTF-16 code units) and sha256 of the protected text. */
  chars: number;
  sha256: string;
  /** The copy of the chapter as it was before the fix. */
  copy: string;
}

let crypto: typeof NodeCrypto | undefined;
function sha256(text: string): string {
  crypto ??= process.getBuiltinModule('node:crypto') as typeof NodeCrypto;
  return crypto.createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Offsets of the starts of the non-empty lines. */
function lineStarts(text: string): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const line of text.split('\n')) {
    if (line.trim() !== '') starts.push(at);
    at += line.length + 1;
  }
  return starts;
}

/**
 * The protected text: for a title-fix everything after the first non-empty
 * line (the title line), for a hook-fix everything before the second-to-last
 * non-empty line (a paragraph is a non-empty line, as the lint counts them).
 */
export function protectedText(text: string, step: FixStep): string {
  const starts = lineStarts(text);
  if (step === 'title-fix') {
    const first = starts[0];
    if (first === undefined) return text;
    const end = text.indexOf('\n', first);
    return end < 0 ? '' : text.slice(end);
  }
  // Keep the title line out of the last two paragraphs: a chapter of title and one paragraph may change only that
  // paragraph.
  const cut = starts.length >= 3 ? (starts[starts.length - 2] as number) : (starts[1] ?? text.length);
  return text.slice(0, cut);
}

export function fixGuardOf(text: string, step: FixStep, copy: string): FixGuard {
  const p = protectedText(text, step);
  return { step, chars: p.length, sha256: sha256(p), copy };
}

/**
 * The staged chapter against the guard: null when it keeps every protected byte, else the diagnostic naming the rule.
 */
export function fixViolation(rel: string, text: string, guard: FixGuard): Diagnostic | null {
  if (guard.step === 'title-fix') {
    const body = protectedText(text, 'title-fix');
    if (body.length === guard.chars && sha256(body) === guard.sha256) return null;
    return errorAt('title_fix_changed_body', rel, {
      expected: said('fixguard.title_only'),
      found: said('fixguard.body_changed', { copy: guard.copy }),
      fix: said('fixguard.title_only.fix', { copy: guard.copy, command: `cp ${guard.copy} ${rel}` }),
    });
  }
  const prefix = text.slice(0, guard.chars);
  if (prefix.length === guard.chars && sha256(prefix) === guard.sha256 && text.slice(guard.chars).trim() !== '')
    return null;
  return errorAt('hook_fix_changed_text', rel, {
    expected: said('fixguard.ending_only'),
    found:
      text.slice(guard.chars).trim() === '' && prefix.length === guard.chars && sha256(prefix) === guard.sha256
        ? said('fixguard.no_ending')
        : said('fixguard.text_changed', { copy: guard.copy }),
    fix: said('fixguard.ending_only.fix', { copy: guard.copy }),
  });
}

/**
 * The checkpoint's fix_guard, when it has the recorded shape (a hand-edited one is ignored: the copy stays the
 * reference).
 */
export function fixGuardFrom(raw: unknown): FixGuard | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const g = raw as Record<string, unknown>;
  if (
    (g.step !== 'title-fix' && g.step !== 'hook-fix') ||
    typeof g.chars !== 'number' ||
    typeof g.sha256 !== 'string' ||
    typeof g.copy !== 'string'
  )
    return undefined;
  return { step: g.step, chars: g.chars, sha256: g.sha256, copy: g.copy };
}
