/**
 * Shapes of what agents write under staging/ (PROTOCOL §4, §7.4). These
 * schemas are the one source of the formats: `validate` parses with them,
 * docs/formats.md and docs/schemas/*.schema.json are generated from them
 * (`npm run docs`), and `novel schema <name>` prints them.
 */
import * as v from 'valibot';
import { jsonExample, type FileFormat } from './file-format.js';
import { lazily, NonNegativeIntSchema, PositiveIntSchema, recordOf, SlugSchema } from './common.js';

const d = v.description;

export const DeltaSchema = lazily(() =>
  v.looseObject({
    chapter: v.pipe(PositiveIntSchema, d('the chapter number (NNN)')),
    base_state_version: v.pipe(
      NonNegativeIntSchema,
      d('state_version of state/current-state.json the ops were written against'),
    ),
    storyline_id: v.pipe(
      SlugSchema,
      d("the chapter's storyline (a slug); its memory is staging/storylines/{storyline_id}/memory.md"),
    ),
    ops: v.pipe(v.array(v.unknown()), d('state ops (see delta-op); malformed ops are dropped at commit')),
    unknown_entities: v.optional(
      v.pipe(v.array(v.unknown()), d('names met in the chapter that have no character file (logged, not applied)')),
    ),
    recollections: v.optional(
      v.pipe(
        v.array(
          v.strictObject({
            lines: v.pipe(
              v.tuple([PositiveIntSchema, PositiveIntSchema]),
              d('the first and last line of the chapter the span covers (1-based, the title line is line 1)'),
            ),
            kind: v.picklist(['memory', 'dream', 'flashback']),
          }),
        ),
        d('spans of the chapter that are a memory, a dream or a flashback: who acts there is not acting now (§19)'),
      ),
    ),
  }),
);
export type Delta = v.InferOutput<typeof DeltaSchema>;

const PathOf = (what: string) => v.pipe(v.string(), d(what));

/** The op grammar of §7.1 (documentation and JSON Schema; commit applies what matches and drops the rest). */
export const DeltaOpSchema = lazily(() =>
  v.variant('op', [
    v.looseObject({
      op: v.literal('set'),
      path: PathOf(
        '2–4 dot-separated slug segments; the first one of characters, ' +
          'items, locations, factions, world_state, active_foreshadowing',
      ),
      value: v.pipe(v.unknown(), d('the new value')),
    }),
    v.looseObject({
      op: v.literal('inc'),
      path: PathOf('as for set; the value there is a number (missing: 0)'),
      value: v.pipe(v.number(), d('added to the number')),
    }),
    v.looseObject({
      op: v.literal('add'),
      path: PathOf('as for set; the value there is an array'),
      value: v.pipe(v.unknown(), d('appended unless an equal element is present')),
    }),
    v.looseObject({
      op: v.literal('remove'),
      path: PathOf('as for set; the value there is an array'),
      value: v.pipe(v.unknown(), d('equal elements are removed')),
    }),
    v.looseObject({
      op: v.literal('foreshadow'),
      path: v.pipe(SlugSchema, d('the foreshadowing id (a slug, as in foreshadowing_tasks[].id)')),
      value: v.pipe(v.picklist(['planted', 'advanced', 'resolved']), d('what happened to it in this chapter')),
      detail: v.optional(v.pipe(v.string(), d('one line: how'))),
    }),
  ]),
);

export const CrossrefSchema = lazily(() =>
  v.looseObject({
    storyline_id: v.pipe(SlugSchema, d("the chapter's storyline")),
    cross_references: v.pipe(v.array(v.unknown()), d('references to other storylines (free-form objects)')),
    leak_risk: v.pipe(
      v.picklist(['none', 'low', 'high']),
      d("risk that the chapter leaks another storyline's secrets"),
    ),
  }),
);

/** The continuity-auditor's report (§19): its issues, and novel's findings it dismisses with a reason. */
export const AuditSchema = lazily(() =>
  v.looseObject({
    chapter: v.pipe(PositiveIntSchema, d('the chapter number (NNN)')),
    issues: v.pipe(
      v.array(
        v.looseObject({
          kind: v.pipe(
            v.string(),
            v.minLength(1),
            d(
              'gone_acting, realm_down, item_used, day_back, op_conflict, name_drift, foreshadow_reopened, or your own',
            ),
          ),
          severity: v.pipe(v.picklist(['hard', 'soft']), d('hard: the chapter is revised (the gate says revise)')),
          evidence: v.pipe(v.string(), v.minLength(1), d('the sentence of the chapter (or the op) that contradicts')),
          fix: v.pipe(v.string(), v.minLength(1), d('what the writer should change')),
        }),
      ),
      d('the contradictions found, each with its evidence; [] when there are none'),
    ),
    dismissed: v.optional(
      v.pipe(
        v.array(
          v.strictObject({
            finding: v.pipe(v.string(), v.minLength(1), d("a finding's id from inline.findings (kind:subject)")),
            reason: v.pipe(
              v.string(),
              v.minLength(1),
              d('why the finding is no contradiction (a memory, a namesake …)'),
            ),
          }),
        ),
        d("novel's findings that are no contradiction: each one not dismissed here sends the chapter to revision"),
      ),
    ),
  }),
);

