// Regenerates the parts of docs/pipeline.md that are derived from the
// machines: the diagram, the table of the book's states, the table of the
// chapter's states and the table of the events. Run: npm run docs
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bookGraph, toMermaid, type MachineGraph } from '../src/core/graph.js';
import { BOOK_ROWS, CHAPTER_ROWS, type ChapterRestState } from '../machines/book.table.js';
import { EVENT_SENT_WHEN, type PipelineEventType } from '../machines/pipeline.events.js';
import { chapterStates, type StateMeta } from '../machines/pipeline.states.js';
import {
  CHAPTER_OUTPUTS,
  CHAPTER_STAGES,
  CHAPTER_STEP_TABLE,
  IMPORT_STEP_TABLE,
  keysOf,
  SETUP_STEP_TABLE,
  VOLUME_STEP_TABLE,
  type ChapterStepRow,
} from '../src/core/step-table.js';

export const BEGIN = '<!-- BEGIN GENERATED: novel graph --format mermaid -->';
export const END = '<!-- END GENERATED -->';

/** A generated block: its name, and the text between its markers. */
interface Block {
  name: string;
  text: () => string;
}

const begin = (name: string): string => `<!-- BEGIN GENERATED: ${name} -->`;

export function pipelineDocBlock(): string {
  return `${BEGIN}\n\`\`\`mermaid\n${toMermaid(bookGraph())}\`\`\`\n${END}`;
}

/** What `novel next` says for a state that awaits a step, by the action of its meta. */
function nextAction(meta: StateMeta): string {
  switch (meta.action) {
    case 'execute':
      return 'execute, then advance once the outputs validate';
    case 'commit':
      return 'commit: `novel commit`';
    case 'review':
      return 'review: `novel decide`';
    case 'recover':
      return 'recover: the next mutating command rolls the journal forward';
    case 'retry':
      return 'the step to retry (execute), flagged `error_retry`';
    case 'done':
      return 'done';
  }
}

/** A step id as the table shows it. */
function stepOf(meta: StateMeta | undefined, kind: 'chapter' | 'book'): string {
  if (!meta?.step) return '—';
  if (meta.mode === 'setup') return `\`book:${meta.step}\``;
  if (meta.mode === 'plan') return `\`volume:VV:${meta.step}\``;
  if (meta.mode === 'import') return `\`import:NNN:${meta.step}\``;
  return kind === 'chapter' ? `\`chapter:NNN:${meta.step}\`` : `\`chapter:NNN:${meta.step}\``;
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The chapter's states: what each awaits, its mode, what the checkpoint records, and what `next` says. */
export function chapterStatesTable(): string {
  const rows = [
    '| machine state | awaits step | mode | `pipeline_stage` recorded | `novel next` action |',
    '|---|---|---|---|---|',
  ];
  for (const [name, node] of Object.entries(chapterStates)) {
    const meta = 'meta' in node ? (node.meta as StateMeta) : undefined;
    const row = CHAPTER_ROWS[name as ChapterRestState] as (typeof CHAPTER_ROWS)[ChapterRestState] | undefined;
    if (!meta || meta.action === 'done') {
      rows.push(
        `| \`${name}\` | — | — | ${name === 'done' ? '`committed`' : '— (transient)'} | ${cell(node.description)} |`,
      );
      continue;
    }
    const recorded = row?.stage ? `\`${row.stage}\`` : '`null` / `committed`';
    const gate = row?.decisions.length
      ? ` (gate ${row.decisions.map((d) => `\`${d}\``).join(' / ')})`
      : row?.gate === 'never'
        ? ' (no gate)'
        : '';
    rows.push(`| \`${name}\` | ${stepOf(meta, 'chapter')} | ${meta.mode} | ${recorded}${gate} | ${nextAction(meta)} |`);
  }
  return rows.join('\n');
}

