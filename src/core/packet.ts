/**
 * Instruction packets (PROTOCOL §9): for a step of the next or inflight
 * chapter (or the volume being planned), which agent runs, with which inline
 * context and which files, what it must write, and what to do after. Pure over
 * a read-only ProjectView; the same project gives the same packet.
 */
import { render, said } from './messages.js';
import { weightsInUse, type ScoreSettings } from '../../machines/pipeline.gate.js';
import { lightTouchTasks, type DormantItem } from './context/dormant-foreshadowing.js';
import { deriveContract } from './context/derived-contract.js';
import { DRIFT_WINDOW, reportMetrics, styleDrift, type ReportMetrics, type StyleDrift } from './context/style-drift.js';
import { convergenceChapters, isKeyChapter } from './key-chapters.js';
import { chapterContinuity, findingKey, type ContinuityFacts, type Recollection } from './continuity.js';
import { lintChapter, styleMetrics, titleFindings, type LintLists, type LintReport } from './lint.js';
import { isSampleFile } from './setup.js';
import { SUMMARIZE_WRITE_SCOPE, summarizeOutputs } from './step-outputs.js';
import { importSummarizePacket, setupPacket } from './setup-packets.js';
import { STEP_EVENT } from '../../machines/pipeline.events.js';
import { stateMeta, type GateRecord, type StableState, type StepMode } from '../../machines/pipeline.states.js';
import type { Checkpoint } from '../schemas/checkpoint.js';
import type { Packet } from '../schemas/packet.js';
import { recentMemory } from './chapter-memory.js';
import { blacklistTop10 } from './context/blacklist.js';
import { selectCharacters } from './context/characters.js';
import { entityIdMap } from './context/entities.js';
import { foreshadowingTasks, type ForeshadowingTask } from './context/foreshadowing-tasks.js';
import { isObj, type Obj, type ProjectView } from './context/project-view.js';
import { requiredFixes } from './context/revision.js';
import { adjacentMemories, adjacentStorylines, storylineMemoryPath } from './context/storylines.js';
import { latestSummaries, latestSummaryTexts, prevSummary } from './context/summaries.js';
import { hardRulesList } from './context/world-rules.js';
import { warningAt, type Diagnostic } from '../schemas/diagnostics.js';
import { dataBlock, dataType } from './embed.js';
import { NovelError } from './errors.js';
import { pipelineEdges, pipelineTargets } from './pipeline-targets.js';
import type { NextDecision } from './next.js';
import { blockKeyLines, nearMissHeading, outlineBlock, outlineChapters } from './outline.js';
import { archivedAt, paths } from './paths.js';
import type { Settings } from './settings.js';
import { formatChapterRef, formatStepId, padVolume, type ChapterStage, type StepId } from './step-id.js';
import { planBounds, stagedVolumeDir } from './volume-plan.js';

export interface PacketInput {
  view: ProjectView;
  checkpoint: Checkpoint;
  settings: Settings;
  step: StepId;
  /** What `novel next` says now (which chapter is next or inflight, and its gate). */
  next: NextDecision;
  embed?: { cap?: number };
  /** The lint's word lists (§13.2): the refine and judge packets carry the staged text's report. */
  lintLists?: () => LintLists;
  /** The lint the advance recorded of this chapter and text, when its inputs are these too (null: lint afresh). */
  recordedLint?: (chapter: number, text: string) => LintReport | null;
  /**
   * The chapter's foreshadowing as a mutating command recorded it for these inputs (src/io/foreshadowing-record.ts),
   * or null: computed from the list.
   */
  recordedForeshadowing?: (key: ForeshadowingKey) => ChapterForeshadowing | null;
  /** The book's facts the continuity checks read (§19), read at the first call. */
  continuity?: () => ContinuityFacts;
}

export interface PacketResult {
  packet: Packet;
  warnings: Diagnostic[];
}

type PathsMap = Record<string, string | string[]>;

function stepOf(chapter: number, stage: ChapterStage): string {
  return formatStepId({ kind: 'chapter', chapter, stage });
}

/** Optional files: only those that exist, in the given order. */
function existing(view: ProjectView, candidates: readonly string[]): string[] {
  return candidates.filter((p) => view.exists(p));
}

function setPath(out: PathsMap, view: ProjectView, key: string, rel: string | undefined): void {
  if (rel !== undefined && view.exists(rel)) out[key] = rel;
}

function setPaths(out: PathsMap, key: string, rels: string[]): void {
  if (rels.length) out[key] = rels;
}

/** The step after advancing `stage` from `state`, read from the machine (the gate fans out). */
function afterAdvance(state: StableState, stage: keyof typeof STEP_EVENT, chapter: number): string {
  const event = STEP_EVENT[stage];
  const targets = pipelineTargets(state, event);
  const label = (s: string): string => {
    if (s === 'done') return 'done';
    const meta = stateMeta(s as StableState);
    const mode = meta.mode === 'revision' || meta.mode === 'polish' ? ` (${meta.mode})` : '';
    return (
      `${stepOf(chapter, meta.step === null || meta.step === 'plan' ? 'draft' : (meta.step as ChapterStage))}` +
      `${mode}`
    );
  };
  return `sends ${event}; then ${[...new Set(targets.map(label))].join(' | ')}`;
}

interface ChapterContext {
  chapter: number;
  volume: number;
  outlinePath: string;
  outlineText: string | undefined;
  block: ReturnType<typeof outlineBlock>;
  keys: Record<string, string>;
  contractPath: string;
  contract: Obj | undefined;
  storylineId: string | undefined;
  entities: ReturnType<typeof entityIdMap>;
  warnings: Diagnostic[];
}

