// The adapters' file formats come from the formats table (src/schemas/formats.ts):
// each Claude Code subagent brief carries, between its formats markers, the
// rules and a valid example of every file that agent writes; the Codex skill
// ships the same briefs as references/<agent>.md. Run: npm run docs (a test
// fails when an adapter is out of date).
import { agentFormats } from '../src/core/step-table.js';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FORMATS, formatNamed } from '../src/schemas/formats.js';

const repo = fileURLToPath(new URL('..', import.meta.url));

/** The formats each agent writes, in the order it writes them (from the step table). */
export const AGENT_FORMATS: Record<string, string[]> = agentFormats();

export const AGENTS = Object.keys(AGENT_FORMATS);

export const BEGIN = '<!-- formats:begin — generated from src/schemas/formats.ts by `npm run docs` -->';
export const END = '<!-- formats:end -->';

const fence = (text: string, json: boolean): string[] => [`\`\`\`${json ? 'json' : 'markdown'}`, text.trimEnd(), '```'];

/** The formats section of one agent's brief. */
export function formatsBlock(agent: string): string {
  const out: string[] = [
    BEGIN,
    '',
    agent === 'quality-judge' ? '## The JSON you answer with' : '## The files you write',
    '',
  ];
  for (const name of AGENT_FORMATS[agent] ?? []) {
    const f = formatNamed(name);
    if (!f) throw new Error(`no format ${name}`);
    out.push(`### ${f.title}: \`${f.path}\``, '', ...f.rules.map((r) => `- ${r}`), '');
    if (f.exampleAt === null) out.push('Example:', '', ...fence(f.example, f.schema !== undefined), '');
    else out.push(`Example, \`${f.exampleAt}\`:`, '', ...fence(f.example, f.schema !== undefined), '');
    for (const more of f.moreExamples ?? [])
      out.push(`Example, \`${more.path}\`:`, '', ...fence(more.example, f.schema !== undefined), '');
  }
  out.push(END);
  return out.join('\n');
}

/** A brief with its formats section brought up to date (appended when it has none). */
export function withFormats(text: string, agent: string): string {
  const block = formatsBlock(agent);
  const from = text.indexOf(BEGIN);
  const to = text.indexOf(END);
  if (from >= 0 && to > from) return `${text.slice(0, from)}${block}${text.slice(to + END.length)}`;
  return `${text.trimEnd()}\n\n${block}\n`;
}

/** Every example an adapter file shows, with the path it belongs at. */
export function examplesIn(text: string): Array<{ path: string; text: string }> {
  const out: Array<{ path: string; text: string }> = [];
  const re = /^Example, `([^`]+)`:\n\n```[a-z]*\n([\s\S]*?)\n```$/gm;
  for (const m of text.matchAll(re)) out.push({ path: m[1] as string, text: `${m[2] as string}\n` });
  return out;
}

/** A Claude Code subagent file without its front matter: the Codex reference of that agent. */
export function codexReference(agentFile: string): string {
  return agentFile.replace(/^---\n[\s\S]*?\n---\n+/, '');
}

export const agentFile = (agent: string): string => join(repo, 'adapters/claude/agents', `${agent}.md`);
export const referenceFile = (agent: string): string =>
  join(repo, 'adapters/codex/skills/novel/references', `${agent}.md`);

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  mkdirSync(join(repo, 'adapters/codex/skills/novel/references'), { recursive: true });
  for (const agent of AGENTS) {
    const text = withFormats(readFileSync(agentFile(agent), 'utf8'), agent);
    writeFileSync(agentFile(agent), text);
    writeFileSync(referenceFile(agent), codexReference(text));
  }
  // Every format is shown by some adapter.
  const shown = new Set(Object.values(AGENT_FORMATS).flat());
  for (const f of FORMATS) if (!shown.has(f.name)) throw new Error(`format ${f.name} is shown by no adapter`);
}
