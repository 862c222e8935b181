/**
 * The step table: the one home of the pipeline's vocabulary (PROTOCOL §3, §4,
 * §13.4, §14). Every list of steps, stages, events, agents, outputs and step
 * names elsewhere is derived from the rows below; the architecture test fails
 * on a second list.
 *
 * A step's behaviour lives beside its peers, keyed by this table so that the
 * compiler asks for every row: its validator (validate.ts), its packet builder
 * (packet.ts, setup-packets.ts), its demo writer (demo-executor.ts), its output
 * formats (schemas/) and its adapter brief (adapters/). The machines build
 * their step states from these rows and add only guards and actions.
 *
 * A leaf module: it imports nothing, so the machines and the core can both
 * read it without a circle.
 */

/** Names of a step or rung in both languages. */
export interface StepNames {
  en: string;
  zh: string;
}

/** A staged output of a chapter step. `{NNN}` is the zero-padded chapter number; `{storyline}` a storyline id. */
export interface OutputRow {
  staged: string;
  /** The format names (src/schemas/formats.ts) the adapters document for it. */
  formats: readonly string[];
  /** Moved into a revision round's archive when the gate sends the chapter back (§6). */
  archived: boolean;
  /** Where the commit puts it in the book (null: merged into the state, the ledger or the log, not kept as a file). */
  book: string | null;
  /**
   * The commit moves it there as it is (false: the commit writes it itself, e.g. an evaluation with the gate added).
   */
  moved: boolean;
}

/**
 * The staged outputs chapter steps write. Bookkeeping copies (revision rounds,
 * the title-fix and hook-fix references) are not outputs.
 */
export const CHAPTER_OUTPUTS = {
  chapter: {
    staged: 'staging/chapters/chapter-{NNN}.md',
    formats: ['chapter'],
    archived: false,
    book: 'chapters/chapter-{NNN}.md',
    moved: true,
  },
  summary: {
    staged: 'staging/summaries/chapter-{NNN}-summary.md',
    formats: ['summary'],
    archived: true,
    book: 'summaries/chapter-{NNN}-summary.md',
    moved: true,
  },
  delta: {
    staged: 'staging/state/chapter-{NNN}-delta.json',
    formats: ['delta', 'delta-op'],
    archived: true,
    book: null,
    moved: false,
  },
  crossref: {
    staged: 'staging/state/chapter-{NNN}-crossref.json',
    formats: ['crossref'],
    archived: true,
    book: 'state/chapter-{NNN}-crossref.json',
    moved: true,
  },
  'storyline-memory': {
    staged: 'staging/storylines/{storyline}/memory.md',
    formats: ['storyline-memory'],
    archived: true,
    book: 'storylines/{storyline}/memory.md',
    moved: true,
  },
  'chapter-memory': {
    staged: 'staging/state/chapter-{NNN}-memory.json',
    formats: ['chapter-memory'],
    archived: true,
    book: null,
    moved: false,
  },
  'change-log': {
    staged: 'staging/logs/style-refiner-chapter-{NNN}-changes.json',
    formats: ['change-log'],
    archived: true,
    book: null,
    moved: false,
  },
  audit: {
    staged: 'staging/audits/chapter-{NNN}-audit.json',
    formats: ['audit'],
    archived: true,
    book: 'audits/chapter-{NNN}-audit.json',
    moved: true,
  },
  eval: {
    staged: 'staging/evaluations/chapter-{NNN}-eval.json',
    formats: ['eval'],
    archived: true,
    book: 'evaluations/chapter-{NNN}-eval.json',
    moved: false,
  },
  'eval-secondary': {
    staged: 'staging/evaluations/chapter-{NNN}-eval-secondary.json',
    formats: ['eval'],
    archived: true,
    book: 'evaluations/chapter-{NNN}-eval-secondary.json',
    moved: false,
  },
} as const satisfies Record<string, OutputRow>;
export type ChapterOutput = keyof typeof CHAPTER_OUTPUTS;