/** The chapter's volume (the checkpoint's), its outline and the chapter's block in it with the block's key lines. */
function chapterOutline(view: ProjectView, checkpoint: Checkpoint, chapter: number) {
  const volume = Math.max(1, checkpoint.current_volume);
  const outlinePath = paths.volumeOutline(volume);
  const outlineText = view.text(outlinePath);
  const block = outlineText === undefined ? undefined : outlineBlock(outlineText, chapter);
  const keys: Record<string, string> = block ? blockKeyLines(block) : {};
  return { volume, outlinePath, outlineText, block, keys };
}

function chapterContext(input: PacketInput, chapter: number): ChapterContext {
  const { view } = input;
  const { volume, outlinePath, outlineText, block, keys } = chapterOutline(view, input.checkpoint, chapter);
  const contractPath = paths.contract(volume, chapter);
  const rawContract = view.json(contractPath);
  // A chapter the author outlined without a contract: one derived from the block (§14).
  const contract = isObj(rawContract)
    ? rawContract
    : block && !view.exists(contractPath)
      ? deriveContract(chapter, keys)
      : undefined;
  const storylineId = typeof contract?.storyline_id === 'string' ? contract.storyline_id : keys.Storyline;
  const entities = entityIdMap(view);
  return {
    chapter,
    volume,
    outlinePath,
    outlineText,
    block,
    keys,
    contractPath,
    contract,
    storylineId,
    entities,
    warnings: [...entities.problems],
  };
}

function requireOutlineBlock(ctx: ChapterContext, step: string): NonNullable<ChapterContext['block']> {
  if (ctx.block) return ctx.block;
  const vv = padVolume(ctx.volume);
  // A line that names the chapter but is not a heading: what the author most likely meant.
  const near = ctx.outlineText === undefined ? null : nearMissHeading(ctx.outlineText, ctx.chapter);
  throw new NovelError(
    'outline_block_missing',
    said('packet.outline_block_missing', {
      file: ctx.outlinePath,
      missing: ctx.outlineText === undefined,
      chapter: ctx.chapter,
      step,
      nearLine: near ? near.line : null,
      nearText: near ? JSON.stringify(near.text) : null,
    }),
    {
      hint: near
        ? said('packet.outline_heading.hint', { line: near.line, file: ctx.outlinePath, chapter: ctx.chapter })
        : said('packet.plan_first.hint', { volume: vv }),
      details: {
        file: ctx.outlinePath,
        expected_heading: `### 第 ${ctx.chapter} 章: 章名`,
        ...(near ? { near_miss: near } : {}),
      },
    },
  );
}

function requireDraft(view: ProjectView, chapter: number, step: string): string {
  const rel = paths.stagingChapter(chapter);
  if (!view.exists(rel)) {
    throw new NovelError('input_missing', said('error.input_missing', { step, file: rel }), {
      hint: said('error.input_missing.hint', { draft: stepOf(chapter, 'draft') }),
      details: { missing: [rel], produced_by: stepOf(chapter, 'draft') },
    });
  }
  return rel;
}

function storylineContext(contract: Obj | undefined): {
  storyline_context: Obj | null;
  concurrent_state: unknown;
  transition_hint: unknown;
} {
  const sc = isObj(contract?.storyline_context) ? (contract?.storyline_context as Obj) : undefined;
  return {
    storyline_context: sc
      ? {
          last_chapter_summary: sc.last_chapter_summary ?? null,
          chapters_since_last: sc.chapters_since_last ?? null,
          line_arc_progress: sc.line_arc_progress ?? null,
        }
      : null,
    concurrent_state: sc?.concurrent_state ?? null,
    transition_hint: contract?.transition_hint ?? null,
  };
}

/**
 * What a chapter's foreshadowing is computed from (§9, §13.6): the chapter, its outline block's Foreshadowing line,
 * its volume's plan and the dormancy thresholds; the global list is read at its fixed path.
 */
export interface ForeshadowingKey {
  chapter: number;
  line: string;
  plan: string;
  dormancy: Settings['quality']['dormancy'];
}

/** The foreshadowing tasks of a chapter and its light-touch items, as the writer's packet carries them. */
export interface ChapterForeshadowing {
  tasks: ForeshadowingTask[];
  light_touch: DormantItem[];
}

/** The volume's plan of foreshadowing. */
const volumePlanOf = (volume: number): string => `${paths.volumeDir(volume)}/foreshadowing.json`;

/** The key of `chapter`'s foreshadowing, as its packets compute it: the volume is the checkpoint's. */
export function foreshadowingKeyOf(
  view: ProjectView,
  checkpoint: Checkpoint,
  settings: Settings,
  chapter: number,
): ForeshadowingKey {
  const { volume, keys } = chapterOutline(view, checkpoint, chapter);
  return keyOf(chapter, volume, keys, settings);
}

function keyOf(chapter: number, volume: number, keys: Record<string, string>, settings: Settings): ForeshadowingKey {
  return { chapter, line: keys.Foreshadowing ?? '', plan: volumePlanOf(volume), dormancy: settings.quality.dormancy };
}

/** A chapter's foreshadowing computed from the global list and the volume's plan. */
export function foreshadowingFromList(view: ProjectView, key: ForeshadowingKey): ChapterForeshadowing {
  const computed = fromList(view, key);
  return { tasks: computed.tasks, light_touch: computed.lightTouch() };
}

/** The tasks, and the light-touch items on demand, from the list parsed once for both. */
function fromList(
  view: ProjectView,
  key: ForeshadowingKey,
): { tasks: ForeshadowingTask[]; lightTouch: () => DormantItem[] } {
  const global = view.json(paths.globalForeshadowing);
  return {
    tasks: foreshadowingTasks(view.json(key.plan), global, key.chapter, key.line),
    lightTouch: () => lightTouchTasks(global, key.chapter, key.dormancy),
  };
}