/** The book's states, from its machine: a state's description, its step and the orchestrator_state it rests with. */
export function bookStatesTable(graph: MachineGraph = bookGraph()): string {
  const rows = ['| state | what it is | step | `orchestrator_state` |', '|---|---|---|---|'];
  for (const s of graph.states.filter(
    (st) => st.parent === null || (st.parent !== 'writing' && st.type !== 'transient'),
  )) {
    if (s.parent === 'writing') continue;
    const orchestrator = (BOOK_ROWS as Record<string, string>)[s.parent ?? s.id];
    const step = s.step
      ? stepOf({ step: s.step, mode: s.mode } as StateMeta, 'book')
      : s.id === 'writing'
        ? "the chapter's step (below)"
        : '—';
    rows.push(
      `| \`${s.id}\` | ${cell(s.description)} | ${step} | ${orchestrator ? `\`${orchestrator}\`` : 'unchanged'} |`,
    );
  }
  return rows.join('\n');
}

/** Every event of the two machines: when it is sent, and the transitions it takes. */
export function eventsTable(graph: MachineGraph = bookGraph()): string {
  const rows = ['| event | sent when | transitions |', '|---|---|---|'];
  for (const event of Object.keys(EVENT_SENT_WHEN) as PipelineEventType[]) {
    const moves = [
      ...new Set(graph.transitions.filter((t) => t.event === event).map((t) => `${t.source} → ${t.target}`)),
    ];
    rows.push(`| \`${event}\` | ${cell(EVENT_SENT_WHEN[event])} | ${moves.map((m) => `\`${m}\``).join(', ') || '—'} |`);
  }
  return rows.join('\n');
}

/** Every step of the step table: its id, agent, outputs and names. */
export function stepsTable(): string {
  const rows = ['| step id | agent | writes (under staging/) | into the book | name (zh) |', '|---|---|---|---|---|'];
  for (const stage of CHAPTER_STAGES) {
    const row: ChapterStepRow = CHAPTER_STEP_TABLE[stage];
    const writes =
      row.writes.map((o) => `\`${CHAPTER_OUTPUTS[o].staged.replace(/^staging\//, '')}\``).join(', ') || '—';
    const book =
      row.writes.flatMap((o) => (CHAPTER_OUTPUTS[o].book ? [`\`${CHAPTER_OUTPUTS[o].book}\``] : [])).join(', ') || '—';
    rows.push(`| \`chapter:NNN:${stage}\` | ${row.agent} | ${writes} | ${book} | ${row.names.zh} |`);
  }
  for (const stage of keysOf(VOLUME_STEP_TABLE)) {
    const row = VOLUME_STEP_TABLE[stage];
    rows.push(
      `| \`volume:VV:${stage}\` | ${row.agent} | ${row.formats.length ? '`volumes/vol-VV/`' : '—'} ` +
        `| ${stage === 'commit' ? '`volumes/vol-VV/`' : '—'} | ${row.names.zh} |`,
    );
  }
  for (const step of keysOf(SETUP_STEP_TABLE)) {
    const row = SETUP_STEP_TABLE[step];
    rows.push(
      `| \`book:${step}\` | ${row.agent} | ${row.formats.map((f) => `\`${f}\``).join(', ')} ` +
        `| at \`novel commit --setup\` | ${row.names.zh} |`,
    );
  }
  for (const stage of keysOf(IMPORT_STEP_TABLE)) {
    const row = IMPORT_STEP_TABLE[stage];
    rows.push(
      `| \`import:NNN:${stage}\` | ${row.agent} | ${stage === 'summarize' ? 'as `chapter:NNN:summarize`' : '—'} ` +
        `| ${stage === 'commit' ? 'the summary, crossref, storyline memory' : '—'} | ${row.names.zh} |`,
    );
  }
  return rows.join('\n');
}

const BLOCKS: Block[] = [
  { name: 'steps', text: stepsTable },
  { name: 'book states', text: bookStatesTable },
  { name: 'chapter states', text: chapterStatesTable },
  { name: 'events', text: eventsTable },
];

/** docs/pipeline.md with every generated block replaced by what the machines say now. */
export function withPipelineBlock(doc: string): string {
  let out = doc;
  const replace = (open: string, text: string): void => {
    const start = out.indexOf(open);
    const end = out.indexOf(END, start);
    if (start < 0 || end < 0) throw new Error(`docs/pipeline.md: generated block markers not found (${open})`);
    out = out.slice(0, start) + text + out.slice(end + END.length);
  };
  replace(BEGIN, pipelineDocBlock());
  for (const block of BLOCKS) replace(begin(block.name), `${begin(block.name)}\n${block.text()}\n${END}`);
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const path = fileURLToPath(new URL('../docs/pipeline.md', import.meta.url));
  writeFileSync(path, withPipelineBlock(readFileSync(path, 'utf8')));
  process.stdout.write('docs/pipeline.md updated\n');
}
