/**
 * The packets of a new book's setup steps (`book:world`, `book:characters`,
 * `book:style`) and of an imported chapter's catch-up summary
 * (`import:NNN:summarize`), PROTOCOL §14. Pure: the project view in, the
 * packet out.
 */
import type { Packet } from '../schemas/packet.js';
import type { StyleMetrics } from './lint.js';
import { entityIdMap } from './context/entities.js';
import { isObj, type ProjectView } from './context/project-view.js';
import { latestSummaries } from './context/summaries.js';
import { paths } from './paths.js';
import { RELATIONSHIPS_FILE, SETUP_AGENT, STYLE_FILE, WORLD_FILES } from './setup.js';
import { SUMMARIZE_WRITE_SCOPE, summarizeOutputs } from './step-outputs.js';
import { formatStepId, padChapter, type SetupStep } from './step-id.js';

type PathsMap = Packet['manifest']['paths'];

function put(out: PathsMap, view: ProjectView, key: string, rel: string): void {
  if (view.exists(rel)) out[key] = rel;
}

function putAll(out: PathsMap, key: string, rels: string[]): void {
  if (rels.length) out[key] = rels;
}

const COMMIT_NOTE = 'moves the files into place; the next setup step, or the plan of volume 1, follows';

export function setupPacket(
  view: ProjectView,
  step: SetupStep,
  sampleMetrics: StyleMetrics | null,
  samples: readonly string[],
): Packet {
  const id = formatStepId({ kind: 'setup', stage: step });
  const p: PathsMap = {};
  put(p, view, 'brief', 'brief.md');
  const next: Packet['next_actions'] = [
    { command: `novel validate ${id}`, note: 'check every output at once' },
    { command: 'novel commit --setup', note: COMMIT_NOTE },
  ];
  const packet = (inline: Record<string, unknown>, expected: Packet['expected_outputs'], scope: string[]): Packet => ({
    version: 1,
    step: id,
    agent: { kind: 'subagent', name: SETUP_AGENT[step] },
    mode: 'setup',
    manifest: { mode: 'paths', inline, paths: p },
    expected_outputs: expected,
    write_scope: scope,
    next_actions: next,
  });
  if (step === 'world') {
    for (const f of WORLD_FILES) put(p, view, f.replace(/[/.]/g, '_'), f);
    putAll(p, 'samples', [...samples]);
    return packet(
      { book: 'world' },
      [
        {
          path: 'staging/world/rules.json',
          required: true,
          note:
            '{"rules": [{"id": "W-001", "category": "…", "rule": "…", "constraint_type": ' +
            '"hard"|"soft"}]}: the rules the story keeps; hard rules reach every draft',
        },
        { path: 'staging/world/geography.md', required: true, note: 'places, distances, who rules where' },
        {
          path: 'staging/world/history.md',
          required: true,
          note: 'what happened before chapter 1 that the story leans on',
        },
        {
          path: 'staging/storylines/storylines.json',
          required: true,
          note:
            '{"storylines": [{"id": "main", "name": "主线", "type": "main"}, …], ' +
            '"relationships": [...]}: ids are lowercase slugs; outlines and contracts name them',
        },
      ],
      ['staging/world/', 'staging/storylines/storylines.json'],
    );
  }
  if (step === 'characters') {
    put(p, view, 'world_rules', 'world/rules.json');
    put(p, view, 'geography', 'world/geography.md');
    put(p, view, 'history', 'world/history.md');
    put(p, view, 'storylines', 'storylines/storylines.json');
    putAll(p, 'character_files', view.list('characters/active'));
    return packet(
      { book: 'characters' },
      [
        {
          path: 'staging/characters/active/{slug}.json',
          required: true,
          note:
            'one per character: {"id": slug, "display_name": "…", "aliases": [], "contracts": ' +
            '[{"id", "rule", "constraint_type"}]}; the file name is the slug (a-z, 0-9, -)',
        },
        {
          path: 'staging/characters/active/{slug}.md',
          required: true,
          note: 'the character in prose: look, voice, wants, fears, secrets',
        },
        {
          path: `staging/${RELATIONSHIPS_FILE}`,
          required: true,
          note: '{"relationships": [{"from": slug, "to": slug, "type": "…"}]}',
        },
      ],
      ['staging/characters/'],
    );
  }
  putAll(p, 'samples', [...samples]);
  put(p, view, 'style_profile', STYLE_FILE);
  return packet(
    { book: 'style', sample_metrics: sampleMetrics },
    [
      {
        path: `staging/${STYLE_FILE}`,
        required: true,
        note:
          'avg_sentence_length and dialogue_ratio copied from inline.sample_metrics (validate allows ' +
          '10 %); add voice, avg_paragraph_length, sample_paragraphs and what only a reader sees',
      },
    ],
    [`staging/${STYLE_FILE}`],
  );
}

/** The catch-up summary of an imported chapter: the summarizer reads the committed text, which stays as it is. */
export function importSummarizePacket(view: ProjectView, chapter: number, imported: number): Packet {
  const step = formatStepId({ kind: 'import', chapter, stage: 'summarize' });
  const p: PathsMap = { chapter_text: paths.chapter(chapter) };
  put(p, view, 'current_state', 'state/current-state.json');
  put(p, view, 'storylines', 'storylines/storylines.json');
  const storylines = view.json('storylines/storylines.json');
  const first =
    isObj(storylines) && Array.isArray(storylines.storylines)
      ? storylines.storylines.find((s) => isObj(s) && typeof s.id === 'string')
      : undefined;
  const storyline = isObj(first) ? String(first.id) : 'main';
  put(p, view, 'storyline_memory', paths.storylineMemory(storyline));
  const previous = latestSummaries(view, chapter, 3).map((s) => s.path);
  if (previous.length) p.recent_summaries = previous;
  return {
    version: 1,
    step,
    agent: { kind: 'subagent', name: 'summarizer' },
    mode: 'import',
    manifest: {
      mode: 'paths',
      inline: {
        chapter,
        imported_chapters: imported,
        storyline_id: storyline,
        entity_id_map: entityIdMap(view).map,
        note: 'an imported chapter: summarize it as written; do not change chapters/',
      },
      paths: p,
    },
    expected_outputs: summarizeOutputs(chapter, storyline, "the storyline memory so far, plus this chapter's lines"),
    write_scope: [...SUMMARIZE_WRITE_SCOPE],
    next_actions: [
      { command: `novel validate ${step}`, note: 'check every output at once' },
      { command: `novel advance ${step}`, note: `then import:${padChapter(chapter)}:commit` },
      {
        command: `novel commit --chapter ${chapter}`,
        note: 'moves the summary, delta and memory; the imported text stays as it is',
      },
    ],
  };
}