/**
 * The chapter's foreshadowing tasks and, on demand, its light-touch items: as a mutating command recorded them for
 * these inputs, or computed from the list (a long book's is some 650 KB, parsed once for both).
 */
function foreshadowingFor(
  input: PacketInput,
  ctx: ChapterContext,
): { tasks: ForeshadowingTask[]; lightTouch: () => DormantItem[] } {
  const key = keyOf(ctx.chapter, ctx.volume, ctx.keys, input.settings);
  const recorded = input.recordedForeshadowing?.(key);
  return recorded ? { tasks: recorded.tasks, lightTouch: () => recorded.light_touch } : fromList(input.view, key);
}

/** The staged chapter's lint report (§13.3: the draft's for the refiner, the refined text's for the judge). */
function stagedLintReport(input: PacketInput, chapter: number): LintReport | null {
  const text = input.view.text(paths.stagingChapter(chapter));
  if (!input.lintLists || text === undefined) return null;
  return (
    input.recordedLint?.(chapter, text) ??
    lintChapter({ chapter, source: 'staging', text, settings: input.settings.quality, lists: input.lintLists() })
  );
}

/** What the writer is measured against (§13.1): the platform's 字数, paragraph length and hook. */
function craftTargets(input: PacketInput): Obj {
  const q = input.settings.quality;
  return {
    ...(q.platform !== 'none' ? { platform: q.platform } : {}),
    ...(q.zishu.target ? { zishu_target: q.zishu.target } : {}),
    ...(q.zishu.hard ? { zishu_hard: q.zishu.hard } : {}),
    ...(q.max_paragraph_zishu !== null ? { max_paragraph_zishu: q.max_paragraph_zishu } : {}),
    hook_required: q.hook.required,
  };
}

/** The style of the last committed chapters against the book's baseline (§13.7), from their lint reports. */
function styleDriftFor(input: PacketInput, chapter: number): StyleDrift | null {
  const last = input.checkpoint.last_completed_chapter;
  const wanted = new Set<number>();
  for (let n = Math.max(1, last - DRIFT_WINDOW + 1); n <= last; n++) wanted.add(n);
  for (let n = 1; n <= Math.min(10, last); n++) wanted.add(n);
  const reports = [...wanted]
    .map((n) => reportMetrics(input.view.json(paths.lintReport(n))))
    .filter((r): r is ReportMetrics => r !== null);
  return styleDrift(reports, chapter, input.view.json('style-profile.json'));
}

/** Is this a key chapter (§13.5), judged twice? */
function keyChapter(input: PacketInput, ctx: ChapterContext): boolean {
  if (!input.settings.quality.key_chapters) return false;
  const schedule = input.view.json(`${paths.volumeDir(ctx.volume)}/storyline-schedule.json`);
  return isKeyChapter(
    ctx.chapter,
    ctx.outlineText === undefined ? [] : outlineChapters(ctx.outlineText),
    convergenceChapters(schedule),
  );
}

/** How much of the memory ledger's end is read first for a packet's recent entries (a long book's is 550 KB). */
const LEDGER_TAIL_BYTES = 32 * 1024;

function recentMemoryFor(input: PacketInput, chapter: number, warnings: Diagnostic[]): Obj[] {
  const count = input.settings.memory_context_chapters;
  // The ledger's end holds the entries wanted when it holds as many before the chapter as are asked for: the last
  // ones of the whole list are among them.
  const tail = count > 0 ? input.view.jsonArrayTail?.(paths.chapterMemory, LEDGER_TAIL_BYTES) : undefined;
  if (tail) {
    const recent = recentMemory(tail.filter(isObj), chapter, count);
    if (recent.length === count) return recent;
  }
  const ledger = input.view.json(paths.chapterMemory);
  if (!Array.isArray(ledger)) {
    // Before the first chapter is committed there is nothing to remember: no ledger is normal.
    const exists = input.view.exists(paths.chapterMemory);
    if (!exists && input.checkpoint.last_completed_chapter === 0) return [];
    warnings.push(
      warningAt('ledger_unavailable', paths.chapterMemory, {
        expected: said('packet.ledger'),
        found: said(exists ? 'packet.unreadable_file' : 'validate.no_file'),
        fix: said('packet.ledger.fix'),
      }),
    );
    return [];
  }
  return recentMemory(ledger.filter(isObj), chapter, count);
}

function characterPaths(input: PacketInput, ctx: ChapterContext): { contracts: string[]; profiles: string[] } {
  const selection = selectCharacters(
    ctx.entities.map,
    ctx.contract,
    ctx.contractPath,
    latestSummaryTexts(input.view, ctx.chapter, 10),
  );
  ctx.warnings.push(...selection.problems);
  return {
    // A character's .json was read for the entity map: it is there. Only a slug without one is looked up.
    contracts: selection.slugs.flatMap((s) => {
      const json = ctx.entities.files[s]?.json;
      return json !== undefined ? [json] : existing(input.view, [`characters/active/${s}.json`]);
    }),
    profiles: existing(
      input.view,
      selection.slugs.map((s) => ctx.entities.files[s]?.md ?? `characters/active/${s}.md`),
    ),
  };
}

function revisionEvalPath(chapter: number, round: number): string {
  return archivedAt(paths.revisionRoundDir(chapter, round), paths.stagingEval(chapter));
}

function executeActions(state: StableState, stage: keyof typeof STEP_EVENT, chapter: number): Packet['next_actions'] {
  const step = stepOf(chapter, stage);
  return [
    { command: `novel validate ${step}`, note: 'check every output at once' },
    { command: `novel advance ${step}`, note: afterAdvance(state, stage, chapter) },
  ];
}