/** The checkpoint's pipeline_stage values (§3), in pipeline order; the checkpoint schema reads this list. */
export const PIPELINE_STAGES = [
  'drafting',
  'drafted',
  'audited',
  'refined',
  'title_fixing',
  'judged',
  'hook_fixing',
  'revising',
  'committed',
] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

/** The rungs of `novel status`'s ladder, with their names. */
export const RUNGS = {
  lock: { en: 'lock', zh: '加锁' },
  draft: { en: 'draft', zh: '起草' },
  summarize: { en: 'summarize', zh: '摘要' },
  audit: { en: 'audit', zh: '连续性审查' },
  refine: { en: 'refine', zh: '润色' },
  judge: { en: 'judge', zh: '评审' },
  gate: { en: 'gate', zh: '闸门' },
  commit: { en: 'commit', zh: '入库' },
} as const satisfies Record<string, StepNames>;
export type LadderRung = keyof typeof RUNGS;

/** What a step's state awaits: an executor, the commit transaction, or the author. */
export type StepAction = 'execute' | 'commit' | 'review';

/** What `next` tells the executor to do (NextAction), in both languages. */
export const ACTION_NAMES: Record<string, { en: string; zh: string } | undefined> = {
  execute: { en: 'execute', zh: '执行' },
  advance: { en: 'advance', zh: '登记' },
  commit: { en: 'commit', zh: '入库' },
  review: { en: 'review', zh: '待作者决定' },
  recover: { en: 'recover', zh: '恢复' },
  done: { en: 'done', zh: '完成' },
  fix: { en: 'fix', zh: '先修复' },
};

/** One step of the chapter pipeline. */
export interface ChapterStepRow {
  /** The machine state that awaits the step. */
  state: string;
  /** The event an advance (or the commit, or a decision) sends; null: the author's decision decides. */
  event: string | null;
  /** When the event is sent (docs/pipeline.md's event table); null when the row has no event. */
  sent_when: string | null;
  /** The state the event leads to when no guard of the machine says otherwise (null: decisions lead on). */
  then: string | null;
  /** The agent that runs it (`novel commit` for the commit, `author` for a review). */
  agent: string;
  /** How `next` names the agent whose outputs make the step done. */
  producer: string;
  /** The packet's mode in a first pass. */
  mode: string;
  action: StepAction;
  /** What the state asks for, in the pipeline's words (`next`, `status`). */
  description: string;
  /** The state's description in the machine (the graph, the inspector, docs/pipeline.md). */
  awaiting: string;
  /** The staged outputs the step writes. */
  writes: readonly ChapterOutput[];
  /** `novel validate` checks its staged outputs. */
  validated: boolean;
  /** The commit validates its outputs again before it moves anything (§7). */
  recheck_at_commit: boolean;
  /**
   * What its validator finds blocking goes to the gate with the judge's verdict, as hard findings: the chapter is
   * revised within the budget (§6). The validator returns them as `gate`.
   */
  feeds_gate?: true;
  /** `novel run --pause-after` may stop after it. */
  pausable: boolean;
  /** Where `novel status` marks the chapter while the step is awaited. */
  rung: LadderRung;
  /** The note beside the rung (a micro-step, a pause). */
  note?: StepNames;
  /** The pipeline_stage a checkpoint resting at this step records (null: none yet). */
  rests_as: PipelineStage | null;
  /** A gate record rests with it: never, only in a revision round, or always. */
  gate: 'never' | 'in_revision' | 'always';
  names: StepNames;
}

/**
 * The chapter steps, in pipeline order (a review comes before the commit it
 * allows). `chapter:NNN:<key>` is the step id.
 */