export const CheckSchema = lazily(() =>
  v.looseObject({
    status: v.pipe(v.string(), d('pass, violation, …')),
    confidence: v.pipe(v.picklist(['high', 'medium', 'low']), d('only a high-confidence violation blocks')),
    constraint_type: v.optional(v.pipe(v.string(), d('hard or soft; an ls violation without it counts as hard'))),
  }),
);

export const ScoreSchema = lazily(() =>
  v.looseObject({
    score: v.pipe(v.number(), d('0–5')),
    reason: v.pipe(
      v.string(),
      d('one sentence; the two lowest become the revision fixes when required_fixes is empty'),
    ),
  }),
);

export const EvalSchema = lazily(() =>
  v.looseObject({
    chapter: v.pipe(PositiveIntSchema, d('the chapter number (NNN)')),
    overall: v.pipe(v.number(), v.minValue(0), v.maxValue(5), d('the overall score the gate reads (§6)')),
    recommendation: v.pipe(v.string(), d("pass, polish, revise, …: the judge's advice (the gate decides)")),
    contract_verification: v.looseObject({
      l1_checks: v.pipe(
        v.array(CheckSchema),
        d('world rules: {rule_id, status, confidence, constraint_type?, detail?}'),
      ),
      l2_checks: v.pipe(v.array(CheckSchema), d('character contracts: {contract_id, …}')),
      l3_checks: v.pipe(v.array(CheckSchema), d('chapter contract objectives: {objective_id, …}')),
      ls_checks: v.pipe(v.array(CheckSchema), d('storyline rules: {rule_id, …, constraint_type: hard|soft}')),
    }),
    scores: recordOf(
      ScoreSchema,
      'dimension → {score 1–5, reason}: plot_logic, character, immersion, foreshadowing, pacing, ' +
        'style_naturalness, emotional_impact, storyline_coherence (and hook_strength when ' +
        'quality.hook.required); with all of them novel computes overall_final as their weighted mean (§13.3)',
    ),
    hook: v.optional(
      v.pipe(
        v.looseObject({
          present: v.pipe(v.boolean(), d('does the chapter end on a hook?')),
          type: v.pipe(
            v.picklist(['question', 'threat_reveal', 'twist_reveal', 'emotional_cliff', 'next_objective', 'none']),
            d('the kind of hook'),
          ),
          evidence: v.pipe(v.string(), d('the line that carries it, quoted')),
        }),
        d('the chapter-end hook (§13.4)'),
      ),
    ),
    required_fixes: v.optional(
      v.pipe(
        v.array(v.looseObject({ target: v.optional(v.string()), instruction: v.string() })),
        d('what a revision must change'),
      ),
    ),
  }),
);
export type Evaluation = v.InferOutput<typeof EvalSchema>;

export const ChapterMemorySchema = lazily(() =>
  v.looseObject({
    chapter: v.pipe(PositiveIntSchema, d('the chapter number (NNN)')),
    time_anchor: v.pipe(v.string(), d('when the chapter happens, in story time')),
    location: v.pipe(v.string(), d('where it mostly happens')),
    events: v.pipe(v.array(v.unknown()), d('what happened, one short line each')),
    character_states: recordOf(v.unknown(), 'character → state'),
    open_threads: v.pipe(v.array(v.unknown()), d('questions the chapter leaves open')),
  }),
);

export const ChangeLogSchema = lazily(() =>
  v.union([
    v.pipe(
      v.array(
        v.looseObject({
          before: v.optional(v.string()),
          after: v.optional(v.string()),
          reason: v.optional(v.string()),
        }),
      ),
      d('one entry per change: {before, after, reason}'),
    ),
    // An object (valibot's object check lets an array through: an array that is not a list of changes is refused).
    v.pipe(
      v.custom<Record<string, unknown>>(
        (x) => typeof x === 'object' && x !== null && !Array.isArray(x),
        'schema.object',
      ),
      v.looseObject({}),
    ),
  ]),
);

const json = jsonExample;

/**
 * The formats of the chapter steps' staged outputs, each beside its schema: a
 * new step's output is documented here with its schema (docs/formats.md, the
 * adapters' briefs and `novel schema` read them through src/schemas/formats.ts).
 */