function draftPacket(input: PacketInput, ctx: ChapterContext, revision: boolean, gate: GateRecord | undefined): Packet {
  const { view } = input;
  const step = stepOf(ctx.chapter, 'draft');
  const block = requireOutlineBlock(ctx, step);
  const sc = storylineContext(ctx.contract);
  const chars = characterPaths(input, ctx);
  const foreshadowing = foreshadowingFor(input, ctx);
  const inline: Obj = {
    chapter: ctx.chapter,
    volume: ctx.volume,
    storyline_id: ctx.storylineId ?? null,
    chapter_outline_block: block.text,
    storyline_context: sc.storyline_context,
    concurrent_state: sc.concurrent_state,
    transition_hint: sc.transition_hint,
    hard_rules_list: hardRulesList(view.json('world/rules.json')),
    foreshadowing_tasks: foreshadowing.tasks,
    ai_blacklist_top10: blacklistTop10(view.json('ai-blacklist.json')),
    recent_memory: recentMemoryFor(input, ctx.chapter, ctx.warnings),
    // The target 字数 of novel.config.json, so that the writer knows it.
    ...(input.settings.chapter_length ? { chapter_length: input.settings.chapter_length } : {}),
    ...craftTargets(input),
  };
  const dormant = foreshadowing.lightTouch();
  if (dormant.length) inline.foreshadow_light_touch = dormant;
  const drift = styleDriftFor(input, ctx.chapter);
  if (drift) inline.style_drift = drift;
  const p: PathsMap = {};
  setPath(p, view, 'style_profile', 'style-profile.json');
  setPath(p, view, 'chapter_contract', ctx.contractPath);
  if (ctx.contract?.derived === true) inline.chapter_contract = ctx.contract;
  setPath(p, view, 'volume_outline', ctx.outlinePath);
  setPath(p, view, 'current_state', 'state/current-state.json');
  setPath(p, view, 'world_rules', 'world/rules.json');
  setPaths(
    p,
    'recent_summaries',
    latestSummaries(view, ctx.chapter, 3).map((s) => s.path),
  );
  if (ctx.storylineId) setPath(p, view, 'storyline_memory', storylineMemoryPath(ctx.storylineId));
  if (ctx.storylineId) {
    const schedule = view.json(`${paths.volumeDir(ctx.volume)}/storyline-schedule.json`);
    setPaths(
      p,
      'adjacent_memories',
      adjacentMemories(view, adjacentStorylines(ctx.storylineId, ctx.chapter, ctx.contract, schedule)),
    );
  }
  setPaths(p, 'character_contracts', chars.contracts);
  setPath(p, view, 'project_brief', 'brief.md');
  // The author's own words, from `novel decide … revise|rewrite --note`.
  const note = (input.checkpoint as Record<string, unknown>).author_note;
  if (typeof note === 'string') inline.author_note = note;
  if (revision) {
    const round = input.next.revision_count;
    const evalPath = revisionEvalPath(ctx.chapter, round);
    inline.required_fixes = requiredFixes(view.json(evalPath), input.settings.thresholds.pass);
    inline.high_confidence_violations = gate?.high_confidence_violations ?? [];
    // novel's own hard findings on the judged text: the revision must clear them.
    if (gate?.lint?.length) inline.lint_findings = gate.lint;
    setPath(p, view, 'chapter_draft', paths.stagingChapter(ctx.chapter));
    setPath(p, view, 'chapter_eval', evalPath);
  }
  return {
    version: 1,
    step,
    agent: { kind: 'subagent', name: 'chapter-writer' },
    mode: revision ? 'revision' : 'draft',
    manifest: { mode: 'paths', inline, paths: p },
    expected_outputs: [
      {
        path: paths.stagingChapter(ctx.chapter),
        required: true,
        note: revision
          ? 'the revised chapter, replacing the draft; first non-empty line a "# " title'
          : 'first non-empty line a "# " title',
      },
    ],
    write_scope: ['staging/chapters/'],
    next_actions: executeActions(revision ? 'revising' : 'draft', 'draft', ctx.chapter),
  };
}

function summarizePacket(input: PacketInput, ctx: ChapterContext): Packet {
  const { view } = input;
  const step = stepOf(ctx.chapter, 'summarize');
  const draft = requireDraft(view, ctx.chapter, step);
  const p: PathsMap = { chapter_draft: draft };
  setPath(p, view, 'current_state', 'state/current-state.json');
  // §12: the staged memory replaces the committed one at commit, so the summarizer starts from it.
  if (ctx.storylineId) setPath(p, view, 'storyline_memory', storylineMemoryPath(ctx.storylineId));
  const n = ctx.chapter;
  const line = ctx.storylineId ?? '{storyline_id}';
  return {
    version: 1,
    step,
    agent: { kind: 'subagent', name: 'summarizer' },
    mode: 'normal',
    manifest: {
      mode: 'paths',
      inline: {
        chapter: n,
        volume: ctx.volume,
        storyline_id: ctx.storylineId ?? null,
        foreshadowing_tasks: foreshadowingFor(input, ctx).tasks,
        entity_id_map: ctx.entities.map,
      },
      paths: p,
    },
    expected_outputs: summarizeOutputs(
      n,
      line,
      "the delta's storyline_id's memory: the committed one (paths.storyline_memory) " +
        "whole, plus this chapter's lines; it replaces the committed memory at commit",
    ),
    write_scope: [...SUMMARIZE_WRITE_SCOPE],
    next_actions: executeActions('summarize', 'summarize', n),
  };
}

/**
 * The state the auditor holds the chapter against (§19): the characters the
 * chapter names, the items it names or they hold, and the places they are in.
 */
