/**
 * Every flag the claude and codex executors pass exists in the real CLIs.
 * The pinned packages are installed once into node_modules/.cache (from the
 * npm registry) and asked for their --help; nothing is sent to a model.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { invocation } from '../../src/core/agent-invocation.js';
import type { Packet } from '../../src/schemas/packet.js';

export const REAL_CLIS = { claude: '@anthropic-ai/claude-code@2.1.197', codex: '@openai/codex@0.169.0' };
const CACHE = join(process.cwd(), 'node_modules/.cache/novel-real-clis');

function ensureInstalled(): string {
  const bin = join(CACHE, 'node_modules/.bin');
  if (!existsSync(join(bin, 'claude')) || !existsSync(join(bin, 'codex'))) {
    mkdirSync(CACHE, { recursive: true });
    execFileSync('npm', ['install', '--prefix', CACHE, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', REAL_CLIS.claude, REAL_CLIS.codex], { stdio: 'inherit' });
  }
  return bin;
}

const packet = (agent: Packet['agent']['name']): Packet => ({
  version: 1,
  step: 'chapter:004:draft',
  agent: { kind: 'subagent', name: agent },
  mode: 'draft',
  manifest: { mode: 'paths', inline: {}, paths: {} },
  expected_outputs: [{ path: 'staging/evaluations/chapter-004-eval.json', required: true }],
  write_scope: ['staging/chapters/'],
  next_actions: [],
});

function flagsOf(argv: string[]): string[] {
  return [...new Set(argv.filter((a) => /^--?[a-zA-Z]/.test(a)))];
}

describe('real CLI flags', () => {
  it('claude --help and codex exec --help list every flag the executors pass', { timeout: 600_000 }, () => {
    const bin = ensureInstalled();
    const helps = {
      claude: spawnSync(join(bin, 'claude'), ['--help'], { encoding: 'utf8', timeout: 60_000 }).stdout,
      codex: spawnSync(join(bin, 'codex'), ['exec', '--help'], { encoding: 'utf8', timeout: 60_000 }).stdout,
    };
    const checked: string[] = [];
    for (const cli of ['claude', 'codex'] as const) {
      expect(helps[cli].length, `${cli} printed its help`).toBeGreaterThan(200);
      for (const agent of ['chapter-writer', 'quality-judge'] as const) {
        const inv = invocation(cli, packet(agent), 'staging/manifests/x.json', 'brief', '/project', '/project/logs/last.txt');
        for (const flag of flagsOf(inv.argv)) {
          expect(helps[cli], `${cli} has ${flag}`).toMatch(new RegExp(`(^|[\\s,])${flag.replace(/[-]/g, '\\-')}([\\s,=<]|$)`, 'm'));
          checked.push(`${cli} ${flag}`);
        }
      }
      // The values the executors choose are among the documented choices.
      if (cli === 'claude') expect(helps.claude).toMatch(/"acceptEdits"/);
      if (cli === 'codex') expect(helps.codex).toMatch(/workspace-write/);
    }
    process.stdout.write(`\nreal CLI flags checked: ${[...new Set(checked)].join(', ')}\n`);
  });
});