export const CHAPTER_STEP_TABLE = {
  draft: {
    state: 'draft',
    event: 'DRAFTED',
    sent_when: '`novel advance` of the draft step validated the staged chapter',
    then: 'summarize',
    agent: 'chapter-writer',
    producer: 'chapter-writer',
    mode: 'draft',
    action: 'execute',
    description: 'write the chapter draft',
    awaiting: 'Awaiting the chapter-writer draft.',
    writes: ['chapter'],
    validated: true,
    recheck_at_commit: true,
    pausable: true,
    rung: 'draft',
    rests_as: null,
    gate: 'never',
    names: { en: 'draft', zh: '起草' },
  },
  summarize: {
    state: 'summarize',
    event: 'SUMMARIZED',
    sent_when:
      "`novel advance` of a summarize step (a chapter's, or an imported chapter's catch-up) validated its outputs",
    then: 'audit',
    agent: 'summarizer',
    producer: 'summarizer',
    mode: 'normal',
    action: 'execute',
    description: 'summarize the chapter',
    awaiting: 'Awaiting the summarizer (summary, state delta, crossref, storyline memory).',
    writes: ['summary', 'delta', 'crossref', 'storyline-memory', 'chapter-memory'],
    validated: true,
    recheck_at_commit: true,
    pausable: true,
    rung: 'summarize',
    rests_as: 'drafting',
    gate: 'in_revision',
    names: { en: 'summarize', zh: '摘要' },
  },
  audit: {
    state: 'audit',
    event: 'AUDITED',
    sent_when:
      '`novel advance` of the audit step validated the continuity report; what it finds blocking goes to the gate ' +
      'with the judge (§19)',
    then: 'refine',
    agent: 'continuity-auditor',
    producer: 'continuity-auditor',
    mode: 'normal',
    action: 'execute',
    description: "audit the chapter's continuity against the book's state",
    awaiting:
      "Awaiting the continuity-auditor's report: the chapter held against the state of the characters, items and " +
      "places it names, with novel's own continuity findings (§19).",
    writes: ['audit'],
    validated: true,
    recheck_at_commit: false,
    feeds_gate: true,
    pausable: true,
    rung: 'audit',
    rests_as: 'drafted',
    gate: 'in_revision',
    names: { en: 'audit', zh: '连续性审查' },
  },
  refine: {
    state: 'refine',
    event: 'REFINED',
    sent_when: "`novel advance` of the refine step; carries `title_hard` when novel's lint finds a hard title finding",
    then: 'judge',
    agent: 'style-refiner',
    producer: 'style-refiner',
    mode: 'normal',
    action: 'execute',
    description: 'refine the chapter style',
    awaiting: 'Awaiting the style-refiner pass.',
    writes: ['chapter', 'change-log'],
    validated: true,
    recheck_at_commit: false,
    pausable: true,
    rung: 'refine',
    rests_as: 'audited',
    gate: 'in_revision',
    names: { en: 'refine', zh: '润色' },
  },
  'title-fix': {
    state: 'titleFix',
    event: 'TITLE_FIXED',
    sent_when: '`novel advance` of the title-fix step (the `# ` line changed, nothing else)',
    then: 'judge',
    agent: 'style-refiner',
    producer: 'style-refiner (title-fix)',
    mode: 'title-fix',
    action: 'execute',
    description: 'fix the chapter title (the "# " line only)',
    awaiting:
      'A hard title finding after refine: the style-refiner fixes the "# " line only, once per ' + 'chapter (§13.4).',
    writes: ['chapter'],
    validated: true,
    recheck_at_commit: false,
    pausable: false,
    rung: 'refine',
    note: { en: 'title fix', zh: '改标题' },
    rests_as: 'title_fixing',
    gate: 'in_revision',
    names: { en: 'title-fix', zh: '改标题' },
  },
  judge: {
    state: 'judge',
    event: 'JUDGED',
    sent_when:
      '`novel advance` of the judge step; carries `overall_final`, `high_violation`, the high-confidence ' +
      'violations, the lint findings and the warnings computed from the evaluation(s)',
    then: 'gate',
    agent: 'quality-judge',
    producer: 'quality-judge',
    mode: 'normal',
    action: 'execute',
    description: 'judge the chapter',
    awaiting: 'Awaiting the quality-judge evaluation.',
    writes: ['eval', 'eval-secondary'],
    validated: true,
    recheck_at_commit: true,
    pausable: true,
    rung: 'judge',
    rests_as: 'refined',
    gate: 'in_revision',
    names: { en: 'judge', zh: '评审' },
  },
  'hook-fix': {
    state: 'hookFix',
    event: 'HOOK_FIXED',
    sent_when: '`novel advance` of the hook-fix step (the last two paragraphs changed, nothing else)',
    then: 'judge',
    agent: 'chapter-writer',
    producer: 'chapter-writer (hook-fix)',
    mode: 'hook-fix',
    action: 'execute',
    description: 'strengthen the chapter-end hook (the last two paragraphs only)',
    awaiting:
      'A pass or polish whose required hook is weak: the chapter-writer rewrites the last two ' +
      'paragraphs only, once per revision round, then the chapter is judged again (§13.4).',
    writes: ['chapter'],
    validated: true,
    recheck_at_commit: false,
    pausable: false,
    rung: 'judge',
    note: { en: 'hook fix', zh: '改章末钩子' },
    rests_as: 'hook_fixing',
    gate: 'never',
    names: { en: 'hook-fix', zh: '改章末钩子' },
  },
  review: {
    state: 'review',
    event: null,
    sent_when: null,
    then: null,
    agent: 'author',
    producer: 'author',
    mode: 'review',
    action: 'review',
    description: 'the author decides',
    awaiting: 'Paused for the author: novel decide chapter:NNN accept|revise|rewrite.',
    writes: [],
    validated: false,
    recheck_at_commit: false,
    pausable: false,
    rung: 'gate',
    note: { en: 'paused for the author', zh: '等待作者决定' },
    rests_as: 'judged',
    gate: 'always',
    names: { en: 'review', zh: '作者裁决' },
  },
  commit: {
    state: 'commit',
    event: 'COMMITTED',
    sent_when: "`novel commit` finished its transaction (a chapter, or an imported chapter's catch-up)",
    then: 'done',
    agent: 'novel commit',
    producer: 'novel commit',
    mode: 'commit',
    action: 'commit',
    description: 'commit the chapter into the book',
    awaiting: 'The gate allows the commit transaction.',
    writes: [],
    validated: false,
    recheck_at_commit: false,
    pausable: false,
    rung: 'commit',
    rests_as: 'judged',
    gate: 'always',
    names: { en: 'commit', zh: '入库' },
  },
} as const satisfies Record<string, ChapterStepRow>;