export const CHAPTER_OUTPUT_FORMATS: readonly FileFormat[] = [
  {
    name: 'chapter',
    exampleAt: 'staging/chapters/chapter-004.md',
    title: 'Chapter draft',
    path: 'staging/chapters/chapter-NNN.md',
    writer: 'chapter-writer (draft; a revision overwrites it), style-refiner (refine overwrites it)',
    rules: [
      'UTF-8 text, not empty',
      'the first non-empty line is the title: `# 第N章 标题`',
      'the style-refiner keeps the title line unchanged (a warning otherwise)',
    ],
    example:
      '# 第4章 藏经阁\n\n夜色压在藏经阁的飞檐上。林青岚贴着墙根走到第三层的禁制前，' +
      '残剑在怀里微微发烫。\n\n“谁？”阴影里有人低声问。\n',
  },
  {
    name: 'summary',
    exampleAt: 'staging/summaries/chapter-004-summary.md',
    title: 'Chapter summary',
    path: 'staging/summaries/chapter-NNN-summary.md',
    writer: 'summarizer (summarize)',
    rules: [
      'UTF-8 text with a non-whitespace character',
      'later packets name the latest summaries as recent_summaries',
    ],
    example: '# 第4章摘要\n\n林青岚夜闯藏经阁第三层，残剑在禁制前震颤；叶知秋现身，未揭穿他。\n',
  },
  {
    name: 'delta',
    exampleAt: 'staging/state/chapter-004-delta.json',
    title: 'State delta',
    path: 'staging/state/chapter-NNN-delta.json',
    writer: 'summarizer (summarize)',
    schema: DeltaSchema,
    rules: [
      'chapter equals NNN; base_state_version is the state_version of state/current-state.json (compared at commit)',
      'each op follows the delta-op grammar; an op that does not is dropped at ' +
        'commit (`novel commit --dry-run` lists the ops applied and dropped)',
    ],
    example: json({
      chapter: 4,
      base_state_version: 3,
      storyline_id: 'main-sword',
      ops: [
        { op: 'set', path: 'characters.lin-qingyan.location', value: '藏经阁' },
        { op: 'inc', path: 'characters.lin-qingyan.rule_breaks', value: 1 },
        { op: 'foreshadow', path: 'f-001', value: 'advanced', detail: '残剑在禁制前震颤' },
      ],
      unknown_entities: [{ name: '守阁傀儡', type: 'creature' }],
    }),
  },
  {
    name: 'delta-op',
    exampleAt: null,
    title: 'One state op of a delta',
    path: '(an element of ops in the delta)',
    writer: 'summarizer (summarize)',
    schema: DeltaOpSchema,
    rules: [
      'paths of set/inc/add/remove have 2–4 dot-separated slug segments (lowercase a-z, 0-9, _ and -), ' +
        'the first one of characters, items, locations, factions, world_state, active_foreshadowing',
      'ids are slugs as in entity_id_map and foreshadowing_tasks[].id: ' +
        '`characters.lin-qingyan.location`, never a display name such as 林青岚',
      'a foreshadow op names the foreshadowing id as its path and planted, advanced or resolved as its value',
    ],
    example: json({ op: 'set', path: 'characters.lin-qingyan.location', value: '藏经阁' }),
  },
  {
    name: 'crossref',
    exampleAt: 'staging/state/chapter-004-crossref.json',
    title: 'Cross-storyline references',
    path: 'staging/state/chapter-NNN-crossref.json',
    writer: 'summarizer (summarize)',
    schema: CrossrefSchema,
    rules: ['moved to state/chapter-NNN-crossref.json at commit'],
    example: json({
      storyline_id: 'main-sword',
      cross_references: [{ storyline_id: 'sect-intrigue', note: '叶知秋的立场' }],
      leak_risk: 'low',
    }),
  },
  {
    name: 'audit',
    exampleAt: 'staging/audits/chapter-004-audit.json',
    title: 'Continuity audit',
    path: 'staging/audits/chapter-NNN-audit.json',
    writer: 'continuity-auditor (audit)',
    schema: AuditSchema,
    rules: [
      'hold the chapter against inline.state_slice (the characters, items and places it names) and ' +
        'inline.foreshadowing_due; report each contradiction in issues with the sentence as evidence',
      'every finding in inline.findings that you do not list in dismissed, with a reason, sends the chapter to ' +
        'revision; so does every hard issue',
      'moved to audits/chapter-NNN-audit.json at commit; a revision round archives it',
    ],
    example: json({
      chapter: 4,
      issues: [],
      dismissed: [
        { finding: 'gone_acting:yun-wanqing', reason: '第 12 行是林青岚梦中所见，delta 的 recollections 漏标了' },
      ],
    }),
  },
  {
    name: 'storyline-memory',
    exampleAt: 'staging/storylines/main-sword/memory.md',
    title: 'Storyline memory',
    path: 'staging/storylines/{storyline_id}/memory.md',
    writer: 'summarizer (summarize)',
    rules: [
      "the delta's storyline_id names the storyline; the text is not empty",
      'it replaces storylines/{storyline_id}/memory.md at commit: start from the committed memory ' +
        "(the packet names it as storyline_memory), keep its lines and add this chapter's; " +
        '`validate` warns when fewer than memory_keep_ratio (0.8) of its lines are kept',
    ],
    example:
      '# 残剑主线记忆\n\n- 第1章：林青岚入外门，于后山拾得残剑。\n- 第3章：' +
      '残剑在月下微鸣，剑身浮现古篆“岚”。\n- 第4章：夜闯藏经阁，残剑在禁制前震颤。\n',
  },
  {
    name: 'chapter-memory',
    exampleAt: 'staging/state/chapter-004-memory.json',
    title: 'Chapter memory (optional)',
    path: 'staging/state/chapter-NNN-memory.json',
    writer: 'summarizer (summarize)',
    schema: ChapterMemorySchema,
    rules: [
      'chapter equals NNN',
      'upserted into state/chapter-memory.json at commit; the next packets carry it as recent_memory',
    ],
    example: json({
      chapter: 4,
      time_anchor: '入门第五日夜',
      location: '藏经阁',
      events: ['夜闯第三层', '叶知秋现身'],
      character_states: { 'lin-qingyan': '紧张', 'ye-zhiqiu': '审视' },
      open_threads: ['叶知秋的态度'],
    }),
  },
  {
    name: 'change-log',
    exampleAt: 'staging/logs/style-refiner-chapter-004-changes.json',
    title: 'Style-refiner change log (optional)',
    path: 'staging/logs/style-refiner-chapter-NNN-changes.json',
    writer: 'style-refiner (refine)',
    schema: ChangeLogSchema,
    rules: ['JSON, not prose: an array of {before, after, reason}', 'its presence also marks a refine as done'],
    example: json([
      { before: '不禁', after: '', reason: 'ai-blacklist' },
      { before: '他很害怕。', after: '他攥紧了剑柄。', reason: 'show, not tell' },
    ]),
  },
  {
    name: 'eval',
    exampleAt: 'staging/evaluations/chapter-004-eval.json',
    title: 'Evaluation',
    path: 'staging/evaluations/chapter-NNN-eval.json (a second judge: chapter-NNN-eval-secondary.json)',
    writer: 'quality-judge (judge); read-only agents answer with the JSON and the executor writes it',
    schema: EvalSchema,
    rules: [
      'chapter equals NNN',
      'a check blocks (revise) when status is violation with confidence high; ' +
        'an ls check blocks only when constraint_type is hard or absent',
      'scores: every dimension is {score 1–5, reason}: plot_logic, character, immersion, foreshadowing, ' +
        'pacing, style_naturalness, emotional_impact, storyline_coherence, and hook_strength when the ' +
        'platform requires a hook; novel computes overall_final as their weighted mean',
      'hook: {present, type: question | threat_reveal | twist_reveal | emotional_cliff ' +
        '| next_objective | none, evidence}; required_fixes: [{target?, instruction}]',
    ],
    example: json({
      chapter: 4,
      overall: 4.2,
      recommendation: 'pass',
      contract_verification: {
        l1_checks: [{ rule_id: 'w-001', status: 'pass', confidence: 'high', constraint_type: 'hard' }],
        l2_checks: [{ contract_id: 'lin-qingyan-c1', status: 'pass', confidence: 'medium' }],
        l3_checks: [{ objective_id: 'C004-O1', status: 'pass', confidence: 'high' }],
        ls_checks: [{ rule_id: 'ls-001', status: 'pass', confidence: 'medium', constraint_type: 'soft' }],
      },
      scores: {
        plot_logic: { score: 4, reason: '情节推进清晰，因果成立' },
        character: { score: 4, reason: '林青岚的选择符合他的处境' },
        immersion: { score: 4, reason: '藏经阁的夜色写得有画面' },
        foreshadowing: { score: 4, reason: '残剑的异动轻轻带过' },
        pacing: { score: 4, reason: '没有水文' },
        style_naturalness: { score: 4.5, reason: '文风贴合设定' },
        emotional_impact: { score: 4, reason: '被发现的一刻有紧张感' },
        storyline_coherence: { score: 4.5, reason: '与主线衔接自然' },
        hook_strength: { score: 4.5, reason: '叶知秋现身，悬念留到下一章' },
      },
      hook: { present: true, type: 'threat_reveal', evidence: '外门弟子，擅入第三层，你可知罪？' },
      required_fixes: [],
    }),
  },
];
