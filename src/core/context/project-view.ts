/**
 * The read-only view of a project that context assembly works on. The I/O
 * shell implements it over the disk; tests may implement it in memory.
 */
import type { Diagnostic } from '../../schemas/diagnostics.js';

export interface ProjectView {
  /** Text of a project file; undefined when absent (problems go to `problems`). */
  text(rel: string): string | undefined;
  /** Parsed JSON of a project file; undefined when absent or invalid (problems go to `problems`). */
  json(rel: string): unknown;
  /**
   * The last entries of a file holding a JSON array, from about its last `bytes` bytes only; undefined when that part
   * alone does not give them (a shorter file, another layout, a problem the whole read reports): `json` then.
   */
  jsonArrayTail?(rel: string, bytes: number): unknown[] | undefined;
  /** Project-relative paths of the files directly in `dir`, sorted. */
  list(dir: string): string[];
  exists(rel: string): boolean;
  /** Problems met while reading (invalid JSON, bad UTF-8), as warnings. */
  readonly problems: Diagnostic[];
}

export type Obj = Record<string, unknown>;

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