function stateSlice(facts: ContinuityFacts, text: string): Obj {
  const state = facts.fullState?.() ?? facts.state;
  const characters = isObj(state.characters) ? state.characters : {};
  const items = isObj(state.items) ? state.items : {};
  const named = [...facts.cast.byId.entries()]
    .filter(([, names]) => names.some((n) => text.includes(n)))
    .map(([id]) => id)
    .sort();
  const holds = (it: unknown): boolean =>
    isObj(it) && typeof it[facts.names.holder] === 'string' && named.includes(it[facts.names.holder] as string);
  const itemIds = Object.keys(items)
    .filter((id) => {
      const name = isObj(items[id]) ? items[id][facts.names.item_name] : undefined;
      return (typeof name === 'string' && name.length > 0 && text.includes(name)) || holds(items[id]);
    })
    .sort();
  const places = new Set<string>();
  for (const id of named) {
    const at = isObj(characters[id]) ? characters[id][facts.names.location] : undefined;
    if (typeof at === 'string' && at) places.add(at);
  }
  const day = isObj(state.world_state) ? state.world_state[facts.names.story_day] : undefined;
  return {
    characters: Object.fromEntries(named.map((id) => [id, isObj(characters[id]) ? characters[id] : {}])),
    items: Object.fromEntries(itemIds.map((id) => [id, items[id]])),
    places: [...places].sort(),
    ...(day === undefined ? {} : { [facts.names.story_day]: day }),
    ...(Object.keys(facts.ladders).length ? { ladders: facts.ladders } : {}),
  };
}

/** novel's own continuity findings of the staged chapter and delta, as the auditor reads them (each with its id). */
function auditFindings(input: PacketInput, facts: ContinuityFacts, chapter: number, text: string): Obj[] {
  const delta = input.view.json(paths.stagingDelta(chapter));
  const ops = isObj(delta) && Array.isArray(delta.ops) ? delta.ops : [];
  const spans = isObj(delta) && Array.isArray(delta.recollections) ? delta.recollections : [];
  const recollections = spans.filter(
    (r): r is Recollection => isObj(r) && Array.isArray(r.lines) && r.lines.length === 2 && typeof r.kind === 'string',
  );
  return chapterContinuity(facts, { chapter, text, ops, recollections }).map((f) => ({
    id: findingKey(f),
    kind: f.kind,
    subject: f.subject,
    line: f.line,
    excerpt: f.excerpt,
    message: render('en', f.message),
    fix: render('en', f.fix),
    message_zh: render('zh', f.message),
    fix_zh: render('zh', f.fix),
  }));
}

function auditPacket(input: PacketInput, ctx: ChapterContext): Packet {
  const { view } = input;
  const n = ctx.chapter;
  const step = stepOf(n, 'audit');
  const draft = requireDraft(view, n, step);
  const p: PathsMap = { chapter_draft: draft };
  setPath(p, view, 'delta', paths.stagingDelta(n));
  setPath(p, view, 'summary', paths.stagingSummary(n));
  setPath(p, view, 'world_rules', paths.worldRules);
  const text = view.text(draft) ?? '';
  const facts = input.continuity?.();
  const out = paths.stagedOutput('audit', n);
  return {
    version: 1,
    step,
    agent: { kind: 'subagent', name: 'continuity-auditor' },
    mode: 'normal',
    manifest: {
      mode: 'paths',
      inline: {
        chapter: n,
        state_slice: facts ? stateSlice(facts, text) : {},
        foreshadowing_due: foreshadowingFor(input, ctx).tasks,
        findings: facts ? auditFindings(input, facts, n, text) : [],
      },
      paths: p,
    },
    expected_outputs: [
      {
        path: out,
        required: true,
        note:
          'issues: each contradiction with its sentence; dismissed: each of inline.findings that is none, with the ' +
          'reason (the others, and every hard issue, send the chapter to revision)',
      },
    ],
    write_scope: [out.slice(0, out.lastIndexOf('/') + 1)],
    next_actions: executeActions('audit', 'audit', n),
  };
}

/** The refiner reads novel's lint of the draft first: the findings to remove, each with its line and fix. */
function refineInline(input: PacketInput, chapter: number): Obj {
  const lint = stagedLintReport(input, chapter);
  return { chapter, ...(lint ? { lint } : {}) };
}

function refinePacket(input: PacketInput, ctx: ChapterContext, polish: boolean): Packet {
  const { view } = input;
  const step = stepOf(ctx.chapter, 'refine');
  const draft = requireDraft(view, ctx.chapter, step);
  const p: PathsMap = { chapter_draft: draft };
  setPath(p, view, 'style_profile', 'style-profile.json');
  setPath(p, view, 'ai_blacklist', 'ai-blacklist.json');
  if (polish) setPath(p, view, 'previous_change_log', paths.stagingChangeLog(ctx.chapter));
  return {
    version: 1,
    step,
    agent: { kind: 'subagent', name: 'style-refiner' },
    mode: polish ? 'polish' : 'normal',
    manifest: { mode: 'paths', inline: refineInline(input, ctx.chapter), paths: p },
    expected_outputs: [
      {
        path: paths.stagingChapter(ctx.chapter),
        required: true,
        note: 'overwrite in place; keep the "# " title line unchanged; clear the findings of inline.lint first',
      },
      { path: paths.stagingChangeLog(ctx.chapter), required: false, note: 'what changed and why' },
    ],
    write_scope: ['staging/chapters/', 'staging/logs/'],
    next_actions: executeActions(polish ? 'polishing' : 'refine', 'refine', ctx.chapter),
  };
}