export type ChapterStage = keyof typeof CHAPTER_STEP_TABLE;
export type ChapterStepState = (typeof CHAPTER_STEP_TABLE)[ChapterStage]['state'];

/**
 * A step run again in another mode: a revision round redrafts, a polish pass
 * refines once more. Its own state, the row of the step it runs.
 */
export const CHAPTER_STEP_MODES = {
  revising: {
    step: 'draft',
    mode: 'revision',
    description: 'revise the chapter draft',
    note: { en: 'revision', zh: '修改' },
    rests_as: 'revising',
    names: { en: 'revision', zh: '修订' },
  },
  polishing: {
    step: 'refine',
    mode: 'polish',
    description: 'polish the chapter (one extra refine)',
    note: { en: 'polish pass', zh: '打磨' },
    rests_as: 'revising',
    names: { en: 'polish', zh: '打磨' },
  },
} as const satisfies Record<
  string,
  { step: ChapterStage; mode: string; description: string; note: StepNames; rests_as: PipelineStage; names: StepNames }
>;

/** One setup step of a new book (§14). `book:<key>` is the step id. */
export interface SetupStepRow {
  agent: string;
  /** The format names its agent writes (the adapters' briefs). */
  formats: readonly string[];
  description: string;
  names: StepNames;
}

/** The setup steps of a new book, in order: the world, the cast, the style drawn from samples/. */
export const SETUP_STEP_TABLE = {
  world: {
    agent: 'world-builder',
    formats: ['world-rules', 'world-doc', 'storylines'],
    description: 'build the world and the storylines',
    names: { en: 'world', zh: '世界观' },
  },
  characters: {
    agent: 'character-weaver',
    formats: ['character', 'character-profile', 'relationships'],
    description: 'weave the cast',
    names: { en: 'characters', zh: '人物' },
  },
  style: {
    agent: 'style-analyzer',
    formats: ['style-profile'],
    description: 'draw the style profile from samples/',
    names: { en: 'style', zh: '文风' },
  },
} as const satisfies Record<string, SetupStepRow>;
export type SetupStep = keyof typeof SETUP_STEP_TABLE;

