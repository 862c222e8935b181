/**
 * The offline demo executor on one packet file (`novel demo-executor`): reads
 * the packet, computes the outputs (core/demo-executor.ts) and writes them,
 * only under the packet's write scope.
 */
import * as path from 'node:path';
import { demoOutputs } from '../core/demo-executor.js';
import { NovelError } from '../core/errors.js';
import { said } from '../core/messages.js';
import { readPacket } from './executor.js';
import type { OpenProject } from './project.js';

export async function runDemoExecutor(
  p: OpenProject,
  cwd: string,
  packetArg: string,
  scores: number[],
  delayMs: number,
): Promise<string[]> {
  const rel = p.fs.relative(path.resolve(cwd, packetArg));
  const packet = readPacket(p.fs, rel);
  const read = (r: string): string | undefined => {
    const t = p.fs.readTextChecked(r);
    return t && 'text' in t ? t.text : undefined;
  };
  const outputs = demoOutputs({ packet, read, scores }, p.loaded.checkpoint.revision_count ?? 0);
  const written: string[] = [];
  for (const [file, content] of Object.entries(outputs)) {
    if (!packet.write_scope.some((scope) => file.startsWith(scope)))
      throw new NovelError('outside_write_scope', said('executor.outside_scope', { file, scope: packet.write_scope }));
    if (written.length && delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    p.fs.writeText(file, content);
    written.push(file);
  }
  return written;
}