/** The dimensions the judge scores (§13.3): the eight, and hook_strength when a hook is required. */
function scoreDimensions(input: PacketInput): string[] {
  return Object.keys(
    weightsInUse({
      weights: input.settings.quality.weights as ScoreSettings['weights'],
      hook_required: input.settings.quality.hook.required,
    }),
  );
}

function judgeInline(input: PacketInput, ctx: ChapterContext, block: string): Obj {
  const lint = stagedLintReport(input, ctx.chapter);
  return {
    ...(ctx.contract?.derived === true ? { chapter_contract: ctx.contract } : {}),
    chapter: ctx.chapter,
    volume: ctx.volume,
    chapter_outline_block: block,
    hard_rules_list: hardRulesList(input.view.json('world/rules.json')),
    score_dimensions: scoreDimensions(input),
    hook_required: input.settings.quality.hook.required,
    ...(lint ? { ai_flavour: lint.ai_flavour, lint } : {}),
  };
}

function judgePacket(input: PacketInput, ctx: ChapterContext): Packet {
  const { view } = input;
  const key = keyChapter(input, ctx);
  const step = stepOf(ctx.chapter, 'judge');
  const block = requireOutlineBlock(ctx, step);
  const draft = requireDraft(view, ctx.chapter, step);
  const chars = characterPaths(input, ctx);
  const p: PathsMap = { chapter_draft: draft };
  setPath(p, view, 'style_profile', 'style-profile.json');
  setPath(p, view, 'ai_blacklist', 'ai-blacklist.json');
  setPath(p, view, 'chapter_contract', ctx.contractPath);
  setPath(p, view, 'world_rules', 'world/rules.json');
  setPath(p, view, 'prev_summary', prevSummary(view, ctx.chapter));
  setPaths(p, 'character_profiles', chars.profiles);
  setPaths(p, 'character_contracts', chars.contracts);
  setPath(p, view, 'storyline_spec', 'storylines/storyline-spec.json');
  setPath(p, view, 'storyline_schedule', `${paths.volumeDir(ctx.volume)}/storyline-schedule.json`);
  setPath(p, view, 'cross_references', paths.stagingCrossref(ctx.chapter));
  return {
    version: 1,
    step,
    agent: { kind: 'subagent', name: 'quality-judge' },
    mode: 'normal',
    manifest: {
      mode: 'paths',
      inline: judgeInline(input, ctx, block.text),
      paths: p,
    },
    expected_outputs: [
      {
        path: paths.stagingEval(ctx.chapter),
        required: true,
        note:
          `read-only judge: the executor writes its JSON {chapter, overall 0–5, ` +
          `recommendation, contract_verification{l1,l2,l3,ls}_checks, scores ` +
          `{${scoreDimensions(input).join(', ')}: {score 1–5, reason}}, hook {present, type, ` +
          `evidence}, required_fixes?}; novel computes overall_final from the weighted scores`,
      },
      key
        ? {
            path: paths.stagingEvalSecondary(ctx.chapter),
            required: true,
            note:
              'a key chapter (first or last of the volume, or a convergence): a ' +
              'second, independent judgement is required; the gate takes the minimum',
          }
        : {
            path: paths.stagingEvalSecondary(ctx.chapter),
            required: false,
            note: 'a second judge; the gate takes the minimum',
          },
    ],
    write_scope: ['staging/evaluations/'],
    next_actions: executeActions('judge', 'judge', ctx.chapter),
  };
}

/** §13.4: the style-refiner rewrites the "# " line only; novel checks that the body stays byte-identical. */
function titleFixPacket(input: PacketInput, ctx: ChapterContext): Packet {
  const { view } = input;
  const step = stepOf(ctx.chapter, 'title-fix');
  const draft = requireDraft(view, ctx.chapter, step);
  const lint = stagedLintReport(input, ctx.chapter);
  const title = input.settings.quality.title;
  const p: PathsMap = { chapter_draft: draft };
  setPath(p, view, 'volume_outline', ctx.outlinePath);
  return {
    version: 1,
    step,
    agent: { kind: 'subagent', name: 'style-refiner' },
    mode: 'title-fix',
    manifest: {
      mode: 'paths',
      inline: {
        chapter: ctx.chapter,
        chapter_outline_block: ctx.block?.text ?? null,
        title_findings: lint ? titleFindings(lint) : [],
        title_rules: {
          min_zishu: title.min,
          max_zishu: title.max,
          forbidden: title.forbidden,
          form: `# 第${ctx.chapter}章 <标题>`,
        },
      },
      paths: p,
    },
    expected_outputs: [
      {
        path: paths.stagingChapter(ctx.chapter),
        required: true,
        note:
          'change the "# " title line only: every byte after it ' +
          'must stay as it is (validate refuses any other change)',
      },
    ],
    write_scope: ['staging/chapters/'],
    next_actions: executeActions('titleFix', 'title-fix', ctx.chapter),
  };
}

/**
 * §13.4: the chapter-writer rewrites the last two paragraphs only, for a stronger chapter-end hook; then the chapter is
 * judged again.
 */