/** A step of a volume (`volume:VV:<key>`) or of an imported chapter's catch-up (`import:NNN:<key>`). */
export interface BookStepRow {
  state: string;
  agent: string;
  /** The format names its agent writes (the adapters' briefs). */
  formats: readonly string[];
  mode: string;
  action: StepAction;
  description: string;
  names: StepNames;
}

export const VOLUME_STEP_TABLE = {
  plan: {
    state: 'planning',
    agent: 'plot-architect',
    formats: ['outline', 'storyline-schedule', 'volume-foreshadowing', 'new-characters', 'contract'],
    mode: 'plan',
    action: 'execute',
    description: 'plan the volume',
    names: { en: 'plan', zh: '规划' },
  },
  commit: {
    state: 'planReady',
    agent: 'novel commit',
    formats: [],
    mode: 'plan',
    action: 'commit',
    description: 'commit the volume plan',
    names: { en: 'commit', zh: '入库' },
  },
} as const satisfies Record<string, BookStepRow>;
export type VolumeStage = keyof typeof VOLUME_STEP_TABLE;

export const IMPORT_STEP_TABLE = {
  summarize: {
    state: 'importSummarize',
    agent: 'summarizer',
    formats: [],
    mode: 'import',
    action: 'execute',
    description: 'summarize the imported chapter',
    names: { en: 'catch-up summary', zh: '补写摘要' },
  },
  commit: {
    state: 'importCommit',
    agent: 'novel commit',
    formats: [],
    mode: 'import',
    action: 'commit',
    description: "commit the imported chapter's summary",
    names: { en: 'catch-up commit', zh: '补写入库' },
  },
} as const satisfies Record<string, BookStepRow>;
export type ImportStage = keyof typeof IMPORT_STEP_TABLE;

/** The book machine's own states (not steps), in both languages: the dashboard's machine view names them. */
const BOOK_STATES: Record<string, StepNames> = {
  resolving: { en: 'resolving', zh: '判断去向' },
  setup: { en: 'setup', zh: '开书设定' },
  importing: { en: 'importing', zh: '导入补写' },
  planning: { en: 'planning', zh: '规划分卷' },
  planReady: { en: 'plan ready', zh: '大纲待入库' },
  writing: { en: 'writing', zh: '写作' },
  resume: { en: 'resume', zh: '续写' },
  done: { en: 'done', zh: '本章完成' },
  recovering: { en: 'recovering', zh: '恢复入库' },
  retrying: { en: 'retrying', zh: '重试' },
  complete: { en: 'complete', zh: '全书完成' },
  route: { en: 'route', zh: '判断' },
  awaiting: { en: 'awaiting', zh: '待执行' },
  ready: { en: 'ready', zh: '待入库' },
};

/** States named after their parent (a setup step awaiting its agent, ready to commit). */
const SUB_STATES = new Set(['awaiting', 'ready', 'route']);

/**
 * A machine state's name in both languages (`writing.titleFix` → 改标题, `setup.world.awaiting` → 世界观·待执行): the
 * steps' own names from the tables, then the book's states; undefined for a state none names.
 */
