/**
 * `novel adapters install claude|codex`: the shipped adapter files copied into
 * the project, a file the author edited never overwritten.
 */
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { packageRoot } from './package-files.js';
import { sha256Hex, type ProjectFs } from './project-fs.js';

export const ADAPTER_KINDS = ['claude', 'codex'] as const;
export type AdapterKind = (typeof ADAPTER_KINDS)[number];

/** Shipped adapter file (relative to adapters/KIND) → where it goes in a project. */
const TARGETS: Record<AdapterKind, (rel: string) => string> = {
  claude: (rel) => `.claude/${rel}`,
  // Codex 0.169 reads project skills from .agents/skills/ (.codex/skills/ only with an "untrusted configuration"
  // warning).
  codex: (rel) => `.agents/${rel}`,
};

function shippedFiles(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? shippedFiles(path.join(dir, e.name), base)
        : [path.relative(base, path.join(dir, e.name)).split(path.sep).join('/')],
    )
    .sort();
}

export function installAdapters(
  fs: ProjectFs,
  kind: AdapterKind,
): { installed: string[]; unchanged: string[]; kept: string[] } {
  const source = path.join(packageRoot(), 'adapters', kind);
  const installed: string[] = [];
  const unchanged: string[] = [];
  const kept: string[] = [];
  for (const rel of shippedFiles(source)) {
    const content = readFileSync(path.join(source, rel));
    const target = TARGETS[kind](rel);
    const existing = fs.sha256(target);
    if (existing === null) {
      fs.writeText(target, content);
      installed.push(target);
    } else if (existing === sha256Hex(content)) unchanged.push(target);
    else kept.push(target);
  }
  return { installed, unchanged, kept };
}