function hookFixPacket(input: PacketInput, ctx: ChapterContext): Packet {
  const { view } = input;
  const step = stepOf(ctx.chapter, 'hook-fix');
  const draft = requireDraft(view, ctx.chapter, step);
  const round = input.next.revision_count;
  const evalPath = archivedAt(paths.hookFixDir(ctx.chapter, round), paths.stagingEval(ctx.chapter));
  const evaluation = view.json(evalPath);
  const hook = isObj(evaluation) && isObj(evaluation.hook) ? evaluation.hook : null;
  const strength =
    isObj(evaluation) && isObj(evaluation.scores) && isObj(evaluation.scores.hook_strength)
      ? evaluation.scores.hook_strength
      : null;
  const p: PathsMap = { chapter_draft: draft };
  setPath(p, view, 'chapter_eval', evalPath);
  setPath(p, view, 'chapter_contract', ctx.contractPath);
  setPath(p, view, 'volume_outline', ctx.outlinePath);
  return {
    version: 1,
    step,
    agent: { kind: 'subagent', name: 'chapter-writer' },
    mode: 'hook-fix',
    manifest: {
      mode: 'paths',
      inline: {
        chapter: ctx.chapter,
        chapter_outline_block: ctx.block?.text ?? null,
        judge_hook: hook,
        hook_strength: strength,
        min_strength: input.settings.quality.hook.min_strength,
        hook_types: ['question', 'threat_reveal', 'twist_reveal', 'emotional_cliff', 'next_objective'],
      },
      paths: p,
    },
    expected_outputs: [
      {
        path: paths.stagingChapter(ctx.chapter),
        required: true,
        note:
          'rewrite the last two paragraphs only, ending on a hook (a question, a threat revealed, a twist, an ' +
          'emotional cliff or the next objective); every byte before them, the title included, must stay as it is',
      },
    ],
    write_scope: ['staging/chapters/'],
    next_actions: executeActions('hookFix', 'hook-fix', ctx.chapter),
  };
}

/** The gate as a packet carries it: the record, its reason in English (the said words are for the author's screen). */
function inlineGate(gate: GateRecord | undefined): Omit<GateRecord, 'words'> | null {
  if (!gate) return null;
  const { words: _words, ...record } = gate;
  return record;
}

function commitPacket(ctx: ChapterContext, gate: GateRecord | undefined): Packet {
  return {
    version: 1,
    step: stepOf(ctx.chapter, 'commit'),
    agent: { kind: 'cli', name: 'novel commit' },
    mode: 'commit',
    manifest: { mode: 'paths', inline: { chapter: ctx.chapter, gate: inlineGate(gate) }, paths: {} },
    expected_outputs: [],
    write_scope: [],
    next_actions: [
      { command: `novel commit --chapter ${ctx.chapter} --dry-run`, note: 'show the plan, write nothing' },
      {
        command: `novel commit --chapter ${ctx.chapter}`,
        note: `sends COMMITTED; then ${stepOf(ctx.chapter + 1, 'draft')}`,
      },
    ],
  };
}

function reviewPacket(input: PacketInput, ctx: ChapterContext, gate: GateRecord | undefined): Packet {
  const p: PathsMap = {};
  setPath(p, input.view, 'chapter_draft', paths.stagingChapter(ctx.chapter));
  setPath(p, input.view, 'chapter_eval', paths.stagingEval(ctx.chapter));
  const ref = formatChapterRef(ctx.chapter);
  const targets = (event: string) => pipelineEdges('review', event);
  return {
    version: 1,
    step: stepOf(ctx.chapter, 'review'),
    agent: { kind: 'human', name: 'author' },
    mode: 'review',
    manifest: {
      mode: 'paths',
      inline: { chapter: ctx.chapter, gate: inlineGate(gate), reason: gate?.reason ?? null },
      paths: p,
    },
    expected_outputs: [],
    write_scope: [],
    next_actions: [
      { command: `novel decide ${ref} accept`, note: `commit as it is (ACCEPT → ${targets('ACCEPT').join(', ')})` },
      {
        command: `novel decide ${ref} revise`,
        note: `one more revision, even past the budget (REVISE → ${targets('REVISE').join(', ')})`,
      },
      {
        command: `novel decide ${ref} rewrite`,
        note:
          `discard the staged outputs and draft again with ` +
          `revision_count 0 (REWRITE → ${targets('REWRITE').join(', ')})`,
      },
    ],
  };
}

function volumePlanPacket(input: PacketInput, volume: number): Packet {
  const { view, checkpoint } = input;
  // A new volume has a length of its own (§14): the range suggests chapters_per_volume; the plan may cover
  // volume_chapters.min..max.
  const bounds = planBounds(
    checkpoint.last_completed_chapter,
    outlineChapters(view.text(paths.volumeOutline(volume)) ?? ''),
    input.settings,
  );
  const range: [number, number] = [bounds.first, bounds.suggested];
  const p: PathsMap = {};
  setPath(p, view, 'brief', 'brief.md');
  setPath(p, view, 'storylines', 'storylines/storylines.json');
  setPaths(p, 'world_docs', view.list('world'));
  setPaths(p, 'character_files', view.list('characters/active'));
  setPath(p, view, 'global_foreshadowing', 'foreshadowing/global.json');
  const review = `${paths.volumeDir(volume - 1)}/review.md`;
  if (volume > 1 && view.exists(review)) p.previous_volume_review = review;
  else
    setPaths(
      p,
      'recent_summaries',
      latestSummaries(view, checkpoint.last_completed_chapter + 1, 3).map((s) => s.path),
    );
  const dir = stagedVolumeDir(volume);
  const contracts: Packet['expected_outputs'] = [];
  for (let c = range[0]; c <= range[1]; c++) contracts.push({ path: paths.stagedContract(volume, c), required: true });
  const step = formatStepId({ kind: 'volume', volume, stage: 'plan' });
  return {
    version: 1,
    step,
    agent: { kind: 'subagent', name: 'plot-architect' },
    mode: 'plan',
    manifest: {
      mode: 'paths',
      inline: {
        volume,
        chapter_range: range,
        ...(bounds.min === bounds.max ? {} : { volume_chapters: { min: bounds.min, max: bounds.max } }),
      },
      paths: p,
    },
    expected_outputs: [
      {
        path: `${dir}/outline.md`,
        required: true,
        note:
          bounds.min === bounds.max
            ? `one "### 第 C 章: 章名" block per chapter ${range[0]}–${range[1]}, each with the 8 key lines`
            : `one "### 第 C 章: 章名" block per chapter from ${range[0]}, each with the 8 key ` +
              `lines: about ${range[1] - range[0] + 1} chapters (${range[0]}–${range[1]}), ` +
              `${bounds.min}–${bounds.max} allowed; the volume ends at its last block`,
      },
      { path: `${dir}/storyline-schedule.json`, required: true, note: 'at most 4 active storylines' },
      { path: `${dir}/foreshadowing.json`, required: true },
      { path: `${dir}/new-characters.json`, required: true, note: 'an array of objects' },
      ...contracts,
    ],
    write_scope: [`${dir}/`],
    next_actions: [
      { command: `novel validate ${step}` },
      {
        command: `novel commit --volume ${volume}`,
        note: `moves the plan into ${paths.volumeDir(volume)}/; then ${stepOf(range[0], 'draft')}`,
      },
    ],
  };
}