export function stateNames(state: string): StepNames | undefined {
  const parts = state.split('.');
  const own = (id: string): StepNames | undefined =>
    Object.values(CHAPTER_STEP_TABLE).find((r) => r.state === id)?.names ??
    (CHAPTER_STEP_MODES as Record<string, { names: StepNames } | undefined>)[id]?.names ??
    Object.values(IMPORT_STEP_TABLE).find((r) => r.state === id)?.names ??
    (SETUP_STEP_TABLE as Record<string, { names: StepNames } | undefined>)[id]?.names ??
    (RUNGS as Record<string, StepNames | undefined>)[id] ??
    BOOK_STATES[id];
  const last = parts.at(-1) as string;
  const named = own(last);
  if (named && parts.length >= 3 && SUB_STATES.has(last)) {
    const parent = own(parts.at(-2) as string);
    return parent ? { en: `${parent.en} · ${named.en}`, zh: `${parent.zh}·${named.zh}` } : named;
  }
  return named;
}

/** Keys of a table, in its order, typed. */
export function keysOf<T extends object>(table: T): Array<keyof T & string> {
  return Object.keys(table) as Array<keyof T & string>;
}

export const CHAPTER_STAGES = keysOf(CHAPTER_STEP_TABLE);
export const SETUP_STEPS = keysOf(SETUP_STEP_TABLE);
export const VOLUME_STAGES = keysOf(VOLUME_STEP_TABLE);
export const IMPORT_STAGES = keysOf(IMPORT_STEP_TABLE);

/** The chapter stages whose rows have `key` true. */
type StagesWhere<K extends 'validated' | 'pausable'> = {
  [S in ChapterStage]: (typeof CHAPTER_STEP_TABLE)[S][K] extends true ? S : never;
}[ChapterStage];

/** The chapter stages whose agents write staged files, in pipeline order. */
export const WRITING_STAGES = CHAPTER_STAGES.filter((s) => CHAPTER_STEP_TABLE[s].writes.length > 0) as ValidatedStage[];
/** The chapter stages `novel validate` checks (those that write staged files). */
export type ValidatedStage = StagesWhere<'validated'>;
export const VALIDATED_STAGES = CHAPTER_STAGES.filter((s) => CHAPTER_STEP_TABLE[s].validated) as ValidatedStage[];
/** The stages whose outputs the commit validates again, in pipeline order. */
export const RECHECKED_AT_COMMIT = CHAPTER_STAGES.filter(
  (s) => CHAPTER_STEP_TABLE[s].recheck_at_commit,
) as ValidatedStage[];
/** The stages `novel run --pause-after` accepts: chapter stages, and a volume's plan. */
export type PauseStage = StagesWhere<'pausable'> | 'plan';
export const PAUSE_STAGES: readonly PauseStage[] = [
  ...(CHAPTER_STAGES.filter((s) => CHAPTER_STEP_TABLE[s].pausable) as PauseStage[]),
  'plan',
];

/** The event each chapter stage's advance sends (the review sends the author's decision instead). */
export const STEP_EVENT = Object.fromEntries(
  CHAPTER_STAGES.flatMap((s) => (CHAPTER_STEP_TABLE[s].event === null ? [] : [[s, CHAPTER_STEP_TABLE[s].event]])),
) as {
  [S in ChapterStage as (typeof CHAPTER_STEP_TABLE)[S]['event'] extends null
    ? never
    : S]: (typeof CHAPTER_STEP_TABLE)[S]['event'];
};
export type AdvanceableStage = keyof typeof STEP_EVENT;

/** The ladder of `novel status`: the lock, then each step's rung in pipeline order. */
export const LADDER: readonly LadderRung[] = keysOf(RUNGS).filter(
  (rung) => rung === 'lock' || CHAPTER_STAGES.some((s) => CHAPTER_STEP_TABLE[s].rung === rung),
);

/** Every agent a packet can name, in the order the steps first use them. */
export const AGENT_NAMES = [
  ...new Set([
    ...CHAPTER_STAGES.filter((s) => CHAPTER_STEP_TABLE[s].action === 'execute').map((s) => CHAPTER_STEP_TABLE[s].agent),
    VOLUME_STEP_TABLE.plan.agent,
    ...SETUP_STEPS.map((s) => SETUP_STEP_TABLE[s].agent),
    'novel commit',
    'author',
  ]),
];

/** The modes a packet (and a state's meta) can carry: a step's first pass, another pass, a setup step. */
export type StepMode =
  | (typeof CHAPTER_STEP_TABLE)[ChapterStage]['mode']
  | (typeof CHAPTER_STEP_MODES)[keyof typeof CHAPTER_STEP_MODES]['mode']
  | (typeof VOLUME_STEP_TABLE)[VolumeStage]['mode']
  | (typeof IMPORT_STEP_TABLE)[ImportStage]['mode']
  | 'setup';

export const STEP_MODES: readonly StepMode[] = [
  ...new Set<StepMode>([
    ...CHAPTER_STAGES.map((s) => CHAPTER_STEP_TABLE[s].mode),
    ...keysOf(CHAPTER_STEP_MODES).map((s) => CHAPTER_STEP_MODES[s].mode),
    ...VOLUME_STAGES.map((s) => VOLUME_STEP_TABLE[s].mode),
    'setup',
    ...IMPORT_STAGES.map((s) => IMPORT_STEP_TABLE[s].mode),
  ]),
];

/** Every note of the status ladder, English to Chinese. */
export const LADDER_NOTES_ZH: ReadonlyMap<string, string> = new Map([
  ...CHAPTER_STAGES.flatMap((s) => {
    const row: ChapterStepRow = CHAPTER_STEP_TABLE[s];
    return row.note ? [[row.note.en, row.note.zh] as const] : [];
  }),
  ...keysOf(CHAPTER_STEP_MODES).map((m) => [CHAPTER_STEP_MODES[m].note.en, CHAPTER_STEP_MODES[m].note.zh] as const),
]);

/** A chapter stage's Chinese name. */
export const stageZh = (stage: string): string =>
  (CHAPTER_STEP_TABLE as Record<string, ChapterStepRow>)[stage]?.names.zh ?? stage;

/** The formats each agent writes, in the order its steps write them (the adapters' briefs). */
export function agentFormats(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (agent: string, formats: readonly string[]): void => {
    const list = (out[agent] ??= []);
    for (const f of formats) if (!list.includes(f)) list.push(f);
  };
  for (const s of CHAPTER_STAGES) {
    const row: ChapterStepRow = CHAPTER_STEP_TABLE[s];
    if (row.action === 'execute')
      add(
        row.agent,
        row.writes.flatMap((o) => CHAPTER_OUTPUTS[o].formats),
      );
  }
  for (const s of VOLUME_STAGES)
    if (VOLUME_STEP_TABLE[s].action === 'execute') add(VOLUME_STEP_TABLE[s].agent, VOLUME_STEP_TABLE[s].formats);
  for (const s of SETUP_STEPS) add(SETUP_STEP_TABLE[s].agent, SETUP_STEP_TABLE[s].formats);
  return out;
}

/**
 * A chapter's first pass, as each row's `then` leads: draft → summarize → … → commit. A state that is no step's (the
 * gate) is shown in parentheses; on a pass it leads to the commit.
 */
export function firstPassOrder(): string[] {
  const byState = new Map<string, ChapterStage>(CHAPTER_STAGES.map((s) => [CHAPTER_STEP_TABLE[s].state, s]));
  const out: string[] = [];
  let state: string | null = CHAPTER_STEP_TABLE.draft.state;
  while (state !== null && state !== 'done' && out.length <= CHAPTER_STAGES.length) {
    const stage = byState.get(state);
    if (stage === undefined) {
      out.push(`(${state})`);
      state = CHAPTER_STEP_TABLE.commit.state;
      continue;
    }
    out.push(stage);
    state = CHAPTER_STEP_TABLE[stage].then;
  }
  return out;
}

/** The outputs the commit moves into the book as they are, in the table's order. */
export const MOVED_AT_COMMIT = keysOf(CHAPTER_OUTPUTS).filter((o) => CHAPTER_OUTPUTS[o].moved);