/** How the awaited step of a chapter is asked for: its pass and the gate it follows. */
interface PacketPass {
  /** The packet is for the step the pipeline awaits (not another step of the chapter). */
  awaited: boolean;
  /** A revision round's draft. */
  revising: boolean;
  /** The awaited state's mode. */
  mode: StepMode;
  gate: GateRecord | undefined;
}

/** Each chapter step's packet builder, keyed by the step table: a new step's row asks for its own. */
const CHAPTER_PACKETS: Record<ChapterStage, (input: PacketInput, ctx: ChapterContext, pass: PacketPass) => Packet> = {
  draft: (input, ctx, pass) => draftPacket(input, ctx, pass.revising, pass.gate),
  summarize: (input, ctx) => summarizePacket(input, ctx),
  audit: (input, ctx) => auditPacket(input, ctx),
  refine: (input, ctx, pass) =>
    refinePacket(input, ctx, pass.awaited ? pass.mode === 'polish' : pass.gate?.decision === 'polish'),
  'title-fix': (input, ctx) => titleFixPacket(input, ctx),
  judge: (input, ctx) => judgePacket(input, ctx),
  'hook-fix': (input, ctx) => hookFixPacket(input, ctx),
  review: (input, ctx, pass) => reviewPacket(input, ctx, pass.gate),
  commit: (_input, ctx, pass) => commitPacket(ctx, pass.gate),
};

function withEmbed(packet: Packet, view: ProjectView, cap: number | undefined): Packet {
  const embed: Record<string, string> = {};
  for (const [key, value] of Object.entries(packet.manifest.paths)) {
    for (const rel of Array.isArray(value) ? value : [value]) {
      const text = view.text(rel);
      if (text !== undefined && !(rel in embed)) embed[rel] = dataBlock(dataType(key), rel, text, cap);
    }
  }
  return { ...packet, manifest: { ...packet.manifest, mode: 'paths+embed', embed } };
}

export function buildPacket(input: PacketInput): PacketResult {
  const { step, next, checkpoint } = input;
  let packet: Packet;
  let warnings: Diagnostic[] = [];
  if (step.kind === 'setup' || step.kind === 'import') {
    const id = formatStepId(step);
    if (next.step !== id || step.stage === 'commit') {
      throw new NovelError(
        'not_instructable',
        said('packet.not_instructable', {
          step: id,
          expected: next.step,
          action: said('status.action', { action: next.action }),
        }),
        { hint: said('packet.not_instructable.hint', { command: next.command }) },
      );
    }
    if (step.kind === 'setup') {
      const samples = input.view.list('samples').filter(isSampleFile);
      const metrics = styleMetrics(samples.map((f) => input.view.text(f) ?? ''));
      packet = setupPacket(input.view, step.stage, metrics.zishu > 0 ? metrics : null, samples);
    } else packet = importSummarizePacket(input.view, step.chapter, checkpoint.imported_chapters ?? step.chapter);
  } else if (step.kind === 'volume') {
    const planning = next.mode === 'plan' ? next.volume : null;
    if (step.stage !== 'plan' || planning !== step.volume) {
      const refusal =
        planning === null
          ? said('packet.no_volume_planned', { step: formatStepId(step) })
          : said('packet.other_volume_planned', {
              step: formatStepId(step),
              volume: planning,
              plan: `volume:${padVolume(planning)}:plan`,
            });
      throw new NovelError('not_instructable', refusal, { hint: said('packet.pipeline_expects', { step: next.step }) });
    }
    packet = volumePlanPacket(input, step.volume);
  } else {
    const inflight = checkpoint.inflight_chapter ?? null;
    const current = next.chapter ?? checkpoint.last_completed_chapter + 1;
    const allowed = new Set([current, ...(inflight === null ? [] : [inflight])]);
    if (!allowed.has(step.chapter)) {
      throw new NovelError(
        'not_instructable',
        said('packet.not_current_chapter', { step: formatStepId(step), current, chapter: step.chapter }),
        { hint: said('packet.pipeline_expects', { step: next.step }) },
      );
    }
    const ctx = chapterContext(input, step.chapter);
    const gate = next.gate;
    // The awaited step's mode is the machine state's (meta); another step of the chapter infers it.
    const awaited = next.step === formatStepId(step);
    const revising = awaited ? next.mode === 'revision' : next.revision_count > 0;
    packet = CHAPTER_PACKETS[step.stage](input, ctx, { awaited, revising, mode: next.mode, gate });
    warnings = ctx.warnings;
  }
  if (input.embed) packet = withEmbed(packet, input.view, input.embed.cap);
  return { packet, warnings: [...warnings, ...input.view.problems] };
}

export function manifestPath(step: StepId): string {
  return paths.manifest(step);
}
