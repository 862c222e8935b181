// machines/pipeline.states.ts
import { and } from "xstate";

// src/core/step-table.ts
var CHAPTER_OUTPUTS = {
  chapter: {
    staged: "staging/chapters/chapter-{NNN}.md",
    formats: ["chapter"],
    archived: false,
    book: "chapters/chapter-{NNN}.md",
    moved: true
  },
  summary: {
    staged: "staging/summaries/chapter-{NNN}-summary.md",
    formats: ["summary"],
    archived: true,
    book: "summaries/chapter-{NNN}-summary.md",
    moved: true
  },
  delta: {
    staged: "staging/state/chapter-{NNN}-delta.json",
    formats: ["delta", "delta-op"],
    archived: true,
    book: null,
    moved: false
  },
  crossref: {
    staged: "staging/state/chapter-{NNN}-crossref.json",
    formats: ["crossref"],
    archived: true,
    book: "state/chapter-{NNN}-crossref.json",
    moved: true
  },
  "storyline-memory": {
    staged: "staging/storylines/{storyline}/memory.md",
    formats: ["storyline-memory"],
    archived: true,
    book: "storylines/{storyline}/memory.md",
    moved: true
  },
  "chapter-memory": {
    staged: "staging/state/chapter-{NNN}-memory.json",
    formats: ["chapter-memory"],
    archived: true,
    book: null,
    moved: false
  },
  "change-log": {
    staged: "staging/logs/style-refiner-chapter-{NNN}-changes.json",
    formats: ["change-log"],
    archived: true,
    book: null,
    moved: false
  },
  audit: {
    staged: "staging/audits/chapter-{NNN}-audit.json",
    formats: ["audit"],
    archived: true,
    book: "audits/chapter-{NNN}-audit.json",
    moved: true
  },
  eval: {
    staged: "staging/evaluations/chapter-{NNN}-eval.json",
    formats: ["eval"],
    archived: true,
    book: "evaluations/chapter-{NNN}-eval.json",
    moved: false
  },
  "eval-secondary": {
    staged: "staging/evaluations/chapter-{NNN}-eval-secondary.json",
    formats: ["eval"],
    archived: true,
    book: "evaluations/chapter-{NNN}-eval-secondary.json",
    moved: false
  }
};
var RUNGS = {
  lock: { en: "lock", zh: "\u52A0\u9501" },
  draft: { en: "draft", zh: "\u8D77\u8349" },
  summarize: { en: "summarize", zh: "\u6458\u8981" },
  audit: { en: "audit", zh: "\u8FDE\u7EED\u6027\u5BA1\u67E5" },
  refine: { en: "refine", zh: "\u6DA6\u8272" },
  judge: { en: "judge", zh: "\u8BC4\u5BA1" },
  gate: { en: "gate", zh: "\u95F8\u95E8" },
  commit: { en: "commit", zh: "\u5165\u5E93" }
};
var ACTION_NAMES = {
  execute: { en: "execute", zh: "\u6267\u884C" },
  advance: { en: "advance", zh: "\u767B\u8BB0" },
  commit: { en: "commit", zh: "\u5165\u5E93" },
  review: { en: "review", zh: "\u5F85\u4F5C\u8005\u51B3\u5B9A" },
  recover: { en: "recover", zh: "\u6062\u590D" },
  done: { en: "done", zh: "\u5B8C\u6210" },
  fix: { en: "fix", zh: "\u5148\u4FEE\u590D" }
};
var CHAPTER_STEP_TABLE = {
  draft: {
    state: "draft",
    event: "DRAFTED",
    sent_when: "`novel advance` of the draft step validated the staged chapter",
    then: "summarize",
    agent: "chapter-writer",
    producer: "chapter-writer",
    mode: "draft",
    action: "execute",
    description: "write the chapter draft",
    awaiting: "Awaiting the chapter-writer draft.",
    writes: ["chapter"],
    validated: true,
    recheck_at_commit: true,
    pausable: true,
    rung: "draft",
    rests_as: null,
    gate: "never",
    names: { en: "draft", zh: "\u8D77\u8349" }
  },
  summarize: {
    state: "summarize",
    event: "SUMMARIZED",
    sent_when: "`novel advance` of a summarize step (a chapter's, or an imported chapter's catch-up) validated its outputs",
    then: "audit",
    agent: "summarizer",
    producer: "summarizer",
    mode: "normal",
    action: "execute",
    description: "summarize the chapter",
    awaiting: "Awaiting the summarizer (summary, state delta, crossref, storyline memory).",
    writes: ["summary", "delta", "crossref", "storyline-memory", "chapter-memory"],
    validated: true,
    recheck_at_commit: true,
    pausable: true,
    rung: "summarize",
    rests_as: "drafting",
    gate: "in_revision",
    names: { en: "summarize", zh: "\u6458\u8981" }
  },
  audit: {
    state: "audit",
    event: "AUDITED",
    sent_when: "`novel advance` of the audit step validated the continuity report; what it finds blocking goes to the gate with the judge (\xA719)",
    then: "refine",
    agent: "continuity-auditor",
    producer: "continuity-auditor",
    mode: "normal",
    action: "execute",
    description: "audit the chapter's continuity against the book's state",
    awaiting: "Awaiting the continuity-auditor's report: the chapter held against the state of the characters, items and places it names, with novel's own continuity findings (\xA719).",
    writes: ["audit"],
    validated: true,
    recheck_at_commit: false,
    feeds_gate: true,
    pausable: true,
    rung: "audit",
    rests_as: "drafted",
    gate: "in_revision",
    names: { en: "audit", zh: "\u8FDE\u7EED\u6027\u5BA1\u67E5" }
  },
  refine: {
    state: "refine",
    event: "REFINED",
    sent_when: "`novel advance` of the refine step; carries `title_hard` when novel's lint finds a hard title finding",
    then: "judge",
    agent: "style-refiner",
    producer: "style-refiner",
    mode: "normal",
    action: "execute",
    description: "refine the chapter style",
    awaiting: "Awaiting the style-refiner pass.",
    writes: ["chapter", "change-log"],
    validated: true,
    recheck_at_commit: false,
    pausable: true,
    rung: "refine",
    rests_as: "audited",
    gate: "in_revision",
    names: { en: "refine", zh: "\u6DA6\u8272" }
  },
  "title-fix": {
    state: "titleFix",
    event: "TITLE_FIXED",
    sent_when: "`novel advance` of the title-fix step (the `# ` line changed, nothing else)",
    then: "judge",
    agent: "style-refiner",
    producer: "style-refiner (title-fix)",
    mode: "title-fix",
    action: "execute",
    description: 'fix the chapter title (the "# " line only)',
    awaiting: 'A hard title finding after refine: the style-refiner fixes the "# " line only, once per chapter (\xA713.4).',
    writes: ["chapter"],
    validated: true,
    recheck_at_commit: false,
    pausable: false,
    rung: "refine",
    note: { en: "title fix", zh: "\u6539\u6807\u9898" },
    rests_as: "title_fixing",
    gate: "in_revision",
    names: { en: "title-fix", zh: "\u6539\u6807\u9898" }
  },
  judge: {
    state: "judge",
    event: "JUDGED",
    sent_when: "`novel advance` of the judge step; carries `overall_final`, `high_violation`, the high-confidence violations, the lint findings and the warnings computed from the evaluation(s)",
    then: "gate",
    agent: "quality-judge",
    producer: "quality-judge",
    mode: "normal",
    action: "execute",
    description: "judge the chapter",
    awaiting: "Awaiting the quality-judge evaluation.",
    writes: ["eval", "eval-secondary"],
    validated: true,
    recheck_at_commit: true,
    pausable: true,
    rung: "judge",
    rests_as: "refined",
    gate: "in_revision",
    names: { en: "judge", zh: "\u8BC4\u5BA1" }
  },
  "hook-fix": {
    state: "hookFix",
    event: "HOOK_FIXED",
    sent_when: "`novel advance` of the hook-fix step (the last two paragraphs changed, nothing else)",
    then: "judge",
    agent: "chapter-writer",
    producer: "chapter-writer (hook-fix)",
    mode: "hook-fix",
    action: "execute",
    description: "strengthen the chapter-end hook (the last two paragraphs only)",
    awaiting: "A pass or polish whose required hook is weak: the chapter-writer rewrites the last two paragraphs only, once per revision round, then the chapter is judged again (\xA713.4).",
    writes: ["chapter"],
    validated: true,
    recheck_at_commit: false,
    pausable: false,
    rung: "judge",
    note: { en: "hook fix", zh: "\u6539\u7AE0\u672B\u94A9\u5B50" },
    rests_as: "hook_fixing",
    gate: "never",
    names: { en: "hook-fix", zh: "\u6539\u7AE0\u672B\u94A9\u5B50" }
  },
  review: {
    state: "review",
    event: null,
    sent_when: null,
    then: null,
    agent: "author",
    producer: "author",
    mode: "review",
    action: "review",
    description: "the author decides",
    awaiting: "Paused for the author: novel decide chapter:NNN accept|revise|rewrite.",
    writes: [],
    validated: false,
    recheck_at_commit: false,
    pausable: false,
    rung: "gate",
    note: { en: "paused for the author", zh: "\u7B49\u5F85\u4F5C\u8005\u51B3\u5B9A" },
    rests_as: "judged",
    gate: "always",
    names: { en: "review", zh: "\u4F5C\u8005\u88C1\u51B3" }
  },
  commit: {
    state: "commit",
    event: "COMMITTED",
    sent_when: "`novel commit` finished its transaction (a chapter, or an imported chapter's catch-up)",
    then: "done",
    agent: "novel commit",
    producer: "novel commit",
    mode: "commit",
    action: "commit",
    description: "commit the chapter into the book",
    awaiting: "The gate allows the commit transaction.",
    writes: [],
    validated: false,
    recheck_at_commit: false,
    pausable: false,
    rung: "commit",
    rests_as: "judged",
    gate: "always",
    names: { en: "commit", zh: "\u5165\u5E93" }
  }
};
var CHAPTER_STEP_MODES = {
  revising: {
    step: "draft",
    mode: "revision",
    description: "revise the chapter draft",
    note: { en: "revision", zh: "\u4FEE\u6539" },
    rests_as: "revising",
    names: { en: "revision", zh: "\u4FEE\u8BA2" }
  },
  polishing: {
    step: "refine",
    mode: "polish",
    description: "polish the chapter (one extra refine)",
    note: { en: "polish pass", zh: "\u6253\u78E8" },
    rests_as: "revising",
    names: { en: "polish", zh: "\u6253\u78E8" }
  }
};
var SETUP_STEP_TABLE = {
  world: {
    agent: "world-builder",
    formats: ["world-rules", "world-doc", "storylines"],
    description: "build the world and the storylines",
    names: { en: "world", zh: "\u4E16\u754C\u89C2" }
  },
  characters: {
    agent: "character-weaver",
    formats: ["character", "character-profile", "relationships"],
    description: "weave the cast",
    names: { en: "characters", zh: "\u4EBA\u7269" }
  },
  style: {
    agent: "style-analyzer",
    formats: ["style-profile"],
    description: "draw the style profile from samples/",
    names: { en: "style", zh: "\u6587\u98CE" }
  }
};
var VOLUME_STEP_TABLE = {
  plan: {
    state: "planning",
    agent: "plot-architect",
    formats: ["outline", "storyline-schedule", "volume-foreshadowing", "new-characters", "contract"],
    mode: "plan",
    action: "execute",
    description: "plan the volume",
    names: { en: "plan", zh: "\u89C4\u5212" }
  },
  commit: {
    state: "planReady",
    agent: "novel commit",
    formats: [],
    mode: "plan",
    action: "commit",
    description: "commit the volume plan",
    names: { en: "commit", zh: "\u5165\u5E93" }
  }
};
var IMPORT_STEP_TABLE = {
  summarize: {
    state: "importSummarize",
    agent: "summarizer",
    formats: [],
    mode: "import",
    action: "execute",
    description: "summarize the imported chapter",
    names: { en: "catch-up summary", zh: "\u8865\u5199\u6458\u8981" }
  },
  commit: {
    state: "importCommit",
    agent: "novel commit",
    formats: [],
    mode: "import",
    action: "commit",
    description: "commit the imported chapter's summary",
    names: { en: "catch-up commit", zh: "\u8865\u5199\u5165\u5E93" }
  }
};
var BOOK_STATES = {
  resolving: { en: "resolving", zh: "\u5224\u65AD\u53BB\u5411" },
  setup: { en: "setup", zh: "\u5F00\u4E66\u8BBE\u5B9A" },
  importing: { en: "importing", zh: "\u5BFC\u5165\u8865\u5199" },
  planning: { en: "planning", zh: "\u89C4\u5212\u5206\u5377" },
  planReady: { en: "plan ready", zh: "\u5927\u7EB2\u5F85\u5165\u5E93" },
  writing: { en: "writing", zh: "\u5199\u4F5C" },
  resume: { en: "resume", zh: "\u7EED\u5199" },
  done: { en: "done", zh: "\u672C\u7AE0\u5B8C\u6210" },
  recovering: { en: "recovering", zh: "\u6062\u590D\u5165\u5E93" },
  retrying: { en: "retrying", zh: "\u91CD\u8BD5" },
  complete: { en: "complete", zh: "\u5168\u4E66\u5B8C\u6210" },
  route: { en: "route", zh: "\u5224\u65AD" },
  awaiting: { en: "awaiting", zh: "\u5F85\u6267\u884C" },
  ready: { en: "ready", zh: "\u5F85\u5165\u5E93" }
};
var SUB_STATES = /* @__PURE__ */ new Set(["awaiting", "ready", "route"]);
function stateNames(state) {
  const parts = state.split(".");
  const own = (id) => Object.values(CHAPTER_STEP_TABLE).find((r) => r.state === id)?.names ?? CHAPTER_STEP_MODES[id]?.names ?? Object.values(IMPORT_STEP_TABLE).find((r) => r.state === id)?.names ?? SETUP_STEP_TABLE[id]?.names ?? RUNGS[id] ?? BOOK_STATES[id];
  const last = parts.at(-1);
  const named = own(last);
  if (named && parts.length >= 3 && SUB_STATES.has(last)) {
    const parent = own(parts.at(-2));
    return parent ? { en: `${parent.en} \xB7 ${named.en}`, zh: `${parent.zh}\xB7${named.zh}` } : named;
  }
  return named;
}
function keysOf(table) {
  return Object.keys(table);
}
var CHAPTER_STAGES = keysOf(CHAPTER_STEP_TABLE);
var SETUP_STEPS = keysOf(SETUP_STEP_TABLE);
var VOLUME_STAGES = keysOf(VOLUME_STEP_TABLE);
var IMPORT_STAGES = keysOf(IMPORT_STEP_TABLE);
var WRITING_STAGES = CHAPTER_STAGES.filter((s) => CHAPTER_STEP_TABLE[s].writes.length > 0);
var VALIDATED_STAGES = CHAPTER_STAGES.filter((s) => CHAPTER_STEP_TABLE[s].validated);
var RECHECKED_AT_COMMIT = CHAPTER_STAGES.filter(
  (s) => CHAPTER_STEP_TABLE[s].recheck_at_commit
);
var PAUSE_STAGES = [
  ...CHAPTER_STAGES.filter((s) => CHAPTER_STEP_TABLE[s].pausable),
  "plan"
];
var STEP_EVENT = Object.fromEntries(
  CHAPTER_STAGES.flatMap((s) => CHAPTER_STEP_TABLE[s].event === null ? [] : [[s, CHAPTER_STEP_TABLE[s].event]])
);
var LADDER = keysOf(RUNGS).filter(
  (rung) => rung === "lock" || CHAPTER_STAGES.some((s) => CHAPTER_STEP_TABLE[s].rung === rung)
);
var AGENT_NAMES = [
  .../* @__PURE__ */ new Set([
    ...CHAPTER_STAGES.filter((s) => CHAPTER_STEP_TABLE[s].action === "execute").map((s) => CHAPTER_STEP_TABLE[s].agent),
    VOLUME_STEP_TABLE.plan.agent,
    ...SETUP_STEPS.map((s) => SETUP_STEP_TABLE[s].agent),
    "novel commit",
    "author"
  ])
];
var STEP_MODES = [
  .../* @__PURE__ */ new Set([
    ...CHAPTER_STAGES.map((s) => CHAPTER_STEP_TABLE[s].mode),
    ...keysOf(CHAPTER_STEP_MODES).map((s) => CHAPTER_STEP_MODES[s].mode),
    ...VOLUME_STAGES.map((s) => VOLUME_STEP_TABLE[s].mode),
    "setup",
    ...IMPORT_STAGES.map((s) => IMPORT_STEP_TABLE[s].mode)
  ])
];
var LADDER_NOTES_ZH = new Map([
  ...CHAPTER_STAGES.flatMap((s) => {
    const row = CHAPTER_STEP_TABLE[s];
    return row.note ? [[row.note.en, row.note.zh]] : [];
  }),
  ...keysOf(CHAPTER_STEP_MODES).map((m) => [CHAPTER_STEP_MODES[m].note.en, CHAPTER_STEP_MODES[m].note.zh])
]);
var stageZh = (stage) => CHAPTER_STEP_TABLE[stage]?.names.zh ?? stage;
var MOVED_AT_COMMIT = keysOf(CHAPTER_OUTPUTS).filter((o) => CHAPTER_OUTPUTS[o].moved);

// machines/pipeline.gate.ts
var DEFAULT_THRESHOLDS = { pass: 4, polish: 3.5, revise: 3, pause: 2 };
var DEFAULT_MAX_REVISIONS = 2;
function blocked(verdict) {
  return verdict.high_violation || (verdict.lint?.length ?? 0) > 0;
}
function classifyVerdict(verdict, t) {
  if (blocked(verdict)) return "revise";
  const score = verdict.overall_final;
  if (score >= t.pass) return "pass";
  if (score >= t.polish) return "polish";
  if (score >= t.revise) return "revise";
  if (score >= t.pause) return "pause_for_user";
  return "pause_for_user_force_rewrite";
}
function forcePassAllowed(verdict, t) {
  return !blocked(verdict) && verdict.overall_final >= t.revise;
}

// machines/pipeline.states.ts
function initialContext(input) {
  return {
    chapter: input.chapter,
    revision_count: 0,
    max_revisions: input.max_revisions ?? DEFAULT_MAX_REVISIONS,
    revision_policy: input.revision_policy ?? "auto",
    thresholds: input.thresholds ?? DEFAULT_THRESHOLDS,
    verdict: null,
    gate: null,
    title_fixed: input.title_fixed ?? false,
    hook_fixed_round: input.hook_fixed_round ?? null,
    volume: input.volume ?? 1,
    last_completed_chapter: input.last_completed_chapter ?? input.chapter - 1,
    chapters_per_volume: input.chapters_per_volume ?? 30,
    book_chapters: input.book_chapters ?? null,
    outline_chapters: input.outline_chapters ?? [],
    planning: input.planning ?? false,
    journal: input.journal ?? null,
    resume: null,
    claimed: false,
    setup: input.setup ?? null,
    imported_chapters: input.imported_chapters ?? 0,
    import_caught_up: input.import_caught_up ?? 0,
    import_summarized: input.import_summarized ?? false
  };
}
function stepMeta(stage) {
  const row = CHAPTER_STEP_TABLE[stage];
  const note = "note" in row ? { note: row.note.en } : {};
  return {
    step: stage,
    mode: row.mode,
    action: row.action,
    description: row.description,
    ladder: { rung: row.rung, ...note }
  };
}
function modeMeta(state) {
  const m = CHAPTER_STEP_MODES[state];
  const row = CHAPTER_STEP_TABLE[m.step];
  return {
    step: m.step,
    mode: m.mode,
    action: row.action,
    description: m.description,
    ladder: { rung: row.rung, note: m.note.en }
  };
}
var then = (stage) => CHAPTER_STEP_TABLE[stage].then ?? "done";
function stepStates() {
  const states = {};
  for (const stage of CHAPTER_STAGES) {
    const row = CHAPTER_STEP_TABLE[stage];
    states[row.state] = {
      description: row.awaiting,
      meta: stepMeta(stage),
      on: row.event === null ? {} : { [row.event]: then(stage) }
    };
  }
  return states;
}
var chapterStates = {
  lock: {
    description: "The chapter is claimed: a fresh round with no revisions and no gate.",
    always: { target: CHAPTER_STEP_TABLE.draft.state, actions: "startChapter" }
  },
  ...stepStates(),
  draft: {
    description: CHAPTER_STEP_TABLE.draft.awaiting,
    meta: stepMeta("draft"),
    on: { DRAFTED: { target: then("draft"), actions: "claimChapter" } }
  },
  summarize: {
    description: CHAPTER_STEP_TABLE.summarize.awaiting,
    meta: stepMeta("summarize"),
    on: {
      SUMMARIZED: then("summarize"),
      DRAFT_LOST: [{ guard: "inRevisionRound", target: "revising" }, { target: "draft" }]
    }
  },
  refine: {
    description: CHAPTER_STEP_TABLE.refine.awaiting,
    meta: stepMeta("refine"),
    on: {
      REFINED: [
        { guard: "titleNeedsFix", target: "titleFix", actions: ["markTitleFix", "archiveTitleFix"] },
        { target: then("refine") }
      ]
    }
  },
  judge: {
    description: CHAPTER_STEP_TABLE.judge.awaiting,
    meta: stepMeta("judge"),
    on: { JUDGED: { target: then("judge"), actions: "storeVerdict" } }
  },
  gate: {
    description: "The gate of \xA76: first match wins, then budget and revision policy.",
    always: [
      { guard: and(["verdictIsRevise", "policyIsNone"]), target: "commit", actions: "recordRevisionSkipped" },
      {
        guard: and(["verdictIsRevise", "revisionBudgetLeft", "policyIsManualConfirm"]),
        target: "review",
        actions: "recordReviseAwaitingConfirmation"
      },
      {
        guard: and(["verdictIsRevise", "revisionBudgetLeft"]),
        target: "revising",
        actions: ["countRevision", "recordRevise", "archiveRound"]
      },
      { guard: and(["verdictIsRevise", "forcePassAllowed"]), target: "commit", actions: "recordForcePass" },
      { guard: "verdictIsRevise", target: "review", actions: "recordBudgetSpentPause" },
      { guard: "hookNeedsFix", target: "hookFix", actions: ["markHookFix", "archiveHookFix"] },
      { guard: "verdictIsPass", target: "commit", actions: "recordPass" },
      { guard: "verdictIsPolish", target: "polishing", actions: "recordPolish" },
      { guard: "verdictIsPause", target: "review", actions: "recordPause" },
      { target: "review", actions: "recordForceRewritePause" }
    ]
  },
  revising: {
    description: "A revision round: the chapter-writer redrafts with the required fixes.",
    meta: modeMeta("revising"),
    on: { DRAFTED: then("draft") }
  },
  polishing: {
    description: "One extra refine pass; no re-judge.",
    meta: modeMeta("polishing"),
    on: {
      REFINED: [
        // A polish pass that lost the title's text: the title-fix, then the chapter is judged again.
        { guard: "titleNeedsFix", target: "titleFix", actions: ["markTitleFix", "archiveTitleFix"] },
        { target: "commit", actions: "recordPolished" }
      ]
    }
  },
  review: {
    description: CHAPTER_STEP_TABLE.review.awaiting,
    meta: stepMeta("review"),
    on: {
      ACCEPT: { target: "commit", actions: "recordAcceptedByUser" },
      REVISE: { target: "revising", actions: ["countRevision", "recordRevisionByUser", "archiveRound"] },
      REWRITE: { target: "lock", actions: "archiveRewrite" }
    }
  },
  done: {
    description: "The chapter is in the book.",
    meta: {
      step: null,
      mode: "normal",
      action: "done",
      description: "chapter committed",
      ladder: null
    },
    type: "final"
  }
};
var STABLE_STATES = [
  ...CHAPTER_STAGES.map((s) => CHAPTER_STEP_TABLE[s].state),
  ...keysOf(CHAPTER_STEP_MODES),
  "done"
];

// machines/novel.setup.ts
import { assign, setup } from "xstate";

// src/core/dimension-names.ts
var DIMENSION_ZH = {
  plot_logic: "\u60C5\u8282\u903B\u8F91",
  character: "\u4EBA\u7269\u5851\u9020",
  immersion: "\u4EE3\u5165\u611F",
  foreshadowing: "\u4F0F\u7B14",
  pacing: "\u8282\u594F",
  style_naturalness: "\u6587\u98CE\u81EA\u7136",
  emotional_impact: "\u60C5\u611F\u51B2\u51FB",
  storyline_coherence: "\u6545\u4E8B\u7EBF\u8FDE\u8D2F",
  hook_strength: "\u7AE0\u672B\u94A9\u5B50"
};

// src/core/messages/entry.ts
var entry = (en, zh) => ({ en, zh });
var isSaid = (w) => typeof w === "object" && w !== null && typeof w.id === "string" && typeof w.args === "object";

// src/core/messages/core.ts
var items = (list) => (Array.isArray(list) ? list : [list]).map(String);
var listEn = (list) => items(list).join(", ");
var listZh = (list) => items(list).join("\u3001");
var CORE_GROUPS = {
  // ---- the gate's reasons (machines/novel.setup.ts): recorded in English (`reason`) and said (`words`) ----
  gate: () => ({
    "gate.blocked": entry(
      (a) => [
        a.violations !== null ? `${a.violations} high-confidence violation(s)` : "",
        a.lint !== null ? `${a.lint} hard lint finding(s) (${a.rules})` : ""
      ].filter(Boolean).join(" and "),
      (a) => [
        a.violations !== null ? `${a.violations} \u5904\u9AD8\u7F6E\u4FE1\u5EA6\u8FDD\u89C4` : "",
        a.lint !== null ? `${a.lint} \u5904\u68C0\u67E5\u786C\u4F24\uFF08${a.rules}\uFF09` : ""
      ].filter(Boolean).join("\uFF0C\u4E14")
    ),
    "gate.score": entry(
      (a) => `overall_final ${a.overall} (pass \u2265 ${a.pass}, polish \u2265 ${a.polish}, revise \u2265 ${a.revise}, pause \u2265 ${a.pause})`,
      (a) => `\u6700\u7EC8\u603B\u5206 ${a.overall}\uFF08\u901A\u8FC7 \u2265 ${a.pass}\uFF0C\u6253\u78E8 \u2265 ${a.polish}\uFF0C\u4FEE\u6539 \u2265 ${a.revise}\uFF0C\u6682\u505C \u2265 ${a.pause}\uFF09`
    ),
    "gate.pass": entry(
      (a) => `pass: ${a.score}`,
      (a) => `\u901A\u8FC7\uFF1A${a.score}`
    ),
    "gate.polish": entry(
      (a) => `polish: ${a.score}; one extra refine, then commit`,
      (a) => `\u6253\u78E8\uFF1A${a.score}\uFF1B\u518D\u6DA6\u8272\u4E00\u904D\u540E\u5165\u5E93`
    ),
    "gate.revise": entry(
      (a) => `revise: ${a.score}; revision ${a.n} of ${a.max}`,
      (a) => `\u4FEE\u6539\uFF1A${a.score}\uFF1B\u7B2C ${a.n}/${a.max} \u8F6E\u4FEE\u6539`
    ),
    "gate.revise_skipped": entry(
      (a) => `revise not acted on (revision_policy none): ${a.score}`,
      (a) => `\u5224\u5B9A\u4FEE\u6539\u4F46\u4E0D\u6267\u884C\uFF08revision_policy none\uFF09\uFF1A${a.score}`
    ),
    "gate.revise_awaits": entry(
      (a) => `revise awaits confirmation (revision_policy manual_confirm): ${a.score}`,
      (a) => `\u5224\u5B9A\u4FEE\u6539\uFF0C\u7B49\u5F85\u4F5C\u8005\u786E\u8BA4\uFF08revision_policy manual_confirm\uFF09\uFF1A${a.score}`
    ),
    "gate.force_pass": entry(
      (a) => `force pass: revision budget spent (${a.n}/${a.max}), ${a.score}, no high-confidence violation or hard lint`,
      (a) => `\u5F3A\u5236\u901A\u8FC7\uFF1A\u4FEE\u6539\u8F6E\u6B21\u5DF2\u7528\u5B8C\uFF08${a.n}/${a.max}\uFF09\uFF0C${a.score}\uFF0C\u4E14\u6CA1\u6709\u9AD8\u7F6E\u4FE1\u5EA6\u8FDD\u89C4\u6216\u68C0\u67E5\u786C\u4F24`
    ),
    "gate.budget_spent": entry(
      (a) => `revision budget spent (${a.n}/${a.max}) and ${a.score}`,
      (a) => `\u4FEE\u6539\u8F6E\u6B21\u5DF2\u7528\u5B8C\uFF08${a.n}/${a.max}\uFF09\uFF0C\u4E14${a.score}`
    ),
    "gate.below_revise": entry(
      (a) => `score below the revise threshold: ${a.score}`,
      (a) => `\u5206\u6570\u4F4E\u4E8E\u4FEE\u6539\u9608\u503C\uFF1A${a.score}`
    ),
    "gate.rewrite_advised": entry(
      (a) => `pause, rewrite advised: ${a.score}`,
      (a) => `\u6682\u505C\uFF0C\u5EFA\u8BAE\u91CD\u5199\uFF1A${a.score}`
    ),
    "gate.polished": entry(
      (a) => `${a.reason}; polished`,
      (a) => `${a.reason}\uFF1B\u5DF2\u6253\u78E8`
    ),
    "gate.accepted": entry(
      (a) => `accepted by the author (${a.reason})`,
      (a) => `\u4F5C\u8005\u5DF2\u63A5\u53D7\uFF08${a.reason}\uFF09`
    ),
    "gate.revision_requested": entry(
      (a) => `revision ${a.n} requested by the author (${a.reason})`,
      (a) => `\u4F5C\u8005\u8981\u6C42\u7B2C ${a.n} \u8F6E\u4FEE\u6539\uFF08${a.reason}\uFF09`
    ),
    "gate.recorded": entry(
      (a) => `gate ${a.decision} (recorded)`,
      (a) => `\u95F8\u95E8 ${a.decision}\uFF08\u5DF2\u8BB0\u5F55\uFF09`
    )
  }),
  // ---- the executors' box refused (src/core/sandbox.ts) ----
  boxplan: () => ({
    "boxplan.required": entry(
      (a) => `executor.sandbox is "required" but the box cannot be had: ${a.detail}`,
      (a) => `executor.sandbox \u8BBE\u4E3A "required"\uFF0C\u4F46\u8FD9\u91CC\u65E0\u6CD5\u5EFA\u7ACB\u6C99\u7BB1\uFF1A${a.detail}`
    )
  }),
  // ---- why `novel run` stops (src/core/run-policy.ts) ----
  runstop: () => ({
    "runstop.paused": entry(
      (a) => `paused after ${a.step} (--pause-after ${a.stage}); \`novel run\` continues`,
      (a) => `\u6309 --pause-after ${a.stage} \u5728 ${a.step} \u4E4B\u540E\u6682\u505C\uFF1B\`novel run\` \u4F1A\u7EE7\u7EED`
    ),
    "runstop.paused_plan": entry(
      (a) => `paused after ${a.step} (--pause-after plan): review ${a.dir}/, then \`novel run\` commits it (or \`novel commit --volume ${a.volume}\`)`,
      (a) => `\u6309 --pause-after plan \u5728 ${a.step} \u4E4B\u540E\u6682\u505C\uFF1A\u68C0\u67E5 ${a.dir}/ \u540E\uFF0C\`novel run\` \u4F1A\u628A\u5B83\u5165\u5E93\uFF08\u6216\u7528 \`novel commit --volume ${a.volume}\`\uFF09`
    ),
    "runstop.budget": entry(
      (a) => `budget reached: ${a.cost} and ${a.tokens} tokens reported so far; \`novel run\` continues with a larger budget`,
      (a) => `\u9884\u7B97\u5DF2\u7528\u5B8C\uFF1A\u76EE\u524D\u5171\u62A5\u544A ${a.cost}\u3001${a.tokens} tokens\uFF1B\u52A0\u5927\u9884\u7B97\u540E \`novel run\` \u4F1A\u7EE7\u7EED`
    ),
    "runstop.given_up": entry(
      (a) => `${a.step}: the executor failed ${a.failures} time(s); orchestrator_state is ERROR_RETRY. Fix the cause, then \`novel run\` again`,
      (a) => `${a.step}\uFF1A\u6267\u884C\u5668\u5931\u8D25\u4E86 ${a.failures} \u6B21\uFF1Borchestrator_state \u4E3A ERROR_RETRY\u3002\u6392\u9664\u539F\u56E0\u540E\u518D\u8FD0\u884C \`novel run\``
    ),
    "runstop.budget_unenforceable": entry(
      (a) => `--budget-usd: the ${a.executor} executor reports no cost, so a dollar budget could never stop the run`,
      (a) => `--budget-usd\uFF1A${a.executor} \u6267\u884C\u5668\u4E0D\u62A5\u544A\u8D39\u7528\uFF0C\u6309\u7F8E\u5143\u7684\u9884\u7B97\u6C38\u8FDC\u4E0D\u4F1A\u8BA9\u8FD0\u884C\u505C\u4E0B`
    )
  }),
  // ---- advance and decide refused (src/core/transitions.ts) ----
  transition: () => ({
    "transition.commit_pending": entry(
      (a) => `an unfinished commit journal ${a.journal} is pending`,
      (a) => `\u6709\u672A\u5B8C\u6210\u7684\u5165\u5E93\u65E5\u5FD7 ${a.journal}`
    ),
    "transition.commit_pending.hint": entry(
      (_) => "finish it first: run the commit again (`novel next` names it); it rolls forward to the committed state",
      (_) => "\u5148\u5B8C\u6210\u5B83\uFF1A\u518D\u8FD0\u884C\u4E00\u6B21\u5165\u5E93\uFF08`novel next` \u4F1A\u7ED9\u51FA\u547D\u4EE4\uFF09\uFF0C\u5B83\u4F1A\u8865\u5B8C\u5230\u5DF2\u5165\u5E93\u72B6\u6001"
    ),
    "transition.plan_first": entry(
      (a) => `${a.requested}: volume ${a.volume} is to be planned first; the next step is ${a.step}`,
      (a) => `${a.requested}\uFF1A\u987B\u5148\u89C4\u5212\u7B2C${a.volume}\u5377\uFF1B\u4E0B\u4E00\u6B65\u662F ${a.step}`
    ),
    "transition.plan_first.hint": entry(
      (a) => `plan the volume first: \`novel instructions ${a.step}\`, then \`novel commit --volume ${a.volume}\``,
      (a) => `\u5148\u89C4\u5212\u8FD9\u4E00\u5377\uFF1A\`novel instructions ${a.step}\`\uFF0C\u7136\u540E \`novel commit --volume ${a.volume}\``
    ),
    "transition.book_complete": entry(
      (a) => `${a.requested}: the planned book is complete; the next step is ${a.step}`,
      (a) => `${a.requested}\uFF1A\u5168\u4E66\u6309\u8BA1\u5212\u5DF2\u5B8C\u7ED3\uFF1B\u4E0B\u4E00\u6B65\u662F ${a.step}`
    ),
    "transition.book_complete.hint": entry(
      (a) => `raise book_chapters in novel.config.json (now ${a.now}) to write on`,
      (a) => `\u8C03\u9AD8 novel.config.json \u4E2D\u7684 book_chapters\uFF08\u73B0\u4E3A ${a.now}\uFF09\u624D\u80FD\u7EE7\u7EED\u5199`
    ),
    "transition.volume_step": entry(
      (a) => `${a.requested}: volume steps are not advanced; the volume plan is moved into the book by \`novel commit --volume ${a.volume}\``,
      (a) => `${a.requested}\uFF1A\u5377\u7684\u6B65\u9AA4\u4E0D\u7528 advance \u767B\u8BB0\uFF1B\u5377\u89C4\u5212\u7528 \`novel commit --volume ${a.volume}\` \u5165\u5E93`
    ),
    "transition.volume_step.hint": entry(
      (_) => "run `novel next` to see the pipeline step to advance",
      (_) => "\u8FD0\u884C `novel next` \u67E5\u770B\u8981\u767B\u8BB0\u7684\u6B65\u9AA4"
    ),
    "transition.setup_step": entry(
      (a) => `${a.requested}: setup steps are not advanced; their files are moved into the book by \`novel commit --setup\``,
      (a) => `${a.requested}\uFF1A\u8BBE\u5B9A\u6B65\u9AA4\u4E0D\u7528 advance \u767B\u8BB0\uFF1B\u5B83\u4EEC\u7684\u6587\u4EF6\u7528 \`novel commit --setup\` \u79FB\u5165\u4F5C\u54C1`
    ),
    "transition.setup_step.hint": entry(
      (_) => "run `novel next` to see the step to take",
      (_) => "\u8FD0\u884C `novel next` \u67E5\u770B\u4E0B\u4E00\u6B65"
    ),
    "transition.not_advanceable": entry(
      (a) => `${a.requested}: a ${a.stage} step is not advanced; use \`${a.how}\``,
      (a) => `${a.requested}\uFF1A${stageZh(a.stage)}\u8FD9\u4E00\u6B65\u4E0D\u7528 advance \u767B\u8BB0\uFF0C\u8BF7\u7528 \`${a.how}\``
    ),
    "transition.next_step": entry(
      (a) => `the next step is ${a.step} (${a.action})`,
      (a) => `\u4E0B\u4E00\u6B65\u662F ${a.step}\uFF08${a.action}\uFF09`
    ),
    "transition.out_of_order": entry(
      (a) => `${a.requested}: out of order; the pipeline expects ${a.step} (${a.action}) now`,
      (a) => `${a.requested}\uFF1A\u987A\u5E8F\u4E0D\u5BF9\uFF0C\u6D41\u6C34\u7EBF\u73B0\u5728\u5728\u7B49\u5F85 ${a.step}\uFF08${a.action}\uFF09`
    ),
    "transition.out_of_order.hint": entry(
      (a) => `order per chapter: ${a.order}; a revision loops back to draft, a polish to refine. Run \`novel next\` to see why`,
      (a) => `\u6BCF\u7AE0\u7684\u987A\u5E8F\uFF1A${a.order}\uFF1B\u4FEE\u6539\u56DE\u5230 draft\uFF0C\u6253\u78E8\u56DE\u5230 refine\u3002\u8FD0\u884C \`novel next\` \u67E5\u770B\u539F\u56E0`
    ),
    "transition.invalid": entry(
      (a) => `${a.requested}: the staged outputs do not validate`,
      (a) => `${a.requested} \u7684\u6682\u5B58\u4EA7\u51FA\u672A\u901A\u8FC7\u6821\u9A8C`
    ),
    "transition.invalid.hint": entry(
      (a) => `fix the files above, then run \`novel advance ${a.requested}\` again`,
      (a) => `\u4FEE\u6B63\u4E0A\u9762\u5217\u51FA\u7684\u6587\u4EF6\u540E\uFF0C\u91CD\u65B0\u8FD0\u884C \`novel advance ${a.requested}\``
    ),
    "transition.not_new": entry(
      (a) => `${a.requested}: the staged outputs are byte-identical to those recorded at the last advance (${listEn(a.files)})`,
      (a) => `${a.requested}\uFF1A\u6682\u5B58\u4EA7\u51FA\u4E0E\u4E0A\u6B21\u767B\u8BB0\u65F6\u5B8C\u5168\u76F8\u540C\uFF08${items(a.files).join("\uFF0C")}\uFF09`
    ),
    "transition.not_new.refine": entry(
      (a) => `run the style-refiner first; a refine that rightly changes nothing in the chapter counts once it writes a fresh change log (${a.log}, e.g. {"changes": []})`,
      (a) => `\u5148\u8FD0\u884C\u6DA6\u8272\uFF08style-refiner\uFF09\uFF1B\u82E5\u7AE0\u8282\u786E\u5B9E\u65E0\u9700\u6539\u52A8\uFF0C\u5199\u4E00\u4EFD\u65B0\u7684\u4FEE\u6539\u8BB0\u5F55\uFF08${a.log}\uFF0C\u4F8B\u5982 {"changes": []}\uFF09\u5373\u53EF\u767B\u8BB0`
    ),
    "transition.not_new.hint": entry(
      (a) => `run the ${a.stage} step first; it must write new output before it can be advanced`,
      (a) => `\u5148\u8FD0\u884C ${a.stage} \u8FD9\u4E00\u6B65\uFF0C\u5199\u51FA\u65B0\u7684\u4EA7\u51FA\u540E\u624D\u80FD\u767B\u8BB0`
    ),
    "transition.internal": entry(
      (a) => `${a.requested}: the book machine does not accept ${a.event} in state ${a.state}`,
      (a) => `${a.requested}\uFF1A\u72B6\u6001\u673A\u5728 ${a.state} \u72B6\u6001\u4E0B\u4E0D\u63A5\u53D7 ${a.event}`
    ),
    "transition.not_paused": entry(
      (a) => `decide ${a.ref}: chapter ${a.chapter} is not paused at review; the pipeline expects ${a.step} (${a.action})`,
      (a) => `decide ${a.ref}\uFF1A\u7B2C${a.chapter}\u7AE0\u5F53\u524D\u4E0D\u5728\u7B49\u5F85\u4F5C\u8005\u51B3\u5B9A\uFF1B\u6D41\u6C34\u7EBF\u5728\u7B49\u5F85 ${a.step}\uFF08${a.action}\uFF09`
    )
  }),
  // ---- instruction packets refused (src/core/packet.ts) ----
  packet: () => ({
    "packet.not_instructable": entry(
      (a) => `${a.step}: no packet; the pipeline expects ${a.expected} (${a.action})`,
      (a) => `${a.step}\uFF1A\u73B0\u5728\u4E0D\u80FD\u4E3A\u8FD9\u4E00\u6B65\u751F\u6210\u6307\u4EE4\u5305\uFF1B\u6D41\u6C34\u7EBF\u5728\u7B49\u5F85 ${a.expected}\uFF08${a.action}\uFF09`
    ),
    "packet.not_instructable.hint": entry(
      (a) => `run \`novel next\`; ${a.command}`,
      (a) => `\u8FD0\u884C \`novel next\`\uFF1B${a.command}`
    ),
    "packet.no_volume_planned": entry(
      (a) => `${a.step}: no packet; no volume is being planned`,
      (a) => `${a.step}\uFF1A\u6CA1\u6709\u6307\u4EE4\u5305\uFF1B\u5F53\u524D\u6CA1\u6709\u5728\u89C4\u5212\u7684\u5377`
    ),
    "packet.other_volume_planned": entry(
      (a) => `${a.step}: no packet; volume ${a.volume} is being planned (${a.plan})`,
      (a) => `${a.step}\uFF1A\u6CA1\u6709\u6307\u4EE4\u5305\uFF1B\u7B2C${a.volume}\u5377\u6B63\u5728\u89C4\u5212\uFF08${a.plan}\uFF09`
    ),
    "packet.pipeline_expects": entry(
      (a) => `the pipeline expects ${a.step}`,
      (a) => `\u6D41\u6C34\u7EBF\u5728\u7B49\u5F85 ${a.step}`
    ),
    "packet.not_current_chapter": entry(
      (a) => `${a.step}: packets are built for the next or inflight chapter (${a.current}); chapter ${a.chapter} is neither`,
      (a) => `${a.step}\uFF1A\u53EA\u4E3A\u4E0B\u4E00\u7AE0\u6216\u6B63\u5728\u5199\u7684\u7AE0\uFF08\u7B2C${a.current}\u7AE0\uFF09\u751F\u6210\u6307\u4EE4\u5305\uFF0C\u7B2C${a.chapter}\u7AE0\u4E24\u8005\u90FD\u4E0D\u662F`
    ),
    "packet.outline_block_missing": entry(
      (a) => `${a.file}: ${a.missing ? "file not found" : `no block for chapter ${a.chapter}`}; ${a.step} needs the chapter's outline block, a heading like "### \u7B2C ${a.chapter} \u7AE0: \u7AE0\u540D" followed by its key lines${a.nearLine !== null ? `; line ${a.nearLine} is close but is not a heading: ${a.nearText}` : ""}`,
      (a) => `${a.file}\uFF1A${a.missing ? "\u6587\u4EF6\u4E0D\u5B58\u5728" : `\u6CA1\u6709\u7B2C${a.chapter}\u7AE0\u7684\u5927\u7EB2\u6BB5\u843D`}\uFF1B${a.step} \u9700\u8981\u672C\u7AE0\u7684\u5927\u7EB2\u6BB5\u843D\uFF1A\u4E00\u884C\u5F62\u5982 "### \u7B2C ${a.chapter} \u7AE0: \u7AE0\u540D" \u7684\u6807\u9898\uFF0C\u540E\u63A5\u5404\u8981\u7D20\u884C${a.nearLine !== null ? `\uFF1B\u7B2C ${a.nearLine} \u884C\u5F88\u63A5\u8FD1\uFF0C\u4F46\u4E0D\u662F\u6807\u9898\uFF1A${a.nearText}` : ""}`
    ),
    "packet.outline_heading.hint": entry(
      (a) => `make line ${a.line} of ${a.file} a heading: "### \u7B2C ${a.chapter} \u7AE0: \u7AE0\u540D" (three #, a space, \u7B2C N \u7AE0)`,
      (a) => `\u628A ${a.file} \u7684\u7B2C ${a.line} \u884C\u6539\u6210\u6807\u9898\uFF1A"### \u7B2C ${a.chapter} \u7AE0: \u7AE0\u540D"\uFF08\u4E09\u4E2A #\u3001\u4E00\u4E2A\u7A7A\u683C\u3001\u7B2C N \u7AE0\uFF09`
    ),
    "packet.ledger": entry(
      (_) => "the chapter memory ledger (a JSON array)",
      (_) => "\u7AE0\u8282\u8BB0\u5FC6\u8D26\u672C\uFF08JSON \u6570\u7EC4\uFF09"
    ),
    "packet.unreadable_file": entry(
      (_) => "an unreadable file",
      (_) => "\u65E0\u6CD5\u8BFB\u53D6\u7684\u6587\u4EF6"
    ),
    "packet.ledger.fix": entry(
      (_) => "recent_memory is [] until the ledger exists",
      (_) => "\u8D26\u672C\u5EFA\u7ACB\u4E4B\u524D\uFF0Crecent_memory \u4E3A []"
    ),
    "packet.plan_first.hint": entry(
      (a) => `plan the volume first (\`novel next\` \u2192 volume:${a.volume}:plan)`,
      (a) => `\u5148\u89C4\u5212\u8FD9\u4E00\u5377\uFF08\`novel next\` \u2192 volume:${a.volume}:plan\uFF09`
    )
  }),
  // ---- a chapter commit refused (src/core/commit-plan.ts) ----
  commit: () => ({
    "commit.inputs_invalid": entry(
      (a) => `chapter ${a.chapter}: the staged outputs cannot be committed`,
      (a) => `\u7B2C${a.chapter}\u7AE0\u7684\u6682\u5B58\u4EA7\u51FA\u65E0\u6CD5\u5165\u5E93`
    ),
    "commit.inputs_invalid.hint": entry(
      (_) => "restore or regenerate the files above; `novel next` says which step to run",
      (_) => "\u6062\u590D\u6216\u91CD\u65B0\u751F\u6210\u4E0A\u9762\u5217\u51FA\u7684\u6587\u4EF6\uFF1B`novel next` \u4F1A\u8BF4\u660E\u8BE5\u8FD0\u884C\u54EA\u4E00\u6B65"
    ),
    "commit.import_invalid": entry(
      (a) => `imported chapter ${a.chapter}: the staged summary cannot be committed`,
      (a) => `\u5BFC\u5165\u7684\u7B2C${a.chapter}\u7AE0\uFF1A\u6682\u5B58\u7684\u6458\u8981\u65E0\u6CD5\u5165\u5E93`
    ),
    "commit.import_invalid.hint": entry(
      (a) => `run the summarizer again (\`novel instructions ${a.step}\`)`,
      (a) => `\u91CD\u65B0\u8FD0\u884C summarizer\uFF08\`novel instructions ${a.step}\`\uFF09`
    ),
    "commit.state_version": entry(
      (a) => `${a.file}: field "base_state_version": expected ${a.expected} (state/current-state.json state_version), found ${a.found}`,
      (a) => `${a.file}\uFF1A\u5B57\u6BB5 base_state_version \u5E94\u4E3A ${a.expected}\uFF08state/current-state.json \u7684 state_version\uFF09\uFF0C\u5B9E\u4E3A ${a.found}`
    ),
    "commit.state_version.hint": entry(
      (_) => "the delta was computed against another state: re-run the summarizer for this chapter (novel decide \u2026 rewrite, or regenerate the delta)",
      (_) => "delta \u662F\u6309\u53E6\u4E00\u4E2A\u72B6\u6001\u7B97\u51FA\u7684\uFF1A\u8BF7\u91CD\u65B0\u8FD0\u884C\u672C\u7AE0\u7684 summarizer\uFF08novel decide \u2026 rewrite\uFF0C\u6216\u91CD\u65B0\u751F\u6210 delta\uFF09"
    ),
    "commit.import_state_version.hint": entry(
      (_) => "the delta was computed against another state: run the summarizer on this chapter again",
      (_) => "delta \u662F\u6309\u53E6\u4E00\u4E2A\u72B6\u6001\u7B97\u51FA\u7684\uFF1A\u8BF7\u5BF9\u672C\u7AE0\u91CD\u65B0\u8FD0\u884C summarizer"
    )
  }),
  // ---- a rewind refused (src/core/rewind.ts) ----
  rewindplan: () => ({
    "rewindplan.history_mismatch": entry(
      (a) => `rewind --to ${a.to}: ${a.file} is not the text chapter ${a.chapter}'s commit left (${a.history} keeps only what it changed)`,
      (a) => `rewind --to ${a.to}\uFF1A${a.file} \u5DF2\u4E0D\u662F\u7B2C${a.chapter}\u7AE0\u63D0\u4EA4\u540E\u7684\u5185\u5BB9\uFF08${a.history} \u53EA\u8BB0\u4E0B\u4E86\u90A3\u6B21\u63D0\u4EA4\u6539\u52A8\u7684\u90E8\u5206\uFF09`
    ),
    "rewindplan.history_mismatch.hint": entry(
      (a) => `it was changed outside novel since; put back the text of chapter ${a.chapter}'s commit (git, backup), or rewind to a chapter after ${a.chapter}`,
      (a) => `\u5B83\u5728 novel \u4E4B\u5916\u88AB\u6539\u8FC7\uFF1B\u8BF7\u5148\u6062\u590D\u7B2C${a.chapter}\u7AE0\u63D0\u4EA4\u540E\u7684\u5185\u5BB9\uFF08git\u3001\u5907\u4EFD\uFF09\uFF0C\u6216\u56DE\u9000\u5230\u7B2C${a.chapter}\u7AE0\u4E4B\u540E\u7684\u7AE0\u8282`
    )
  }),
  // ---- why a state op is dropped (src/core/state-ops.ts; the changelog keeps the English) ----
  stateop: () => ({
    "stateop.not_object": entry(
      (_) => "op is not an object",
      (_) => "\u64CD\u4F5C\u4E0D\u662F\u5BF9\u8C61"
    ),
    "stateop.path_not_string": entry(
      (_) => "path is not a string",
      (_) => "path \u4E0D\u662F\u5B57\u7B26\u4E32"
    ),
    "stateop.path_segments": entry(
      (a) => `path must have 2\u20134 dot-separated segments, found ${a.n}`,
      (a) => `path \u987B\u7531 2\u20134 \u6BB5\u4EE5\u70B9\u5206\u9694\u7684\u90E8\u5206\u7EC4\u6210\uFF0C\u5B9E\u4E3A ${a.n} \u6BB5`
    ),
    "stateop.segment_forbidden": entry(
      (a) => `path segment "${a.segment}" is forbidden`,
      (a) => `path \u4E2D\u7684\u6BB5 "${a.segment}" \u4E0D\u5141\u8BB8\u4F7F\u7528`
    ),
    "stateop.segment_not_slug": entry(
      (a) => `path segment "${a.segment}" is not a slug`,
      (a) => `path \u4E2D\u7684\u6BB5 "${a.segment}" \u4E0D\u662F\u82F1\u6587\u77ED\u6807\u8BC6`
    ),
    "stateop.top_level": entry(
      (a) => `top level "${a.segment}" is not one of ${listEn(a.allowed)}`,
      (a) => `\u9876\u5C42 "${a.segment}" \u4E0D\u662F ${listZh(a.allowed)} \u4E4B\u4E00`
    ),
    "stateop.collision_object": entry(
      (a) => `type collision: "${a.segment}" holds ${a.array ? "an array" : a.type}, not an object`,
      (a) => `\u7C7B\u578B\u51B2\u7A81\uFF1A"${a.segment}" \u662F${a.array ? "\u6570\u7EC4" : ` ${a.type}`}\uFF0C\u4E0D\u662F\u5BF9\u8C61`
    ),
    "stateop.foreshadow_path": entry(
      (_) => "foreshadow path must be a foreshadowing id (slug)",
      (_) => "foreshadow \u7684 path \u987B\u662F\u4F0F\u7B14 id\uFF08\u82F1\u6587\u77ED\u6807\u8BC6\uFF09"
    ),
    "stateop.foreshadow_value": entry(
      (a) => `foreshadow value must be one of ${listEn(a.allowed)}`,
      (a) => `foreshadow \u7684 value \u987B\u662F ${listZh(a.allowed)} \u4E4B\u4E00`
    ),
    "stateop.active_not_array": entry(
      (_) => "type collision: active_foreshadowing is not an array",
      (_) => "\u7C7B\u578B\u51B2\u7A81\uFF1Aactive_foreshadowing \u4E0D\u662F\u6570\u7EC4"
    ),
    "stateop.unknown_op": entry(
      (a) => `unknown op ${a.op} (expected set, inc, add, remove or foreshadow)`,
      (a) => `\u672A\u77E5\u7684\u64CD\u4F5C ${a.op}\uFF08\u5E94\u4E3A set\u3001inc\u3001add\u3001remove \u6216 foreshadow\uFF09`
    ),
    "stateop.no_value": entry(
      (_) => "op has no value",
      (_) => "\u64CD\u4F5C\u6CA1\u6709 value"
    ),
    "stateop.inc_not_number": entry(
      (_) => "inc value is not a number",
      (_) => "inc \u7684 value \u4E0D\u662F\u6570\u5B57"
    ),
    "stateop.collision_number": entry(
      (a) => `type collision: ${a.path} holds ${a.type}, not a number`,
      (a) => `\u7C7B\u578B\u51B2\u7A81\uFF1A${a.path} \u662F ${a.type}\uFF0C\u4E0D\u662F\u6570\u5B57`
    ),
    "stateop.collision_array": entry(
      (a) => `type collision: ${a.path} is not an array`,
      (a) => `\u7C7B\u578B\u51B2\u7A81\uFF1A${a.path} \u4E0D\u662F\u6570\u7EC4`
    )
  }),
  // ---- a step's staged outputs checked (src/core/validate.ts; setup.ts and volume-plan.ts say some of these too) ----
  validate: () => ({
    "validate.the_file": entry(
      (_) => "the file",
      (_) => "\u8BE5\u6587\u4EF6"
    ),
    "validate.no_file": entry(
      (_) => "no file",
      (_) => "\u6587\u4EF6\u4E0D\u5B58\u5728"
    ),
    "validate.empty_file": entry(
      (_) => "an empty file",
      (_) => "\u7A7A\u6587\u4EF6"
    ),
    "validate.run_step": entry(
      (a) => `run the ${a.stage} step so that it writes ${a.file}`,
      (a) => `\u8FD0\u884C${stageZh(a.stage)}\u8FD9\u4E00\u6B65\uFF08${a.stage}\uFF09\uFF0C\u8BA9\u5B83\u5199\u51FA ${a.file}`
    ),
    "validate.length": entry(
      (a) => `${a.min}\u2013${a.max ?? "\u221E"} \u5B57 (chapter_length in novel.config.json)`,
      (a) => `${a.min}\u2013${a.max ?? "\u221E"} \u5B57\uFF08novel.config.json \u7684 chapter_length\uFF09`
    ),
    "validate.length_short": entry(
      (_) => "the chapter is short of the target: let the writer expand it",
      (_) => "\u5B57\u6570\u4E0D\u8DB3\uFF1A\u8BA9\u5199\u624B\u6269\u5199"
    ),
    "validate.length_long": entry(
      (_) => "the chapter is over the target: let the writer tighten it",
      (_) => "\u5B57\u6570\u8D85\u51FA\uFF1A\u8BA9\u5199\u624B\u7CBE\u7B80"
    ),
    "validate.wrong_chapter": entry(
      (a) => `this file belongs to chapter ${a.found}; write chapter ${a.chapter}'s output here`,
      (a) => `\u8FD9\u4E2A\u6587\u4EF6\u5C5E\u4E8E\u7B2C${a.found}\u7AE0\uFF1B\u8FD9\u91CC\u5E94\u5199\u7B2C${a.chapter}\u7AE0\u7684\u4EA7\u51FA`
    ),
    "validate.chapter_text": entry(
      (_) => "chapter text",
      (_) => "\u7AE0\u8282\u6B63\u6587"
    ),
    "validate.chapter_empty.fix": entry(
      (_) => "write the chapter, starting with a `# ` title line",
      (_) => "\u5199\u51FA\u7AE0\u8282\u6B63\u6587\uFF0C\u7B2C\u4E00\u884C\u662F `# ` \u5F00\u5934\u7684\u6807\u9898"
    ),
    "validate.first_line": entry(
      (_) => "first non-empty line",
      (_) => "\u7B2C\u4E00\u4E2A\u975E\u7A7A\u884C"
    ),
    "validate.line_no": entry(
      (a) => `line ${a.line}`,
      (a) => `\u7B2C ${a.line} \u884C`
    ),
    "validate.title_line": entry(
      (_) => "title line",
      (_) => "\u6807\u9898\u884C"
    ),
    "validate.title_line_example": entry(
      (_) => 'a `# ` title line, e.g. "# \u7B2C4\u7AE0 \u96E8\u591C"',
      (_) => '\u4EE5 `# ` \u5F00\u5934\u7684\u6807\u9898\u884C\uFF0C\u4F8B\u5982 "# \u7B2C4\u7AE0 \u96E8\u591C"'
    ),
    "validate.title_missing.fix": entry(
      (_) => 'start the chapter with a line "# <title>"',
      (_) => '\u7AE0\u8282\u7B2C\u4E00\u884C\u5199\u6210 "# \u6807\u9898"'
    ),
    "validate.title_for": entry(
      (a) => `a title for chapter ${a.chapter} (\u7B2C${a.chapter}\u7AE0)`,
      (a) => `\u7B2C${a.chapter}\u7AE0\u7684\u6807\u9898`
    ),
    "validate.title_names": entry(
      (a) => `${a.title}, which names chapter ${a.named}`,
      (a) => `${a.title}\uFF0C\u5199\u7684\u5374\u662F\u7B2C${a.named}\u7AE0`
    ),
    "validate.title_mismatch.fix": entry(
      (a) => `write \u7B2C${a.chapter}\u7AE0 in the title, or check that the file is chapter ${a.chapter}`,
      (a) => `\u6807\u9898\u91CC\u5199\u7B2C${a.chapter}\u7AE0\uFF0C\u6216\u786E\u8BA4\u8FD9\u4E2A\u6587\u4EF6\u786E\u662F\u7B2C${a.chapter}\u7AE0`
    ),
    "validate.title_kept": entry(
      (a) => `${a.title} (unchanged by the refiner)`,
      (a) => `${a.title}\uFF08\u6DA6\u8272\u4E0D\u5E94\u6539\u52A8\uFF09`
    ),
    "validate.title_changed.fix": entry(
      (_) => "the style-refiner should keep the title line as drafted",
      (_) => "style-refiner \u5E94\u4FDD\u7559\u8D77\u8349\u65F6\u7684\u6807\u9898\u884C"
    ),
    "validate.summary_text": entry(
      (_) => "a non-empty summary",
      (_) => "\u975E\u7A7A\u7684\u6458\u8981"
    ),
    "validate.op_applicable": entry(
      (_) => "an op the commit can apply (`novel schema delta-op`: slug paths under characters, items, locations, factions, world_state, active_foreshadowing; foreshadow ids are slugs)",
      (_) => "\u5165\u5E93\u80FD\u5E94\u7528\u7684\u64CD\u4F5C\uFF08\u89C1 `novel schema delta-op`\uFF1Acharacters\u3001items\u3001locations\u3001factions\u3001world_state\u3001active_foreshadowing \u4E0B\u7684\u82F1\u6587\u77ED\u6807\u8BC6\u8DEF\u5F84\uFF1B\u4F0F\u7B14 id \u4E5F\u662F\u82F1\u6587\u77ED\u6807\u8BC6\uFF09"
    ),
    "validate.op_dropped": entry(
      (a) => `${a.op}: ${a.why}`,
      (a) => `${a.op}\uFF1A${a.why}`
    ),
    "validate.op_dropped.fix": entry(
      (_) => "the commit drops this op; correct it (ids are lowercase slugs as in entity_id_map and foreshadowing_tasks) or remove it",
      (_) => "\u5165\u5E93\u4F1A\u4E22\u5F03\u8FD9\u6761\u64CD\u4F5C\uFF1B\u8BF7\u4FEE\u6B63\u5B83\uFF08id \u7528 entity_id_map \u4E0E foreshadowing_tasks \u4E2D\u7684\u5C0F\u5199\u82F1\u6587\u77ED\u6807\u8BC6\uFF09\u6216\u5220\u9664"
    ),
    "validate.memory_text": entry(
      (_) => "the storyline memory text",
      (_) => "\u6545\u4E8B\u7EBF\u8BB0\u5FC6\u6B63\u6587"
    ),
    "validate.memory_keep": entry(
      (a) => `at least ${a.percent}% of the ${a.lines} line(s) of ${a.file} (memory_keep_ratio)`,
      (a) => `\u4FDD\u7559 ${a.file} \u7684 ${a.lines} \u884C\u4E2D\u81F3\u5C11 ${a.percent}%\uFF08memory_keep_ratio\uFF09`
    ),
    "validate.memory_kept": entry(
      (a) => `${a.kept} kept; dropped: ${listEn(a.dropped)}`,
      (a) => `\u4FDD\u7559\u4E86 ${a.kept} \u884C\uFF1B\u5220\u53BB\uFF1A${listZh(a.dropped)}`
    ),
    "validate.memory_shrunk.fix": entry(
      (_) => "start from the committed memory (the packet names it as storyline_memory), keep its lines and add this chapter's; condense only on purpose",
      (_) => "\u4ECE\u5DF2\u5165\u5E93\u7684\u6545\u4E8B\u7EBF\u8BB0\u5FC6\uFF08\u6307\u4EE4\u5305\u4E2D\u7684 storyline_memory\uFF09\u51FA\u53D1\uFF0C\u4FDD\u7559\u539F\u6709\u5404\u884C\uFF0C\u518D\u8865\u4E0A\u672C\u7AE0\u7684\uFF1B\u53EA\u5728\u6709\u610F\u65F6\u624D\u538B\u7F29"
    ),
    "validate.delta_storyline": entry(
      (a) => `${a.id} (the delta's storyline_id)`,
      (a) => `${a.id}\uFF08\u4E0E delta \u7684 storyline_id \u4E00\u81F4\uFF09`
    ),
    "validate.secondary_eval": entry(
      (a) => `a second, independent evaluation of chapter ${a.chapter}: it is a key chapter (the first or last of its volume, or inside a convergence event)`,
      (a) => `\u7B2C${a.chapter}\u7AE0\u7684\u7B2C\u4E8C\u4EFD\u72EC\u7ACB\u8BC4\u5BA1\uFF1A\u5B83\u662F\u5173\u952E\u7AE0\uFF08\u5377\u9996\u3001\u5377\u672B\u6216\u5904\u5728\u6C47\u5408\u4E8B\u4EF6\u4E2D\uFF09`
    ),
    "validate.secondary_eval.fix": entry(
      (_) => "run the quality-judge a second time (executor.secondary_model picks its model) and write its evaluation there; quality.key_chapters: false turns this off",
      (_) => "\u518D\u8FD0\u884C\u4E00\u6B21 quality-judge\uFF08\u6A21\u578B\u7531 executor.secondary_model \u6307\u5B9A\uFF09\uFF0C\u628A\u8BC4\u5BA1\u5199\u5728\u8FD9\u91CC\uFF1Bquality.key_chapters: false \u53EF\u5173\u95ED\u6B64\u8981\u6C42"
    )
  }),
  // ---- what a title-fix or a hook-fix may change (src/core/fix-guard.ts) ----
  fixguard: () => ({
    "fixguard.title_only": entry(
      (_) => 'only the "# " title line changed; every byte after it as before the title-fix',
      (_) => '\u53EA\u6539 "# " \u6807\u9898\u884C\uFF0C\u4E4B\u540E\u7684\u6BCF\u4E2A\u5B57\u8282\u90FD\u4E0E\u6539\u6807\u9898\u524D\u76F8\u540C'
    ),
    "fixguard.body_changed": entry(
      (a) => `the body changed (compare with ${a.copy})`,
      (a) => `\u6B63\u6587\u88AB\u6539\u52A8\u4E86\uFF08\u5BF9\u7167 ${a.copy}\uFF09`
    ),
    "fixguard.title_only.fix": entry(
      (a) => `start again from ${a.copy} and change its first line only: ${a.command}`,
      (a) => `\u4ECE ${a.copy} \u91CD\u65B0\u5F00\u59CB\uFF0C\u53EA\u6539\u7B2C\u4E00\u884C\uFF1A${a.command}`
    ),
    "fixguard.ending_only": entry(
      (_) => "only the last two paragraphs rewritten; every byte before them (the title included) as before the hook-fix, and a new ending after them",
      (_) => "\u53EA\u91CD\u5199\u6700\u540E\u4E24\u6BB5\uFF1B\u4E4B\u524D\u7684\u6BCF\u4E2A\u5B57\u8282\uFF08\u542B\u6807\u9898\uFF09\u4E0E\u6539\u94A9\u5B50\u524D\u76F8\u540C\uFF0C\u5E76\u5199\u51FA\u65B0\u7684\u7ED3\u5C3E"
    ),
    "fixguard.no_ending": entry(
      (_) => "no ending after the kept text",
      (_) => "\u4FDD\u7559\u7684\u6B63\u6587\u4E4B\u540E\u6CA1\u6709\u65B0\u7ED3\u5C3E"
    ),
    "fixguard.text_changed": entry(
      (a) => `text before the last two paragraphs changed (compare with ${a.copy})`,
      (a) => `\u6700\u540E\u4E24\u6BB5\u4E4B\u524D\u7684\u6587\u5B57\u88AB\u6539\u52A8\u4E86\uFF08\u5BF9\u7167 ${a.copy}\uFF09`
    ),
    "fixguard.ending_only.fix": entry(
      (a) => `start again from ${a.copy} and rewrite only its last two paragraphs`,
      (a) => `\u4ECE ${a.copy} \u91CD\u65B0\u5F00\u59CB\uFF0C\u53EA\u91CD\u5199\u6700\u540E\u4E24\u6BB5`
    )
  }),
  // ---- a staged volume plan checked (src/core/volume-plan.ts) ----
  plan: () => ({
    "plan.outline": entry(
      (_) => "the volume outline",
      (_) => "\u5377\u5927\u7EB2"
    ),
    "plan.run_architect": entry(
      (_) => "run the plot-architect (volume plan step)",
      (_) => "\u8FD0\u884C plot-architect\uFF08\u5377\u89C4\u5212\u8FD9\u4E00\u6B65\uFF09"
    ),
    "plan.storyline_name": entry(
      (_) => "the storyline's id, not its name",
      (_) => "\u6545\u4E8B\u7EBF\u7684 id\uFF0C\u800C\u4E0D\u662F\u5B83\u7684\u540D\u5B57"
    ),
    "plan.storyline_name.fix": entry(
      (a) => `write "${a.id}" (the id of ${a.name} in ${a.file})`,
      (a) => `\u5199 "${a.id}"\uFF08${a.file} \u4E2D ${a.name} \u7684 id\uFF09`
    ),
    "plan.storyline_slug": entry(
      (_) => "a storyline id (a slug matching ^[a-z0-9][a-z0-9_-]{0,63}$)",
      (_) => "\u6545\u4E8B\u7EBF id\uFF08\u7B26\u5408 ^[a-z0-9][a-z0-9_-]{0,63}$ \u7684\u82F1\u6587\u77ED\u6807\u8BC6\uFF09"
    ),
    "plan.storyline_ids.fix": entry(
      (a) => `use one of the ids of ${a.file}: ${listEn(a.ids)}`,
      (a) => `\u4F7F\u7528 ${a.file} \u4E2D\u7684 id \u4E4B\u4E00\uFF1A${listZh(a.ids)}`
    ),
    "plan.storyline_slug.fix": entry(
      (a) => `give the storyline a slug id in ${a.file} and use it here`,
      (a) => `\u5728 ${a.file} \u4E2D\u7ED9\u8FD9\u6761\u6545\u4E8B\u7EBF\u4E00\u4E2A\u82F1\u6587\u77ED\u6807\u8BC6 id\uFF0C\u5E76\u5728\u6B64\u5904\u4F7F\u7528`
    ),
    "plan.storyline_known": entry(
      (a) => `an id of ${a.file}${a.ids ? ` (${listEn(a.ids)})` : ""}`,
      (a) => `${a.file} \u4E2D\u7684 id${a.ids ? `\uFF08${listZh(a.ids)}\uFF09` : ""}`
    ),
    "plan.storyline_known.fix": entry(
      (a) => `use a known id, or add {"id": "${a.value}", "name": "\u2026"} to ${a.file}`,
      (a) => `\u4F7F\u7528\u5DF2\u6709\u7684 id\uFF0C\u6216\u5728 ${a.file} \u4E2D\u6DFB\u52A0 {"id": "${a.value}", "name": "\u2026"}`
    ),
    "plan.gap": entry(
      (a) => `the gap in the volume's outline: chapters ${a.first}\u2013${a.last}`,
      (a) => `\u672C\u5377\u5927\u7EB2\u4E2D\u7684\u7A7A\u7F3A\uFF1A\u7B2C${a.first}\u2013${a.last}\u7AE0`
    ),
    "plan.gap.fix": entry(
      (a) => `outline exactly chapters ${a.first}\u2013${a.last}`,
      (a) => `\u5927\u7EB2\u6070\u597D\u5199\u7B2C${a.first}\u2013${a.last}\u7AE0`
    ),
    "plan.length": entry(
      (a) => `${a.min}\u2013${a.max} chapters from chapter ${a.first} (volume_chapters in novel.config.json)`,
      (a) => `\u4ECE\u7B2C${a.first}\u7AE0\u8D77 ${a.min}\u2013${a.max} \u7AE0\uFF08novel.config.json \u7684 volume_chapters\uFF09`
    ),
    "plan.length.fix": entry(
      (a) => `plan between ${a.min} and ${a.max} chapters, or change volume_chapters in novel.config.json`,
      (a) => `\u89C4\u5212 ${a.min} \u5230 ${a.max} \u7AE0\uFF0C\u6216\u4FEE\u6539 novel.config.json \u4E2D\u7684 volume_chapters`
    ),
    "plan.length_found": entry(
      (a) => `${a.n} chapter(s), ${a.first}\u2013${a.last}`,
      (a) => `${a.n} \u7AE0\uFF0C\u7B2C${a.first}\u2013${a.last}\u7AE0`
    ),
    "plan.block_at": entry(
      (a) => `${a.heading} (line ${a.line})`,
      (a) => `${a.heading}\uFF08\u7B2C ${a.line} \u884C\uFF09`
    ),
    "plan.key_lines": entry(
      (a) => `all 8 key lines (${listEn(a.keys)}, or their Chinese names)`,
      (a) => `\u5168\u90E8 8 \u4E2A\u8981\u7D20\u884C\uFF08${listZh(a.keys)}\uFF0C\u6216\u5BF9\u5E94\u7684\u4E2D\u6587\u540D\uFF09`
    ),
    "plan.key_lines_missing": entry(
      (a) => `missing ${listEn(a.keys)}`,
      (a) => `\u7F3A\u5C11 ${listZh(a.keys)}`
    ),
    "plan.key_lines.fix": entry(
      (_) => 'add the lines as "- **Key**: value"',
      (_) => '\u6309 "- **\u8981\u7D20**: \u5185\u5BB9" \u7684\u683C\u5F0F\u8865\u4E0A\u8FD9\u4E9B\u884C'
    ),
    "plan.storyline_lines": entry(
      (a) => `Storyline (line${items(a.lines).length > 1 ? "s" : ""} ${listEn(a.lines)})`,
      (a) => `\u6545\u4E8B\u7EBF\uFF08\u7B2C ${listZh(a.lines)} \u884C\uFF09`
    ),
    "plan.blocks": entry(
      (a) => `a block "### \u7B2C C \u7AE0: \u7AE0\u540D" for every chapter ${a.first}\u2013${a.last}`,
      (a) => `\u7B2C${a.first}\u2013${a.last}\u7AE0\u6BCF\u7AE0\u90FD\u6709\u4E00\u6BB5 "### \u7B2C C \u7AE0: \u7AE0\u540D"`
    ),
    "plan.blocks_missing": entry(
      (a) => `no block for chapter(s) ${listEn(a.chapters)}`,
      (a) => `\u7B2C ${listZh(a.chapters)} \u7AE0\u6CA1\u6709\u5927\u7EB2\u6BB5\u843D`
    ),
    "plan.block_storyline": entry(
      (a) => `${a.id} (the outline block's Storyline)`,
      (a) => `${a.id}\uFF08\u5927\u7EB2\u4E2D\u672C\u7AE0\u7684\u6545\u4E8B\u7EBF\uFF09`
    ),
    "plan.block_storyline.fix": entry(
      (_) => "make the contract and the outline block name the same storyline id",
      (_) => "\u8BA9\u5951\u7EA6\u548C\u5927\u7EB2\u5199\u540C\u4E00\u4E2A\u6545\u4E8B\u7EBF id"
    ),
    "plan.required_objective": entry(
      (_) => "at least one objective with required: true",
      (_) => "\u81F3\u5C11\u4E00\u4E2A required: true \u7684\u76EE\u6807"
    ),
    "plan.contract_value": entry(
      (a) => `${a.value}${items(a.more).length ? ` (the same in ${items(a.more).length} more contract(s): ${listEn(a.more)})` : ""}`,
      (a) => `${a.value}${items(a.more).length ? `\uFF08\u53E6\u6709 ${items(a.more).length} \u4EFD\u5951\u7EA6\u76F8\u540C\uFF1A${listZh(a.more)}\uFF09` : ""}`
    )
  }),
  // ---- a setup step's staged files checked (src/core/setup.ts) ----
  setup: () => ({
    "setup.run_agent": entry(
      (a) => `run the ${a.agent} so that it writes ${a.file}`,
      (a) => `\u8FD0\u884C ${a.agent}\uFF0C\u8BA9\u5B83\u5199\u51FA ${a.file}`
    ),
    "setup.run_again": entry(
      (a) => `run the ${a.agent} again`,
      (a) => `\u91CD\u65B0\u8FD0\u884C ${a.agent}`
    ),
    "setup.text": entry(
      (_) => "text",
      (_) => "\u6587\u672C"
    ),
    "setup.empty_list": entry(
      (_) => "an empty list",
      (_) => "\u7A7A\u5217\u8868"
    ),
    "setup.rules": entry(
      (_) => "at least one rule of the world",
      (_) => "\u81F3\u5C11\u4E00\u6761\u4E16\u754C\u89C4\u5219"
    ),
    "setup.rules.fix": entry(
      (_) => "write the rules the story keeps (id, category, rule, constraint_type)",
      (_) => "\u5199\u51FA\u6545\u4E8B\u9075\u5B88\u7684\u89C4\u5219\uFF08id\u3001category\u3001rule\u3001constraint_type\uFF09"
    ),
    "setup.storylines": entry(
      (_) => "at least one storyline (the main one)",
      (_) => "\u81F3\u5C11\u4E00\u6761\u6545\u4E8B\u7EBF\uFF08\u4E3B\u7EBF\uFF09"
    ),
    "setup.storylines.fix": entry(
      (_) => 'add the main storyline: {"id": "main", "name": "\u4E3B\u7EBF", "type": "main"}',
      (_) => '\u52A0\u4E0A\u4E3B\u7EBF\uFF1A{"id": "main", "name": "\u4E3B\u7EBF", "type": "main"}'
    ),
    "setup.cast": entry(
      (_) => "one {slug}.json (and {slug}.md) per character",
      (_) => "\u6BCF\u4E2A\u4EBA\u7269\u4E00\u4E2A {slug}.json\uFF08\u53CA {slug}.md\uFF09"
    ),
    "setup.no_cast": entry(
      (_) => "no character file",
      (_) => "\u6CA1\u6709\u4EBA\u7269\u6587\u4EF6"
    ),
    "setup.cast.fix": entry(
      (a) => `run the ${a.agent} so that it writes the cast under staging/characters/active/`,
      (a) => `\u8FD0\u884C ${a.agent}\uFF0C\u8BA9\u5B83\u628A\u4EBA\u7269\u5199\u5230 staging/characters/active/ \u4E0B`
    ),
    "setup.character_slug": entry(
      (_) => "a lowercase slug as the file name, e.g. lin-qingyan.json",
      (_) => "\u4EE5\u5C0F\u5199\u82F1\u6587\u77ED\u6807\u8BC6\u4F5C\u6587\u4EF6\u540D\uFF0C\u4F8B\u5982 lin-qingyan.json"
    ),
    "setup.character_slug.fix": entry(
      (_) => "name the file after the character id (a-z, 0-9, -)",
      (_) => "\u7528\u4EBA\u7269 id \u547D\u540D\u6587\u4EF6\uFF08a-z\u30010-9\u3001-\uFF09"
    ),
    "setup.measured": entry(
      (a) => `${a.measured} (novel's measure of samples/, \xB1${a.tolerance} %)`,
      (a) => `${a.measured}\uFF08novel \u5BF9 samples/ \u7684\u6D4B\u91CF\u503C\uFF0C\xB1${a.tolerance} %\uFF09`
    ),
    "setup.no_value": entry(
      (_) => "no value",
      (_) => "\u6CA1\u6709\u503C"
    ),
    "setup.measured.fix": entry(
      (a) => `copy ${a.field} from the packet's inline.sample_metrics`,
      (a) => `\u4ECE\u6307\u4EE4\u5305\u7684 inline.sample_metrics \u590D\u5236 ${a.field}`
    )
  }),
  // ---- the cast as the packets see it (src/core/context/entities.ts, characters.ts) ----
  cast: () => ({
    "cast.object": entry(
      (_) => "a JSON object {display_name, contracts, \u2026}",
      (_) => "JSON \u5BF9\u8C61 {display_name, contracts, \u2026}"
    ),
    "cast.not_json": entry(
      (_) => "a file that cannot be read as JSON",
      (_) => "\u65E0\u6CD5\u6309 JSON \u8BFB\u53D6\u7684\u6587\u4EF6"
    ),
    "cast.not_json.fix": entry(
      (_) => "fix the JSON; the character is left out until then",
      (_) => "\u4FEE\u6B63 JSON\uFF1B\u5728\u6B64\u4E4B\u524D\u8BE5\u4EBA\u7269\u4E0D\u8FDB\u5165\u6307\u4EE4\u5305"
    ),
    "cast.slug_id": entry(
      (_) => "a slug id (^[a-z0-9][a-z0-9_-]{0,63}$) in the file, or a file named by its slug",
      (_) => "\u6587\u4EF6\u4E2D\u7684\u82F1\u6587\u77ED\u6807\u8BC6 id\uFF08^[a-z0-9][a-z0-9_-]{0,63}$\uFF09\uFF0C\u6216\u4EE5\u5B83\u547D\u540D\u7684\u6587\u4EF6"
    ),
    "cast.no_id": entry(
      (a) => `no "id", and the file name ${a.name} is not a slug`,
      (a) => `\u6CA1\u6709 "id"\uFF0C\u6587\u4EF6\u540D ${a.name} \u4E5F\u4E0D\u662F\u82F1\u6587\u77ED\u6807\u8BC6`
    ),
    "cast.no_id.fix": entry(
      (_) => 'add "id": "<slug>" (e.g. "su-qingyi") to the file; the character is left out until then',
      (_) => '\u5728\u6587\u4EF6\u4E2D\u52A0\u4E0A "id": "\u77ED\u6807\u8BC6"\uFF08\u4F8B\u5982 "su-qingyi"\uFF09\uFF1B\u5728\u6B64\u4E4B\u524D\u8BE5\u4EBA\u7269\u4E0D\u8FDB\u5165\u6307\u4EE4\u5305'
    ),
    "cast.display_name": entry(
      (_) => "a non-empty string",
      (_) => "\u975E\u7A7A\u5B57\u7B26\u4E32"
    ),
    "cast.nothing": entry(
      (_) => "nothing",
      (_) => "\u65E0"
    ),
    "cast.display_name.fix": entry(
      (_) => 'add "display_name"; the character is left out until then',
      (_) => '\u52A0\u4E0A "display_name"\uFF1B\u5728\u6B64\u4E4B\u524D\u8BE5\u4EBA\u7269\u4E0D\u8FDB\u5165\u6307\u4EE4\u5305'
    ),
    "cast.one_file": entry(
      (_) => "one file per character id",
      (_) => "\u6BCF\u4E2A\u4EBA\u7269 id \u4E00\u4E2A\u6587\u4EF6"
    ),
    "cast.duplicate": entry(
      (a) => `${a.id}, also the id of ${a.file}`,
      (a) => `${a.id}\uFF0C\u4E0E ${a.file} \u7684 id \u91CD\u590D`
    ),
    "cast.duplicate.fix": entry(
      (_) => "give each character its own id; this file is left out",
      (_) => "\u6BCF\u4E2A\u4EBA\u7269\u7528\u5404\u81EA\u7684 id\uFF1B\u6B64\u6587\u4EF6\u6682\u4E0D\u4F7F\u7528"
    ),
    "cast.packet_id": entry(
      (_) => "the id the packets use for this character",
      (_) => "\u6307\u4EE4\u5305\u4E2D\u8BE5\u4EBA\u7269\u4F7F\u7528\u7684 id"
    ),
    "cast.packet_id.fix": entry(
      (a) => `nothing to do: ${a.file} is known as ${a.id} in every packet`,
      (a) => `\u65E0\u9700\u5904\u7406\uFF1A${a.file} \u5728\u6240\u6709\u6307\u4EE4\u5305\u4E2D\u8BB0\u4E3A ${a.id}`
    ),
    "cast.known_name": entry(
      (_) => "the display_name of a character in characters/active/",
      (_) => "characters/active/ \u4E2D\u67D0\u4E2A\u4EBA\u7269\u7684 display_name"
    ),
    "cast.known_name.fix": entry(
      (_) => "add the character file or correct the name",
      (_) => "\u8865\u4E0A\u4EBA\u7269\u6587\u4EF6\uFF0C\u6216\u6539\u6B63\u540D\u5B57"
    )
  }),
  // ---- novel.config.json beyond its schema (src/core/settings.ts) ----
  settings: () => ({
    "settings.keys.fix": entry(
      (_) => "see docs/configuration.md for the keys of novel.config.json",
      (_) => "novel.config.json \u7684\u5404\u9879\u89C1 docs/configuration.md\uFF08\u6216 novel schema config\uFF09"
    ),
    "settings.threshold": entry(
      (a) => `a threshold \u2264 gate.${a.above} (${a.value})`,
      (a) => `\u4E0D\u9AD8\u4E8E gate.${a.above}\uFF08${a.value}\uFF09\u7684\u9608\u503C`
    ),
    "settings.threshold.fix": entry(
      (_) => "thresholds must descend: pass \u2265 polish \u2265 revise \u2265 pause",
      (_) => "\u9608\u503C\u987B\u9012\u51CF\uFF1Apass \u2265 polish \u2265 revise \u2265 pause"
    ),
    "settings.volume_min": entry(
      (a) => `at most volume_chapters.max (${a.max})`,
      (a) => `\u4E0D\u8D85\u8FC7 volume_chapters.max\uFF08${a.max}\uFF09`
    ),
    "settings.volume_min.fix": entry(
      (_) => "a volume plan covers volume_chapters.min..max chapters: make min \u2264 max",
      (_) => "\u4E00\u5377\u7684\u89C4\u5212\u8986\u76D6 volume_chapters.min..max \u7AE0\uFF1A\u987B min \u2264 max"
    )
  }),
  // ---- a checkpoint rebuilt from the book (src/core/checkpoint-rebuild.ts) ----
  rebuild: () => ({
    "rebuild.every_chapter": entry(
      (a) => `a chapter file for every chapter the changelog records (1\u2013${a.last})`,
      (a) => `\u53D8\u66F4\u65E5\u5FD7\u8BB0\u5F55\u7684\u6BCF\u4E00\u7AE0\u90FD\u6709\u7AE0\u8282\u6587\u4EF6\uFF081\u2013${a.last}\uFF09`
    ),
    "rebuild.no_file": entry(
      (a) => `no file for chapter(s) ${listEn(a.chapters)}`,
      (a) => `\u7B2C ${listZh(a.chapters)} \u7AE0\u6CA1\u6709\u6587\u4EF6`
    ),
    "rebuild.no_file.fix": entry(
      (_) => "restore them from a backup; `novel state verify` lists what the fingerprint expects",
      (_) => "\u4ECE\u5907\u4EFD\u6062\u590D\u5B83\u4EEC\uFF1B`novel state verify` \u4F1A\u5217\u51FA\u6307\u7EB9\u8BB0\u5F55\u7684\u6587\u4EF6"
    ),
    "rebuild.up_to": entry(
      (a) => `chapters up to ${a.last} (the changelog's last line)`,
      (a) => `\u5230\u7B2C${a.last}\u7AE0\u4E3A\u6B62\u7684\u7AE0\u8282\uFF08\u53D8\u66F4\u65E5\u5FD7\u7684\u6700\u540E\u4E00\u884C\uFF09`
    ),
    "rebuild.beyond": entry(
      (a) => `chapter file(s) ${listEn(a.chapters)} with no changelog line`,
      (a) => `\u7B2C ${listZh(a.chapters)} \u7AE0\u6709\u6587\u4EF6\uFF0C\u4F46\u53D8\u66F4\u65E5\u5FD7\u4E2D\u6CA1\u6709\u8BB0\u5F55`
    ),
    "rebuild.beyond.fix": entry(
      (_) => "a commit of those chapters did not finish; move the files aside and write them again through the pipeline",
      (_) => "\u8FD9\u4E9B\u7AE0\u8282\u7684\u5165\u5E93\u6CA1\u6709\u5B8C\u6210\uFF1B\u628A\u6587\u4EF6\u79FB\u5F00\uFF0C\u518D\u901A\u8FC7\u6D41\u6C34\u7EBF\u91CD\u65B0\u5199"
    )
  }),
  // ---- what the schemas say (src/schemas/): their own messages, given to valibot as these ids, and the parts parse.ts
  // says ----
  schema: () => ({
    "schema.slug": entry(
      (_) => "a slug matching ^[a-z0-9][a-z0-9_-]{0,63}$",
      (_) => "\u7B26\u5408 ^[a-z0-9][a-z0-9_-]{0,63}$ \u7684\u82F1\u6587\u77ED\u6807\u8BC6"
    ),
    "schema.date": entry(
      (_) => "a date YYYY-MM-DD",
      (_) => "\u65E5\u671F YYYY-MM-DD"
    ),
    "schema.sha256": entry(
      (_) => "a lowercase hex sha256 (64 characters)",
      (_) => "\u5C0F\u5199\u5341\u516D\u8FDB\u5236 sha256\uFF0864 \u4E2A\u5B57\u7B26\uFF09"
    ),
    "schema.fingerprint_value": entry(
      (_) => "a lowercase hex sha256 (or tail:<size>:<sha256> for the changelog)",
      (_) => "\u5C0F\u5199\u5341\u516D\u8FDB\u5236 sha256\uFF08\u53D8\u66F4\u65E5\u5FD7\u4E3A tail:<size>:<sha256>\uFF09"
    ),
    "schema.object": entry(
      (_) => "an object",
      (_) => "\u5BF9\u8C61"
    ),
    "schema.object_of": entry(
      (a) => `an object (${a.what})`,
      (a) => `\u5BF9\u8C61\uFF08${a.what}\uFF09`
    ),
    "schema.range": entry(
      (_) => "a range [min, max] with min \u2264 max",
      (_) => "\u533A\u95F4 [min, max]\uFF0C\u4E14 min \u2264 max"
    ),
    "schema.timezone": entry(
      (_) => "an IANA time zone such as Asia/Shanghai",
      (_) => "IANA \u65F6\u533A\uFF0C\u4F8B\u5982 Asia/Shanghai"
    ),
    "schema.language_tag": entry(
      (_) => "a BCP 47 language tag such as zh-CN",
      (_) => "BCP 47 \u8BED\u8A00\u6807\u7B7E\uFF0C\u4F8B\u5982 zh-CN"
    ),
    "schema.field_name": entry(
      (_) => 'a field name of the state, without a dot (e.g. "status")',
      (_) => '\u72B6\u6001\u91CC\u7684\u5B57\u6BB5\u540D\uFF0C\u4E0D\u542B\u70B9\u53F7\uFF08\u4F8B\u5982 "status"\uFF09'
    ),
    "schema.timestamp": entry(
      (_) => "an ISO-8601 timestamp",
      (_) => "ISO-8601 \u65F6\u95F4"
    ),
    "schema.journal_write": entry(
      (_) => 'a write has either "content" or "staged"',
      (_) => '\u6BCF\u4E2A\u5199\u5165\u9879\u987B\u6709 "content" \u6216 "staged" \u4E4B\u4E00'
    ),
    "schema.directory_name": entry(
      (_) => "a directory name",
      (_) => "\u76EE\u5F55\u540D"
    ),
    "schema.max_storylines": entry(
      (_) => "at most 4 active storylines",
      (_) => "\u6700\u591A 4 \u6761\u6D3B\u8DC3\u6545\u4E8B\u7EBF"
    ),
    "schema.no_key": entry(
      (a) => `no key ${a.key} (unknown keys are not allowed here)`,
      (a) => `\u4E0D\u5E94\u51FA\u73B0\u952E ${a.key}\uFF08\u6B64\u5904\u4E0D\u5141\u8BB8\u672A\u77E5\u7684\u952E\uFF09`
    ),
    "schema.unknown_key": entry(
      (a) => `unknown key ${a.key}`,
      (a) => `\u672A\u77E5\u7684\u952E ${a.key}`
    ),
    "schema.required": entry(
      (a) => `${a.what} (required)`,
      (a) => `${a.what}\uFF08\u5FC5\u586B\uFF09`
    ),
    "schema.any_value": entry(
      (_) => "a value",
      (_) => "\u4EFB\u610F\u503C"
    ),
    "schema.integer": entry(
      (_) => "an integer",
      (_) => "\u6574\u6570"
    ),
    "schema.format": entry(
      (a) => `${a.expected ? `Expected ${a.expected} but r` : "R"}eceived ${a.received}`,
      (a) => `${a.expected ? `\u5E94\u4E3A ${a.expected}\uFF0C` : ""}\u5B9E\u4E3A ${a.received}`
    ),
    "schema.valid_json": entry(
      (_) => "valid JSON",
      (_) => "\u5408\u6CD5\u7684 JSON"
    ),
    // The parser's own message is quoted as it is: it is the engine's, not novel's.
    "schema.json_error": entry(
      (a) => `${a.message}${a.line === null ? "" : a.column === null ? ` at the end of the file (line ${a.line})` : ` at line ${a.line}, column ${a.column}`}`,
      (a) => `JSON \u8BED\u6CD5\u9519\u8BEF\uFF08\`${a.message}\`\uFF09${a.line === null ? "" : a.column === null ? `\uFF0C\u4F4D\u7F6E\uFF1A\u6587\u4EF6\u672B\u5C3E\uFF08\u7B2C ${a.line} \u884C\uFF09` : `\uFF0C\u4F4D\u7F6E\uFF1A\u7B2C ${a.line} \u884C\u7B2C ${a.column} \u5217`}`
    ),
    "schema.json_fix": entry(
      (_) => "correct the JSON syntax (a JSON linter shows the exact spot)",
      (_) => "\u4FEE\u6B63 JSON \u8BED\u6CD5\uFF08\u7528 JSON \u68C0\u67E5\u5DE5\u5177\u53EF\u627E\u5230\u786E\u5207\u4F4D\u7F6E\uFF09"
    ),
    // The fix of each field of .checkpoint.json (src/schemas/checkpoint.ts CHECKPOINT_FIXES).
    "schema.fix.last_completed_chapter": entry(
      (_) => "set it to the number of the last chapter in chapters/ (0 for a new book)",
      (_) => "\u8BBE\u4E3A chapters/ \u4E2D\u6700\u540E\u4E00\u7AE0\u7684\u7AE0\u53F7\uFF08\u65B0\u4E66\u4E3A 0\uFF09"
    ),
    "schema.fix.current_volume": entry(
      (_) => "set it to the volume being written (1 for a new book)",
      (_) => "\u8BBE\u4E3A\u6B63\u5728\u5199\u7684\u5377\u53F7\uFF08\u65B0\u4E66\u4E3A 1\uFF09"
    ),
    "schema.fix.one_of": entry(
      (a) => `use one of ${listEn(a.values)}`,
      (a) => `\u4F7F\u7528\u4EE5\u4E0B\u4E4B\u4E00\uFF1A${listZh(a.values)}`
    ),
    "schema.fix.null_or_one_of": entry(
      (a) => `use null or one of ${listEn(a.values)}`,
      (a) => `\u4F7F\u7528 null \u6216\u4EE5\u4E0B\u4E4B\u4E00\uFF1A${listZh(a.values)}`
    ),
    "schema.fix.inflight_chapter": entry(
      (_) => "use null or the chapter number in progress",
      (_) => "\u4F7F\u7528 null \u6216\u6B63\u5728\u5199\u7684\u7AE0\u53F7"
    ),
    "schema.fix.revision_count": entry(
      (_) => "use a whole number \u2265 0 (0 when unsure)",
      (_) => "\u4F7F\u7528 \u2265 0 \u7684\u6574\u6570\uFF08\u4E0D\u786E\u5B9A\u65F6\u5199 0\uFF09"
    ),
    "schema.fix.gate": entry(
      (_) => "remove the gate object; `novel next` recomputes it from the staged evaluation",
      (_) => "\u5220\u9664 gate \u5BF9\u8C61\uFF1B`novel next` \u4F1A\u6839\u636E\u6682\u5B58\u7684\u8BC4\u5BA1\u91CD\u65B0\u8BA1\u7B97"
    ),
    "schema.fix.staging_hashes": entry(
      (_) => "remove staging_hashes; it is rebuilt at the next advance",
      (_) => "\u5220\u9664 staging_hashes\uFF1B\u4E0B\u6B21\u767B\u8BB0\u65F6\u4F1A\u91CD\u5EFA"
    ),
    "schema.fix.judged_hashes": entry(
      (_) => "remove judged_hashes and pipeline_stage's gate; the chapter is judged again",
      (_) => "\u5220\u9664 judged_hashes \u548C pipeline_stage \u7684 gate\uFF1B\u672C\u7AE0\u4F1A\u91CD\u65B0\u8BC4\u5BA1"
    ),
    "schema.fix.imported_chapters": entry(
      (_) => "set it to the number of chapters `novel import` wrote (or remove it when the book was not imported)",
      (_) => "\u8BBE\u4E3A `novel import` \u5199\u5165\u7684\u7AE0\u6570\uFF08\u82E5\u4E66\u4E0D\u662F\u5BFC\u5165\u7684\uFF0C\u5220\u9664\u8BE5\u5B57\u6BB5\uFF09"
    ),
    "schema.fix.import_caught_up": entry(
      (_) => "set it to the last imported chapter that has its summary in summaries/ (0 when none)",
      (_) => "\u8BBE\u4E3A summaries/ \u4E2D\u5DF2\u6709\u6458\u8981\u7684\u6700\u540E\u4E00\u4E2A\u5BFC\u5165\u7AE0\u7684\u7AE0\u53F7\uFF08\u6CA1\u6709\u5219\u4E3A 0\uFF09"
    ),
    "schema.fix.import_stage": entry(
      (_) => "remove import_stage; the catch-up summary is validated and advanced again",
      (_) => "\u5220\u9664 import_stage\uFF1B\u8865\u5199\u6458\u8981\u4F1A\u91CD\u65B0\u6821\u9A8C\u5E76\u767B\u8BB0"
    )
  }),
  // ---- why a text is not a step id (src/core/step-id.ts renders their English from this group itself) ----
  stepid: () => ({
    "stepid.not_decimal": entry(
      (a) => `the ${a.what} number "${a.text}" is not a plain decimal number`,
      (a) => `${a.what === "volume" ? "\u5377" : "\u7AE0"}\u53F7 "${a.text}" \u4E0D\u662F\u666E\u901A\u7684\u5341\u8FDB\u5236\u6570`
    ),
    "stepid.below_one": entry(
      (a) => `the ${a.what} number must be at least 1, found "${a.text}"`,
      (a) => `${a.what === "volume" ? "\u5377" : "\u7AE0"}\u53F7\u81F3\u5C11\u4E3A 1\uFF0C\u5B9E\u4E3A "${a.text}"`
    ),
    "stepid.above_max": entry(
      (a) => `the ${a.what} number must be at most ${a.max}, found "${a.text}"`,
      (a) => `${a.what === "volume" ? "\u5377" : "\u7AE0"}\u53F7\u81F3\u591A\u4E3A ${a.max}\uFF0C\u5B9E\u4E3A "${a.text}"`
    ),
    "stepid.setup_step": entry(
      (a) => `unknown setup step "${a.stage}" (expected ${listEn(a.allowed)})`,
      (a) => `\u672A\u77E5\u7684\u8BBE\u5B9A\u6B65\u9AA4 "${a.stage}"\uFF08\u5E94\u4E3A ${listZh(a.allowed)} \u4E4B\u4E00\uFF09`
    ),
    "stepid.segments": entry(
      (a) => `expected 3 ":"-separated segments, found ${a.n}`,
      (a) => `\u5E94\u4E3A 3 \u6BB5\u4EE5 ":" \u5206\u9694\u7684\u5185\u5BB9\uFF0C\u5B9E\u4E3A ${a.n} \u6BB5`
    ),
    "stepid.stage": entry(
      (a) => `unknown ${a.kind} stage "${a.stage}" (expected ${listEn(a.allowed)})`,
      (a) => `\u672A\u77E5\u7684${a.kind === "volume" ? "\u5377" : a.kind === "import" ? "\u5BFC\u5165" : "\u7AE0\u8282"}\u9636\u6BB5 "${a.stage}"\uFF08\u5E94\u4E3A ${listZh(a.allowed)} \u4E4B\u4E00\uFF09`
    ),
    "stepid.kind": entry(
      (a) => `unknown step kind "${a.kind}" (expected chapter, volume, book or import)`,
      (a) => `\u672A\u77E5\u7684\u6B65\u9AA4\u7C7B\u578B "${a.kind}"\uFF08\u5E94\u4E3A chapter\u3001volume\u3001book \u6216 import\uFF09`
    ),
    "stepid.chapter_ref": entry(
      (a) => `expected chapter:NNN, found "${a.text}"`,
      (a) => `\u5E94\u4E3A chapter:NNN\uFF08\u4F8B\u5982 chapter:012\uFF09\uFF0C\u5B9E\u4E3A "${a.text}"`
    )
  }),
  // ---- the book's files against the fingerprint (src/core/fingerprint-rules.ts) ----
  drift: () => ({
    "drift.changed": entry(
      (a) => `changed: ${a.file}`,
      (a) => `\u6539\u52A8\uFF1A${a.file}`
    ),
    "drift.added": entry(
      (a) => `added: ${a.file}`,
      (a) => `\u65B0\u589E\uFF1A${a.file}`
    ),
    "drift.removed": entry(
      (a) => `removed: ${a.file}`,
      (a) => `\u5220\u9664\uFF1A${a.file}`
    ),
    "drift.restore": entry(
      (a) => `restore ${a.file}`,
      (a) => `\u6062\u590D ${a.file}`
    ),
    "drift.delete": entry(
      (a) => `delete ${a.file}`,
      (a) => `\u5220\u9664 ${a.file}`
    ),
    "drift.hint": entry(
      (a) => `${[
        items(a.restore).length ? `restore ${listEn(a.restore)}` : "",
        items(a.remove).length ? `delete ${listEn(a.remove)}` : ""
      ].filter(Boolean).join("; ")}; or, if these edits are yours and intended, record them with \`novel state verify --accept\``,
      (a) => `${[
        items(a.restore).length ? `\u6062\u590D ${listZh(a.restore)}` : "",
        items(a.remove).length ? `\u5220\u9664 ${listZh(a.remove)}` : ""
      ].filter(Boolean).join("\uFF1B")}\uFF1B\u6216\u8005\uFF0C\u82E5\u8FD9\u4E9B\u6539\u52A8\u662F\u4F60\u6709\u610F\u505A\u7684\uFF0C\u7528 \`novel state verify --accept\` \u8BB0\u5F55\u5B83\u4EEC`
    )
  }),
  // ---- what an executor step changed outside staging/ (src/core/step-guard-rules.ts) ----
  guarded: () => ({
    "guarded.change": entry(
      (a) => `${a.kind}: ${a.path}${a.restored ? " (restored)" : ` \u2014 ${a.repair}`}`,
      (a) => `${{ added: "\u65B0\u589E", removed: "\u5220\u9664", changed: "\u6539\u52A8" }[a.kind] ?? a.kind}\uFF1A${a.path}${a.restored ? "\uFF08\u5DF2\u6062\u590D\uFF09" : ` \u2014\u2014 ${a.repair}`}`
    ),
    "guarded.delete": entry(
      (a) => `delete it: ${a.command}`,
      (a) => `\u5220\u9664\u5B83\uFF1A${a.command}`
    ),
    "guarded.restore": entry(
      (a) => `restore it: git checkout -- ${a.path} (or from a backup), then \`novel state verify\``,
      (a) => `\u6062\u590D\u5B83\uFF1Agit checkout -- ${a.path}\uFF08\u6216\u4ECE\u5907\u4EFD\u6062\u590D\uFF09\uFF0C\u7136\u540E\u8FD0\u884C \`novel state verify\``
    ),
    "guarded.inspect": entry(
      (a) => `inspect it: ls -la -- ${a.path}; restore it from a backup or git (git checkout -- ${a.path})`,
      (a) => `\u68C0\u67E5\u5B83\uFF1Als -la -- ${a.path}\uFF1B\u4ECE\u5907\u4EFD\u6216 git \u6062\u590D\uFF08git checkout -- ${a.path}\uFF09`
    )
  }),
  // ---- why a lock is stale (src/core/lock-rules.ts) ----
  stale: () => ({
    "stale.unreadable": entry(
      (a) => `no readable info.json and the lock is ${a.age} s old (> ${a.limit} s)`,
      (a) => `\u6CA1\u6709\u53EF\u8BFB\u7684 info.json\uFF0C\u4E14\u9501\u5DF2\u5B58\u5728 ${a.age} \u79D2\uFF08> ${a.limit} \u79D2\uFF09`
    ),
    "stale.heartbeat": entry(
      (a) => `no heartbeat for ${a.minutes} min (> ${a.limit} min)`,
      (a) => `${a.minutes} \u5206\u949F\u6CA1\u6709\u5FC3\u8DF3\uFF08> ${a.limit} \u5206\u949F\uFF09`
    ),
    "stale.gone": entry(
      (a) => `process ${a.pid} on ${a.host} is gone`,
      (a) => `${a.host} \u4E0A\u7684\u8FDB\u7A0B ${a.pid} \u5DF2\u4E0D\u5B58\u5728`
    )
  }),
  // ---- the demo executor (src/core/demo-executor.ts) ----
  demo: () => ({
    "demo.scores": entry(
      (a) => `NOVEL_DEMO_SCORES=${a.raw}: expected comma-separated numbers in [0, 5], e.g. 3.2,4.1`,
      (a) => `NOVEL_DEMO_SCORES=${a.raw}\uFF1A\u5E94\u4E3A [0, 5] \u4E4B\u95F4\u3001\u4EE5\u9017\u53F7\u5206\u9694\u7684\u6570\uFF0C\u4F8B\u5982 3.2,4.1`
    )
  }),
  // ---- novel status's own words (src/core/status-view.ts) ----
  statusview: () => ({
    "statusview.holder": entry(
      (a) => `pid ${a.pid} on ${a.host} since ${a.started}${a.chapter === null ? "" : ` (chapter ${a.chapter})`}`,
      (a) => `\u8FDB\u7A0B ${a.pid}\uFF08${a.host}\uFF09\uFF0C\u5F00\u59CB\u4E8E ${a.started}${a.chapter === null ? "" : `\uFF0C\u7B2C${a.chapter}\u7AE0`}`
    ),
    "statusview.unknown_holder": entry(
      (_) => "an unknown tool",
      (_) => "\u672A\u77E5\u5DE5\u5177"
    ),
    "statusview.stale": entry(
      (_) => "stale",
      (_) => "\u5DF2\u8FC7\u671F"
    )
  }),
  // ---- novel quality eval (src/core/quality-eval-render.ts) ----
  qeval: () => ({
    "qeval.counts": entry(
      (a) => `${a.ai} AI text(s), ${a.human} human text(s)`,
      (a) => `AI \u6587\u672C ${a.ai} \u7BC7\uFF0C\u4EBA\u7C7B\u6587\u672C ${a.human} \u7BC7`
    ),
    "qeval.auc": entry(
      (a) => `AUC of the AI-flavour score: ${a.auc} (95% interval ${a.interval})`,
      (a) => `AI\u5473\u5F97\u5206\u7684 AUC\uFF1A${a.auc}\uFF0895% \u533A\u95F4 ${a.interval}\uFF09`
    ),
    "qeval.level": entry(
      (a) => `  ${a.name} \u2265 ${a.threshold}: precision ${a.precision}, recall ${a.recall}, ${a.flagged} flagged, ${a.human} of human texts`,
      (a) => `  ${a.name === "soft" ? "\u63D0\u793A" : "\u786C\u4F24"}\u9608\u503C ${a.threshold}\uFF1A\u7CBE\u786E\u7387 ${a.precision}\uFF0C\u53EC\u56DE\u7387 ${a.recall}\uFF0C\u6807\u51FA ${a.flagged} \u7BC7\uFF0C\u5176\u4E2D\u4EBA\u7C7B\u6587\u672C\u5360\u4EBA\u7C7B\u603B\u6570 ${a.human}`
    ),
    "qeval.features": entry(
      (_) => "features (AUC; present in AI / human; weight):",
      (_) => "\u5404\u9879\u7279\u5F81\uFF08AUC\uFF1B\u51FA\u73B0\u7387 AI / \u4EBA\u7C7B\uFF1B\u6743\u91CD\uFF09\uFF1A"
    ),
    "qeval.by_source": entry(
      (_) => "leave one source out (refitted without the source, then scored on it):",
      (_) => "\u9010\u4E00\u7559\u51FA\u6765\u6E90\uFF08\u4E0D\u7528\u8BE5\u6765\u6E90\u91CD\u65B0\u62DF\u5408\uFF0C\u518D\u7ED9\u5B83\u6253\u5206\uFF09\uFF1A"
    ),
    "qeval.source": entry(
      (a) => `  ${a.source} (${a.label}, ${a.n}): AUC ${a.auc}`,
      (a) => `  ${a.source} (${a.label === "ai" ? "AI" : "\u4EBA\u7C7B"}, ${a.n}): AUC ${a.auc}`
    )
  }),
  // ---- novel run --verbose (src/core/run-render.ts) ----
  runline: () => ({
    "runline.prompt": entry(
      (a) => `  prompt: ${a.prompt}`,
      (a) => `  \u63D0\u793A\u8BCD\uFF1A${a.prompt}`
    ),
    "runline.executor": entry(
      (a) => `  executor: ${a.message} (${a.ms} ms)${a.log ? `, log ${a.log}` : ""}`,
      (a) => `  \u6267\u884C\u5668\uFF1A${a.message}\uFF08${a.ms} \u6BEB\u79D2\uFF09${a.log ? `\uFF0C\u65E5\u5FD7 ${a.log}` : ""}`
    ),
    "runline.usage": entry(
      (a) => `  usage: ${a.input} in / ${a.output} out tokens, $${a.cost}${a.model ? `, model ${a.model}` : ""}`,
      (a) => `  \u7528\u91CF\uFF1A\u8F93\u5165 ${a.input} / \u8F93\u51FA ${a.output} tokens\uFF0C$${a.cost}${a.model ? `\uFF0C\u6A21\u578B ${a.model}` : ""}`
    )
  })
};

// src/core/step-id.ts
var STEP_ID_FORMAT = `chapter:NNN:STAGE (STAGE one of ${CHAPTER_STAGES.join(", ")}), ${VOLUME_STAGES.map((s) => `volume:VV:${s}`).join(" / ")}, ${SETUP_STEPS.map((s) => `book:${s}`).join(" / ")}, or ${IMPORT_STAGES.map((s) => `import:NNN:${s}`).join(" / ")}, e.g. chapter:048:draft`;
var STEP_ID_FORMAT_ZH = `chapter:NNN:\u9636\u6BB5\uFF08\u9636\u6BB5\u4E3A ${CHAPTER_STAGES.join("\u3001")} \u4E4B\u4E00\uFF09\u3001${VOLUME_STAGES.map((s) => `volume:VV:${s}`).join(" / ")}\u3001${SETUP_STEPS.map((s) => `book:${s}`).join(" / ")}\uFF0C\u6216 ${IMPORT_STAGES.map((s) => `import:NNN:${s}`).join(" / ")}\uFF0C\u4F8B\u5982 chapter:048:draft`;
var STEP_ID_PATTERN = `^(chapter:\\d{3,}:(${CHAPTER_STAGES.join("|")})|volume:\\d{2,}:(${VOLUME_STAGES.join("|")})|book:(${SETUP_STEPS.join("|")})|import:\\d{3,}:(${IMPORT_STAGES.join("|")}))$`;

// src/core/messages/cli.ts
var listZh2 = (list) => list.split(", ").join("\u3001");
function printableChoices(list) {
  const values = list.split(", ").map((v) => JSON.stringify(v));
  return values.length > 2 ? `${values.slice(0, -1).join(", ")}, or ${values.at(-1)}` : values.join(" or ");
}
var DECISION_ZH = { accept: "\u63A5\u53D7", revise: "\u4FEE\u6539", rewrite: "\u91CD\u5199" };
var CLI_GROUPS = {
  // ---- a mistyped command line ----
  usage: () => ({
    // clipanion's parse errors, in the words clipanion gives them (their English is what novel always printed)
    "usage.unknown_command": entry(
      (_) => "unknown command",
      (_) => "\u672A\u77E5\u547D\u4EE4"
    ),
    "usage.option_required": entry(
      (a) => `a required option is missing: ${a.options}`,
      (a) => `\u7F3A\u5C11\u5FC5\u9700\u7684\u9009\u9879\uFF1A${a.options}`
    ),
    "usage.no_match": entry(
      (_) => "Command not found; did you mean:",
      (_) => "\u6CA1\u6709\u4E0E\u4E4B\u5339\u914D\u7684\u7528\u6CD5"
    ),
    "usage.no_candidates": entry(
      (_) => "Command not found, but we're not sure what's the alternative.",
      (_) => "\u627E\u4E0D\u5230\u8FD9\u4E2A\u547D\u4EE4"
    ),
    "usage.ambiguous": entry(
      (_) => "Cannot find which to pick amongst the following alternatives:",
      (_) => "\u6709\u51E0\u79CD\u7528\u6CD5\u90FD\u80FD\u5339\u914D\uFF0C\u65E0\u6CD5\u786E\u5B9A\u662F\u54EA\u4E00\u79CD"
    ),
    "usage.option_unsupported": entry(
      (a) => `Unsupported option name ("${a.option}").`,
      (a) => `\u4E0D\u652F\u6301\u7684\u9009\u9879 ${a.option}`
    ),
    "usage.option_invalid": entry(
      (a) => `Invalid option name ("${a.option}").`,
      (a) => `\u65E0\u6548\u7684\u9009\u9879\u540D ${a.option}`
    ),
    "usage.option_value_missing": entry(
      (a) => `Not enough arguments to option ${a.option}.`,
      (a) => `\u9009\u9879 ${a.option} \u7F3A\u5C11\u53D6\u503C`
    ),
    "usage.positional_missing": entry(
      (_) => "Not enough positional arguments.",
      (_) => "\u7F3A\u5C11\u53C2\u6570"
    ),
    "usage.positional_extra": entry(
      (a) => `Extraneous positional argument ("${a.value}").`,
      (a) => `\u591A\u4F59\u7684\u53C2\u6570 ${a.value}`
    ),
    "usage.invalid_value": entry(
      (a) => `Invalid value for ${a.option}: ${a.detail}`,
      (a) => `${a.option} \u7684\u503C\u65E0\u6548\uFF1A${a.detail}`
    ),
    // what an option's value should have been: `found` is the value as typed (JSON), `choices` a list "a, b, c"
    "usage.count": entry(
      (a) => `expected a whole number \u2265 1 (leading zeros allowed, e.g. 01), found ${a.found}`,
      (a) => `\u5E94\u4E3A \u2265 1 \u7684\u6574\u6570\uFF08\u53EF\u5E26\u524D\u5BFC\u96F6\uFF0C\u5982 01\uFF09\uFF0C\u5B9E\u4E3A ${a.found}`
    ),
    "usage.values_among": entry(
      (a) => `expected values among ${a.choices} (comma-separated), found ${a.found}`,
      (a) => `\u5E94\u4E3A ${listZh2(a.choices)} \u4E2D\u7684\u503C\uFF08\u9017\u53F7\u5206\u9694\uFF09\uFF0C\u5B9E\u4E3A ${a.found}`
    ),
    "usage.chapter_range": entry(
      (a) => `expected a range A-B of chapters (1 \u2264 A \u2264 B), found ${a.found}`,
      (a) => `\u5E94\u4E3A\u7AE0\u8282\u8303\u56F4 A-B\uFF081 \u2264 A \u2264 B\uFF09\uFF0C\u5B9E\u4E3A ${a.found}`
    ),
    "usage.one_of": entry(
      (a) => `expected ${a.choices.includes(", ") ? "one of " : ""}${printableChoices(a.choices)} (got ${a.found})`,
      (a) => `\u5E94\u4E3A ${a.choices.split(", ").map((v) => JSON.stringify(v)).join("\u3001")}${a.choices.includes(", ") ? " \u4E4B\u4E00" : ""}\uFF08\u5B9E\u4E3A ${a.found}\uFF09`
    ),
    "usage.number": entry(
      (a) => `expected a number (got ${a.found})`,
      (a) => `\u5E94\u4E3A\u6570\u5B57\uFF08\u5B9E\u4E3A ${a.found}\uFF09`
    ),
    "usage.unsafe_number": entry(
      (a) => `received a number that can't be safely represented by the runtime (${a.found})`,
      (a) => `\u6570\u5B57 ${a.found} \u65E0\u6CD5\u88AB\u7CBE\u786E\u8868\u793A`
    ),
    "usage.at_least": entry(
      (a) => `expected to be at least ${a.min} (got ${a.found})`,
      (a) => `\u5E94\u4E0D\u5C0F\u4E8E ${a.min}\uFF08\u5B9E\u4E3A ${a.found}\uFF09`
    ),
    "usage.integer": entry(
      (a) => `expected to be an integer (got ${a.found})`,
      (a) => `\u5E94\u4E3A\u6574\u6570\uFF08\u5B9E\u4E3A ${a.found}\uFF09`
    ),
    "usage.safe_integer": entry(
      (a) => `expected to be a safe integer (got ${a.found})`,
      (a) => `\u5E94\u4E3A\u5B89\u5168\u8303\u56F4\u5185\u7684\u6574\u6570\uFF08\u5B9E\u4E3A ${a.found}\uFF09`
    ),
    "usage.in_range": entry(
      (a) => `expected to be in the [${a.min}; ${a.max}] range (got ${a.found})`,
      (a) => `\u5E94\u5728 [${a.min}; ${a.max}] \u8303\u56F4\u5185\uFF08\u5B9E\u4E3A ${a.found}\uFF09`
    ),
    "usage.empty_string": entry(
      (_) => "an empty string",
      (_) => "\u7A7A\u5B57\u7B26\u4E32"
    ),
    // the one next thing to try
    "usage.did_you_mean": entry(
      (a) => `did you mean \`novel ${a.command}\`? (\`novel help\` lists every command)`,
      (a) => `\u4F60\u662F\u4E0D\u662F\u60F3\u7528 \`novel ${a.command}\`\uFF1F\uFF08\`novel help\` \u5217\u51FA\u6240\u6709\u547D\u4EE4\uFF09`
    ),
    "usage.commands_are": entry(
      (a) => `the commands are: ${a.commands}`,
      (a) => `\u53EF\u7528\u7684\u547D\u4EE4\uFF1A${listZh2(a.commands)}`
    ),
    "usage.did_you_mean_option": entry(
      (a) => `did you mean ${a.option}? (\`novel help ${a.command}\` lists the options)`,
      (a) => `\u4F60\u662F\u4E0D\u662F\u60F3\u7528 ${a.option}\uFF1F\uFF08\`novel help ${a.command}\` \u5217\u51FA\u6240\u6709\u9009\u9879\uFF09`
    ),
    "usage.see_help": entry(
      (a) => `run \`novel help${a.command ? ` ${a.command}` : ""}\``,
      (a) => `\u8FD0\u884C \`novel help${a.command ? ` ${a.command}` : ""}\` \u67E5\u770B\u7528\u6CD5`
    )
  }),
  // ---- novel help, novel <command> --help ----
  help: () => ({
    "help.usage": entry(
      (_) => "Usage",
      (_) => "\u7528\u6CD5"
    ),
    "help.options": entry(
      (_) => "Options",
      (_) => "\u9009\u9879"
    ),
    "help.details": entry(
      (_) => "Details",
      (_) => "\u8BF4\u660E"
    ),
    "help.examples": entry(
      (_) => "Examples",
      (_) => "\u793A\u4F8B"
    ),
    "help.footer": entry(
      (_) => "You can also print more details about any of these commands by calling them with the `-h,--help` flag right after the command name.",
      (_) => "\u5728\u547D\u4EE4\u540D\u540E\u7D27\u8DDF `-h,--help`\uFF0C\u53EF\u67E5\u770B\u8BE5\u547D\u4EE4\u7684\u8BE6\u7EC6\u8BF4\u660E\u3002"
    ),
    "help.category.autopilot": entry(
      (_) => "Autopilot",
      (_) => "\u81EA\u52A8\u5199\u4F5C"
    ),
    "help.category.book": entry(
      (_) => "Book",
      (_) => "\u4E66\u7A3F"
    ),
    "help.category.lock": entry(
      (_) => "Lock",
      (_) => "\u9501"
    ),
    "help.category.pipeline": entry(
      (_) => "Pipeline",
      (_) => "\u6D41\u6C34\u7EBF"
    ),
    "help.category.project": entry(
      (_) => "Project",
      (_) => "\u9879\u76EE"
    ),
    "help.category.reference": entry(
      (_) => "Reference",
      (_) => "\u53C2\u8003"
    ),
    "help.category.state": entry(
      (_) => "State",
      (_) => "\u72B6\u6001"
    ),
    // the options of every command
    "help.--json": entry(
      (_) => "Print exactly one JSON object {ok, command, data | error} on stdout",
      (_) => "\u5728\u6807\u51C6\u8F93\u51FA\u6253\u5370\u4E14\u53EA\u6253\u5370\u4E00\u4E2A JSON \u5BF9\u8C61 {ok, command, data | error}"
    ),
    "help.--project": entry(
      (_) => "Project directory (holds .checkpoint.json); default: nearest ancestor of the current directory",
      (_) => "\u9879\u76EE\u76EE\u5F55\uFF08\u5B58\u653E .checkpoint.json \u7684\u76EE\u5F55\uFF09\uFF1B\u9ED8\u8BA4\uFF1A\u4ECE\u5F53\u524D\u76EE\u5F55\u5411\u4E0A\u627E\u5230\u7684\u6700\u8FD1\u4E00\u4E2A\u9879\u76EE"
    ),
    // novel status
    "help.status.description": entry(
      (_) => "Show where the pipeline stands and the exact next command (read-only)",
      (_) => "\u663E\u793A\u6D41\u6C34\u7EBF\u8FDB\u884C\u5230\u54EA\u4E00\u6B65\uFF0C\u4EE5\u53CA\u4E0B\u4E00\u6B65\u8981\u8F93\u5165\u7684\u786E\u5207\u547D\u4EE4\uFF08\u53EA\u8BFB\uFF09"
    ),
    "help.status.details": entry(
      (_) => "One line per stage with the current one marked, the chapter's place in the volume outline, the revision round, the gate, the lock holder and the exact command to type next.",
      (_) => "\u6BCF\u4E2A\u9636\u6BB5\u4E00\u884C\u5E76\u6807\u51FA\u5F53\u524D\u9636\u6BB5\uFF1B\u8FD8\u663E\u793A\u672C\u7AE0\u5728\u5377\u5927\u7EB2\u4E2D\u7684\u4F4D\u7F6E\u3001\u4FEE\u6539\u8F6E\u6B21\u3001\u95F8\u95E8\u3001\u9501\u7684\u6301\u6709\u8005\uFF0C\u4EE5\u53CA\u4E0B\u4E00\u6B65\u8981\u8F93\u5165\u7684\u786E\u5207\u547D\u4EE4\u3002"
    ),
    "help.status.example.1": entry(
      (_) => "Human view",
      (_) => "\u7ED9\u4EBA\u770B\u7684\u89C6\u56FE"
    ),
    "help.status.example.2": entry(
      (_) => "The same data as JSON",
      (_) => "\u540C\u6837\u7684\u6570\u636E\uFF0C\u4EE5 JSON \u8F93\u51FA"
    ),
    // novel next
    "help.next.description": entry(
      (_) => "Print the next step of the pipeline (read-only)",
      (_) => "\u6253\u5370\u6D41\u6C34\u7EBF\u7684\u4E0B\u4E00\u6B65\uFF08\u53EA\u8BFB\uFF09"
    ),
    "help.next.details": entry(
      (_) => [
        "Rebuilds the pipeline machine from `.checkpoint.json`, probes `staging/` and prints the next step id.",
        "The step's action says what to do: `execute` (run the agent), `advance` (its outputs are present, new and valid: record them), `commit`, `review` (the author decides) or `recover` (finish an interrupted commit). Nothing is written."
      ].join("\n\n"),
      (_) => [
        "\u6839\u636E `.checkpoint.json` \u91CD\u5EFA\u6D41\u6C34\u7EBF\u72B6\u6001\u673A\uFF0C\u63A2\u67E5 `staging/`\uFF0C\u6253\u5370\u4E0B\u4E00\u6B65\u7684\u6B65\u9AA4\u7F16\u53F7\u3002",
        "\u6B65\u9AA4\u7684 action \u8BF4\u660E\u8BE5\u505A\u4EC0\u4E48\uFF1A`execute`\uFF08\u8FD0\u884C\u5BF9\u5E94\u7684\u4EE3\u7406\uFF09\u3001`advance`\uFF08\u4EA7\u51FA\u5DF2\u5C31\u7EEA\u3001\u662F\u65B0\u7684\u4E14\u6709\u6548\uFF1A\u767B\u8BB0\u5B83\u4EEC\uFF09\u3001`commit`\uFF08\u5165\u5E93\uFF09\u3001`review`\uFF08\u7531\u4F5C\u8005\u51B3\u5B9A\uFF09\u6216 `recover`\uFF08\u8865\u5B8C\u4E00\u6B21\u4E2D\u65AD\u7684\u5165\u5E93\uFF09\u3002\u4E0D\u5199\u5165\u4EFB\u4F55\u6587\u4EF6\u3002"
      ].join("\n\n")
    ),
    "help.next.example.1": entry(
      (_) => "Print the next step id",
      (_) => "\u6253\u5370\u4E0B\u4E00\u6B65\u7684\u6B65\u9AA4\u7F16\u53F7"
    ),
    "help.next.example.2": entry(
      (_) => "Full decision with reason and evidence",
      (_) => "\u5B8C\u6574\u7684\u51B3\u5B9A\uFF0C\u542B\u539F\u56E0\u4E0E\u4F9D\u636E"
    ),
    // novel instructions
    "help.instructions.description": entry(
      (_) => "Print the instruction packet of a step: which agent, which files, what to write",
      (_) => "\u6253\u5370\u67D0\u4E00\u6B65\u7684\u6307\u4EE4\u5305\uFF1A\u7531\u54EA\u4E2A\u4EE3\u7406\u6267\u884C\u3001\u8BFB\u54EA\u4E9B\u6587\u4EF6\u3001\u5199\u51FA\u4EC0\u4E48"
    ),
    "help.instructions.details": entry(
      (_) => [
        "Builds the packet for any step of the next or inflight chapter (or the volume being planned), whatever the current stage. Files are named by project-relative path (manifest mode); optional files that do not exist are left out. The same project gives byte-identical packets.",
        "`--embed` adds each file's content as a read-only `<DATA \u2026>` block (capped at 64 KiB). `--write-manifest` also writes the packet to `staging/manifests/`. Read-only otherwise."
      ].join("\n\n"),
      (_) => [
        "\u4E3A\u4E0B\u4E00\u7AE0\u6216\u5728\u5199\u7AE0\u8282\uFF08\u6216\u6B63\u5728\u89C4\u5212\u7684\u5377\uFF09\u7684\u4EFB\u4E00\u6B65\u9AA4\u751F\u6210\u6307\u4EE4\u5305\uFF0C\u4E0D\u8BBA\u5F53\u524D\u5904\u4E8E\u54EA\u4E2A\u9636\u6BB5\u3002\u6587\u4EF6\u4EE5\u76F8\u5BF9\u4E8E\u9879\u76EE\u6839\u76EE\u5F55\u7684\u8DEF\u5F84\u7ED9\u51FA\uFF08\u6E05\u5355\u6A21\u5F0F\uFF09\uFF1B\u4E0D\u5B58\u5728\u7684\u53EF\u9009\u6587\u4EF6\u4E0D\u5217\u51FA\u3002\u540C\u4E00\u9879\u76EE\u603B\u662F\u751F\u6210\u9010\u5B57\u8282\u76F8\u540C\u7684\u6307\u4EE4\u5305\u3002",
        "`--embed` \u628A\u6BCF\u4E2A\u6587\u4EF6\u7684\u5185\u5BB9\u4F5C\u4E3A\u53EA\u8BFB\u7684 `<DATA \u2026>` \u5757\u5D4C\u5165\uFF08\u4E0A\u9650 64 KiB\uFF09\u3002`--write-manifest` \u8FD8\u4F1A\u628A\u6307\u4EE4\u5305\u5199\u5230 `staging/manifests/`\u3002\u9664\u6B64\u4E4B\u5916\u53EA\u8BFB\u3002"
      ].join("\n\n")
    ),
    "help.instructions.example.1": entry(
      (_) => "The chapter-writer packet of chapter 4",
      (_) => "\u7B2C4\u7AE0 chapter-writer \u7684\u6307\u4EE4\u5305"
    ),
    "help.instructions.example.2": entry(
      (_) => "With file contents embedded, as the data of the JSON envelope",
      (_) => "\u5D4C\u5165\u6587\u4EF6\u5185\u5BB9\uFF0C\u4F5C\u4E3A JSON \u4FE1\u5C01\u4E2D\u7684 data"
    ),
    "help.instructions.example.3": entry(
      (_) => "Write it for the executor",
      (_) => "\u4E3A\u6267\u884C\u5668\u5199\u51FA\u6307\u4EE4\u5305"
    ),
    "help.instructions.--embed": entry(
      (_) => "Embed file contents as read-only DATA blocks",
      (_) => "\u628A\u6587\u4EF6\u5185\u5BB9\u4F5C\u4E3A\u53EA\u8BFB\u7684 DATA \u5757\u5D4C\u5165"
    ),
    "help.instructions.--write-manifest": entry(
      (_) => "Also write the packet to staging/manifests/",
      (_) => "\u540C\u65F6\u628A\u6307\u4EE4\u5305\u5199\u5230 staging/manifests/"
    ),
    // novel validate
    "help.validate.description": entry(
      (_) => "Check a step's staged outputs and report every problem at once",
      (_) => "\u68C0\u67E5\u67D0\u4E00\u6B65\u7684\u6682\u5B58\u4EA7\u51FA\uFF0C\u4E00\u6B21\u62A5\u544A\u6240\u6709\u95EE\u9898"
    ),
    "help.validate.details": entry(
      (_) => "Checks what the agent of the step wrote under `staging/` (PROTOCOL \xA74): presence, UTF-8, JSON shape, chapter numbers, slugs. Every problem is reported with file, field, expected and found. Exits 2 when anything required is wrong; problems in optional files are warnings.",
      (_) => "\u68C0\u67E5\u8BE5\u6B65\u9AA4\u7684\u4EE3\u7406\u5728 `staging/` \u4E0B\u5199\u51FA\u7684\u5185\u5BB9\uFF08PROTOCOL \xA74\uFF09\uFF1A\u662F\u5426\u5B58\u5728\u3001UTF-8\u3001JSON \u7ED3\u6784\u3001\u7AE0\u53F7\u3001\u82F1\u6587\u77ED\u6807\u8BC6\u3002\u6BCF\u4E2A\u95EE\u9898\u90FD\u7ED9\u51FA\u6587\u4EF6\u3001\u5B57\u6BB5\u3001\u5E94\u4E3A\u4E0E\u5B9E\u4E3A\u3002\u5FC5\u9700\u7684\u5185\u5BB9\u6709\u8BEF\u65F6\u9000\u51FA\u7801\u4E3A 2\uFF1B\u53EF\u9009\u6587\u4EF6\u4E2D\u7684\u95EE\u9898\u53EA\u4F5C\u4E3A\u8B66\u544A\u3002"
    ),
    "help.validate.example.1": entry(
      (_) => "Validate the summarizer outputs of chapter 4",
      (_) => "\u6821\u9A8C\u7B2C4\u7AE0 summarizer \u7684\u4EA7\u51FA"
    ),
    "help.validate.example.2": entry(
      (_) => "Machine-readable report",
      (_) => "\u673A\u5668\u53EF\u8BFB\u7684\u62A5\u544A"
    ),
    // novel advance
    "help.advance.description": entry(
      (_) => "Record a finished step: validate its outputs and move the pipeline on",
      (_) => "\u767B\u8BB0\u4E00\u4E2A\u5DF2\u5B8C\u6210\u7684\u6B65\u9AA4\uFF1A\u6821\u9A8C\u5176\u4EA7\u51FA\uFF0C\u63A8\u8FDB\u6D41\u6C34\u7EBF"
    ),
    "help.advance.details": entry(
      (_) => [
        "Takes the project lock, refuses a step other than the one `novel next` names, validates the step's staged outputs, sends the finished-step event to the pipeline machine and writes the resulting `.checkpoint.json` atomically.",
        "After a judge step the gate runs at once: a revision archives the round's files under `staging/revisions/chapter-NNN/round-K/`. Refuses (exit 2) when the book's final trees changed outside novel, and exits 3 while another process holds the lock."
      ].join("\n\n"),
      (_) => [
        "\u83B7\u53D6\u9879\u76EE\u9501\uFF1B\u6B65\u9AA4\u4E0D\u662F `novel next` \u7ED9\u51FA\u7684\u90A3\u4E00\u6B65\u65F6\u62D2\u7EDD\u6267\u884C\uFF1B\u6821\u9A8C\u8BE5\u6B65\u9AA4\u7684\u6682\u5B58\u4EA7\u51FA\uFF0C\u5411\u6D41\u6C34\u7EBF\u72B6\u6001\u673A\u53D1\u9001\u5B8C\u6210\u4E8B\u4EF6\uFF0C\u5E76\u539F\u5B50\u5730\u5199\u5165\u65B0\u7684 `.checkpoint.json`\u3002",
        "\u8BC4\u5BA1\uFF08judge\uFF09\u8FD9\u4E00\u6B65\u4E4B\u540E\u95F8\u95E8\u7ACB\u5373\u5224\u5B9A\uFF1A\u5224\u5B9A\u4FEE\u6539\u65F6\uFF0C\u672C\u8F6E\u7684\u6587\u4EF6\u5F52\u6863\u5230 `staging/revisions/chapter-NNN/round-K/`\u3002\u4E66\u7A3F\u6587\u4EF6\u5728 novel \u4E4B\u5916\u88AB\u6539\u52A8\u65F6\u62D2\u7EDD\u6267\u884C\uFF08\u9000\u51FA\u7801 2\uFF09\uFF1B\u5176\u4ED6\u8FDB\u7A0B\u6301\u6709\u9501\u65F6\u9000\u51FA\u7801\u4E3A 3\u3002"
      ].join("\n\n")
    ),
    "help.advance.example.1": entry(
      (_) => "Record the draft of chapter 4",
      (_) => "\u767B\u8BB0\u7B2C4\u7AE0\u7684\u8349\u7A3F"
    ),
    "help.advance.example.2": entry(
      (_) => "Record the judge step and see the gate decision",
      (_) => "\u767B\u8BB0\u8BC4\u5BA1\u8FD9\u4E00\u6B65\uFF0C\u5E76\u67E5\u770B\u95F8\u95E8\u7684\u5224\u5B9A"
    ),
    // novel decide
    "help.decide.description": entry(
      (_) => "Resolve a pause: accept, revise or rewrite the paused chapter",
      (_) => "\u5904\u7406\u6682\u505C\uFF1A\u63A5\u53D7\u3001\u4FEE\u6539\u6216\u91CD\u5199\u6682\u505C\u7684\u7AE0\u8282"
    ),
    "help.decide.details": entry(
      (_) => [
        "Only valid while the chapter is paused at review (`novel next` prints `chapter:NNN:review`).",
        "- `accept` commits the chapter as it is (gate decision `accepted_by_user`).",
        "- `revise` runs one more revision round, even past the revision budget.",
        "- `rewrite` discards the chapter's staged outputs (kept under `staging/revisions/chapter-NNN/rewrite-K/`) and starts again at draft with revision_count 0."
      ].join("\n\n"),
      (_) => [
        "\u53EA\u5728\u7AE0\u8282\u6682\u505C\u3001\u7B49\u5F85\u4F5C\u8005\u51B3\u5B9A\u65F6\u6709\u6548\uFF08`novel next` \u6253\u5370 `chapter:NNN:review`\uFF09\u3002",
        "- `accept`\uFF1A\u6309\u73B0\u72B6\u5165\u5E93\uFF08\u95F8\u95E8\u5224\u5B9A\u8BB0\u4E3A `accepted_by_user`\uFF09\u3002",
        "- `revise`\uFF1A\u518D\u4FEE\u6539\u4E00\u8F6E\uFF0C\u5373\u4F7F\u4FEE\u6539\u8F6E\u6B21\u5DF2\u7ECF\u7528\u5B8C\u3002",
        "- `rewrite`\uFF1A\u4E22\u5F03\u672C\u7AE0\u7684\u6682\u5B58\u4EA7\u51FA\uFF08\u4FDD\u5B58\u5728 `staging/revisions/chapter-NNN/rewrite-K/`\uFF09\uFF0C\u4ECE\u8D77\u8349\u91CD\u65B0\u5F00\u59CB\uFF0Crevision_count \u5F52\u96F6\u3002"
      ].join("\n\n")
    ),
    "help.decide.example.1": entry(
      (_) => "Accept chapter 12 as it is",
      (_) => "\u7B2C12\u7AE0\u6309\u73B0\u72B6\u63A5\u53D7"
    ),
    "help.decide.example.2": entry(
      (_) => "Ask for one more revision",
      (_) => "\u518D\u8981\u4E00\u8F6E\u4FEE\u6539"
    ),
    "help.decide.example.3": entry(
      (_) => "Revise with your own instruction to the writer",
      (_) => "\u4FEE\u6539\u65F6\u7ED9\u5199\u624B\u4F60\u81EA\u5DF1\u7684\u6307\u793A"
    ),
    "help.decide.example.4": entry(
      (_) => "Start the chapter again from a fresh draft",
      (_) => "\u8FD9\u4E00\u7AE0\u4ECE\u5168\u65B0\u7684\u8349\u7A3F\u91CD\u65B0\u5F00\u59CB"
    ),
    "help.decide.--note": entry(
      (_) => "Your words with the decision: revise and rewrite carry them to the writer in the next draft packet (inline.author_note); every decision keeps them in the chapter log",
      (_) => "\u968F\u51B3\u5B9A\u9644\u4E0A\u4F60\u7684\u8BDD\uFF1Arevise \u548C rewrite \u4F1A\u628A\u5B83\u653E\u8FDB\u4E0B\u4E00\u4EFD\u8D77\u8349\u6307\u4EE4\u5305\u4EA4\u7ED9\u5199\u624B\uFF08inline.author_note\uFF09\uFF1B\u4EFB\u4F55\u51B3\u5B9A\u90FD\u4F1A\u628A\u5B83\u8BB0\u5165\u7AE0\u8282\u65E5\u5FD7"
    ),
    // novel commit
    "help.commit.description": entry(
      (_) => "Move a gated chapter into the book in one crash-safe transaction",
      (_) => "\u4EE5\u4E00\u6B21\u5D29\u6E83\u5B89\u5168\u7684\u4E8B\u52A1\uFF0C\u628A\u901A\u8FC7\u95F8\u95E8\u7684\u7AE0\u8282\u5165\u5E93"
    ),
    "help.commit.details": entry(
      (_) => [
        "Refused unless the chapter is inflight and its gate allows the commit (pass, force pass, accepted by the author).",
        "Everything is computed first and written to a journal (`staging/.commit/chapter-NNN.json`, fsync'd); then each target is applied idempotently and the journal is deleted. A process killed at any instant leaves a project that the next mutating command rolls forward to exactly the bytes of an uninterrupted commit.",
        "`--dry-run` prints the exact plan \u2014 every file written, moved, appended or cleared and every state op applied or dropped \u2014 and touches nothing."
      ].join("\n\n"),
      (_) => [
        "\u53EA\u6709\u7AE0\u8282\u6B63\u5728\u5199\u3001\u4E14\u95F8\u95E8\u5141\u8BB8\u5165\u5E93\uFF08\u901A\u8FC7\u3001\u5F3A\u5236\u901A\u8FC7\u3001\u4F5C\u8005\u5DF2\u63A5\u53D7\uFF09\u65F6\u624D\u6267\u884C\u3002",
        "\u5148\u7B97\u597D\u4E00\u5207\u5E76\u5199\u5165\u5165\u5E93\u65E5\u5FD7\uFF08`staging/.commit/chapter-NNN.json`\uFF0C\u5DF2 fsync\uFF09\uFF1B\u7136\u540E\u9010\u4E2A\u5E42\u7B49\u5730\u5E94\u7528\u5230\u76EE\u6807\u6587\u4EF6\uFF0C\u6700\u540E\u5220\u9664\u65E5\u5FD7\u3002\u8FDB\u7A0B\u5728\u4EFB\u4F55\u65F6\u523B\u88AB\u6740\u6389\uFF0C\u4E0B\u4E00\u4E2A\u5199\u5165\u547D\u4EE4\u90FD\u4F1A\u628A\u9879\u76EE\u8865\u5B8C\u5230\u4E0E\u672A\u4E2D\u65AD\u7684\u5165\u5E93\u9010\u5B57\u8282\u76F8\u540C\u7684\u72B6\u6001\u3002",
        "`--dry-run` \u6253\u5370\u786E\u5207\u7684\u8BA1\u5212\u2014\u2014\u6BCF\u4E2A\u8981\u5199\u5165\u3001\u79FB\u52A8\u3001\u8FFD\u52A0\u6216\u6E05\u7A7A\u7684\u6587\u4EF6\uFF0C\u4EE5\u53CA\u6BCF\u6761\u5E94\u7528\u6216\u4E22\u5F03\u7684\u72B6\u6001\u64CD\u4F5C\u2014\u2014\u4E0D\u6539\u52A8\u4EFB\u4F55\u4E1C\u897F\u3002"
      ].join("\n\n")
    ),
    "help.commit.example.1": entry(
      (_) => "Commit chapter 4",
      (_) => "\u7B2C4\u7AE0\u5165\u5E93"
    ),
    "help.commit.example.2": entry(
      (_) => "Show the plan without writing anything",
      (_) => "\u663E\u793A\u8BA1\u5212\uFF0C\u4E0D\u5199\u5165\u4EFB\u4F55\u4E1C\u897F"
    ),
    "help.commit.--chapter": entry(
      (_) => "The chapter to commit",
      (_) => "\u8981\u5165\u5E93\u7684\u7AE0\u8282"
    ),
    "help.commit.--volume": entry(
      (_) => "Commit the staged plan of volume VV (volume planning)",
      (_) => "\u628A\u7B2C VV \u5377\u7684\u6682\u5B58\u7684\u89C4\u5212\u5165\u5E93\uFF08\u5377\u89C4\u5212\uFF09"
    ),
    "help.commit.--setup": entry(
      (_) => "Commit the staged files of the setup step in progress (book:world, book:characters, book:style)",
      (_) => "\u628A\u8FDB\u884C\u4E2D\u7684\u8BBE\u5B9A\u6B65\u9AA4\u7684\u6682\u5B58\u6587\u4EF6\u5165\u5E93\uFF08book:world\u3001book:characters\u3001book:style\uFF09"
    ),
    "help.commit.--dry-run": entry(
      (_) => "Print the plan, write nothing",
      (_) => "\u6253\u5370\u8BA1\u5212\uFF0C\u4E0D\u5199\u5165\u4EFB\u4F55\u4E1C\u897F"
    ),
    // novel lock status
    "help.lock.status.description": entry(
      (_) => "Show who holds the project lock and whether it is stale",
      (_) => "\u663E\u793A\u8C01\u6301\u6709\u9879\u76EE\u9501\uFF0C\u4EE5\u53CA\u9501\u662F\u5426\u5DF2\u8FC7\u671F"
    ),
    "help.lock.status.details": entry(
      (_) => "A lock is stale when its heartbeat is older than `lock_stale_minutes` (default 30), when its process is gone on this host, or (for a lock without readable info.json) when it is more than 60 s old.",
      (_) => "\u5FC3\u8DF3\u65E9\u4E8E `lock_stale_minutes` \u5206\u949F\uFF08\u9ED8\u8BA4 30\uFF09\u3001\u6301\u6709\u8FDB\u7A0B\u5728\u672C\u673A\u4E0A\u5DF2\u4E0D\u5B58\u5728\uFF0C\u6216\uFF08\u5BF9\u6CA1\u6709\u53EF\u8BFB info.json \u7684\u9501\uFF09\u5DF2\u5B58\u5728\u8D85\u8FC7 60 \u79D2\u65F6\uFF0C\u9501\u5373\u89C6\u4E3A\u8FC7\u671F\u3002"
    ),
    "help.lock.status.example.1": entry(
      (_) => "Show the lock",
      (_) => "\u67E5\u770B\u9501"
    ),
    "help.lock.status.example.2": entry(
      (_) => "As JSON",
      (_) => "\u4EE5 JSON \u8F93\u51FA"
    ),
    // novel lock clear
    "help.lock.clear.description": entry(
      (_) => "Remove a stale project lock (a live one only with --force)",
      (_) => "\u6E05\u9664\u8FC7\u671F\u7684\u9879\u76EE\u9501\uFF08\u4ECD\u6709\u6548\u7684\u9501\u987B\u52A0 --force\uFF09"
    ),
    "help.lock.clear.details": entry(
      (_) => "Refuses (exit 2) to remove a live lock unless `--force` is given. Leftover `.novel.lock.tmp-*` directories of interrupted acquisitions are removed too.",
      (_) => "\u9664\u975E\u7ED9\u51FA `--force`\uFF0C\u5426\u5219\u62D2\u7EDD\u6E05\u9664\u4ECD\u6709\u6548\u7684\u9501\uFF08\u9000\u51FA\u7801 2\uFF09\u3002\u4E2D\u65AD\u7684\u52A0\u9501\u64CD\u4F5C\u7559\u4E0B\u7684 `.novel.lock.tmp-*` \u76EE\u5F55\u4E5F\u4F1A\u4E00\u5E76\u6E05\u9664\u3002"
    ),
    "help.lock.clear.example.1": entry(
      (_) => "Remove a stale lock",
      (_) => "\u6E05\u9664\u8FC7\u671F\u7684\u9501"
    ),
    "help.lock.clear.example.2": entry(
      (_) => "Remove the lock even if its holder looks alive",
      (_) => "\u5373\u4F7F\u6301\u6709\u8005\u770B\u4F3C\u8FD8\u5728\uFF0C\u4E5F\u6E05\u9664\u9501"
    ),
    "help.lock.clear.--force": entry(
      (_) => "Remove the lock even when it is live",
      (_) => "\u5373\u4F7F\u9501\u4ECD\u6709\u6548\u4E5F\u6E05\u9664"
    ),
    // novel state verify
    "help.state.verify.description": entry(
      (_) => "Check the state against its changelog and every book file against the fingerprint",
      (_) => "\u6309\u53D8\u66F4\u65E5\u5FD7\u68C0\u67E5\u72B6\u6001\uFF0C\u6309\u6307\u7EB9\u68C0\u67E5\u6BCF\u4E2A\u4E66\u7A3F\u6587\u4EF6"
    ),
    "help.state.verify.details": entry(
      (_) => [
        "Replays `state/changelog.jsonl` from the empty state and compares the result with `state/current-state.json` (as parsed JSON); on divergence names the first divergent chapter. Then re-hashes every file of the final trees against `.novel/fingerprint.json` and lists every changed, added or removed file (a hand edit of an old chapter shows up here).",
        "`--accept` records the current files as the fingerprint, after listing them, once you have confirmed the edits; a hand fix of `state/current-state.json` is recorded as an accepted-state line of the changelog, so that replay and `novel state rebuild` keep it. A project with no fingerprint yet is judged by its state alone. Exits 2 while anything diverges."
      ].join("\n\n"),
      (_) => [
        "\u4ECE\u7A7A\u72B6\u6001\u5F00\u59CB\u91CD\u653E `state/changelog.jsonl`\uFF0C\u628A\u7ED3\u679C\u4E0E `state/current-state.json`\uFF08\u6309\u89E3\u6790\u540E\u7684 JSON\uFF09\u6BD4\u8F83\uFF1B\u4E0D\u4E00\u81F4\u65F6\u7ED9\u51FA\u6700\u65E9\u5206\u6B67\u7684\u7AE0\u8282\u3002\u7136\u540E\u6309 `.novel/fingerprint.json` \u91CD\u65B0\u8BA1\u7B97\u4E66\u7A3F\u5404\u6587\u4EF6\u7684\u54C8\u5E0C\uFF0C\u5217\u51FA\u6BCF\u4E2A\u88AB\u6539\u52A8\u3001\u65B0\u589E\u6216\u5220\u9664\u7684\u6587\u4EF6\uFF08\u624B\u6539\u65E7\u7AE0\u8282\u4F1A\u5728\u8FD9\u91CC\u663E\u793A\u51FA\u6765\uFF09\u3002",
        "`--accept` \u5148\u5217\u51FA\u8FD9\u4E9B\u6587\u4EF6\uFF0C\u5728\u4F60\u786E\u8BA4\u6539\u52A8\u4E4B\u540E\u628A\u5F53\u524D\u6587\u4EF6\u8BB0\u4E3A\u6307\u7EB9\uFF1B\u624B\u6539\u7684 `state/current-state.json` \u4F1A\u4F5C\u4E3A\u4E00\u884C accepted-state \u8BB0\u5165\u53D8\u66F4\u65E5\u5FD7\uFF0C\u91CD\u653E\u548C `novel state rebuild` \u90FD\u4F1A\u4FDD\u7559\u5B83\u3002\u5C1A\u65E0\u6307\u7EB9\u7684\u9879\u76EE\u53EA\u68C0\u67E5\u72B6\u6001\u3002\u6709\u4EFB\u4F55\u4E0D\u4E00\u81F4\u65F6\u9000\u51FA\u7801\u4E3A 2\u3002"
      ].join("\n\n")
    ),
    "help.state.verify.example.1": entry(
      (_) => "Verify",
      (_) => "\u68C0\u67E5"
    ),
    "help.state.verify.example.2": entry(
      (_) => "Accept hand edits of book files",
      (_) => "\u63A5\u53D7\u5BF9\u4E66\u7A3F\u6587\u4EF6\u7684\u624B\u5DE5\u4FEE\u6539"
    ),
    "help.state.verify.--accept": entry(
      (_) => "Record the current final-tree files as the fingerprint",
      (_) => "\u628A\u5F53\u524D\u7684\u4E66\u7A3F\u6587\u4EF6\u8BB0\u4E3A\u6307\u7EB9"
    ),
    // novel state rebuild
    "help.state.rebuild.description": entry(
      (_) => "Rewrite state/current-state.json from the changelog",
      (_) => "\u6309\u53D8\u66F4\u65E5\u5FD7\u91CD\u5199 state/current-state.json"
    ),
    "help.state.rebuild.details": entry(
      (_) => "Replays the applied ops of `state/changelog.jsonl` from the empty state and writes the result atomically. Refused (exit 2) while a commit journal is pending: finish that commit first.",
      (_) => "\u4ECE\u7A7A\u72B6\u6001\u5F00\u59CB\u91CD\u653E `state/changelog.jsonl` \u4E2D\u5DF2\u5E94\u7528\u7684\u64CD\u4F5C\uFF0C\u5E76\u539F\u5B50\u5730\u5199\u51FA\u7ED3\u679C\u3002\u6709\u672A\u5B8C\u6210\u7684\u5165\u5E93\u65E5\u5FD7\u65F6\u62D2\u7EDD\u6267\u884C\uFF08\u9000\u51FA\u7801 2\uFF09\uFF1A\u8BF7\u5148\u5B8C\u6210\u90A3\u6B21\u5165\u5E93\u3002"
    ),
    "help.state.rebuild.example.1": entry(
      (_) => "Rebuild the state",
      (_) => "\u91CD\u5EFA\u72B6\u6001"
    ),
    // novel graph
    "help.graph.description": entry(
      (_) => "Export the book and chapter machines as mermaid, dot or JSON",
      (_) => "\u628A\u5168\u4E66\u4E0E\u7AE0\u8282\u7684\u72B6\u6001\u673A\u5BFC\u51FA\u4E3A mermaid\u3001dot \u6216 JSON"
    ),
    "help.graph.details": entry(
      (_) => "The graph is read from the book machine itself: the book states (planning, writing, recovering, retrying, complete) and the chapter pipeline inside `writing`, with every event, guard and action. `--highlight current` marks the state the project rests in (needs a project).",
      (_) => "\u56FE\u76F4\u63A5\u8BFB\u81EA\u5168\u4E66\u72B6\u6001\u673A\uFF1A\u5168\u4E66\u7684\u5404\u4E2A\u72B6\u6001\uFF08planning\u3001writing\u3001recovering\u3001retrying\u3001complete\uFF09\uFF0C\u4EE5\u53CA `writing` \u4E2D\u7684\u7AE0\u8282\u6D41\u6C34\u7EBF\uFF0C\u542B\u6BCF\u4E2A\u4E8B\u4EF6\u3001\u5B88\u536B\u548C\u52A8\u4F5C\u3002`--highlight current` \u6807\u51FA\u9879\u76EE\u5F53\u524D\u6240\u5904\u7684\u72B6\u6001\uFF08\u9700\u8981\u5728\u9879\u76EE\u4E2D\u8FD0\u884C\uFF09\u3002"
    ),
    "help.graph.example.1": entry(
      (_) => "Mermaid state diagram",
      (_) => "Mermaid \u72B6\u6001\u56FE"
    ),
    "help.graph.example.2": entry(
      (_) => "Graphviz, with the current state marked",
      (_) => "Graphviz\uFF0C\u5E76\u6807\u51FA\u5F53\u524D\u72B6\u6001"
    ),
    "help.graph.example.3": entry(
      (_) => "Nodes and edges as JSON",
      (_) => "\u4EE5 JSON \u8F93\u51FA\u8282\u70B9\u548C\u8FB9"
    ),
    "help.graph.--format": entry(
      (_) => "mermaid (default), dot or json",
      (_) => "mermaid\uFF08\u9ED8\u8BA4\uFF09\u3001dot \u6216 json"
    ),
    "help.graph.--highlight": entry(
      (_) => '"current": mark the state the project is in',
      (_) => '"current"\uFF1A\u6807\u51FA\u9879\u76EE\u5F53\u524D\u6240\u5904\u7684\u72B6\u6001'
    ),
    // novel init
    "help.init.description": entry(
      (_) => "Create a minimal valid project",
      (_) => "\u65B0\u5EFA\u4E00\u4E2A\u6700\u5C0F\u7684\u6709\u6548\u9879\u76EE"
    ),
    "help.init.details": entry(
      (_) => "Writes `.checkpoint.json` (volume 1 awaiting planning), `novel.config.json` with the defaults, an empty state, an empty foreshadowing list and empty input files. With --title and --author (asked for on a terminal), book.json holds the book's metadata. Refuses when the directory already holds a project, or a book without its checkpoint (chapters/*.md, state/current-state.json or state/changelog.jsonl: `novel checkpoint rebuild` recovers that one); existing files are never overwritten.",
      (_) => "\u5199\u51FA `.checkpoint.json`\uFF08\u7B2C1\u5377\u5F85\u89C4\u5212\uFF09\u3001\u4F7F\u7528\u9ED8\u8BA4\u503C\u7684 `novel.config.json`\u3001\u7A7A\u72B6\u6001\u3001\u7A7A\u7684\u4F0F\u7B14\u5217\u8868\u548C\u7A7A\u7684\u8F93\u5165\u6587\u4EF6\u3002\u7ED9\u51FA --title \u548C --author\uFF08\u5728\u7EC8\u7AEF\u4E0A\u4F1A\u8BE2\u95EE\uFF09\u65F6\uFF0C\u4E66\u7684\u4FE1\u606F\u5199\u5165 book.json\u3002\u76EE\u5F55\u5DF2\u7ECF\u662F\u9879\u76EE\uFF0C\u6216\u6709\u4E66\u7A3F\u5374\u6CA1\u6709\u68C0\u67E5\u70B9\uFF08chapters/*.md\u3001state/current-state.json \u6216 state/changelog.jsonl\uFF1A\u8FD9\u79CD\u60C5\u51B5\u7528 `novel checkpoint rebuild` \u6062\u590D\uFF09\u65F6\u62D2\u7EDD\u6267\u884C\uFF1B\u5DF2\u6709\u7684\u6587\u4EF6\u4ECE\u4E0D\u8986\u76D6\u3002"
    ),
    "help.init.example.1": entry(
      (_) => "Create a project in ./my-novel, with its title and author in book.json",
      (_) => "\u5728 ./my-novel \u65B0\u5EFA\u9879\u76EE\uFF0C\u4E66\u540D\u548C\u4F5C\u8005\u5199\u5165 book.json"
    ),
    "help.init.example.2": entry(
      (_) => "Create a project in the current directory",
      (_) => "\u5728\u5F53\u524D\u76EE\u5F55\u65B0\u5EFA\u9879\u76EE"
    ),
    "help.init.example.3": entry(
      (_) => "Create the demo project (for `novel run --executor demo`)",
      (_) => "\u65B0\u5EFA\u6F14\u793A\u9879\u76EE\uFF08\u4F9B `novel run --executor demo` \u4F7F\u7528\uFF09"
    ),
    "help.init.--demo": entry(
      (_) => "Create the demo project instead: \u300A\u9752\u5C9A\u5251\u5F55\u300B, three chapters committed, volume 1 (30 chapters) outlined",
      (_) => "\u6539\u4E3A\u65B0\u5EFA\u6F14\u793A\u9879\u76EE\uFF1A\u300A\u9752\u5C9A\u5251\u5F55\u300B\uFF0C\u5DF2\u5165\u5E93\u4E09\u7AE0\uFF0C\u7B2C1\u5377\uFF0830 \u7AE0\uFF09\u5DF2\u6709\u5927\u7EB2"
    ),
    "help.init.--title": entry(
      (_) => "The book's title, into book.json (asked for on a terminal when missing)",
      (_) => "\u4E66\u540D\uFF0C\u5199\u5165 book.json\uFF08\u5728\u7EC8\u7AEF\u4E0A\u7F3A\u7701\u65F6\u4F1A\u8BE2\u95EE\uFF09"
    ),
    "help.init.--author": entry(
      (_) => "The author's pen name, into book.json (asked for on a terminal when missing)",
      (_) => "\u4F5C\u8005\u7B14\u540D\uFF0C\u5199\u5165 book.json\uFF08\u5728\u7EC8\u7AEF\u4E0A\u7F3A\u7701\u65F6\u4F1A\u8BE2\u95EE\uFF09"
    ),
    "help.init.--blurb": entry(
      (_) => "The blurb (\u7B80\u4ECB), into book.json",
      (_) => "\u7B80\u4ECB\uFF0C\u5199\u5165 book.json"
    ),
    "help.init.--platform": entry(
      (_) => "The quality preset recorded in novel.config.json: qidian, tomato or none (the demo: qidian)",
      (_) => "\u8BB0\u5165 novel.config.json \u7684\u8D28\u91CF\u9884\u8BBE\uFF1Aqidian\u3001tomato \u6216 none\uFF08\u6F14\u793A\u9879\u76EE\uFF1Aqidian\uFF09"
    ),
    // novel run
    "help.run.description": entry(
      (_) => "Drive the book end to end with an executor: plan volumes, write, judge and commit chapters",
      (_) => "\u7528\u6267\u884C\u5668\u4ECE\u5934\u5230\u5C3E\u63A8\u52A8\u5168\u4E66\uFF1A\u89C4\u5212\u5404\u5377\uFF0C\u5199\u4F5C\u3001\u8BC4\u5BA1\u5E76\u5165\u5E93\u5404\u7AE0"
    ),
    "help.run.details": entry(
      (_) => [
        "Repeats what the book machine says next: plan a volume (the plot-architect, then `commit --volume`), execute a chapter step (the packet is written to staging/manifests/, the executor runs, retried per `executor.retries`), advance it, commit the chapter, or stop for a review. The run holds the project lock for its whole length (heartbeat) and passes its owner token as NOVEL_LOCK_OWNER to the executor. The project stays resumable by plain `novel next` at every instant.",
        "Executors: `demo` (offline, deterministic; NOVEL_DEMO_SCORES=3.2,4.1 scripts the judge per revision round), `claude` (Claude Code, `claude -p \u2026 --output-format json`), `codex` (`codex exec --json`), or any command template (`{packet}` becomes the packet path). Default: `executor.command` of novel.config.json; with neither, the run refuses (exit 2) and lists the choices \u2014 it never picks one (`init --demo` records `demo` in the demo project). Exit codes: 0 target reached (or paused by --pause-after), 10 paused for a decision, 11 executor failed after retries (orchestrator_state ERROR_RETRY), 12 budget reached, 2/3 as everywhere, 130/143/129 stopped by a signal.",
        "The first Ctrl-C finishes the current step and stops; a second one, SIGTERM or SIGHUP ends the executor's process group and exits."
      ].join("\n\n"),
      (_) => [
        "\u91CD\u590D\u6267\u884C\u5168\u4E66\u72B6\u6001\u673A\u7ED9\u51FA\u7684\u4E0B\u4E00\u6B65\uFF1A\u89C4\u5212\u4E00\u5377\uFF08plot-architect\uFF0C\u7136\u540E `commit --volume`\uFF09\u3001\u6267\u884C\u7AE0\u8282\u7684\u4E00\u6B65\uFF08\u6307\u4EE4\u5305\u5199\u5230 staging/manifests/\uFF0C\u6267\u884C\u5668\u8FD0\u884C\uFF0C\u6309 `executor.retries` \u91CD\u8BD5\uFF09\u3001\u767B\u8BB0\u3001\u628A\u7AE0\u8282\u5165\u5E93\uFF0C\u6216\u505C\u4E0B\u7B49\u5F85\u4F5C\u8005\u51B3\u5B9A\u3002\u8FD0\u884C\u671F\u95F4\u4E00\u76F4\u6301\u6709\u9879\u76EE\u9501\uFF08\u5FC3\u8DF3\uFF09\uFF0C\u5E76\u628A\u81EA\u5DF1\u7684\u6301\u6709\u8005\u4EE4\u724C\u4F5C\u4E3A NOVEL_LOCK_OWNER \u4F20\u7ED9\u6267\u884C\u5668\u3002\u4EFB\u4F55\u65F6\u523B\u90FD\u53EF\u4EE5\u76F4\u63A5\u7528 `novel next` \u63A5\u7740\u5F80\u4E0B\u505A\u3002",
        "\u6267\u884C\u5668\uFF1A`demo`\uFF08\u79BB\u7EBF\u3001\u7ED3\u679C\u786E\u5B9A\uFF1BNOVEL_DEMO_SCORES=3.2,4.1 \u6309\u4FEE\u6539\u8F6E\u6B21\u8BBE\u5B9A\u8BC4\u5BA1\u5206\u6570\uFF09\u3001`claude`\uFF08Claude Code\uFF0C`claude -p \u2026 --output-format json`\uFF09\u3001`codex`\uFF08`codex exec --json`\uFF09\uFF0C\u6216\u4EFB\u4E00\u547D\u4EE4\u6A21\u677F\uFF08`{packet}` \u66FF\u6362\u4E3A\u6307\u4EE4\u5305\u8DEF\u5F84\uFF09\u3002\u9ED8\u8BA4\uFF1Anovel.config.json \u7684 `executor.command`\uFF1B\u4E24\u8005\u90FD\u6CA1\u6709\u65F6\u62D2\u7EDD\u8FD0\u884C\uFF08\u9000\u51FA\u7801 2\uFF09\u5E76\u5217\u51FA\u53EF\u9009\u9879\u2014\u2014novel \u4ECE\u4E0D\u66FF\u4F60\u9009\u62E9\uFF08`init --demo` \u5728\u6F14\u793A\u9879\u76EE\u91CC\u8BB0\u5F55\u4E86 `demo`\uFF09\u3002\u9000\u51FA\u7801\uFF1A0 \u8FBE\u6210\u76EE\u6807\uFF08\u6216\u6309 --pause-after \u6682\u505C\uFF09\uFF0C10 \u6682\u505C\u7B49\u5F85\u4F5C\u8005\u51B3\u5B9A\uFF0C11 \u6267\u884C\u5668\u91CD\u8BD5\u540E\u4ECD\u5931\u8D25\uFF08orchestrator_state ERROR_RETRY\uFF09\uFF0C12 \u9884\u7B97\u7528\u5B8C\uFF0C2/3 \u4E0E\u5176\u4ED6\u547D\u4EE4\u76F8\u540C\uFF0C130/143/129 \u88AB\u4FE1\u53F7\u4E2D\u6B62\u3002",
        "\u7B2C\u4E00\u6B21 Ctrl-C \u505A\u5B8C\u5F53\u524D\u6B65\u9AA4\u540E\u505C\u4E0B\uFF1B\u7B2C\u4E8C\u6B21 Ctrl-C\u3001SIGTERM \u6216 SIGHUP \u4F1A\u7ED3\u675F\u6267\u884C\u5668\u7684\u8FDB\u7A0B\u7EC4\u5E76\u9000\u51FA\u3002"
      ].join("\n\n")
    ),
    "help.run.example.1": entry(
      (_) => "Write the next 3 chapters offline",
      (_) => "\u79BB\u7EBF\u5199\u63A5\u4E0B\u6765\u7684 3 \u7AE0"
    ),
    "help.run.example.2": entry(
      (_) => "Up to chapter 10, with a script",
      (_) => "\u7528\u811A\u672C\u5199\u5230\u7B2C10\u7AE0"
    ),
    "help.run.example.3": entry(
      (_) => "Sixty chapters across volume boundaries, reviewing each volume plan",
      (_) => "\u8DE8\u5377\u5199\u516D\u5341\u7AE0\uFF0C\u6BCF\u5377\u7684\u89C4\u5212\u90FD\u5148\u5BA1\u9605"
    ),
    "help.run.example.4": entry(
      (_) => "Stop after every judge step",
      (_) => "\u6BCF\u6B21\u8BC4\u5BA1\u4E4B\u540E\u505C\u4E0B"
    ),
    "help.run.--chapters": entry(
      (_) => "How many chapters to commit (default 1)",
      (_) => "\u8981\u5165\u5E93\u591A\u5C11\u7AE0\uFF08\u9ED8\u8BA4 1\uFF09"
    ),
    "help.run.--to-chapter": entry(
      (_) => "Run until this chapter is committed",
      (_) => "\u4E00\u76F4\u8FD0\u884C\u5230\u8FD9\u4E00\u7AE0\u5165\u5E93"
    ),
    "help.run.--until": entry(
      (_) => "Stop before this step id",
      (_) => "\u5728\u8FD9\u4E2A\u6B65\u9AA4\u7F16\u53F7\u4E4B\u524D\u505C\u4E0B"
    ),
    "help.run.--pause-after": entry(
      (_) => `Comma-separated stages after which to stop: ${PAUSE_STAGES.join(", ")} (plan: once a volume plan is staged and valid, before its commit)`,
      (_) => `\u5728\u8FD9\u4E9B\u9636\u6BB5\u4E4B\u540E\u505C\u4E0B\uFF08\u9017\u53F7\u5206\u9694\uFF09\uFF1A${PAUSE_STAGES.join("\u3001")}\uFF08plan\uFF1A\u5377\u89C4\u5212\u5DF2\u6682\u5B58\u4E14\u6709\u6548\u3001\u5C1A\u672A\u5165\u5E93\u65F6\uFF09`
    ),
    "help.run.--executor": entry(
      (_) => "demo, claude, codex, or a command template with {packet} (default: executor.command of novel.config.json; required when that is unset)",
      (_) => "demo\u3001claude\u3001codex\uFF0C\u6216\u542B {packet} \u7684\u547D\u4EE4\u6A21\u677F\uFF08\u9ED8\u8BA4\uFF1Anovel.config.json \u7684 executor.command\uFF1B\u672A\u8BBE\u7F6E\u65F6\u5FC5\u987B\u7ED9\u51FA\uFF09"
    ),
    "help.run.--force": entry(
      (_) => "Re-run steps whose outputs are already present and valid",
      (_) => "\u4EA7\u51FA\u5DF2\u5728\u4E14\u6709\u6548\u7684\u6B65\u9AA4\u4E5F\u91CD\u8DD1"
    ),
    "help.run.--verbose": entry(
      (_) => "Also print packet paths, the prompt sent, executor durations and usage",
      (_) => "\u540C\u65F6\u6253\u5370\u6307\u4EE4\u5305\u8DEF\u5F84\u3001\u53D1\u9001\u7684\u63D0\u793A\u8BCD\u3001\u6267\u884C\u5668\u7684\u7528\u65F6\u4E0E\u7528\u91CF"
    ),
    "help.run.--events": entry(
      (_) => "Stream one JSON line per run event",
      (_) => "\u6BCF\u4E2A\u8FD0\u884C\u4E8B\u4EF6\u8F93\u51FA\u4E00\u884C JSON"
    ),
    "help.run.--inspect": entry(
      (_) => "Mirror the run in a live actor for the Stately inspector: --inspect or --inspect=ws://host:port (default ws://localhost:8080)",
      (_) => "\u5728\u5B9E\u65F6 actor \u4E2D\u955C\u50CF\u672C\u6B21\u8FD0\u884C\uFF0C\u4F9B Stately \u68C0\u89C6\u5668\u67E5\u770B\uFF1A--inspect \u6216 --inspect=ws://\u4E3B\u673A:\u7AEF\u53E3\uFF08\u9ED8\u8BA4 ws://localhost:8080\uFF09"
    ),
    "help.run.--model": entry(
      (_) => "The model claude or codex asks for (default: executor.model of novel.config.json; codex: else the model of its own config.toml)",
      (_) => "claude \u6216 codex \u4F7F\u7528\u7684\u6A21\u578B\uFF08\u9ED8\u8BA4\uFF1Anovel.config.json \u7684 executor.model\uFF1Bcodex \u53E6\u53EF\u53D6\u5176\u81EA\u8EAB config.toml \u4E2D\u7684\u6A21\u578B\uFF09"
    ),
    "help.run.--budget-usd": entry(
      (_) => "Stop (exit 12) once executors reported this much cost",
      (_) => "\u6267\u884C\u5668\u62A5\u544A\u7684\u8D39\u7528\u8FBE\u5230\u8FD9\u4E2A\u6570\u65F6\u505C\u4E0B\uFF08\u9000\u51FA\u7801 12\uFF09"
    ),
    "help.run.--budget-tokens": entry(
      (_) => "Stop (exit 12) once executors reported this many tokens",
      (_) => "\u6267\u884C\u5668\u62A5\u544A\u7684 tokens \u8FBE\u5230\u8FD9\u4E2A\u6570\u65F6\u505C\u4E0B\uFF08\u9000\u51FA\u7801 12\uFF09"
    ),
    // novel checkpoint rebuild
    "help.checkpoint.rebuild.description": entry(
      (_) => "Reconstruct a lost .checkpoint.json from the book",
      (_) => "\u4ECE\u4E66\u7A3F\u91CD\u5EFA\u4E22\u5931\u7684 .checkpoint.json"
    ),
    "help.checkpoint.rebuild.details": entry(
      (_) => [
        "The last committed chapter comes from `state/changelog.jsonl` (cross-checked with `chapters/`: missing or uncommitted chapter files are listed); the volume is the one that holds the next chapter (`chapters_per_volume`), written on if its outline on disk covers the next chapter, planned otherwise; the stage is `committed` with no chapter in flight. Staged outputs stay where they are: `novel next` re-derives from them.",
        "Refuses (exit 2) while a checkpoint exists, unless `--force`, which keeps the old one as `.checkpoint.json.bak` (or `.bak-2`, \u2026). The project directory is `--project DIR` or the current directory."
      ].join("\n\n"),
      (_) => [
        "\u6700\u540E\u5165\u5E93\u7684\u7AE0\u8282\u53D6\u81EA `state/changelog.jsonl`\uFF08\u5E76\u4E0E `chapters/` \u6838\u5BF9\uFF1A\u7F3A\u5931\u6216\u672A\u5165\u5E93\u7684\u7AE0\u8282\u6587\u4EF6\u4F1A\u5217\u51FA\u6765\uFF09\uFF1B\u5377\u53D6\u5BB9\u7EB3\u4E0B\u4E00\u7AE0\u7684\u90A3\u4E00\u5377\uFF08`chapters_per_volume`\uFF09\uFF0C\u78C1\u76D8\u4E0A\u8BE5\u5377\u7684\u5927\u7EB2\u8986\u76D6\u4E0B\u4E00\u7AE0\u65F6\u63A5\u7740\u5199\uFF0C\u5426\u5219\u5F85\u89C4\u5212\uFF1B\u9636\u6BB5\u4E3A `committed`\uFF0C\u6CA1\u6709\u5728\u5199\u7684\u7AE0\u8282\u3002\u6682\u5B58\u4EA7\u51FA\u539F\u5730\u4FDD\u7559\uFF1A`novel next` \u4F1A\u636E\u6B64\u91CD\u65B0\u63A8\u65AD\u3002",
        "\u5DF2\u6709\u68C0\u67E5\u70B9\u65F6\u62D2\u7EDD\u6267\u884C\uFF08\u9000\u51FA\u7801 2\uFF09\uFF0C\u9664\u975E\u52A0 `--force`\uFF0C\u6B64\u65F6\u65E7\u7684\u68C0\u67E5\u70B9\u4FDD\u7559\u4E3A `.checkpoint.json.bak`\uFF08\u6216 `.bak-2`\uFF0C\u2026\uFF09\u3002\u9879\u76EE\u76EE\u5F55\u4E3A `--project DIR` \u6216\u5F53\u524D\u76EE\u5F55\u3002"
      ].join("\n\n")
    ),
    "help.checkpoint.rebuild.example.1": entry(
      (_) => "Rebuild the checkpoint of the book in ./my-novel",
      (_) => "\u91CD\u5EFA ./my-novel \u4E2D\u4E66\u7A3F\u7684\u68C0\u67E5\u70B9"
    ),
    "help.checkpoint.rebuild.example.2": entry(
      (_) => "Replace a damaged checkpoint, keeping a backup",
      (_) => "\u66FF\u6362\u635F\u574F\u7684\u68C0\u67E5\u70B9\uFF0C\u5E76\u4FDD\u7559\u5907\u4EFD"
    ),
    "help.checkpoint.rebuild.--force": entry(
      (_) => "Replace an existing checkpoint (kept as .checkpoint.json.bak)",
      (_) => "\u66FF\u6362\u5DF2\u6709\u7684\u68C0\u67E5\u70B9\uFF08\u65E7\u7684\u4FDD\u7559\u4E3A .checkpoint.json.bak\uFF09"
    ),
    // novel demo-executor
    "help.demo-executor.description": entry(
      (_) => "The offline demo executor as a command-template executor, on one packet",
      (_) => "\u79BB\u7EBF\u6F14\u793A\u6267\u884C\u5668\uFF0C\u4EE5\u547D\u4EE4\u6A21\u677F\u6267\u884C\u5668\u7684\u65B9\u5F0F\u5904\u7406\u4E00\u4E2A\u6307\u4EE4\u5305"
    ),
    "help.demo-executor.details": entry(
      (_) => "Writes the same outputs as `novel run --executor demo` for the packet it is given, only under the packet's write scope, then exits. It lets the command-template path of `novel run` be tried offline. NOVEL_DEMO_SCORES scripts the judge per revision round; NOVEL_DEMO_WRITE_DELAY_MS pauses between files (for kill tests).",
      (_) => "\u4E3A\u7ED9\u5B9A\u7684\u6307\u4EE4\u5305\u5199\u51FA\u4E0E `novel run --executor demo` \u76F8\u540C\u7684\u4EA7\u51FA\uFF0C\u53EA\u5199\u5728\u6307\u4EE4\u5305\u7684\u53EF\u5199\u8303\u56F4\u5185\uFF0C\u7136\u540E\u9000\u51FA\u3002\u7528\u5B83\u53EF\u4EE5\u79BB\u7EBF\u8BD5\u7528 `novel run` \u7684\u547D\u4EE4\u6A21\u677F\u6267\u884C\u65B9\u5F0F\u3002NOVEL_DEMO_SCORES \u6309\u4FEE\u6539\u8F6E\u6B21\u8BBE\u5B9A\u8BC4\u5BA1\u5206\u6570\uFF1BNOVEL_DEMO_WRITE_DELAY_MS \u5728\u5199\u5404\u4E2A\u6587\u4EF6\u4E4B\u95F4\u6682\u505C\uFF08\u7528\u4E8E\u5F3A\u6740\u6D4B\u8BD5\uFF09\u3002"
    ),
    "help.demo-executor.example.1": entry(
      (_) => "As a command template",
      (_) => "\u4F5C\u4E3A\u547D\u4EE4\u6A21\u677F"
    ),
    // novel completion
    "help.completion.description": entry(
      (_) => "Print a shell completion script: commands, flags, choices and step ids",
      (_) => "\u6253\u5370 shell \u8865\u5168\u811A\u672C\uFF1A\u547D\u4EE4\u3001\u9009\u9879\u3001\u53EF\u9009\u503C\u548C\u6B65\u9AA4\u7F16\u53F7"
    ),
    "help.completion.details": entry(
      (_) => [
        "Completes command names, each command's flags, the choices of `--format`, `--executor` and `--pause-after`, and step ids (the current one from `novel next`, plus the chapter stages of that chapter). Install it once:",
        "- bash: `echo 'source <(novel completion bash)' >> ~/.bashrc`",
        "- zsh: `echo 'source <(novel completion zsh)' >> ~/.zshrc`",
        "- fish: `novel completion fish > ~/.config/fish/completions/novel.fish`"
      ].join("\n\n"),
      (_) => [
        "\u8865\u5168\u547D\u4EE4\u540D\u3001\u5404\u547D\u4EE4\u7684\u9009\u9879\u3001`--format`\u3001`--executor` \u4E0E `--pause-after` \u7684\u53EF\u9009\u503C\uFF0C\u4EE5\u53CA\u6B65\u9AA4\u7F16\u53F7\uFF08`novel next` \u7ED9\u51FA\u7684\u5F53\u524D\u6B65\u9AA4\uFF0C\u53CA\u8BE5\u7AE0\u7684\u5404\u4E2A\u9636\u6BB5\uFF09\u3002\u5B89\u88C5\u4E00\u6B21\u5373\u53EF\uFF1A",
        "- bash\uFF1A`echo 'source <(novel completion bash)' >> ~/.bashrc`",
        "- zsh\uFF1A`echo 'source <(novel completion zsh)' >> ~/.zshrc`",
        "- fish\uFF1A`novel completion fish > ~/.config/fish/completions/novel.fish`"
      ].join("\n\n")
    ),
    "help.completion.example.1": entry(
      (_) => "Enable completion in the current bash",
      (_) => "\u5728\u5F53\u524D\u7684 bash \u4E2D\u542F\u7528\u8865\u5168"
    ),
    "help.completion.example.2": entry(
      (_) => "Install for fish",
      (_) => "\u4E3A fish \u5B89\u88C5"
    ),
    // novel chapters
    "help.chapters.description": entry(
      (_) => "One row per committed chapter: title, \u5B57\u6570, score, gate, revisions, tokens, cost; and the book total",
      (_) => "\u6BCF\u4E2A\u5DF2\u5165\u5E93\u7AE0\u8282\u4E00\u884C\uFF1A\u7AE0\u540D\u3001\u5B57\u6570\u3001\u5206\u6570\u3001\u95F8\u95E8\u3001\u4FEE\u6539\u8F6E\u6B21\u3001tokens\u3001\u8D39\u7528\uFF1B\u4EE5\u53CA\u5168\u4E66\u5408\u8BA1"
    ),
    "help.chapters.details": entry(
      (_) => "Rows come from the chapter logs written at commit (`logs/chapter-NNN-log.json`); the chapter texts are read only for chapters whose log predates the \u5B57\u6570 record. \u5B57\u6570 counts as Chinese platforms do: every CJK character and every full-width punctuation mark one, a Latin word or a run of digits one; the title line is not counted. \u6C49\u5B57 counts Han characters only. A cost no executor reported shows as ?.",
      (_) => "\u5404\u884C\u53D6\u81EA\u5165\u5E93\u65F6\u5199\u4E0B\u7684\u7AE0\u8282\u65E5\u5FD7\uFF08`logs/chapter-NNN-log.json`\uFF09\uFF1B\u53EA\u6709\u65E5\u5FD7\u65E9\u4E8E\u5B57\u6570\u8BB0\u5F55\u7684\u7AE0\u8282\u624D\u4F1A\u8BFB\u53D6\u6B63\u6587\u3002\u5B57\u6570\u6309\u4E2D\u6587\u5E73\u53F0\u7684\u7B97\u6CD5\uFF1A\u6BCF\u4E2A\u6C49\u5B57\u548C\u6BCF\u4E2A\u5168\u89D2\u6807\u70B9\u7B97\u4E00\u4E2A\uFF0C\u4E00\u4E2A\u62C9\u4E01\u5355\u8BCD\u6216\u4E00\u4E32\u6570\u5B57\u7B97\u4E00\u4E2A\uFF1B\u6807\u9898\u884C\u4E0D\u8BA1\u3002\u6C49\u5B57\u53EA\u8BA1\u6C49\u5B57\u3002\u6CA1\u6709\u6267\u884C\u5668\u62A5\u544A\u7684\u8D39\u7528\u663E\u793A\u4E3A ?\u3002"
    ),
    "help.chapters.example.1": entry(
      (_) => "The whole book",
      (_) => "\u5168\u4E66"
    ),
    "help.chapters.example.2": entry(
      (_) => "Chapters 100 to 200 as JSON",
      (_) => "\u4EE5 JSON \u8F93\u51FA\u7B2C100\u5230200\u7AE0"
    ),
    "help.chapters.--from": entry(
      (_) => "First chapter (default 1)",
      (_) => "\u8D77\u59CB\u7AE0\uFF08\u9ED8\u8BA4 1\uFF09"
    ),
    "help.chapters.--to": entry(
      (_) => "Last chapter (default the last committed)",
      (_) => "\u7ED3\u675F\u7AE0\uFF08\u9ED8\u8BA4\u6700\u540E\u5165\u5E93\u7684\u4E00\u7AE0\uFF09"
    ),
    // novel lint
    "help.lint.description": entry(
      (_) => "Measure a chapter or any text file: the AI-flavour score, clich\xE9s, \u5B57\u6570 against the platform's range, repeated openings, patterns, paragraphs, title",
      (_) => "\u68C0\u67E5\u4E00\u7AE0\u6216\u4EFB\u4E00\u6587\u672C\u6587\u4EF6\uFF1AAI\u5473\u8BC4\u5206\u3001\u5957\u8BDD\u3001\u5B57\u6570\u662F\u5426\u5728\u5E73\u53F0\u8303\u56F4\u5185\u3001\u91CD\u590D\u7684\u5F00\u5934\u3001\u53E5\u5F0F\u3001\u6BB5\u843D\u3001\u6807\u9898"
    ),
    "help.lint.details": entry(
      (_) => [
        "`novel lint chapter:NNN` lints the staged chapter while it is in flight, else the committed one. `novel lint FILE` lints any text file (a chapter written elsewhere, a sample) with the project's settings, as if it were the next chapter (outside any project: the defaults and the shipped lexicon).",
        "The settings are `quality` in novel.config.json (platform presets qidian, tomato, none; `quality.ai_flavour.soft`/`hard` for the score's thresholds); the word lists are cliche-lint.json (without one, the shipped lexicon), ai-blacklist.json (its whitelist masked only where it stands alone) and the cast's names (never counted as sentence openings). With the book's shingle index it also finds a passage of 50 \u5B57 or more that stands in an earlier chapter (`repeated_passage`) and a chapter that shares 30 % of its shingles with one earlier chapter (`recycled_chapter`), both hard. Each finding names the rule, its severity (hard findings make the gate revise), the line, an excerpt and the fix, in Chinese under zh_* or --lang zh. The same text and settings always give the same report."
      ].join("\n\n"),
      (_) => [
        "`novel lint chapter:NNN` \u5728\u7AE0\u8282\u5199\u4F5C\u4E2D\u65F6\u68C0\u67E5\u6682\u5B58\u533A\u4E2D\u7684\u7A3F\u5B50\uFF0C\u5426\u5219\u68C0\u67E5\u5DF2\u5165\u5E93\u7684\u7248\u672C\u3002`novel lint \u6587\u4EF6` \u7528\u9879\u76EE\u7684\u8BBE\u7F6E\u68C0\u67E5\u4EFB\u4E00\u6587\u672C\u6587\u4EF6\uFF08\u522B\u5904\u5199\u7684\u7AE0\u8282\u3001\u6837\u7AE0\uFF09\uFF0C\u5F53\u4F5C\u4E0B\u4E00\u7AE0\u6765\u68C0\u67E5\uFF08\u4E0D\u5728\u9879\u76EE\u4E2D\u65F6\uFF1A\u7528\u9ED8\u8BA4\u8BBE\u7F6E\u548C\u81EA\u5E26\u8BCD\u5E93\uFF09\u3002",
        "\u8BBE\u7F6E\u53D6\u81EA novel.config.json \u7684 `quality`\uFF08\u5E73\u53F0\u9884\u8BBE qidian\u3001tomato\u3001none\uFF1B`quality.ai_flavour.soft`/`hard` \u662F\u8BC4\u5206\u7684\u9608\u503C\uFF09\uFF1B\u8BCD\u8868\u4E3A cliche-lint.json\uFF08\u6CA1\u6709\u65F6\u7528\u81EA\u5E26\u8BCD\u5E93\uFF09\u3001ai-blacklist.json\uFF08\u5176\u767D\u540D\u5355\u53EA\u5728\u5355\u72EC\u51FA\u73B0\u65F6\u5C4F\u853D\uFF09\u4EE5\u53CA\u4EBA\u7269\u540D\uFF08\u4ECE\u4E0D\u7B97\u4F5C\u53E5\u9996\uFF09\u3002\u6709\u5168\u4E66\u7684 shingle \u7D22\u5F15\u65F6\uFF0C\u8FD8\u4F1A\u627E\u51FA\u4E0E\u524D\u9762\u67D0\u7AE0\u76F8\u540C\u7684 50 \u5B57\u4EE5\u4E0A\u7684\u6BB5\u843D\uFF08`repeated_passage`\uFF09\uFF0C\u4EE5\u53CA\u4E0E\u524D\u9762\u67D0\u4E00\u7AE0\u5171\u6709 30 % shingle \u7684\u7AE0\u8282\uFF08`recycled_chapter`\uFF09\uFF0C\u4E24\u8005\u90FD\u7B97\u786C\u4F24\u3002\u6BCF\u6761\u53D1\u73B0\u7ED9\u51FA\u89C4\u5219\u3001\u4E25\u91CD\u7A0B\u5EA6\uFF08\u786C\u4F24\u4F1A\u8BA9\u95F8\u95E8\u5224\u5B9A\u4FEE\u6539\uFF09\u3001\u884C\u53F7\u3001\u6458\u5F55\u548C\u6539\u6CD5\uFF0C\u5728 zh_* \u6216 --lang zh \u4E0B\u7528\u4E2D\u6587\u3002\u540C\u6837\u7684\u6587\u672C\u548C\u8BBE\u7F6E\u603B\u662F\u7ED9\u51FA\u540C\u6837\u7684\u62A5\u544A\u3002"
      ].join("\n\n")
    ),
    "help.lint.example.1": entry(
      (_) => "Lint chapter 12",
      (_) => "\u68C0\u67E5\u7B2C12\u7AE0"
    ),
    "help.lint.example.2": entry(
      (_) => "Lint a text written elsewhere",
      (_) => "\u68C0\u67E5\u5728\u522B\u5904\u5199\u7684\u6587\u672C"
    ),
    "help.lint.example.3": entry(
      (_) => "The report as JSON",
      (_) => "\u4EE5 JSON \u8F93\u51FA\u62A5\u544A"
    ),
    // novel quality eval
    "help.quality.eval.description": entry(
      (_) => "Measure how well the AI-flavour score tells AI chapters from human ones, on folders of text files",
      (_) => "\u5728\u6587\u672C\u6587\u4EF6\u5939\u4E0A\u8861\u91CF AI\u5473\u8BC4\u5206\u533A\u5206 AI \u7AE0\u8282\u4E0E\u4EBA\u5199\u7AE0\u8282\u7684\u80FD\u529B"
    ),
    "help.quality.eval.details": entry(
      (_) => [
        "Lints every .txt and .md file of both folders and prints n, the AUC of the AI-flavour score with its bootstrap 95 % interval, precision and recall at the soft and hard thresholds (the project's `quality.ai_flavour` when run in a project, else the shipped model's), and each feature's own AUC and hit rates.",
        "`--by-source` also runs leave-one-source-out: for each source (a file's name without its trailing `-NNN`, e.g. `mymodel-012.txt` \u2192 `mymodel`) the model is fitted again without it and scored on it, against every text of the other class. Run it on your own chapters against drafts of your model to set `quality.ai_flavour.soft` and `hard`."
      ].join("\n\n"),
      (_) => [
        "\u68C0\u67E5\u4E24\u4E2A\u6587\u4EF6\u5939\u4E2D\u7684\u6BCF\u4E2A .txt \u548C .md \u6587\u4EF6\uFF0C\u6253\u5370 n\u3001AI\u5473\u8BC4\u5206\u7684 AUC \u53CA\u5176\u81EA\u52A9\u6CD5 95 % \u533A\u95F4\u3001\u5728\u8F6F\u9608\u503C\u548C\u786C\u9608\u503C\u4E0B\u7684\u7CBE\u786E\u7387\u4E0E\u53EC\u56DE\u7387\uFF08\u5728\u9879\u76EE\u4E2D\u8FD0\u884C\u65F6\u7528\u9879\u76EE\u7684 `quality.ai_flavour`\uFF0C\u5426\u5219\u7528\u81EA\u5E26\u6A21\u578B\u7684\u9608\u503C\uFF09\uFF0C\u4EE5\u53CA\u6BCF\u4E2A\u7279\u5F81\u5404\u81EA\u7684 AUC \u4E0E\u547D\u4E2D\u7387\u3002",
        "`--by-source` \u8FD8\u4F1A\u505A\u7559\u4E00\u6765\u6E90\u9A8C\u8BC1\uFF1A\u5BF9\u6BCF\u4E2A\u6765\u6E90\uFF08\u53BB\u6389\u672B\u5C3E `-NNN` \u7684\u6587\u4EF6\u540D\uFF0C\u5982 `mymodel-012.txt` \u2192 `mymodel`\uFF09\uFF0C\u4E0D\u7528\u5B83\u91CD\u65B0\u62DF\u5408\u6A21\u578B\uFF0C\u518D\u5BF9\u5B83\u6253\u5206\uFF0C\u4E0E\u53E6\u4E00\u7C7B\u7684\u5168\u90E8\u6587\u672C\u5BF9\u7167\u3002\u7528\u4F60\u81EA\u5DF1\u7684\u7AE0\u8282\u5BF9\u7167\u4F60\u7684\u6A21\u578B\u5199\u7684\u8349\u7A3F\u8FD0\u884C\u5B83\uFF0C\u6765\u8BBE\u5B9A `quality.ai_flavour.soft` \u548C `hard`\u3002"
      ].join("\n\n")
    ),
    "help.quality.eval.example.1": entry(
      (_) => "Your chapters against your model's drafts",
      (_) => "\u4F60\u7684\u7AE0\u8282\u5BF9\u7167\u4F60\u7684\u6A21\u578B\u5199\u7684\u8349\u7A3F"
    ),
    "help.quality.eval.example.2": entry(
      (_) => "Leave one source out, as JSON",
      (_) => "\u7559\u4E00\u6765\u6E90\uFF0C\u4EE5 JSON \u8F93\u51FA"
    ),
    "help.quality.eval.--ai": entry(
      (_) => "Folder of AI-written chapters (.txt, .md)",
      (_) => "AI \u5199\u7684\u7AE0\u8282\u6240\u5728\u7684\u6587\u4EF6\u5939\uFF08.txt\u3001.md\uFF09"
    ),
    "help.quality.eval.--human": entry(
      (_) => "Folder of human-written chapters (.txt, .md)",
      (_) => "\u4EBA\u5199\u7684\u7AE0\u8282\u6240\u5728\u7684\u6587\u4EF6\u5939\uFF08.txt\u3001.md\uFF09"
    ),
    "help.quality.eval.--by-source": entry(
      (_) => "Also leave each source out: refit without it, score it",
      (_) => "\u540C\u65F6\u9010\u4E2A\u7559\u51FA\u6765\u6E90\uFF1A\u4E0D\u7528\u5B83\u91CD\u65B0\u62DF\u5408\uFF0C\u518D\u7ED9\u5B83\u6253\u5206"
    ),
    // novel continuity bench
    "help.continuity.bench.description": entry(
      (_) => "Plant contradictions of each kind into copies of a book's chapters and report what the continuity checks find",
      (_) => "\u5728\u4E66\u4E2D\u5404\u7AE0\u7684\u526F\u672C\u91CC\u690D\u5165\u5404\u7C7B\u77DB\u76FE\uFF0C\u62A5\u544A\u8FDE\u7EED\u6027\u68C0\u67E5\u67E5\u51FA\u4E86\u591A\u5C11"
    ),
    "help.continuity.bench.details": entry(
      (_) => [
        "For every committed chapter, a copy is made (its text, its delta and the state before it, replayed from `state/changelog.jsonl`) and one contradiction of each kind is planted into it: a dead character acting, a realm going down, a destroyed item used, story_day going back, one path set twice, a name one character off, a resolved foreshadowing item reopened. Prints, per kind, how many were planted and found (recall) and how many findings were not planted (precision); the book's own chapters count toward precision. Nothing is written.",
        "Without `--project` (and outside a project), the demo book novel ships is measured."
      ].join("\n\n"),
      (_) => [
        "\u5BF9\u6BCF\u4E2A\u5DF2\u5165\u5E93\u7AE0\u8282\u505A\u4E00\u4EFD\u526F\u672C\uFF08\u6B63\u6587\u3001delta \u53CA\u5B83\u4E4B\u524D\u7684\u72B6\u6001\uFF0C\u7531 `state/changelog.jsonl` \u91CD\u653E\u5F97\u5230\uFF09\uFF0C\u5728\u5176\u4E2D\u5404\u690D\u5165\u4E00\u5904\u6BCF\u7C7B\u77DB\u76FE\uFF1A\u5DF2\u6B7B\u7684\u4EBA\u7269\u51FA\u573A\u3001\u5883\u754C\u5012\u9000\u3001\u5DF2\u6BC1\u7684\u7269\u54C1\u518D\u88AB\u4F7F\u7528\u3001story_day \u5012\u9000\u3001\u540C\u4E00\u8DEF\u5F84\u8BBE\u4E24\u6B21\u3001\u540D\u5B57\u9519\u4E00\u4E2A\u5B57\u3001\u5DF2\u56DE\u6536\u7684\u4F0F\u7B14\u91CD\u5F00\u3002\u6309\u7C7B\u522B\u6253\u5370\u690D\u5165\u5E76\u67E5\u51FA\u7684\u6570\u76EE\uFF08\u53EC\u56DE\uFF09\u548C\u5E76\u975E\u690D\u5165\u7684\u53D1\u73B0\u6570\uFF08\u7CBE\u786E\uFF09\uFF1B\u539F\u4E66\u5404\u7AE0\u4E5F\u8BA1\u5165\u7CBE\u786E\u3002\u4E0D\u5199\u4EFB\u4F55\u6587\u4EF6\u3002",
        "\u4E0D\u7ED9 `--project`\uFF08\u4E14\u4E0D\u5728\u9879\u76EE\u4E2D\uFF09\u65F6\uFF0C\u8861\u91CF novel \u81EA\u5E26\u7684\u6F14\u793A\u4E66\u3002"
      ].join("\n\n")
    ),
    "help.continuity.bench.example.1": entry(
      (_) => "The demo book",
      (_) => "\u6F14\u793A\u4E66"
    ),
    "help.continuity.bench.example.2": entry(
      (_) => "Your book, as JSON",
      (_) => "\u4F60\u7684\u4E66\uFF0C\u4EE5 JSON \u8F93\u51FA"
    ),
    "help.continuity.bench.--seed": entry(
      (_) => "Seed of the planting, a whole number \u2265 1 (the same seed plants the same contradictions; default 1)",
      (_) => "\u690D\u5165\u7684\u79CD\u5B50\uFF0C\u2265 1 \u7684\u6574\u6570\uFF08\u540C\u4E00\u79CD\u5B50\u690D\u5165\u540C\u6837\u7684\u77DB\u76FE\uFF1B\u9ED8\u8BA4 1\uFF09"
    ),
    // novel doctor
    "help.doctor.description": entry(
      (_) => "Every consistency check in one report, each finding with the command that fixes it",
      (_) => "\u4E00\u4EFD\u62A5\u544A\u5305\u542B\u6240\u6709\u4E00\u81F4\u6027\u68C0\u67E5\uFF0C\u6BCF\u6761\u53D1\u73B0\u90FD\u9644\u4E0A\u4FEE\u590D\u5B83\u7684\u547D\u4EE4"
    ),
    "help.doctor.details": entry(
      (_) => "Checks the checkpoint against the book, every book file against the fingerprint (a full re-hash, as `state verify`), the state against its changelog, a pending commit journal, the lock and its leftovers, an interrupted execution, staging files that belong to no step, the outline and contracts of the next chapters, the config, and whether `claude` and `codex` are on PATH (and their versions). Only reads; each fix is its own command. Exit 0 when healthy (info findings only), 2 otherwise.",
      (_) => "\u68C0\u67E5\u68C0\u67E5\u70B9\u4E0E\u4E66\u7A3F\u662F\u5426\u4E00\u81F4\u3001\u6BCF\u4E2A\u4E66\u7A3F\u6587\u4EF6\u4E0E\u6307\u7EB9\uFF08\u5B8C\u6574\u5730\u91CD\u65B0\u8BA1\u7B97\u54C8\u5E0C\uFF0C\u540C `state verify`\uFF09\u3001\u72B6\u6001\u4E0E\u5176\u53D8\u66F4\u65E5\u5FD7\u3001\u672A\u5B8C\u6210\u7684\u5165\u5E93\u65E5\u5FD7\u3001\u9501\u53CA\u5176\u6B8B\u7559\u3001\u4E2D\u65AD\u7684\u6267\u884C\u3001\u4E0D\u5C5E\u4E8E\u4EFB\u4F55\u6B65\u9AA4\u7684\u6682\u5B58\u6587\u4EF6\u3001\u63A5\u4E0B\u6765\u5404\u7AE0\u7684\u5927\u7EB2\u4E0E\u5951\u7EA6\u3001\u914D\u7F6E\uFF0C\u4EE5\u53CA `claude` \u548C `codex` \u662F\u5426\u5728 PATH \u4E2D\uFF08\u53CA\u5176\u7248\u672C\uFF09\u3002\u53EA\u8BFB\uFF1B\u6BCF\u4E2A\u4FEE\u590D\u90FD\u662F\u5355\u72EC\u7684\u547D\u4EE4\u3002\u5065\u5EB7\uFF08\u53EA\u6709\u63D0\u793A\u7C7B\u53D1\u73B0\uFF09\u65F6\u9000\u51FA\u7801\u4E3A 0\uFF0C\u5426\u5219\u4E3A 2\u3002"
    ),
    "help.doctor.example.1": entry(
      (_) => "Check the project",
      (_) => "\u68C0\u67E5\u9879\u76EE"
    ),
    "help.doctor.example.2": entry(
      (_) => "As JSON",
      (_) => "\u4EE5 JSON \u8F93\u51FA"
    ),
    // novel diff
    "help.diff.description": entry(
      (_) => "Compare two drafts of a chapter: the rounds its judge scored, and the chapter as it stands",
      (_) => "\u6BD4\u8F83\u4E00\u7AE0\u7684\u4E24\u7A3F\uFF1A\u8BC4\u5BA1\u6253\u8FC7\u5206\u7684\u5404\u8F6E\uFF0C\u4EE5\u53CA\u5F53\u524D\u7684\u7AE0\u8282"
    ),
    "help.diff.details": entry(
      (_) => "Each revision round keeps the chapter the judge scored in `staging/revisions/chapter-NNN/round-K/chapters/`; round K is that chapter, and the chapter as it stands now (staged, or committed) is the round after the last one kept. Without `--round`, the last two rounds are compared; one `--round A` compares A with the latest.",
      (_) => "\u6BCF\u4E00\u8F6E\u4FEE\u6539\u90FD\u628A\u8BC4\u5BA1\u6253\u5206\u7684\u90A3\u4E00\u7A3F\u4FDD\u5B58\u5728 `staging/revisions/chapter-NNN/round-K/chapters/`\uFF1B\u7B2C K \u8F6E\u5C31\u662F\u90A3\u4E00\u7A3F\uFF0C\u800C\u5F53\u524D\u7684\u7AE0\u8282\uFF08\u6682\u5B58\u533A\u4E2D\u7684\u6216\u5DF2\u5165\u5E93\u7684\uFF09\u662F\u6700\u540E\u4FDD\u5B58\u7684\u4E00\u8F6E\u4E4B\u540E\u7684\u90A3\u4E00\u8F6E\u3002\u4E0D\u52A0 `--round` \u65F6\u6BD4\u8F83\u6700\u540E\u4E24\u8F6E\uFF1B\u7ED9\u4E00\u4E2A `--round A` \u65F6\u6BD4\u8F83 A \u4E0E\u6700\u65B0\u7684\u4E00\u8F6E\u3002"
    ),
    "help.diff.example.1": entry(
      (_) => "The last two drafts of chapter 4",
      (_) => "\u7B2C4\u7AE0\u7684\u6700\u540E\u4E24\u7A3F"
    ),
    "help.diff.example.2": entry(
      (_) => "Round 1 against round 2",
      (_) => "\u7B2C1\u8F6E\u5BF9\u6BD4\u7B2C2\u8F6E"
    ),
    "help.diff.--round": entry(
      (_) => "A round to compare (give it once or twice)",
      (_) => "\u8981\u6BD4\u8F83\u7684\u8F6E\u6B21\uFF08\u7ED9\u4E00\u6B21\u6216\u4E24\u6B21\uFF09"
    ),
    // novel export
    "help.export.description": entry(
      (_) => "Export the committed chapters as one txt, Markdown or EPUB 3 file",
      (_) => "\u628A\u5DF2\u5165\u5E93\u7684\u7AE0\u8282\u5BFC\u51FA\u4E3A\u4E00\u4E2A txt\u3001Markdown \u6216 EPUB 3 \u6587\u4EF6"
    ),
    "help.export.details": entry(
      (_) => [
        "Only committed chapters, in order, with their titles; volume headings come from the volume outlines (their first `# ` line). The title and author come from book.json, else novel.config.json (`title`, `author`), else brief.md (its \u300A\u4E66\u540D\u300B heading and a \u4F5C\u8005\uFF1A line); the language from `language` (default zh-CN).",
        "- txt: UTF-8, the format Chinese platforms take for uploads (`--crlf` for CRLF line ends);",
        "- md: one Markdown file;",
        "- epub: EPUB 3 with a navigation document listing every chapter, a stable identifier per book, and `dcterms:modified` from the last commit.",
        "The same book always gives the same bytes. Export only reads the book: it may run while a chapter is in flight. The default output is export/novel.<format> in the project.",
        "--upload writes upload-ready files instead, into the folder --out names: chapter-NNN.txt per chapter (the title line \u7B2CN\u7AE0 \u6807\u9898, no Markdown, each paragraph indented with two U+3000; a blank line between paragraphs, one line break on tomato), and chapter-NNN-author.txt with its \u4F5C\u8005\u7684\u8BDD from notes/chapter-NNN-author.md. A sensitive word, or a title the platform refuses, stops it with nothing written."
      ].join("\n\n"),
      (_) => [
        "\u53EA\u5BFC\u51FA\u5DF2\u5165\u5E93\u7684\u7AE0\u8282\uFF0C\u6309\u987A\u5E8F\uFF0C\u5E26\u7AE0\u540D\uFF1B\u5377\u6807\u9898\u53D6\u81EA\u5377\u5927\u7EB2\uFF08\u5176\u7B2C\u4E00\u884C `# `\uFF09\u3002\u4E66\u540D\u4E0E\u4F5C\u8005\u53D6\u81EA book.json\uFF0C\u5176\u6B21 novel.config.json\uFF08`title`\u3001`author`\uFF09\uFF0C\u5426\u5219\u53D6\u81EA brief.md\uFF08\u5176\u4E2D\u7684\u300A\u4E66\u540D\u300B\u6807\u9898\u548C\u300C\u4F5C\u8005\uFF1A\u300D\u4E00\u884C\uFF09\uFF1B\u8BED\u8A00\u53D6\u81EA `language`\uFF08\u9ED8\u8BA4 zh-CN\uFF09\u3002",
        "- txt\uFF1AUTF-8\uFF0C\u4E2D\u6587\u5E73\u53F0\u4E0A\u4F20\u6240\u7528\u7684\u683C\u5F0F\uFF08`--crlf` \u4F7F\u7528 CRLF \u6362\u884C\uFF09\uFF1B",
        "- md\uFF1A\u4E00\u4E2A Markdown \u6587\u4EF6\uFF1B",
        "- epub\uFF1AEPUB 3\uFF0C\u5E26\u5217\u51FA\u6BCF\u4E00\u7AE0\u7684\u5BFC\u822A\u6587\u6863\u3001\u6BCF\u672C\u4E66\u56FA\u5B9A\u7684\u6807\u8BC6\u7B26\uFF0C\u4EE5\u53CA\u53D6\u81EA\u6700\u540E\u4E00\u6B21\u5165\u5E93\u7684 `dcterms:modified`\u3002",
        "\u540C\u4E00\u672C\u4E66\u603B\u662F\u5BFC\u51FA\u76F8\u540C\u7684\u5B57\u8282\u3002\u5BFC\u51FA\u53EA\u8BFB\u4E66\u7A3F\uFF1A\u53EF\u4EE5\u5728\u7AE0\u8282\u5199\u4F5C\u4E2D\u8FD0\u884C\u3002\u9ED8\u8BA4\u8F93\u51FA\u5230\u9879\u76EE\u4E2D\u7684 export/novel.<\u683C\u5F0F>\u3002",
        "--upload \u6539\u4E3A\u628A\u53EF\u76F4\u63A5\u4E0A\u4F20\u7684\u6587\u4EF6\u5199\u5165 --out \u6307\u5B9A\u7684\u6587\u4EF6\u5939\uFF1A\u6BCF\u7AE0\u4E00\u4E2A chapter-NNN.txt\uFF08\u6807\u9898\u884C\u300C\u7B2CN\u7AE0 \u6807\u9898\u300D\uFF0C\u65E0 Markdown\uFF0C\u6BCF\u6BB5\u4EE5\u4E24\u4E2A\u5168\u89D2\u7A7A\u683C\u7F29\u8FDB\uFF1B\u6BB5\u95F4\u7A7A\u4E00\u884C\uFF0C\u756A\u8304\u4E3A\u5355\u6362\u884C\uFF09\uFF0C\u4F5C\u8005\u7684\u8BDD\uFF08\u53D6\u81EA notes/chapter-NNN-author.md\uFF09\u5355\u72EC\u5199\u5165 chapter-NNN-author.txt\u3002\u542B\u654F\u611F\u8BCD\u6216\u6807\u9898\u4E0D\u5408\u5E73\u53F0\u89C4\u5219\u65F6\u4E0D\u5199\u4EFB\u4F55\u6587\u4EF6\u3002"
      ].join("\n\n")
    ),
    "help.export.example.1": entry(
      (_) => "The whole book as EPUB",
      (_) => "\u5168\u4E66\u5BFC\u51FA\u4E3A EPUB"
    ),
    "help.export.example.2": entry(
      (_) => "Volume 2 as txt with CRLF line ends",
      (_) => "\u7B2C2\u5377\u5BFC\u51FA\u4E3A CRLF \u6362\u884C\u7684 txt"
    ),
    "help.export.example.3": entry(
      (_) => "Chapters 1\u2013100 as Markdown",
      (_) => "\u7B2C1\u2013100\u7AE0\u5BFC\u51FA\u4E3A Markdown"
    ),
    "help.export.--format": entry(
      (_) => "txt, md or epub",
      (_) => "txt\u3001md \u6216 epub"
    ),
    "help.export.--volume": entry(
      (_) => "Only this volume",
      (_) => "\u53EA\u5BFC\u51FA\u8FD9\u4E00\u5377"
    ),
    "help.export.--chapters": entry(
      (_) => "Only chapters A-B",
      (_) => "\u53EA\u5BFC\u51FA\u7B2C A-B \u7AE0"
    ),
    "help.export.--out": entry(
      (_) => "Output file (default: export/novel.<format> in the project)",
      (_) => "\u8F93\u51FA\u6587\u4EF6\uFF08\u9ED8\u8BA4\uFF1A\u9879\u76EE\u4E2D\u7684 export/novel.<\u683C\u5F0F>\uFF09"
    ),
    "help.export.--crlf": entry(
      (_) => "txt: CRLF line ends",
      (_) => "txt\uFF1A\u4F7F\u7528 CRLF \u6362\u884C"
    ),
    "help.export.--upload": entry(
      (_) => "Upload-ready files, one per chapter, and each \u4F5C\u8005\u7684\u8BDD apart, into the folder --out names",
      (_) => "\u5199\u51FA\u53EF\u76F4\u63A5\u4E0A\u4F20\u7684\u6587\u4EF6\uFF1A\u6BCF\u7AE0\u4E00\u4E2A\uFF0C\u4F5C\u8005\u7684\u8BDD\u5355\u72EC\u4E00\u4E2A\uFF0C\u653E\u8FDB --out \u6307\u5B9A\u7684\u6587\u4EF6\u5939"
    ),
    "help.export.--from": entry(
      (_) => "With --upload: the first chapter (default 1)",
      (_) => "\u4E0E --upload \u4E00\u8D77\u7528\uFF1A\u8D77\u59CB\u7AE0\uFF08\u9ED8\u8BA4 1\uFF09"
    ),
    "help.export.--to": entry(
      (_) => "With --upload: the last chapter (default the last committed)",
      (_) => "\u4E0E --upload \u4E00\u8D77\u7528\uFF1A\u7ED3\u675F\u7AE0\uFF08\u9ED8\u8BA4\u6700\u540E\u5165\u5E93\u7684\u4E00\u7AE0\uFF09"
    ),
    "help.export.example.4": entry(
      (_) => "Chapters 41\u201345 ready to paste into the platform, with their \u4F5C\u8005\u7684\u8BDD",
      (_) => "\u7B2C41\u201345\u7AE0\u7684\u4E0A\u4F20\u6587\u4EF6\uFF0C\u8FDE\u540C\u4F5C\u8005\u7684\u8BDD"
    ),
    "help.export.--force": entry(
      (_) => "--out may replace an existing file (never the book, its settings or novel's own files)",
      (_) => "--out \u53EF\u4EE5\u66FF\u6362\u5DF2\u6709\u7684\u6587\u4EF6\uFF08\u4E66\u7A3F\u3001\u8BBE\u5B9A\u548C novel \u81EA\u5DF1\u7684\u6587\u4EF6\u9664\u5916\uFF09"
    ),
    // novel schema
    "help.schema.description": entry(
      (_) => "Print the format of a file an executor writes: its JSON Schema, or the rules of a text file",
      (_) => "\u6253\u5370\u6267\u884C\u5668\u6240\u5199\u6587\u4EF6\u7684\u683C\u5F0F\uFF1AJSON Schema\uFF0C\u6216\u6587\u672C\u6587\u4EF6\u7684\u89C4\u5219"
    ),
    "help.schema.details": entry(
      (_) => "Without a name, lists every format: its name, where the file goes and which agent writes it. With a name, prints the JSON Schema (draft-07) of a JSON format, or the rules and an example of a text format (chapter, summary, storyline memory, outline). The same formats, with examples, are in docs/formats.md.",
      (_) => "\u4E0D\u5E26\u540D\u79F0\u65F6\u5217\u51FA\u6240\u6709\u683C\u5F0F\uFF1A\u540D\u79F0\u3001\u6587\u4EF6\u7684\u4F4D\u7F6E\uFF0C\u4EE5\u53CA\u7531\u54EA\u4E2A\u4EE3\u7406\u5199\u51FA\u3002\u5E26\u540D\u79F0\u65F6\uFF0C\u6253\u5370 JSON \u683C\u5F0F\u7684 JSON Schema\uFF08draft-07\uFF09\uFF0C\u6216\u6587\u672C\u683C\u5F0F\uFF08\u7AE0\u8282\u3001\u6458\u8981\u3001\u6545\u4E8B\u7EBF\u8BB0\u5FC6\u3001\u5927\u7EB2\uFF09\u7684\u89C4\u5219\u548C\u793A\u4F8B\u3002\u540C\u6837\u7684\u683C\u5F0F\u53CA\u793A\u4F8B\u4E5F\u5728 docs/formats.md \u4E2D\u3002"
    ),
    "help.schema.example.1": entry(
      (_) => "List the formats",
      (_) => "\u5217\u51FA\u6240\u6709\u683C\u5F0F"
    ),
    "help.schema.example.2": entry(
      (_) => "The JSON Schema of an evaluation",
      (_) => "\u8BC4\u5BA1\u7ED3\u679C\u7684 JSON Schema"
    ),
    "help.schema.example.3": entry(
      (_) => "The rules of a volume outline",
      (_) => "\u5377\u5927\u7EB2\u7684\u89C4\u5219"
    ),
    // novel import
    "help.import.description": entry(
      (_) => "Make a project from an existing book: a TXT split at its chapter headings, or a folder of chapter files",
      (_) => "\u4ECE\u5DF2\u6709\u7684\u4E66\u5EFA\u7ACB\u9879\u76EE\uFF1A\u6309\u7AE0\u8282\u6807\u9898\u5207\u5206\u7684 TXT\uFF0C\u6216\u4E00\u4E2A\u653E\u7AE0\u8282\u6587\u4EF6\u7684\u6587\u4EF6\u5939"
    ),
    "help.import.details": entry(
      (_) => [
        "The text's encoding is detected (UTF-8 with or without BOM, UTF-16, GBK/GB18030). A TXT is split at chapter headings \u2014 `\u7B2C12\u7AE0`, `\u7B2C\u5341\u4E8C\u7AE0`, `\u7B2C\u4E00\u767E\u96F6\u4E8C\u7AE0`, full-width digits \u2014 alone on their line or followed by whitespace and a title; a heading whose number does not go on the ascending sequence is prose (a line like `\u7B2C3\u7AE0\u8282\u594F\u8BF4\u660E` is never a heading). A folder takes one chapter per .txt or .md file, in the order of the numbers in their names.",
        "The project is `--project DIR` (created when missing; an `init`ed project without chapters is used as it is); a project that has chapters is refused. The chapters go to `chapters/chapter-NNN.md` with their headings as `# ` titles, recorded as committed; the report (chapters, \u5B57\u6570, encoding, the lines that looked like headings but were kept as prose) is printed and written to `logs/import-report.json`."
      ].join("\n\n"),
      (_) => [
        "\u81EA\u52A8\u8BC6\u522B\u6587\u672C\u7F16\u7801\uFF08\u5E26\u6216\u4E0D\u5E26 BOM \u7684 UTF-8\u3001UTF-16\u3001GBK/GB18030\uFF09\u3002TXT \u6309\u7AE0\u8282\u6807\u9898\u5207\u5206\u2014\u2014`\u7B2C12\u7AE0`\u3001`\u7B2C\u5341\u4E8C\u7AE0`\u3001`\u7B2C\u4E00\u767E\u96F6\u4E8C\u7AE0`\u3001\u5168\u89D2\u6570\u5B57\u2014\u2014\u6807\u9898\u5355\u72EC\u6210\u884C\uFF0C\u6216\u540E\u63A5\u7A7A\u767D\u548C\u7AE0\u540D\uFF1B\u7AE0\u53F7\u63A5\u4E0D\u4E0A\u9012\u589E\u5E8F\u5217\u7684\u6807\u9898\u6309\u6B63\u6587\u5904\u7406\uFF08\u50CF `\u7B2C3\u7AE0\u8282\u594F\u8BF4\u660E` \u8FD9\u6837\u7684\u884C\u4ECE\u4E0D\u7B97\u6807\u9898\uFF09\u3002\u6587\u4EF6\u5939\u4E2D\u6BCF\u4E2A .txt \u6216 .md \u6587\u4EF6\u7B97\u4E00\u7AE0\uFF0C\u6309\u6587\u4EF6\u540D\u4E2D\u7684\u6570\u5B57\u6392\u5E8F\u3002",
        "\u9879\u76EE\u4E3A `--project DIR`\uFF08\u4E0D\u5B58\u5728\u65F6\u65B0\u5EFA\uFF1B\u7528 `init` \u65B0\u5EFA\u3001\u8FD8\u6CA1\u6709\u7AE0\u8282\u7684\u9879\u76EE\u7167\u539F\u6837\u4F7F\u7528\uFF09\uFF1B\u5DF2\u6709\u7AE0\u8282\u7684\u9879\u76EE\u4F1A\u88AB\u62D2\u7EDD\u3002\u5404\u7AE0\u5199\u5230 `chapters/chapter-NNN.md`\uFF0C\u6807\u9898\u6539\u4E3A `# ` \u5F00\u5934\uFF0C\u8BB0\u4E3A\u5DF2\u5165\u5E93\uFF1B\u62A5\u544A\uFF08\u7AE0\u6570\u3001\u5B57\u6570\u3001\u7F16\u7801\u3001\u770B\u4F3C\u6807\u9898\u4F46\u6309\u6B63\u6587\u4FDD\u7559\u7684\u884C\uFF09\u4F1A\u6253\u5370\u51FA\u6765\uFF0C\u5E76\u5199\u5230 `logs/import-report.json`\u3002"
      ].join("\n\n")
    ),
    "help.import.example.1": entry(
      (_) => "Import a GBK TXT into a new project",
      (_) => "\u628A GBK \u7F16\u7801\u7684 TXT \u5BFC\u5165\u65B0\u9879\u76EE"
    ),
    "help.import.example.2": entry(
      (_) => "Import a folder of chapter files",
      (_) => "\u5BFC\u5165\u4E00\u4E2A\u653E\u7AE0\u8282\u6587\u4EF6\u7684\u6587\u4EF6\u5939"
    ),
    // novel rewind
    "help.rewind.description": entry(
      (_) => "Go back to before a chapter: it and every later one are drafted again",
      (_) => "\u56DE\u5230\u67D0\u4E00\u7AE0\u4E4B\u524D\uFF1A\u8FD9\u4E00\u7AE0\u53CA\u5176\u540E\u5404\u7AE0\u90FD\u8981\u91CD\u65B0\u8D77\u8349"
    ),
    "help.rewind.details": entry(
      (_) => [
        "Moves chapters \u2265 NNN (the chapter, its summary, evaluations, crossref and logs) and anything staged to `staging/revisions/rewind-K/`, replays the state from the changelog up to chapter NNN\u22121 and gives the foreshadowing, the storyline memories and the memory ledger back the text they had after it (each commit keeps what it replaced in `.novel/history/`), cuts the changelog back (the cut lines are kept in the rewind folder), moves aside the plans of volumes that start after chapter NNN (a rewind to a volume's first chapter keeps its plan) and sets the checkpoint to draft chapter NNN, in the volume that holds it, with `--note` for the writer (`inline.author_note` of the next draft packet).",
        "Crash-safe like a commit: a journal first, applied idempotently; a kill at any point is rolled forward by the next mutating command. Refused while the lock is held. `--dry-run` prints what would move and changes nothing."
      ].join("\n\n"),
      (_) => [
        "\u628A\u7B2C NNN \u7AE0\u53CA\u4EE5\u540E\u5404\u7AE0\uFF08\u6B63\u6587\u3001\u6458\u8981\u3001\u8BC4\u5BA1\u3001crossref \u548C\u65E5\u5FD7\uFF09\u4EE5\u53CA\u6682\u5B58\u533A\u7684\u4E00\u5207\u79FB\u5230 `staging/revisions/rewind-K/`\uFF1B\u6309\u53D8\u66F4\u65E5\u5FD7\u91CD\u653E\u72B6\u6001\u5230\u7B2C NNN\u22121 \u7AE0\uFF1B\u628A\u4F0F\u7B14\u3001\u6545\u4E8B\u7EBF\u8BB0\u5FC6\u548C\u8BB0\u5FC6\u53F0\u8D26\u6062\u590D\u4E3A\u90A3\u4E00\u7AE0\u5165\u5E93\u4E4B\u540E\u7684\u5185\u5BB9\uFF08\u6BCF\u6B21\u5165\u5E93\u90FD\u5728 `.novel/history/` \u4FDD\u5B58\u88AB\u66FF\u6362\u7684\u5185\u5BB9\uFF09\uFF1B\u622A\u77ED\u53D8\u66F4\u65E5\u5FD7\uFF08\u622A\u53BB\u7684\u884C\u4FDD\u5B58\u5728\u56DE\u9000\u76EE\u5F55\u4E2D\uFF09\uFF1B\u628A\u5728\u7B2C NNN \u7AE0\u4E4B\u540E\u624D\u5F00\u59CB\u7684\u5404\u5377\u89C4\u5212\u79FB\u5F00\uFF08\u56DE\u9000\u5230\u67D0\u5377\u7B2C\u4E00\u7AE0\u65F6\u4FDD\u7559\u8BE5\u5377\u7684\u89C4\u5212\uFF09\uFF1B\u5E76\u628A\u68C0\u67E5\u70B9\u8BBE\u4E3A\u5728\u5305\u542B\u7B2C NNN \u7AE0\u7684\u90A3\u4E00\u5377\u4E2D\u8D77\u8349\u7B2C NNN \u7AE0\uFF0C`--note` \u4EA4\u7ED9\u5199\u624B\uFF08\u4E0B\u4E00\u4EFD\u8D77\u8349\u6307\u4EE4\u5305\u7684 `inline.author_note`\uFF09\u3002",
        "\u4E0E\u5165\u5E93\u4E00\u6837\u5D29\u6E83\u5B89\u5168\uFF1A\u5148\u5199\u65E5\u5FD7\uFF0C\u518D\u5E42\u7B49\u5730\u5E94\u7528\uFF1B\u4EFB\u4F55\u65F6\u523B\u88AB\u6740\u6389\uFF0C\u4E0B\u4E00\u4E2A\u5199\u5165\u547D\u4EE4\u90FD\u4F1A\u628A\u5B83\u8865\u5B8C\u3002\u6301\u6709\u9501\u65F6\u62D2\u7EDD\u6267\u884C\u3002`--dry-run` \u6253\u5370\u5C06\u8981\u79FB\u52A8\u7684\u5185\u5BB9\uFF0C\u4E0D\u505A\u4EFB\u4F55\u6539\u52A8\u3002"
      ].join("\n\n")
    ),
    "help.rewind.example.1": entry(
      (_) => "Redo chapters 38 onward",
      (_) => "\u4ECE\u7B2C38\u7AE0\u8D77\u91CD\u5199"
    ),
    "help.rewind.example.2": entry(
      (_) => "See what would move",
      (_) => "\u67E5\u770B\u5C06\u8981\u79FB\u52A8\u4EC0\u4E48"
    ),
    "help.rewind.--to": entry(
      (_) => "The first chapter to draft again (chapter:NNN, or its number)",
      (_) => "\u7B2C\u4E00\u4E2A\u8981\u91CD\u65B0\u8D77\u8349\u7684\u7AE0\u8282\uFF08chapter:NNN\uFF0C\u6216\u76F4\u63A5\u5199\u7AE0\u53F7\uFF09"
    ),
    "help.rewind.--note": entry(
      (_) => "Your words for the writer of the redraft (inline.author_note)",
      (_) => "\u7ED9\u91CD\u5199\u7684\u5199\u624B\u7684\u8BDD\uFF08inline.author_note\uFF09"
    ),
    "help.rewind.--force": entry(
      (_) => "Rewind even to a chapter already published (novel publish)",
      (_) => "\u5373\u4F7F\u56DE\u9000\u5230\u5DF2\u53D1\u5E03\u7684\u7AE0\u8282\u4E5F\u6267\u884C\uFF08novel publish\uFF09"
    ),
    "help.rewind.--dry-run": entry(
      (_) => "Print the plan; change nothing",
      (_) => "\u6253\u5370\u8BA1\u5212\uFF0C\u4E0D\u505A\u4EFB\u4F55\u6539\u52A8"
    ),
    // novel publish
    "help.publish.description": entry(
      (_) => "Record the chapters published on the platform: what is left is \u5B58\u7A3F",
      (_) => "\u8BB0\u5F55\u5DF2\u5728\u5E73\u53F0\u53D1\u5E03\u7684\u7AE0\u8282\uFF1A\u5176\u4F59\u5DF2\u5165\u5E93\u7684\u5373\u4E3A\u5B58\u7A3F"
    ),
    "help.publish.details": entry(
      (_) => [
        "Appends one line per chapter to `publishing/published.jsonl`: the chapter, the date and the sha256 of its text. `--through N` records every committed chapter up to N not published yet (or changed since it was); `--chapter N` one chapter. A chapter not committed is refused, and so is one holding a word of `sensitive-words.json`, naming it: nothing is recorded then. `status` shows the chapters published, the \u5B58\u7A3F (committed, not published) and the days of buffer at the recent daily rate, and names a published chapter changed since (published_changed); `rewind` refuses to go before the last published chapter without `--force`."
      ].join("\n"),
      (_) => [
        "\u6BCF\u7AE0\u5411 `publishing/published.jsonl` \u8FFD\u52A0\u4E00\u884C\uFF1A\u7AE0\u53F7\u3001\u65E5\u671F\u548C\u6B63\u6587\u7684 sha256\u3002`--through N` \u8BB0\u5F55\u5230\u7B2C N \u7AE0\u4E3A\u6B62\u6240\u6709\u5C1A\u672A\u53D1\u5E03\uFF08\u6216\u53D1\u5E03\u540E\u53C8\u6539\u52A8\uFF09\u7684\u5DF2\u5165\u5E93\u7AE0\u8282\uFF1B`--chapter N` \u53EA\u8BB0\u5F55\u4E00\u7AE0\u3002\u672A\u5165\u5E93\u7684\u7AE0\u8282\u4F1A\u88AB\u62D2\u7EDD\uFF0C\u542B\u6709 `sensitive-words.json` \u4E2D\u8BCD\u8BED\u7684\u7AE0\u8282\u4E5F\u4F1A\u88AB\u62D2\u7EDD\u5E76\u6307\u660E\u8BE5\u8BCD\uFF1A\u6B64\u65F6\u4E0D\u8BB0\u5F55\u4EFB\u4F55\u5185\u5BB9\u3002`status` \u663E\u793A\u5DF2\u53D1\u5E03\u7AE0\u6570\u3001\u5B58\u7A3F\uFF08\u5DF2\u5165\u5E93\u672A\u53D1\u5E03\uFF09\u548C\u6309\u8FD1\u65E5\u53D1\u5E03\u901F\u5EA6\u53EF\u66F4\u7684\u5929\u6570\uFF0C\u5E76\u6307\u51FA\u53D1\u5E03\u540E\u53C8\u6539\u52A8\u7684\u7AE0\u8282\uFF08published_changed\uFF09\uFF1B`rewind` \u4E0D\u52A0 `--force` \u4E0D\u4F1A\u56DE\u9000\u5230\u6700\u540E\u53D1\u5E03\u7684\u7AE0\u8282\u4E4B\u524D\u3002"
      ].join("\n")
    ),
    "help.publish.example.1": entry(
      (_) => "Chapters up to 12 went up today",
      (_) => "\u4ECA\u5929\u5DF2\u53D1\u5E03\u5230\u7B2C12\u7AE0"
    ),
    "help.publish.example.2": entry(
      (_) => "One chapter, on a given day",
      (_) => "\u67D0\u4E00\u5929\u53D1\u5E03\u4E86\u4E00\u7AE0"
    ),
    "help.publish.--through": entry(
      (_) => "Every committed chapter up to N not published yet",
      (_) => "\u5230\u7B2C N \u7AE0\u4E3A\u6B62\u6240\u6709\u5C1A\u672A\u53D1\u5E03\u7684\u5DF2\u5165\u5E93\u7AE0\u8282"
    ),
    "help.publish.--chapter": entry(
      (_) => "One chapter",
      (_) => "\u53EA\u8BB0\u5F55\u4E00\u7AE0"
    ),
    "help.publish.--date": entry(
      (_) => "The day it was published, YYYY-MM-DD (default: today on this machine)",
      (_) => "\u53D1\u5E03\u65E5\u671F YYYY-MM-DD\uFF08\u9ED8\u8BA4\uFF1A\u672C\u673A\u4ECA\u5929\uFF09"
    ),
    // novel serve
    "help.serve.description": entry(
      (_) => "A read-only web dashboard of the book: live progress, \u5B57\u6570 and scores, \u4F0F\u7B14, characters, the machines",
      (_) => "\u5168\u4E66\u7684\u53EA\u8BFB\u7F51\u9875\u4EEA\u8868\u76D8\uFF1A\u5B9E\u65F6\u8FDB\u5EA6\u3001\u5B57\u6570\u4E0E\u5206\u6570\u3001\u4F0F\u7B14\u3001\u4EBA\u7269\u3001\u72B6\u6001\u673A"
    ),
    "help.serve.details": entry(
      (_) => [
        "Serves the page and its JSON API (docs/serve.md) until Ctrl-C. It only reads the project, so it may run beside `novel run`: each step, advance and commit appears within a second.",
        "It listens on 127.0.0.1 (loopback) unless `--host` says otherwise; another host needs `--token T`, and every request then carries it (`?token=T` or `Authorization: Bearer T`). `--port 0` takes any free port. `--open` opens the page in the default browser."
      ].join("\n\n"),
      (_) => [
        "\u63D0\u4F9B\u9875\u9762\u53CA\u5176 JSON API\uFF08docs/serve.md\uFF09\uFF0C\u76F4\u5230\u6309\u4E0B Ctrl-C\u3002\u5B83\u53EA\u8BFB\u9879\u76EE\uFF0C\u6240\u4EE5\u53EF\u4EE5\u4E0E `novel run` \u540C\u65F6\u8FD0\u884C\uFF1A\u6BCF\u4E00\u6B65\u3001\u6BCF\u6B21\u767B\u8BB0\u548C\u5165\u5E93\u90FD\u4F1A\u5728\u4E00\u79D2\u5185\u663E\u793A\u51FA\u6765\u3002",
        "\u9664\u975E `--host` \u53E6\u884C\u6307\u5B9A\uFF0C\u5426\u5219\u53EA\u76D1\u542C 127.0.0.1\uFF08\u672C\u673A\u56DE\u73AF\uFF09\uFF1B\u5176\u4ED6\u5730\u5740\u9700\u8981 `--token T`\uFF0C\u6B64\u540E\u6BCF\u4E2A\u8BF7\u6C42\u90FD\u8981\u5E26\u4E0A\u5B83\uFF08`?token=T` \u6216 `Authorization: Bearer T`\uFF09\u3002`--port 0` \u4EFB\u9009\u4E00\u4E2A\u7A7A\u95F2\u7AEF\u53E3\u3002`--open` \u5728\u9ED8\u8BA4\u6D4F\u89C8\u5668\u4E2D\u6253\u5F00\u9875\u9762\u3002"
      ].join("\n\n")
    ),
    "help.serve.example.1": entry(
      (_) => "Serve the book on http://127.0.0.1:4477/",
      (_) => "\u5728 http://127.0.0.1:4477/ \u63D0\u4F9B\u5168\u4E66\u9875\u9762"
    ),
    "help.serve.example.2": entry(
      (_) => "On the local network, with a token",
      (_) => "\u5728\u5C40\u57DF\u7F51\u4E0A\u63D0\u4F9B\uFF0C\u5E26\u4EE4\u724C"
    ),
    "help.serve.--port": entry(
      (_) => "Port to listen on (0: any free port)",
      (_) => "\u76D1\u542C\u7684\u7AEF\u53E3\uFF080\uFF1A\u4EFB\u4E00\u7A7A\u95F2\u7AEF\u53E3\uFF09"
    ),
    "help.serve.--host": entry(
      (_) => "Address to listen on (loopback by default)",
      (_) => "\u76D1\u542C\u7684\u5730\u5740\uFF08\u9ED8\u8BA4\u672C\u673A\u56DE\u73AF\uFF09"
    ),
    "help.serve.--token": entry(
      (_) => "Required of every request; needed for a host other than loopback",
      (_) => "\u6BCF\u4E2A\u8BF7\u6C42\u90FD\u5FC5\u987B\u5E26\u4E0A\uFF1B\u76D1\u542C\u975E\u672C\u673A\u5730\u5740\u65F6\u5FC5\u9700"
    ),
    "help.serve.--open": entry(
      (_) => "Open the page in the default browser",
      (_) => "\u5728\u9ED8\u8BA4\u6D4F\u89C8\u5668\u4E2D\u6253\u5F00\u9875\u9762"
    ),
    // novel adapters install
    "help.adapters.install.description": entry(
      (_) => "Copy the Claude Code or Codex adapter files into the project",
      (_) => "\u628A Claude Code \u6216 Codex \u7684\u9002\u914D\u6587\u4EF6\u590D\u5236\u5230\u9879\u76EE\u4E2D"
    ),
    "help.adapters.install.details": entry(
      (_) => [
        "`claude`: the subagents (chapter-writer, summarizer, style-refiner, quality-judge, plot-architect, and the setup agents world-builder, character-weaver, style-analyzer) into `.claude/agents/` and the `/novel-step` skill into `.claude/skills/novel-step/` (it may run `novel` commands, read, and edit under `staging/` only, so it runs in `claude -p` without prompts). `codex`: the `novel` skill with the eight agent briefs as `references/<agent>.md` into `.agents/skills/novel/` (run Codex from the project root). Each runs one pipeline step from its packet, advances it once it validates, and stops for review.",
        "A file you edited is never overwritten: it is kept and reported."
      ].join("\n\n"),
      (_) => [
        "`claude`\uFF1A\u628A\u5B50\u4EE3\u7406\uFF08chapter-writer\u3001summarizer\u3001style-refiner\u3001quality-judge\u3001plot-architect\uFF0C\u4EE5\u53CA\u8BBE\u5B9A\u4EE3\u7406 world-builder\u3001character-weaver\u3001style-analyzer\uFF09\u590D\u5236\u5230 `.claude/agents/`\uFF0C\u628A `/novel-step` \u6280\u80FD\u590D\u5236\u5230 `.claude/skills/novel-step/`\uFF08\u5B83\u53EF\u4EE5\u8FD0\u884C `novel` \u547D\u4EE4\u3001\u8BFB\u53D6\u6587\u4EF6\uFF0C\u4E14\u53EA\u5728 `staging/` \u4E0B\u7F16\u8F91\uFF0C\u56E0\u6B64\u5728 `claude -p` \u4E2D\u65E0\u9700\u786E\u8BA4\u5373\u53EF\u8FD0\u884C\uFF09\u3002`codex`\uFF1A\u628A `novel` \u6280\u80FD\u8FDE\u540C\u516B\u4E2A\u4EE3\u7406\u7684\u8BF4\u660E\uFF08`references/<agent>.md`\uFF09\u590D\u5236\u5230 `.agents/skills/novel/`\uFF08\u8BF7\u5728\u9879\u76EE\u6839\u76EE\u5F55\u8FD0\u884C Codex\uFF09\u3002\u6BCF\u4E2A\u90FD\u6309\u6307\u4EE4\u5305\u8FD0\u884C\u6D41\u6C34\u7EBF\u7684\u4E00\u6B65\uFF0C\u6821\u9A8C\u901A\u8FC7\u540E\u767B\u8BB0\uFF0C\u7136\u540E\u505C\u4E0B\u7B49\u5F85\u5BA1\u9605\u3002",
        "\u4F60\u6539\u8FC7\u7684\u6587\u4EF6\u4ECE\u4E0D\u8986\u76D6\uFF1A\u4FDD\u7559\u539F\u6837\u5E76\u62A5\u544A\u51FA\u6765\u3002"
      ].join("\n\n")
    ),
    "help.adapters.install.example.1": entry(
      (_) => "Install the Claude Code adapters",
      (_) => "\u5B89\u88C5 Claude Code \u9002\u914D\u6587\u4EF6"
    ),
    "help.adapters.install.example.2": entry(
      (_) => "Install the Codex skill",
      (_) => "\u5B89\u88C5 Codex \u6280\u80FD"
    )
  }),
  // ---- the commands' refusals and report lines ----
  cmd: () => ({
    // shared
    "cmd.example": entry(
      (a) => `e.g. ${a.example}`,
      (a) => `\u4F8B\u5982 ${a.example}`
    ),
    "cmd.step_invalid": entry(
      (a) => `step "${a.value}": ${a.reason}`,
      (a) => `\u6B65\u9AA4\u7F16\u53F7 "${a.value}" \u65E0\u6548\uFF1A${a.reason}`
    ),
    "cmd.chapter_ref_invalid": entry(
      (a) => `"${a.value}": ${a.reason}`,
      (a) => `"${a.value}"\uFF1A${a.reason}`
    ),
    "cmd.warning": entry(
      (a) => `warning: ${a.text}`,
      (a) => `\u8B66\u544A\uFF1A${a.text}`
    ),
    "cmd.internal": entry(
      (a) => `internal error: ${a.message}`,
      (a) => `\u5185\u90E8\u9519\u8BEF\uFF1A${a.message}`
    ),
    "cmd.internal.stack": entry(
      (_) => "see the stack trace on stderr",
      (_) => "\u8C03\u7528\u6808\u89C1\u6807\u51C6\u9519\u8BEF\u8F93\u51FA"
    ),
    "cmd.internal.report": entry(
      (_) => "set NOVEL_DEBUG=1 to see a stack trace, and report it",
      (_) => "\u8BBE\u7F6E NOVEL_DEBUG=1 \u53EF\u770B\u5230\u8C03\u7528\u6808\uFF0C\u8BF7\u62A5\u544A\u8FD9\u4E2A\u95EE\u9898"
    ),
    "cmd.fs_refused": entry(
      (a) => `${a.path}: ${a.why} (${a.syscall})${a.step ? `: refused inside ${a.step}, where a command may only read` : ""}`,
      (a) => `${a.path}\uFF1A${a.why}\uFF08${a.syscall}\uFF09${a.step ? `\uFF1A\u5728 ${a.step} \u4E2D\u88AB\u62D2\u7EDD\uFF0C\u8FD9\u91CC\u7684\u547D\u4EE4\u53EA\u80FD\u8BFB\u53D6` : ""}`
    ),
    "cmd.fs_refused.hint": entry(
      (_) => "check the path and its permissions (and the free space), then retry",
      (_) => "\u68C0\u67E5\u8FD9\u4E2A\u8DEF\u5F84\u53CA\u5176\u6743\u9650\uFF08\u4EE5\u53CA\u5269\u4F59\u7A7A\u95F4\uFF09\uFF0C\u7136\u540E\u91CD\u8BD5"
    ),
    "cmd.system.read_only": entry(
      (_) => "the file system is read-only here",
      (_) => "\u8FD9\u91CC\u7684\u6587\u4EF6\u7CFB\u7EDF\u662F\u53EA\u8BFB\u7684"
    ),
    "cmd.system.access": entry(
      (_) => "permission denied",
      (_) => "\u6CA1\u6709\u6743\u9650"
    ),
    "cmd.system.perm": entry(
      (_) => "operation not permitted",
      (_) => "\u4E0D\u5141\u8BB8\u8FD9\u4E2A\u64CD\u4F5C"
    ),
    "cmd.system.no_space": entry(
      (_) => "no space left on the device",
      (_) => "\u78C1\u76D8\u7A7A\u95F4\u5DF2\u6EE1"
    ),
    "cmd.system.quota": entry(
      (_) => "the disk quota is exhausted",
      (_) => "\u78C1\u76D8\u914D\u989D\u5DF2\u7528\u5B8C"
    ),
    // novel run
    "cmd.run.chapters_or_to_chapter": entry(
      (_) => "pass --chapters or --to-chapter, not both",
      (_) => "--chapters \u548C --to-chapter \u53EA\u80FD\u7528\u4E00\u4E2A"
    ),
    "cmd.run.until_invalid": entry(
      (a) => `--until ${a.until}: ${a.reason}`,
      (a) => `--until ${a.until}\uFF1A${a.reason}`
    ),
    "cmd.run.model_needs_agent": entry(
      (a) => `--model applies to --executor claude or codex, not ${a.executor}`,
      (a) => `--model \u53EA\u7528\u4E8E --executor claude \u6216 codex\uFF0C\u4E0D\u9002\u7528\u4E8E ${a.executor}`
    ),
    "cmd.run.budget_tokens": entry(
      (_) => "add --budget-tokens <n> (Codex reports tokens), or use --executor claude for a dollar budget",
      (_) => "\u52A0\u4E0A --budget-tokens <n>\uFF08Codex \u62A5\u544A tokens\uFF09\uFF0C\u6216\u7528 --executor claude \u6309\u7F8E\u5143\u63A7\u5236\u9884\u7B97"
    ),
    // novel doctor
    "cmd.doctor.finding": entry(
      (a) => `${a.severity.padEnd(7)} ${a.code}${a.file ? ` ${a.file}` : ""}: ${a.message}`,
      (a) => `${a.severity.padEnd(4)} ${a.code}${a.file ? ` ${a.file}` : ""}\uFF1A${a.message}`
    ),
    "cmd.doctor.problems": entry(
      (a) => `${a.problems}: ${a.root}`,
      (a) => `${a.problems}\uFF1A${a.root}`
    ),
    // novel lint
    "cmd.lint.ref_hint": entry(
      (_) => "e.g. novel lint chapter:012, or novel lint FILE",
      (_) => "\u4F8B\u5982 novel lint chapter:012\uFF0C\u6216 novel lint \u6587\u4EF6\u8DEF\u5F84"
    ),
    "cmd.lint.not_a_file": entry(
      (a) => `${a.target}: not a regular text file`,
      (a) => `${a.target}\uFF1A\u4E0D\u662F\u666E\u901A\u6587\u672C\u6587\u4EF6`
    ),
    "cmd.lint.not_a_file.hint": entry(
      (_) => "give chapter:NNN or the path of a text file",
      (_) => "\u8BF7\u7ED9\u51FA chapter:NNN \u6216\u4E00\u4E2A\u6587\u672C\u6587\u4EF6\u7684\u8DEF\u5F84"
    ),
    // novel decide
    "cmd.decide.invalid": entry(
      (a) => `decision "${a.value}": expected one of ${a.choices}`,
      (a) => `\u51B3\u5B9A "${a.value}" \u65E0\u6548\uFF1A\u5E94\u4E3A ${a.choices.split(", ").map((c) => DECISION_ZH[c] ? `${c}\uFF08${DECISION_ZH[c]}\uFF09` : `${c} `).join("\u3001")}\u4E4B\u4E00`
    ),
    // novel diff
    "cmd.diff.no_rounds": entry(
      (a) => `chapter ${a.chapter}: ${Number(a.drafts) === 0 ? "no draft" : "one draft only"}; a diff needs two rounds`,
      (a) => `\u7B2C${a.chapter}\u7AE0\uFF1A${Number(a.drafts) === 0 ? "\u6CA1\u6709\u8349\u7A3F" : "\u53EA\u6709\u4E00\u7A3F"}\uFF1B\u6BD4\u8F83\u9700\u8981\u4E24\u7A3F`
    ),
    "cmd.diff.no_rounds.hint": entry(
      (_) => "rounds are kept when a revision starts (the gate decides revise, or `novel decide \u2026 revise`)",
      (_) => "\u4FEE\u6539\u5F00\u59CB\u65F6\u4F1A\u4FDD\u7559\u4E0A\u4E00\u7A3F\uFF08\u95F8\u95E8\u5224\u5B9A revise\uFF0C\u6216 `novel decide \u2026 revise`\uFF09"
    ),
    "cmd.diff.round_unknown": entry(
      (a) => `--round ${a.round}: expected one of ${a.rounds}`,
      (a) => `--round ${a.round}\uFF1A\u5E94\u4E3A ${listZh2(a.rounds)} \u4E4B\u4E00`
    ),
    "cmd.diff.round_twice": entry(
      (_) => "--round: give it at most twice",
      (_) => "--round \u6700\u591A\u7ED9\u4E24\u6B21"
    ),
    "cmd.diff.summary": entry(
      (a) => `(round ${a.from} \u2192 round ${a.to}: +${a.added} \u2212${a.removed} line(s))`,
      (a) => `\uFF08\u7B2C ${a.from} \u8F6E \u2192 \u7B2C ${a.to} \u8F6E\uFF1A+${a.added} \u2212${a.removed} \u884C\uFF09`
    ),
    // novel chapters
    "cmd.chapters.from_after_to": entry(
      (a) => `--from ${a.from} is after --to ${a.to}`,
      (a) => `--from ${a.from} \u5728 --to ${a.to} \u4E4B\u540E`
    ),
    // novel schema
    "cmd.schema.unknown": entry(
      (a) => `schema ${a.name}: no such format; expected one of ${a.formats}`,
      (a) => `schema ${a.name}\uFF1A\u6CA1\u6709\u8FD9\u79CD\u683C\u5F0F\uFF1B\u5E94\u4E3A\u4EE5\u4E0B\u4E4B\u4E00\uFF1A${listZh2(a.formats)}`
    ),
    "cmd.schema.agents": entry(
      (_) => "what the agents write:",
      (_) => "\u4EE3\u7406\u5199\u7684\u6587\u4EF6\uFF1A"
    ),
    "cmd.schema.author": entry(
      (_) => "what the author writes:",
      (_) => "\u4F5C\u8005\u5199\u7684\u6587\u4EF6\uFF1A"
    ),
    "cmd.schema.format": entry(
      (a) => `${a.title}: ${a.path} (${a.writer})`,
      (a) => `${a.title}\uFF1A${a.path}\uFF08${a.writer}\uFF09`
    ),
    "cmd.schema.example": entry(
      (_) => "example:",
      (_) => "\u793A\u4F8B\uFF1A"
    ),
    // novel commit
    "cmd.commit.one_of": entry(
      (_) => "commit: pass exactly one of --chapter N, --volume VV or --setup",
      (_) => "commit\uFF1A--chapter N\u3001--volume VV \u4E0E --setup \u987B\u4E14\u53EA\u80FD\u7ED9\u4E00\u4E2A"
    ),
    "cmd.commit.pending_dry": entry(
      (a) => `an unfinished commit journal ${a.journal} is pending; a dry run cannot plan past it`,
      (a) => `\u6709\u672A\u5B8C\u6210\u7684\u5165\u5E93\u65E5\u5FD7 ${a.journal}\uFF1B\u8BD5\u8FD0\u884C\u65E0\u6CD5\u8D8A\u8FC7\u5B83\u505A\u8BA1\u5212`
    ),
    "cmd.commit.pending_dry.hint": entry(
      (_) => "run the commit without --dry-run to roll it forward",
      (_) => "\u53BB\u6389 --dry-run \u518D\u8FD0\u884C\u5165\u5E93\uFF0C\u628A\u5B83\u8865\u5B8C"
    ),
    "cmd.commit.volume": entry(
      (a) => `${a.dry ? "would commit" : "committed"} the plan of volume ${a.volume}:`,
      (a) => `${a.dry ? "\u5C06\u5165\u5E93" : "\u5DF2\u5165\u5E93"}\u7B2C${a.volume}\u5377\u7684\u89C4\u5212\uFF1A`
    ),
    "cmd.commit.write": entry(
      (a) => `  ${a.kind === "move" ? "move " : "write"} ${a.path}${a.from ? ` \u2190 ${a.from}` : ""}`,
      (a) => `  ${a.kind === "move" ? "\u79FB\u5165" : "\u5199\u5165"} ${a.path}${a.from ? ` \u2190 ${a.from}` : ""}`
    ),
    "cmd.commit.move": entry(
      (a) => `  move  ${a.path} \u2190 ${a.from}`,
      (a) => `  \u79FB\u5165 ${a.path} \u2190 ${a.from}`
    ),
    "cmd.commit.append": entry(
      (a) => `  append ${a.path} (+${a.n} line(s))`,
      (a) => `  \u8FFD\u52A0 ${a.path}\uFF08+${a.n} \u884C\uFF09`
    ),
    "cmd.commit.clear": entry(
      (a) => `  clear ${a.path}`,
      (a) => `  \u6E05\u7A7A ${a.path}`
    ),
    "cmd.commit.dropped": entry(
      (a) => `    dropped ${a.op}`,
      (a) => `    \u4E22\u5F03 ${a.op}`
    ),
    // novel export
    "cmd.export.volume_or_chapters": entry(
      (_) => "export: pass --volume or --chapters, not both",
      (_) => "export\uFF1A--volume \u548C --chapters \u53EA\u80FD\u7528\u4E00\u4E2A"
    ),
    "cmd.export.format_or_upload": entry(
      (_) => "export: pass --format txt|md|epub, or --upload",
      (_) => "export\uFF1A\u8BF7\u7ED9\u51FA --format txt|md|epub\uFF0C\u6216 --upload"
    ),
    "cmd.export.format_or_upload.hint": entry(
      (_) => "e.g. `novel export --format epub`, or `novel export --upload --out upload/`",
      (_) => "\u4F8B\u5982 `novel export --format epub`\uFF0C\u6216 `novel export --upload --out upload/`"
    ),
    "cmd.export.from_with_upload": entry(
      (_) => "export: --from and --to go with --upload (a whole-book export takes --chapters N-M)",
      (_) => "export\uFF1A--from \u548C --to \u53EA\u4E0E --upload \u4E00\u8D77\u7528\uFF08\u6574\u672C\u5BFC\u51FA\u7528 --chapters N-M\uFF09"
    ),
    "cmd.export.from_with_upload.hint": entry(
      (_) => "e.g. `novel export --upload --from 41 --to 45 --out upload/`",
      (_) => "\u4F8B\u5982 `novel export --upload --from 41 --to 45 --out upload/`"
    ),
    "cmd.export.upload_alone": entry(
      (_) => "export --upload takes --from, --to, --out and --force (not --format, --volume or --chapters)",
      (_) => "export --upload \u53EA\u63A5\u53D7 --from\u3001--to\u3001--out \u548C --force\uFF08\u4E0D\u63A5\u53D7 --format\u3001--volume \u6216 --chapters\uFF09"
    ),
    "cmd.export.upload_out": entry(
      (_) => "export --upload needs --out DIR: the folder the files go to",
      (_) => "export --upload \u9700\u8981 --out \u76EE\u5F55\uFF1A\u6587\u4EF6\u5199\u5165\u7684\u6587\u4EF6\u5939"
    ),
    "cmd.export.upload_done": entry(
      (a) => `wrote ${a.n} upload-ready chapter(s) (${a.first}\u2013${a.last}) and ${a.notes} \u4F5C\u8005\u7684\u8BDD file(s) to ${a.out}`,
      (a) => `\u5DF2\u5199\u51FA ${a.n} \u7AE0\u4E0A\u4F20\u6587\u4EF6\uFF08\u7B2C${a.first}\u2013${a.last}\u7AE0\uFF09\u548C ${a.notes} \u4EFD\u4F5C\u8005\u7684\u8BDD\u5230 ${a.out}`
    ),
    "cmd.export.done": entry(
      (a) => `exported ${a.n} chapter(s) (${a.first}\u2013${a.last}) of \u300A${a.title}\u300B to ${a.out} (${a.bytes} bytes)`,
      (a) => `\u5DF2\u5BFC\u51FA\u300A${a.title}\u300B${a.n} \u7AE0\uFF08\u7B2C${a.first}\u2013${a.last}\u7AE0\uFF09\u5230 ${a.out}\uFF08${a.bytes} \u5B57\u8282\uFF09`
    ),
    // novel init
    "cmd.init.platform": entry(
      (a) => `--platform ${a.platform}: expected one of ${a.platforms}`,
      (a) => `--platform ${a.platform}\uFF1A\u5E94\u4E3A ${listZh2(a.platforms)} \u4E4B\u4E00`
    ),
    "cmd.init.book_incomplete": entry(
      (a) => `${a.missing} is missing: book.json needs both the title and the author`,
      (a) => `\u7F3A\u5C11 ${a.missing}\uFF1Abook.json \u9700\u8981\u4E66\u540D\u548C\u4F5C\u8005\u4E24\u9879`
    ),
    "cmd.init.book_incomplete.hint": entry(
      (_) => "give both, e.g. `novel init my-novel --title \u5251\u8D77\u9752\u5C9A --author \u9752\u5C9A\u5BA2`, or neither",
      (_) => "\u4E24\u9879\u90FD\u7ED9\uFF0C\u4F8B\u5982 `novel init my-novel --title \u5251\u8D77\u9752\u5C9A --author \u9752\u5C9A\u5BA2`\uFF0C\u6216\u90FD\u4E0D\u7ED9"
    ),
    "cmd.init.platform.hint": entry(
      (_) => "qidian (2,500\u20133,500 \u5B57), tomato (1,500\u20132,500 \u5B57) or none (no platform rules)",
      (_) => "qidian\uFF08\u8D77\u70B9\uFF0C2500\u20133500 \u5B57\uFF09\u3001tomato\uFF08\u756A\u8304\uFF0C1500\u20132500 \u5B57\uFF09\u6216 none\uFF08\u4E0D\u8BBE\u5E73\u53F0\u89C4\u5219\uFF09"
    ),
    "cmd.init.demo": entry(
      (a) => `created the demo project in ${a.root}
next: novel run --chapters 3 --project ${a.dir}  (executor: demo, recorded in novel.config.json)`,
      (a) => `\u5DF2\u65B0\u5EFA\u6F14\u793A\u9879\u76EE\uFF1A${a.root}
\u4E0B\u4E00\u6B65\uFF1Anovel run --chapters 3 --project ${a.dir}\uFF08\u6267\u884C\u5668\uFF1Ademo\uFF0C\u5DF2\u8BB0\u5165 novel.config.json\uFF09`
    ),
    // novel demo-executor
    "cmd.demo.wrote": entry(
      (a) => `demo executor wrote ${a.n} file(s)`,
      (a) => `\u6F14\u793A\u6267\u884C\u5668\u5199\u4E86 ${a.n} \u4E2A\u6587\u4EF6`
    ),
    // novel validate
    "cmd.validate.import_commit": entry(
      (a) => `${a.step}: a commit has nothing staged of its own to validate; validate ${a.summarize}`,
      (a) => `${a.step}\uFF1A\u5165\u5E93\u8FD9\u4E00\u6B65\u6CA1\u6709\u81EA\u5DF1\u7684\u6682\u5B58\u4EA7\u51FA\u53EF\u6821\u9A8C\uFF1B\u8BF7\u6821\u9A8C ${a.summarize}`
    ),
    "cmd.validate.not_validatable": entry(
      (a) => `${a.step}: only ${a.stages} and volume plan steps have staged outputs to validate`,
      (a) => `${a.step}\uFF1A\u53EA\u6709 ${listZh2(a.stages)} \u548C\u5377\u89C4\u5212\u8FD9\u4E9B\u6B65\u9AA4\u6709\u53EF\u6821\u9A8C\u7684\u6682\u5B58\u4EA7\u51FA`
    ),
    "cmd.validate.committed": entry(
      (a) => `${a.step}: chapter ${a.chapter} is committed (${a.file}); nothing is staged for it to validate`,
      (a) => `${a.step}\uFF1A\u7B2C${a.chapter}\u7AE0\u5DF2\u5165\u5E93\uFF08${a.file}\uFF09\uFF0C\u6CA1\u6709\u53EF\u6821\u9A8C\u7684\u6682\u5B58\u4EA7\u51FA`
    ),
    "cmd.validate.committed.hint": entry(
      (a) => `the next step is ${a.step}: \`${a.command}\``,
      (a) => `\u4E0B\u4E00\u6B65\u662F ${a.step}\uFF1A\`${a.command}\``
    ),
    "cmd.validate.plan_invalid": entry(
      (a) => `${a.step}: the staged volume plan does not validate`,
      (a) => `${a.step}\uFF1A\u6682\u5B58\u7684\u5377\u89C4\u5212\u672A\u901A\u8FC7\u6821\u9A8C`
    ),
    "cmd.validate.setup_invalid": entry(
      (a) => `${a.step}: the staged files do not validate`,
      (a) => `${a.step}\uFF1A\u6682\u5B58\u6587\u4EF6\u672A\u901A\u8FC7\u6821\u9A8C`
    ),
    "cmd.validate.outputs_invalid": entry(
      (a) => `${a.step}: the staged outputs do not validate`,
      (a) => `${a.step}\uFF1A\u6682\u5B58\u4EA7\u51FA\u672A\u901A\u8FC7\u6821\u9A8C`
    ),
    "cmd.validate.fix_hint": entry(
      (_) => "fix every file listed, then validate again",
      (_) => "\u4FEE\u6B63\u4E0A\u9762\u5217\u51FA\u7684\u6BCF\u4E2A\u6587\u4EF6\uFF0C\u518D\u91CD\u65B0\u6821\u9A8C"
    ),
    // novel lock status, lock clear
    "cmd.lock.holder": entry(
      (a) => `pid ${a.pid} on ${a.host}, started ${a.started}, heartbeat ${a.heartbeat}, chapter ${a.chapter}${a.owner ? `, owner ${a.owner}` : ""}`,
      (a) => `\u8FDB\u7A0B ${a.pid}\uFF08${a.host}\uFF09\uFF0C\u5F00\u59CB\u4E8E ${a.started}\uFF0C\u5FC3\u8DF3 ${a.heartbeat}\uFF0C\u7B2C${a.chapter}\u7AE0${a.owner ? `\uFF0C\u5C5E\u4E8E ${a.owner}` : ""}`
    ),
    "cmd.lock.removed": entry(
      (a) => `lock removed (${a.stale !== null ? `stale: ${a.stale}` : "forced"})`,
      (a) => `\u9501\u5DF2\u6E05\u9664\uFF08${a.stale !== null ? `\u5DF2\u8FC7\u671F\uFF1A${a.stale}` : "\u5F3A\u5236\u6E05\u9664"}\uFF09`
    ),
    "cmd.lock.none": entry(
      (_) => "no lock to remove",
      (_) => "\u6CA1\u6709\u53EF\u6E05\u9664\u7684\u9501"
    ),
    // novel state verify, state rebuild, checkpoint rebuild
    "cmd.verify.no_first": entry(
      (_) => "none (paths no changelog line wrote)",
      (_) => "\u65E0\uFF08\u8FD9\u4E9B\u8DEF\u5F84\u6CA1\u6709\u54EA\u4E00\u884C\u53D8\u66F4\u65E5\u5FD7\u5199\u8FC7\uFF09"
    ),
    "cmd.verify.rebuild_hint": entry(
      (_) => "`novel state rebuild` rewrites the state from the changelog; or, if you fixed the state by hand on purpose, `novel state verify --accept` records the fix",
      (_) => "`novel state rebuild` \u4F1A\u6309\u53D8\u66F4\u65E5\u5FD7\u91CD\u5199\u72B6\u6001\uFF1B\u82E5\u4F60\u662F\u6709\u610F\u624B\u6539\u72B6\u6001\uFF0C`novel state verify --accept` \u4F1A\u8BB0\u5F55\u8FD9\u6B21\u4FEE\u6539"
    ),
    "cmd.verify.files_differ": entry(
      (a) => `${a.n} book file(s) differ from the fingerprint`,
      (a) => `${a.n} \u4E2A\u4E66\u7A3F\u6587\u4EF6\u4E0E\u6307\u7EB9\u4E0D\u7B26`
    ),
    "cmd.verify.state_diverges": entry(
      (a) => `the state diverges from the changelog at ${a.n} path(s)`,
      (a) => `\u72B6\u6001\u4E0E\u53D8\u66F4\u65E5\u5FD7\u6709 ${a.n} \u5904\u4E0D\u4E00\u81F4`
    ),
    "cmd.state.rebuilt": entry(
      (a) => `${a.file} rebuilt from ${a.n} changelog line(s): state_version ${a.version}${a.unchanged ? " (unchanged)" : ""}`,
      (a) => `\u5DF2\u6309 ${a.n} \u884C\u53D8\u66F4\u65E5\u5FD7\u91CD\u5EFA ${a.file}\uFF1Astate_version ${a.version}${a.unchanged ? "\uFF08\u672A\u53D8\uFF09" : ""}`
    ),
    "cmd.checkpoint.rebuilt": entry(
      (a) => `rebuilt ${a.file}: ${a.n} chapter(s) committed, volume ${a.volume} ${a.writing ? "being written" : "to be planned"}`,
      (a) => `\u5DF2\u91CD\u5EFA ${a.file}\uFF1A\u5DF2\u5165\u5E93 ${a.n} \u7AE0\uFF0C\u7B2C${a.volume}\u5377${a.writing ? "\u6B63\u5728\u5199" : "\u5F85\u89C4\u5212"}`
    ),
    "cmd.checkpoint.backup": entry(
      (a) => `the old checkpoint is kept as ${a.file}`,
      (a) => `\u65E7\u7684\u68C0\u67E5\u70B9\u4FDD\u7559\u4E3A ${a.file}`
    ),
    "cmd.checkpoint.next": entry(
      (_) => "next: novel next",
      (_) => "\u4E0B\u4E00\u6B65\uFF1Anovel next"
    ),
    // novel adapters install
    "cmd.adapters.kind": entry(
      (a) => `adapters install ${a.kind}: expected claude or codex`,
      (a) => `adapters install ${a.kind}\uFF1A\u5E94\u4E3A claude \u6216 codex`
    ),
    "cmd.adapters.head": entry(
      (a) => `${a.kind} adapters:`,
      (a) => `${a.kind} \u9002\u914D\u6587\u4EF6\uFF1A`
    ),
    "cmd.adapters.unchanged": entry(
      (a) => `  = ${a.file} (already installed)`,
      (a) => `  = ${a.file}\uFF08\u5DF2\u5B89\u88C5\uFF09`
    ),
    "cmd.adapters.kept": entry(
      (a) => `  ! ${a.file} (kept: differs from the shipped file, your edits win)`,
      (a) => `  ! ${a.file}\uFF08\u4FDD\u7559\uFF1A\u4E0E\u81EA\u5E26\u6587\u4EF6\u4E0D\u540C\uFF0C\u4EE5\u4F60\u7684\u4FEE\u6539\u4E3A\u51C6\uFF09`
    ),
    // novel quality eval
    "cmd.quality.dirs": entry(
      (_) => "quality eval needs both --ai DIR and --human DIR",
      (_) => "quality eval \u9700\u8981\u540C\u65F6\u7ED9\u51FA --ai \u76EE\u5F55\u548C --human \u76EE\u5F55"
    )
  })
};

// src/core/messages/io.ts
var SHAPE_EN = {
  ENAMETOOLONG: "a file name longer than the file system allows",
  ENOTDIR: "a path through something that is not a directory",
  EISDIR: "a directory where a file is expected",
  ELOOP: "a symbolic link where a real file is expected",
  EACCES: "a file novel may not open (permissions)",
  EPERM: "a file novel may not change (permissions)",
  EROFS: "a read-only file system",
  EINVAL: "a name the file system refuses",
  EEXIST: "something already there where novel makes a new file or folder",
  ENXIO: "a socket or device where a file is expected",
  EAGAIN: "a file another program holds and did not let go of (a lease)"
};
var SHAPE_ZH = {
  ENAMETOOLONG: "\u6587\u4EF6\u540D\u8D85\u8FC7\u6587\u4EF6\u7CFB\u7EDF\u5141\u8BB8\u7684\u957F\u5EA6",
  ENOTDIR: "\u8DEF\u5F84\u4E2D\u95F4\u6709\u4E00\u9879\u4E0D\u662F\u76EE\u5F55",
  EISDIR: "\u8FD9\u91CC\u5E94\u662F\u6587\u4EF6\uFF0C\u5374\u662F\u76EE\u5F55",
  ELOOP: "\u8FD9\u91CC\u5E94\u662F\u666E\u901A\u6587\u4EF6\uFF0C\u5374\u662F\u7B26\u53F7\u94FE\u63A5",
  EACCES: "\u6CA1\u6709\u6743\u9650\u6253\u5F00\u8BE5\u6587\u4EF6",
  EPERM: "\u6CA1\u6709\u6743\u9650\u4FEE\u6539\u8BE5\u6587\u4EF6",
  EROFS: "\u6587\u4EF6\u7CFB\u7EDF\u662F\u53EA\u8BFB\u7684",
  EINVAL: "\u6587\u4EF6\u7CFB\u7EDF\u62D2\u7EDD\u8FD9\u4E2A\u540D\u5B57",
  EEXIST: "\u8981\u65B0\u5EFA\u7684\u6587\u4EF6\u6216\u76EE\u5F55\u5DF2\u7ECF\u5B58\u5728",
  ENXIO: "\u8FD9\u91CC\u5E94\u662F\u6587\u4EF6\uFF0C\u5374\u662F\u5957\u63A5\u5B57\u6216\u8BBE\u5907",
  EAGAIN: "\u6587\u4EF6\u88AB\u5176\u4ED6\u7A0B\u5E8F\u5360\u7528\u4E14\u672A\u91CA\u653E\uFF08\u79DF\u7EA6\uFF09"
};
var JSON_KIND_ZH = {
  array: "\u6570\u7EC4",
  string: "\u5B57\u7B26\u4E32",
  number: "\u6570\u5B57",
  boolean: "\u5E03\u5C14\u503C",
  object: "null",
  undefined: "\u7A7A\u503C"
};
var plantedWhy = (kind, nlink) => kind === "symlink" ? "a symbolic link made in staging/" : kind === "hardlink" ? `a hard link made in staging/ (${nlink} names share its bytes)` : kind === "other_output" ? `written into another step's output` : "not a regular file";
var plantedEn = (p) => `${plantedWhy(p.kind, p.nlink)}: ${p.path}${p.moved !== null ? ` (moved to ${p.moved}/)` : ` \u2014 ${p.command}`}`;
var plantedZh = (p) => `${p.kind === "symlink" ? "\u5728 staging/ \u4E2D\u5EFA\u4E86\u7B26\u53F7\u94FE\u63A5" : p.kind === "hardlink" ? `\u5728 staging/ \u4E2D\u5EFA\u4E86\u786C\u94FE\u63A5\uFF08${p.nlink} \u4E2A\u540D\u5B57\u5171\u7528\u5176\u5185\u5BB9\uFF09` : p.kind === "other_output" ? "\u5199\u8FDB\u4E86\u53E6\u4E00\u6B65\u7684\u4EA7\u51FA" : "\u4E0D\u662F\u666E\u901A\u6587\u4EF6"}\uFF1A${p.path}${p.moved !== null ? `\uFF08\u5DF2\u79FB\u5230 ${p.moved}/\uFF09` : ` \u2014\u2014 ${p.command}`}`;
var listed = (lines) => lines.map((l) => `  - ${l}`).join("\n");
var diffEn = (changed, added, removed) => [
  ...changed.map((p) => `changed: ${p}`),
  ...added.map((p) => `added: ${p}`),
  ...removed.map((p) => `removed: ${p}`)
];
var diffZh = (changed, added, removed) => [
  ...changed.map((p) => `\u6539\u52A8\uFF1A${p}`),
  ...added.map((p) => `\u65B0\u589E\uFF1A${p}`),
  ...removed.map((p) => `\u5220\u9664\uFF1A${p}`)
];
var IO_GROUPS = {
  // ---- the project's files on disk (src/io/project-fs.ts, text-folder.ts) ----
  fs: () => ({
    "fs.at": entry(
      (a) => `${a.file}: ${a.what}`,
      (a) => `${a.file}\uFF1A${a.what}`
    ),
    "fs.at_field": entry(
      (a) => `${a.file}: field "${a.field}": ${a.what}`,
      (a) => `${a.file}\uFF1A\u5B57\u6BB5 ${a.field}\uFF1A${a.what}`
    ),
    "fs.expected_found": entry(
      (a) => `expected ${a.expected}, found ${a.found}`,
      (a) => `\u5E94\u4E3A ${a.expected}\uFF0C\u5B9E\u4E3A ${a.found}`
    ),
    "fs.expected": entry(
      (a) => `expected ${a.expected}`,
      (a) => `\u5E94\u4E3A ${a.expected}`
    ),
    "fs.found": entry(
      (a) => `found ${a.found}`,
      (a) => `\u5B9E\u4E3A ${a.found}`
    ),
    "fs.a_file": entry(
      (_) => "a file",
      (_) => "\u6587\u4EF6"
    ),
    "fs.a_special_file": entry(
      (_) => "a FIFO, socket or device",
      (_) => "\u7BA1\u9053\u3001\u5957\u63A5\u5B57\u6216\u8BBE\u5907\u6587\u4EF6"
    ),
    "fs.a_directory": entry(
      (_) => "a directory",
      (_) => "\u76EE\u5F55"
    ),
    "fs.utf8_text": entry(
      (_) => "UTF-8 text",
      (_) => "UTF-8 \u6587\u672C"
    ),
    "fs.invalid_bytes": entry(
      (a) => `an invalid byte sequence at byte offset ${a.offset}`,
      (a) => `\u7B2C ${a.offset} \u5B57\u8282\u5904\u662F\u65E0\u6548\u7684 UTF-8 \u5B57\u8282\u5E8F\u5217`
    ),
    "fs.save_as_utf8": entry(
      (_) => "save the file as UTF-8",
      (_) => "\u628A\u6587\u4EF6\u53E6\u5B58\u4E3A UTF-8 \u7F16\u7801\uFF08\u4F8B\u5982 iconv -f GB18030 -t UTF-8\uFF09"
    ),
    "fs.not_found": entry(
      (_) => "file not found",
      (_) => "\u6587\u4EF6\u4E0D\u5B58\u5728"
    ),
    "fs.shape": entry(
      (a) => `${SHAPE_EN[a.code] ?? a.code} (${a.code})`,
      (a) => `${SHAPE_ZH[a.code] ?? a.code}\uFF08${a.code}\uFF09`
    ),
    "fs.shape.rename": entry(
      (a) => `rename or remove it: ${a.command}`,
      (a) => `\u91CD\u547D\u540D\u6216\u5220\u9664\u5B83\uFF1A${a.command}`
    ),
    "fs.shape.check": entry(
      (a) => `check the path and its permissions: ${a.command}`,
      (a) => `\u68C0\u67E5\u8DEF\u5F84\u53CA\u5176\u6743\u9650\uFF1A${a.command}`
    ),
    "fs.link": entry(
      (a) => `${a.what}; novel never reads or writes the book through a link`,
      (a) => `${a.what}\uFF1Bnovel \u4ECE\u4E0D\u901A\u8FC7\u94FE\u63A5\u8BFB\u5199\u4E66\u7A3F`
    ),
    "fs.link.in_staging": entry(
      (_) => "a symbolic link in staging/",
      (_) => "\u662F staging/ \u4E2D\u7684\u7B26\u53F7\u94FE\u63A5"
    ),
    "fs.link.unresolvable": entry(
      (_) => "a symbolic link whose real path is too long to be told",
      (_) => "\u662F\u771F\u5B9E\u8DEF\u5F84\u8FC7\u957F\u3001\u65E0\u6CD5\u786E\u5B9A\u6307\u5411\u7684\u7B26\u53F7\u94FE\u63A5"
    ),
    "fs.link.as_directory": entry(
      (_) => "a symbolic link where novel expects a directory",
      (_) => "\u8FD9\u91CC\u5E94\u662F\u76EE\u5F55\uFF0C\u5374\u662F\u7B26\u53F7\u94FE\u63A5"
    ),
    "fs.link.appended": entry(
      (_) => "a symbolic link where novel appends to a file",
      (_) => "novel \u8981\u8FFD\u52A0\u5185\u5BB9\u7684\u6587\u4EF6\u662F\u7B26\u53F7\u94FE\u63A5"
    ),
    "fs.link.hint": entry(
      (a) => `remove the link and let the step write a real file: ${a.command}`,
      (a) => `\u5220\u9664\u94FE\u63A5\uFF0C\u8BA9\u8FD9\u4E00\u6B65\u5199\u51FA\u771F\u6B63\u7684\u6587\u4EF6\uFF1A${a.command}`
    ),
    "fs.hard_link": entry(
      (a) => `a file with ${a.n} hard links in staging/ (it shares its bytes with another file, perhaps one of the book); novel never reads or writes the book through a link`,
      (a) => `staging/ \u4E2D\u6709 ${a.n} \u4E2A\u786C\u94FE\u63A5\u7684\u6587\u4EF6\uFF08\u4E0E\u53E6\u4E00\u4E2A\u6587\u4EF6\u5171\u7528\u5185\u5BB9\uFF0C\u53EF\u80FD\u662F\u4E66\u7A3F\u6587\u4EF6\uFF09\uFF1Bnovel \u4ECE\u4E0D\u901A\u8FC7\u94FE\u63A5\u8BFB\u5199\u4E66\u7A3F`
    ),
    "fs.hard_link.hint": entry(
      (a) => `remove this name (the other file keeps its bytes) and let the step write a real file: ${a.command}`,
      (a) => `\u5220\u9664\u8FD9\u4E2A\u540D\u5B57\uFF08\u53E6\u4E00\u4E2A\u6587\u4EF6\u7684\u5185\u5BB9\u4E0D\u53D7\u5F71\u54CD\uFF09\uFF0C\u8BA9\u8FD9\u4E00\u6B65\u5199\u51FA\u771F\u6B63\u7684\u6587\u4EF6\uFF1A${a.command}`
    ),
    "fs.hard_link_opened": entry(
      (_) => "a file that was another file's hard link while novel opened it (perhaps one of the book); novel never reads or writes the book through a link",
      (_) => "novel \u6253\u5F00\u5B83\u65F6\uFF0C\u5B83\u662F\u53E6\u4E00\u4E2A\u6587\u4EF6\u7684\u786C\u94FE\u63A5\uFF08\u53EF\u80FD\u662F\u4E66\u7A3F\u6587\u4EF6\uFF09\uFF1Bnovel \u4ECE\u4E0D\u901A\u8FC7\u94FE\u63A5\u8BFB\u5199\u4E66\u7A3F"
    ),
    "fs.hard_link_opened.hint": entry(
      (_) => "let the step that writes it finish, then run the command again",
      (_) => "\u7B49\u5199\u5B83\u7684\u90A3\u4E00\u6B65\u7ED3\u675F\u540E\uFF0C\u518D\u8FD0\u884C\u547D\u4EE4"
    ),
    "fs.swapped": entry(
      (a) => `a path that led outside staging/ (to ${a.name}) while novel opened it: a directory on the way was swapped for a link, or staging/ was moved; novel never reads or writes the book through a link`,
      (a) => `novel \u6253\u5F00\u5B83\u65F6\uFF0C\u8DEF\u5F84\u901A\u5411\u4E86 staging/ \u4E4B\u5916\uFF08${a.name}\uFF09\uFF1A\u9014\u4E2D\u7684\u67D0\u4E2A\u76EE\u5F55\u88AB\u6362\u6210\u4E86\u94FE\u63A5\uFF0C\u6216 staging/ \u88AB\u79FB\u52A8\u4E86\uFF1Bnovel \u4ECE\u4E0D\u901A\u8FC7\u94FE\u63A5\u8BFB\u5199\u4E66\u7A3F`
    ),
    "fs.swapped.hint": entry(
      (_) => "end whatever still changes staging/ (a step still running), then run the command again",
      (_) => "\u5148\u7ED3\u675F\u4ECD\u5728\u6539\u52A8 staging/ \u7684\u8FDB\u7A0B\uFF08\u4ECD\u5728\u8FD0\u884C\u7684\u6B65\u9AA4\uFF09\uFF0C\u518D\u8FD0\u884C\u547D\u4EE4"
    ),
    "fs.too_large": entry(
      (a) => `${a.size} bytes, above the 16 MiB limit for project files`,
      (a) => `${a.size} \u5B57\u8282\uFF0C\u8D85\u8FC7\u9879\u76EE\u6587\u4EF6 16 MiB \u7684\u4E0A\u9650`
    ),
    "fs.too_large.hint": entry(
      (_) => "split the file; novel refuses text files above 16 MiB",
      (_) => "\u628A\u6587\u4EF6\u62C6\u5F00\uFF1Bnovel \u4E0D\u8BFB\u53D6\u8D85\u8FC7 16 MiB \u7684\u6587\u672C\u6587\u4EF6"
    ),
    "fs.not_a_file.hint": entry(
      (a) => `a step writes a file here: move the directory away (${a.command})`,
      (a) => `\u8FD9\u4E00\u6B65\u8981\u5728\u8FD9\u91CC\u5199\u6587\u4EF6\uFF1A\u628A\u76EE\u5F55\u79FB\u8D70\uFF08${a.command}\uFF09`
    ),
    "fs.directory_in_the_way": entry(
      (_) => "a directory where novel writes a file",
      (_) => "novel \u8981\u5199\u6587\u4EF6\u7684\u4F4D\u7F6E\u662F\u4E00\u4E2A\u76EE\u5F55"
    ),
    "fs.move_away": entry(
      (a) => `move it away: ${a.command}`,
      (a) => `\u628A\u5B83\u79FB\u8D70\uFF1A${a.command}`
    ),
    "fs.dotdot": entry(
      (_) => 'the path must be project-relative without ".." segments',
      (_) => '\u8DEF\u5F84\u987B\u76F8\u5BF9\u4E8E\u9879\u76EE\u6839\u76EE\u5F55\uFF0C\u4E14\u4E0D\u542B ".."'
    ),
    "fs.dotdot.hint": entry(
      (_) => "every file novel reads or writes stays inside the project root",
      (_) => "novel \u8BFB\u5199\u7684\u6BCF\u4E2A\u6587\u4EF6\u90FD\u5728\u9879\u76EE\u6839\u76EE\u5F55\u4E4B\u5185"
    ),
    "fs.through_symlink": entry(
      (a) => `resolves to ${a.full}, outside the project root ${a.root} (through a symlink)`,
      (a) => `\u7ECF\u7B26\u53F7\u94FE\u63A5\u6307\u5411\u9879\u76EE\u6839\u76EE\u5F55 ${a.root} \u4E4B\u5916\u7684 ${a.full}`
    ),
    "fs.through_symlink.hint": entry(
      (_) => "replace the symlink with a real file inside the project",
      (_) => "\u628A\u7B26\u53F7\u94FE\u63A5\u6362\u6210\u9879\u76EE\u5185\u7684\u771F\u5B9E\u6587\u4EF6"
    ),
    "fs.read_only": entry(
      (a) => `a read-only reader tried to change the project (${a.what})`,
      (a) => `\u53EA\u8BFB\u7684\u8BFB\u53D6\u65B9\u8BD5\u56FE\u4FEE\u6539\u9879\u76EE\uFF08${a.what}\uFF09`
    ),
    "fs.fault_kill_at": entry(
      (a) => `NOVEL_FAULT_KILL_AT=${a.raw}: expected a whole number \u2265 1 (a test hook)`,
      (a) => `NOVEL_FAULT_KILL_AT=${a.raw}\uFF1A\u5E94\u4E3A \u2265 1 \u7684\u6574\u6570\uFF08\u6D4B\u8BD5\u7528\u7684\u94A9\u5B50\uFF09`
    ),
    "fs.fault_kill_at.hint": entry(
      (_) => "unset NOVEL_FAULT_KILL_AT",
      (_) => "\u53D6\u6D88\u8BBE\u7F6E NOVEL_FAULT_KILL_AT"
    ),
    "fs.no_package_root": entry(
      (_) => "cannot find the novel package root (package.json)",
      (_) => "\u627E\u4E0D\u5230 novel \u7684\u5B89\u88C5\u76EE\u5F55\uFF08package.json\uFF09"
    ),
    "fs.folder_unreadable": entry(
      (a) => `${a.label} ${a.dir}: not a readable folder`,
      (a) => `${a.label} ${a.dir}\uFF1A\u4E0D\u662F\u53EF\u8BFB\u7684\u6587\u4EF6\u5939`
    ),
    "fs.folder_unreadable.hint": entry(
      (a) => `give ${a.label} a folder of .txt or .md files`,
      (a) => `${a.label} \u9700\u8981\u4E00\u4E2A\u88C5\u6709 .txt \u6216 .md \u6587\u4EF6\u7684\u6587\u4EF6\u5939`
    ),
    "fs.folder_empty": entry(
      (a) => `${a.label} ${a.dir}: no .txt or .md file in it`,
      (a) => `${a.label} ${a.dir}\uFF1A\u5176\u4E2D\u6CA1\u6709 .txt \u6216 .md \u6587\u4EF6`
    ),
    "fs.folder_empty.hint": entry(
      (a) => `give ${a.label} a folder of chapter texts`,
      (a) => `${a.label} \u9700\u8981\u4E00\u4E2A\u88C5\u6709\u7AE0\u8282\u6587\u672C\u7684\u6587\u4EF6\u5939`
    ),
    "fs.text_too_large": entry(
      (a) => `${a.path}: ${a.size} bytes, more than ${a.max}`,
      (a) => `${a.path}\uFF1A${a.size} \u5B57\u8282\uFF0C\u8D85\u8FC7 ${a.max}`
    ),
    "fs.text_too_large.hint": entry(
      (_) => "give a chapter-sized text file",
      (_) => "\u8BF7\u7ED9\u4E00\u4E2A\u7AE0\u8282\u5927\u5C0F\u7684\u6587\u672C\u6587\u4EF6"
    ),
    "fs.not_utf8": entry(
      (a) => `${a.path}: not UTF-8 (first invalid byte at offset ${a.offset})`,
      (a) => `${a.path}\uFF1A\u4E0D\u662F UTF-8 \u7F16\u7801\uFF08\u7B2C\u4E00\u4E2A\u65E0\u6548\u5B57\u8282\u5728\u504F\u79FB ${a.offset}\uFF09`
    )
  }),
  // ---- finding, creating and rebuilding a project (project-fs.ts, create-project.ts, checkpoint-file.ts) ----
  projectdir: () => ({
    "projectdir.where.search": entry(
      (a) => `no ${a.file} in the current directory or any parent`,
      (a) => `\u5F53\u524D\u76EE\u5F55\u53CA\u5176\u4E0A\u7EA7\u76EE\u5F55\u4E2D\u90FD\u6CA1\u6709 ${a.file}`
    ),
    "projectdir.none": entry(
      (a) => `${a.where}: ${a.dir} holds no ${a.file}`,
      (a) => `${a.where}\uFF1A${a.dir} \u4E0D\u662F novel \u9879\u76EE\uFF08\u6CA1\u6709 ${a.file}\uFF09`
    ),
    "projectdir.none.hint": entry(
      (_) => "cd into a novel project, pass --project DIR, or create one with `novel init DIR`",
      (_) => "\u8FDB\u5165\u9879\u76EE\u76EE\u5F55\u3001\u7528 --project \u6307\u5B9A\uFF0C\u6216\u7528 `novel init \u76EE\u5F55` \u65B0\u5EFA\u9879\u76EE"
    ),
    "projectdir.evidence": entry(
      (a) => [...a.chapters ? [`chapters/ (${a.chapters} chapter file(s))`] : [], ...[...a.files]].join(", "),
      (a) => [...a.chapters ? [`chapters/\uFF08${a.chapters} \u4E2A\u7AE0\u8282\u6587\u4EF6\uFF09`] : [], ...[...a.files]].join("\u3001")
    ),
    "projectdir.no_checkpoint": entry(
      (a) => `${a.where}: ${a.dir} holds a book (${a.book}) but no ${a.file}`,
      (a) => `${a.where}\uFF1A${a.dir} \u91CC\u6709\u4E66\u7A3F\uFF08${a.book}\uFF09\uFF0C\u4F46\u6CA1\u6709 ${a.file}`
    ),
    "projectdir.no_checkpoint.hint": entry(
      (a) => `rebuild it from the book with \`novel checkpoint rebuild --project ${a.dir}\` (never \`novel init\`, which refuses a book)`,
      (a) => `\u7528 \`novel checkpoint rebuild --project ${a.dir}\` \u4ECE\u4E66\u7A3F\u91CD\u5EFA\uFF08\u4E0D\u8981\u7528 \`novel init\`\uFF0C\u5B83\u4F1A\u62D2\u7EDD\u5DF2\u6709\u4E66\u7A3F\u7684\u76EE\u5F55\uFF09`
    ),
    "projectdir.run_init": entry(
      (_) => "run `novel init` to create a project",
      (_) => "\u7528 `novel init` \u65B0\u5EFA\u9879\u76EE"
    ),
    "projectdir.no_such_directory": entry(
      (a) => `${a.dir}: no such directory`,
      (a) => `${a.dir}\uFF1A\u76EE\u5F55\u4E0D\u5B58\u5728`
    ),
    "projectdir.pass_project": entry(
      (_) => "pass --project DIR, the directory that holds the book",
      (_) => "\u7528 --project \u6307\u5B9A\u5B58\u653E\u4E66\u7A3F\u7684\u76EE\u5F55"
    ),
    "projectdir.checkpoint_exists": entry(
      (a) => `${a.dir}: ${a.file} exists; rebuild replaces it only with --force`,
      (a) => `${a.dir}\uFF1A${a.file} \u5DF2\u5B58\u5728\uFF1B\u53EA\u6709\u52A0 --force \u624D\u4F1A\u66FF\u6362`
    ),
    "projectdir.checkpoint_exists.hint": entry(
      (_) => "`novel status` shows what it says; `novel checkpoint rebuild --force` replaces it and keeps a backup",
      (_) => "`novel status` \u663E\u793A\u5B83\u8BB0\u5F55\u7684\u5185\u5BB9\uFF1B`novel checkpoint rebuild --force` \u4F1A\u66FF\u6362\u5B83\u5E76\u4FDD\u7559\u5907\u4EFD"
    ),
    "projectdir.not_a_book": entry(
      (a) => `${a.dir}: holds no book (no chapters/*.md, state/current-state.json or state/changelog.jsonl)`,
      (a) => `${a.dir}\uFF1A\u6CA1\u6709\u4E66\u7A3F\uFF08\u6CA1\u6709 chapters/*.md\u3001state/current-state.json \u6216 state/changelog.jsonl\uFF09`
    ),
    "projectdir.init_dir": entry(
      (_) => "create a project with `novel init DIR`",
      (_) => "\u7528 `novel init \u76EE\u5F55` \u65B0\u5EFA\u9879\u76EE"
    ),
    "projectdir.exists": entry(
      (a) => `${a.dir}: already holds a project (${a.file})`,
      (a) => `${a.dir}\uFF1A\u5DF2\u7ECF\u662F\u4E00\u4E2A\u9879\u76EE\uFF08${a.file}\uFF09`
    ),
    "projectdir.exists.hint": entry(
      (_) => "choose another directory; init never overwrites a project",
      (_) => "\u8BF7\u6362\u4E00\u4E2A\u76EE\u5F55\uFF1Binit \u4ECE\u4E0D\u8986\u76D6\u5DF2\u6709\u9879\u76EE"
    ),
    "projectdir.book_exists": entry(
      (a) => `${a.dir}: already holds a book (${a.book}) but no ${a.file}; init never starts a new project over a book`,
      (a) => `${a.dir}\uFF1A\u5DF2\u6709\u4E66\u7A3F\uFF08${a.book}\uFF09\uFF0C\u4F46\u6CA1\u6709 ${a.file}\uFF1Binit \u4E0D\u4F1A\u5728\u5DF2\u6709\u4E66\u7A3F\u4E0A\u65B0\u5EFA\u9879\u76EE`
    ),
    "projectdir.book_exists.hint": entry(
      (a) => `rebuild the checkpoint from the book: \`${a.command}\``,
      (a) => `\u4ECE\u4E66\u7A3F\u91CD\u5EFA\u68C0\u67E5\u70B9\uFF1A\`${a.command}\``
    ),
    "projectdir.demo_not_empty": entry(
      (a) => `${a.dir}: not empty; the demo project goes into a new or empty directory`,
      (a) => `${a.dir}\uFF1A\u76EE\u5F55\u4E0D\u4E3A\u7A7A\uFF1B\u6F14\u793A\u9879\u76EE\u53EA\u80FD\u653E\u8FDB\u65B0\u76EE\u5F55\u6216\u7A7A\u76EE\u5F55`
    ),
    "projectdir.choose_another": entry(
      (_) => "choose another directory",
      (_) => "\u8BF7\u6362\u4E00\u4E2A\u76EE\u5F55"
    )
  }),
  // ---- the book's own files, damaged (checkpoint.ts, book-files.ts, settings.ts, lint-inputs.ts, state-verify.ts)
  // ----
  bookfile: () => ({
    "bookfile.cannot_read": entry(
      (a) => `${a.file} cannot be read`,
      (a) => `${a.file} \u65E0\u6CD5\u8BFB\u53D6`
    ),
    "bookfile.not_json": entry(
      (a) => `${a.file} is not valid JSON`,
      (a) => `${a.file} \u4E0D\u662F\u5408\u6CD5\u7684 JSON`
    ),
    "bookfile.invalid": entry(
      (a) => `${a.file} is invalid`,
      (a) => `${a.file} \u6709\u8BEF`
    ),
    "bookfile.damaged": entry(
      (a) => `${a.file} is damaged`,
      (a) => `${a.file} \u5DF2\u635F\u574F`
    ),
    "bookfile.not_object": entry(
      (a) => `${a.file}: expected a JSON object, found ${a.kind === "array" ? "an array" : a.kind}`,
      (a) => `${a.file}\uFF1A\u5E94\u4E3A JSON \u5BF9\u8C61\uFF0C\u5B9E\u4E3A${JSON_KIND_ZH[a.kind] ?? a.kind}`
    ),
    "bookfile.restore.hint": entry(
      (_) => "restore it (git, backup) or run `novel state rebuild` for state/current-state.json",
      (_) => "\u4ECE git \u6216\u5907\u4EFD\u6062\u590D\u5B83\uFF1B\u82E5\u662F state/current-state.json\uFF0C\u4E5F\u53EF\u8FD0\u884C `novel state rebuild` \u91CD\u5EFA"
    ),
    "bookfile.changelog.hint": entry(
      (_) => "restore it from a backup; novel never rewrites committed changelog lines",
      (_) => "\u4ECE\u5907\u4EFD\u6062\u590D\u5B83\uFF1Bnovel \u4ECE\u4E0D\u6539\u5199\u5DF2\u5165\u5E93\u7684\u53D8\u66F4\u65E5\u5FD7\u884C"
    ),
    "bookfile.state.hint": entry(
      (_) => "run `novel state rebuild` to rewrite it from state/changelog.jsonl",
      (_) => "\u8FD0\u884C `novel state rebuild`\uFF0C\u6309 state/changelog.jsonl \u91CD\u5199\u5B83"
    ),
    "bookfile.blacklist.hint": entry(
      (_) => "fix it (novel schema shows the shape: {words: [], whitelist?: {words: []}})",
      (_) => "\u4FEE\u6B63\u5B83\uFF08\u683C\u5F0F\u89C1 novel schema\uFF1A{words: [], whitelist?: {words: []}}\uFF09"
    ),
    "bookfile.book.hint": entry(
      (_) => 'fix it: {"title": "\u2026", "author": "\u2026", "blurb": "\u2026"} (`novel schema book` describes it)',
      (_) => '\u4FEE\u6B63\u5B83\uFF0C\u683C\u5F0F\uFF1A{"title": "\u4E66\u540D", "author": "\u4F5C\u8005", "blurb": "\u7B80\u4ECB"}\uFF08`novel schema book` \u6709\u8BF4\u660E\uFF09'
    ),
    "bookfile.sensitive.hint": entry(
      (_) => 'fix it: {"words": ["word", \u2026], "categories": {"category": ["word", \u2026]}}',
      (_) => '\u4FEE\u6B63\u5B83\uFF0C\u683C\u5F0F\uFF1A{"words": ["\u8BCD", \u2026], "categories": {"\u7C7B\u522B": ["\u8BCD", \u2026]}}'
    ),
    "bookfile.cliche.hint": entry(
      (_) => 'fix it: {"words": {"word": "hard" | "soft" | "warn"}}',
      (_) => '\u4FEE\u6B63\u5B83\uFF0C\u683C\u5F0F\uFF1A{"words": {"\u8BCD": "hard" | "soft" | "warn"}}'
    )
  }),
  // ---- the commit journal (commit-journal.ts, mutation.ts) ----
  journal: () => ({
    "journal.missing": entry(
      (a) => `${a.file}: not found`,
      (a) => `${a.file}\uFF1A\u6587\u4EF6\u4E0D\u5B58\u5728`
    ),
    "journal.damaged": entry(
      (a) => `${a.file}: the commit journal is damaged`,
      (a) => `${a.file}\uFF1A\u5165\u5E93\u65E5\u5FD7\u5DF2\u635F\u574F`
    ),
    "journal.damaged.hint": entry(
      (_) => "it was not written by novel or was edited; move it aside and run `novel state verify`",
      (_) => "\u5B83\u4E0D\u662F novel \u5199\u7684\uFF0C\u6216\u88AB\u6539\u52A8\u8FC7\uFF1B\u628A\u5B83\u79FB\u5230\u522B\u5904\uFF0C\u518D\u8FD0\u884C `novel state verify`"
    ),
    "journal.pending": entry(
      (a) => `an unfinished commit journal ${a.file} is pending`,
      (a) => `\u6709\u672A\u5B8C\u6210\u7684\u5165\u5E93\u65E5\u5FD7 ${a.file}`
    ),
    "journal.pending.hint": entry(
      (_) => "finish it first with any other mutating command (e.g. `novel commit` as `novel next` names it), then retry",
      (_) => "\u5148\u7528\u4EFB\u4E00\u5176\u4ED6\u5199\u5165\u547D\u4EE4\u5B8C\u6210\u5B83\uFF08\u4F8B\u5982 `novel next` \u7ED9\u51FA\u7684 `novel commit`\uFF09\uFF0C\u518D\u91CD\u8BD5"
    ),
    "journal.cut_short": entry(
      (a) => `${a.file}: ${a.size} bytes, shorter than the ${a.before} bytes the journal ${a.journal} recorded before its append`,
      (a) => `${a.file}\uFF1A${a.size} \u5B57\u8282\uFF0C\u6BD4\u5165\u5E93\u65E5\u5FD7 ${a.journal} \u8FFD\u52A0\u524D\u8BB0\u5F55\u7684 ${a.before} \u5B57\u8282\u8FD8\u77ED`
    ),
    "journal.cut_short.hint": entry(
      (_) => "the file was cut outside novel; restore it from a backup, then run the command again",
      (_) => "\u8BE5\u6587\u4EF6\u5728 novel \u4E4B\u5916\u88AB\u622A\u77ED\uFF1B\u8BF7\u4ECE\u5907\u4EFD\u6062\u590D\u540E\u91CD\u65B0\u8FD0\u884C\u547D\u4EE4"
    ),
    "journal.conflict.hint": entry(
      (_) => "it was moved or changed outside novel since the journal was written; put it back as it was, then run the command again",
      (_) => "\u5199\u4E0B\u5165\u5E93\u65E5\u5FD7\u4E4B\u540E\uFF0C\u5B83\u5728 novel \u4E4B\u5916\u88AB\u79FB\u52A8\u6216\u6539\u52A8\u4E86\uFF1B\u628A\u5B83\u6062\u590D\u539F\u6837\uFF0C\u518D\u8FD0\u884C\u547D\u4EE4"
    ),
    "journal.write_lost": entry(
      (a) => `${a.file}: neither its new bytes (sha256 ${a.sha256}) nor ${a.staged}, where the journal ${a.journal} staged them`,
      (a) => `${a.file}\uFF1A\u65E2\u4E0D\u662F\u5B83\u7684\u65B0\u5185\u5BB9\uFF08sha256 ${a.sha256}\uFF09\uFF0C\u5165\u5E93\u65E5\u5FD7 ${a.journal} \u6682\u5B58\u65B0\u5185\u5BB9\u7684 ${a.staged} \u4E5F\u4E0D\u5728\u4E86`
    ),
    "journal.staged_changed": entry(
      (a) => `${a.staged}: not the bytes the journal ${a.journal} staged for ${a.file} (another sha256)`,
      (a) => `${a.staged}\uFF1A\u4E0D\u662F\u5165\u5E93\u65E5\u5FD7 ${a.journal} \u4E3A ${a.file} \u6682\u5B58\u7684\u5185\u5BB9\uFF08sha256 \u4E0D\u540C\uFF09`
    ),
    "journal.move_lost": entry(
      (a) => `${a.from}: gone, and not at ${a.to} where the journal ${a.journal} moves it`,
      (a) => `${a.from}\uFF1A\u5DF2\u4E0D\u5728\u539F\u5904\uFF0C\u4E5F\u4E0D\u5728\u5165\u5E93\u65E5\u5FD7 ${a.journal} \u8981\u628A\u5B83\u79FB\u5230\u7684 ${a.to}`
    ),
    "journal.move_changed": entry(
      (a) => `${a.to}: not the file the journal ${a.journal} moved there from ${a.from} (another sha256)`,
      (a) => `${a.to}\uFF1A\u4E0D\u662F\u5165\u5E93\u65E5\u5FD7 ${a.journal} \u4ECE ${a.from} \u79FB\u6765\u7684\u6587\u4EF6\uFF08sha256 \u4E0D\u540C\uFF09`
    ),
    "journal.cut_missing": entry(
      (a) => `${a.file}: missing; the journal ${a.journal} cuts it back to ${a.at} bytes`,
      (a) => `${a.file}\uFF1A\u6587\u4EF6\u4E0D\u5B58\u5728\uFF1B\u5165\u5E93\u65E5\u5FD7 ${a.journal} \u8981\u628A\u5B83\u622A\u56DE ${a.at} \u5B57\u8282`
    ),
    "journal.tail_changed": entry(
      (a) => `${a.file}: the bytes after byte ${a.at} are not the ones the journal ${a.journal} keeps at ${a.tail}`,
      (a) => `${a.file}\uFF1A\u7B2C ${a.at} \u5B57\u8282\u4E4B\u540E\u7684\u5185\u5BB9\uFF0C\u4E0E\u5165\u5E93\u65E5\u5FD7 ${a.journal} \u4FDD\u5B58\u5728 ${a.tail} \u7684\u4E0D\u540C`
    ),
    "journal.head_changed": entry(
      (a) => `${a.file}: its first ${a.at} bytes are not the ones the journal ${a.journal} keeps`,
      (a) => `${a.file}\uFF1A\u524D ${a.at} \u5B57\u8282\u4E0E\u5165\u5E93\u65E5\u5FD7 ${a.journal} \u8BB0\u5F55\u7684\u4E0D\u540C`
    )
  }),
  // ---- the fingerprint of the final trees (fingerprint.ts) ----
  fingerprint: () => ({
    "fingerprint.segment_missing": entry(
      (a) => `${a.file}: a segment ${a.main} lists is missing`,
      (a) => `${a.file}\uFF1A${a.main} \u5217\u51FA\u7684\u5206\u6BB5\u4E0D\u5B58\u5728`
    ),
    "fingerprint.reset": entry(
      (a) => `delete ${a.main} and ${a.dir}/; the next mutating command records the current files (after you checked them)`,
      (a) => `\u5220\u9664 ${a.main} \u548C ${a.dir}/\uFF1B\u4E0B\u4E00\u4E2A\u5199\u5165\u547D\u4EE4\u4F1A\u8BB0\u5F55\u5F53\u524D\u6587\u4EF6\uFF08\u8BF7\u5148\u786E\u8BA4\u5B83\u4EEC\u65E0\u8BEF\uFF09`
    ),
    "fingerprint.changed": entry(
      (a) => `the book's final trees changed outside novel since the last recorded fingerprint:
${listed(diffEn([...a.changed], [...a.added], [...a.removed]))}`,
      (a) => `\u81EA\u4E0A\u6B21\u8BB0\u5F55\u6307\u7EB9\u4EE5\u6765\uFF0C\u4E66\u7A3F\u6587\u4EF6\u5728 novel \u4E4B\u5916\u88AB\u6539\u52A8\uFF1A
${listed(diffZh([...a.changed], [...a.added], [...a.removed]))}`
    ),
    "fingerprint.changed.hint": entry(
      (a) => `${[
        ...a.changed.length || a.removed.length ? [`restore ${[...a.changed, ...a.removed].join(", ")}`] : [],
        ...a.added.length ? [`delete ${[...a.added].join(", ")}`] : []
      ].join("; ")}; or, if these edits are yours and intended, record them with \`novel state verify --accept\``,
      (a) => `${[
        ...a.changed.length || a.removed.length ? [`\u6062\u590D ${[...a.changed, ...a.removed].join("\u3001")}`] : [],
        ...a.added.length ? [`\u5220\u9664 ${[...a.added].join("\u3001")}`] : []
      ].join("\uFF1B")}\uFF1B\u82E5\u8FD9\u4E9B\u6539\u52A8\u662F\u4F60\u6709\u610F\u505A\u7684\uFF0C\u7528 \`novel state verify --accept\` \u8BB0\u5F55\u4E0B\u6765`
    ),
    "fingerprint.list": entry(
      (a) => diffEn([...a.changed], [...a.added], [...a.removed]).join("; "),
      (a) => diffZh([...a.changed], [...a.added], [...a.removed]).join("\uFF1B")
    )
  }),
  // ---- the project lock (lock.ts) ----
  locking: () => ({
    "locking.held": entry(
      (a) => `the project is locked by ${a.holder}`,
      (a) => `\u9879\u76EE\u5DF2\u88AB\u5360\u7528\uFF1A${a.holder}`
    ),
    "locking.holder": entry(
      (a) => `pid ${a.pid} on ${a.host}, started ${a.started}${a.chapter === null ? "" : `, chapter ${a.chapter}`}${a.step ? `, running ${a.step}` : ""}`,
      (a) => `\u8FDB\u7A0B ${a.pid}\uFF08${a.host}\uFF09\uFF0C\u5F00\u59CB\u4E8E ${a.started}${a.chapter === null ? "" : `\uFF0C\u7B2C${a.chapter}\u7AE0`}${a.step ? `\uFF0C\u6B63\u5728\u6267\u884C ${a.step}` : ""}`
    ),
    "locking.unknown_holder": entry(
      (_) => "another tool (no readable info.json)",
      (_) => "\u53E6\u4E00\u4E2A\u5DE5\u5177\uFF08\u6CA1\u6709\u53EF\u8BFB\u7684 info.json\uFF09"
    ),
    "locking.held.hint": entry(
      (_) => "wait for it to finish; `novel lock status` shows the holder, `novel lock clear` removes a stale lock",
      (_) => "\u7B49\u5B83\u7ED3\u675F\uFF1B`novel lock status` \u663E\u793A\u6301\u6709\u8005\uFF0C`novel lock clear` \u6E05\u9664\u8FC7\u671F\u7684\u9501"
    ),
    "locking.live": entry(
      (a) => `the lock is live (pid ${a.pid} on ${a.host}); not removed`,
      (a) => `\u9501\u4ECD\u6709\u6548\uFF08\u8FDB\u7A0B ${a.pid}\uFF0C${a.host}\uFF09\uFF0C\u672A\u6E05\u9664`
    ),
    "locking.live.hint": entry(
      (_) => "wait for the holder to finish, or pass --force if you are sure it is gone",
      (_) => "\u7B49\u6301\u6709\u8005\u7ED3\u675F\uFF1B\u786E\u8BA4\u5B83\u5DF2\u4E0D\u5728\u65F6\u53EF\u52A0 --force"
    ),
    "locking.nested_write": entry(
      (a) => `refused inside ${a.step}: a command run by an executor may only read (instructions, validate, next, status, lint, schema); \`novel run\` itself advances and commits the step`,
      (a) => `\u5728 ${a.step} \u4E2D\u88AB\u62D2\u7EDD\uFF1A\u6267\u884C\u5668\u8FD0\u884C\u7684\u547D\u4EE4\u53EA\u80FD\u8BFB\u53D6\uFF08instructions\u3001validate\u3001next\u3001status\u3001lint\u3001schema\uFF09\uFF1B\u8FD9\u4E00\u6B65\u7684\u767B\u8BB0\u548C\u5165\u5E93\u7531 \`novel run\` \u81EA\u5DF1\u5B8C\u6210`
    ),
    "locking.nested_write.hint": entry(
      (_) => "write the step's outputs under staging/ and exit; the run validates, advances and commits them",
      (_) => "\u628A\u8FD9\u4E00\u6B65\u7684\u4EA7\u51FA\u5199\u8FDB staging/ \u540E\u9000\u51FA\uFF1B\u7531 novel run \u6821\u9A8C\u3001\u767B\u8BB0\u5E76\u5165\u5E93"
    ),
    "locking.an_executor_step": entry(
      (_) => "an executor step",
      (_) => "\u6267\u884C\u5668\u7684\u67D0\u4E00\u6B65"
    )
  }),
  // ---- commits (operations.ts) ----
  committing: () => ({
    "committing.already": entry(
      (a) => `commit --chapter ${a.chapter}: chapter ${a.chapter} is already committed (last_completed_chapter ${a.last})`,
      (a) => `commit --chapter ${a.chapter}\uFF1A\u7B2C${a.chapter}\u7AE0\u5DF2\u7ECF\u5165\u5E93\uFF08last_completed_chapter \u4E3A ${a.last}\uFF09`
    ),
    "committing.already.hint": entry(
      (_) => "nothing to do; `novel next` shows the next step",
      (_) => "\u65E0\u9700\u5904\u7406\uFF1B`novel next` \u663E\u793A\u4E0B\u4E00\u6B65"
    ),
    "committing.chapter_refused": entry(
      (a) => `commit --chapter ${a.chapter}: the gate does not allow it; the pipeline expects ${a.step} (${a.action})`,
      (a) => `commit --chapter ${a.chapter}\uFF1A\u95F8\u95E8\u4E0D\u5141\u8BB8\u7B2C${a.chapter}\u7AE0\u5165\u5E93\uFF1B\u6D41\u6C34\u7EBF\u5728\u7B49\u5F85 ${a.step}\uFF08${a.action}\uFF09`
    ),
    "committing.paused": entry(
      (a) => `the chapter is paused: ${a.command}`,
      (a) => `\u672C\u7AE0\u5728\u7B49\u5F85\u4F5C\u8005\u51B3\u5B9A\uFF1A${a.command}`
    ),
    "committing.no_gate": entry(
      (_) => "commit state without a gate record",
      (_) => "\u5904\u4E8E\u5165\u5E93\u72B6\u6001\uFF0C\u5374\u6CA1\u6709\u95F8\u95E8\u8BB0\u5F55"
    ),
    "committing.setup_refused": entry(
      (a) => `commit --setup: the book is not being set up; the pipeline expects ${a.step} (${a.action})`,
      (a) => `commit --setup\uFF1A\u65B0\u4E66\u4E0D\u5728\u8BBE\u5B9A\u4E2D\uFF1B\u6D41\u6C34\u7EBF\u5728\u7B49\u5F85 ${a.step}\uFF08${a.action}\uFF09`
    ),
    "committing.setup_invalid": entry(
      (a) => `${a.step}: the staged files do not validate`,
      (a) => `${a.step}\uFF1A\u6682\u5B58\u6587\u4EF6\u672A\u901A\u8FC7\u6821\u9A8C`
    ),
    "committing.volume_refused": entry(
      (a) => `commit --volume ${a.volume}: volume ${a.volume} is not being planned; the pipeline expects ${a.step} (${a.action})`,
      (a) => `commit --volume ${a.volume}\uFF1A\u7B2C${a.volume}\u5377\u4E0D\u5728\u89C4\u5212\u4E2D\uFF1B\u6D41\u6C34\u7EBF\u5728\u7B49\u5F85 ${a.step}\uFF08${a.action}\uFF09`
    ),
    "committing.plan_invalid": entry(
      (a) => `${a.step}: the staged plan does not validate`,
      (a) => `${a.step}\uFF1A\u6682\u5B58\u7684\u89C4\u5212\u672A\u901A\u8FC7\u6821\u9A8C`
    ),
    "committing.fix_then_commit": entry(
      (_) => "fix the files, then commit again",
      (_) => "\u4FEE\u6B63\u8FD9\u4E9B\u6587\u4EF6\u540E\u518D\u5165\u5E93"
    ),
    "committing.would_overwrite": entry(
      (a) => `the commit would replace ${a.files.length} file(s) of the book that hold other text: ${[...a.files].join(", ")}`,
      (a) => `\u5165\u5E93\u4F1A\u8986\u76D6\u4E66\u7A3F\u4E2D ${a.files.length} \u4E2A\u5185\u5BB9\u4E0D\u540C\u7684\u6587\u4EF6\uFF1A${[...a.files].join("\u3001")}`
    ),
    "committing.would_overwrite.hint": entry(
      (_) => "novel never overwrites a chapter: move those files aside if they are stale (then `novel state verify --accept`), or check that .checkpoint.json says the right last chapter (`novel checkpoint rebuild --force`)",
      (_) => "novel \u4ECE\u4E0D\u8986\u76D6\u7AE0\u8282\uFF1A\u82E5\u8FD9\u4E9B\u6587\u4EF6\u5DF2\u8FC7\u65F6\uFF0C\u5148\u79FB\u8D70\uFF08\u518D\u8FD0\u884C `novel state verify --accept`\uFF09\uFF0C\u6216\u68C0\u67E5 .checkpoint.json \u8BB0\u5F55\u7684\u6700\u540E\u4E00\u7AE0\u662F\u5426\u6B63\u786E\uFF08`novel checkpoint rebuild --force`\uFF09"
    ),
    "committing.judged_changed": entry(
      (a) => `commit --chapter ${a.chapter}: ${a.file} is not what the judge judged (sha256 ${a.judged ?? "none"} judged, ${a.now ?? "none"} now)`,
      (a) => `commit --chapter ${a.chapter}\uFF1A${a.file} \u5DF2\u4E0D\u662F\u8BC4\u5BA1\u8FC7\u7684\u90A3\u4E00\u7248\uFF08\u8BC4\u5BA1\u65F6 sha256 ${a.judged ?? "\u65E0"}\uFF0C\u73B0\u5728 ${a.now ?? "\u65E0"}\uFF09`
    ),
    "committing.judged_changed.hint": entry(
      (a) => `\`novel next\` sends chapter ${a.chapter} back to judge: the text committed is always the text judged`,
      (a) => `\`novel next\` \u4F1A\u628A\u7B2C${a.chapter}\u7AE0\u9000\u56DE\u91CD\u65B0\u8BC4\u5BA1\uFF1A\u5165\u5E93\u7684\u6C38\u8FDC\u662F\u8BC4\u5BA1\u8FC7\u7684\u6587\u672C`
    ),
    "committing.unrecorded": entry(
      (a) => `${a.file} is not the file the fingerprint recorded (sha256 ${a.recorded ?? "absent"} recorded, ${a.now ?? "absent"} now): a commit builds on it, so it refuses rather than record an edit made outside novel`,
      (a) => `${a.file} \u4E0E\u6307\u7EB9\u8BB0\u5F55\u7684\u4E0D\u4E00\u81F4\uFF08\u8BB0\u5F55\u7684 sha256 ${a.recorded ?? "\u65E0"}\uFF0C\u73B0\u5728 ${a.now ?? "\u65E0"}\uFF09\uFF1A\u5165\u5E93\u8981\u5728\u5B83\u7684\u57FA\u7840\u4E0A\u5199\u5165\uFF0C\u6240\u4EE5\u62D2\u7EDD\uFF0C\u800C\u4E0D\u662F\u628A novel \u4E4B\u5916\u7684\u6539\u52A8\u8BB0\u8FDB\u4E66\u7A3F`
    ),
    "committing.unrecorded.hint": entry(
      (a) => `restore ${a.file} (git checkout -- '${a.file}', or from a backup), or, when you made the edit yourself, \`novel state verify --accept\`; then retry`,
      (a) => `\u6062\u590D ${a.file}\uFF08git checkout -- '${a.file}'\uFF0C\u6216\u4ECE\u5907\u4EFD\u6062\u590D\uFF09\uFF1B\u82E5\u662F\u4F60\u81EA\u5DF1\u6539\u7684\uFF0C\u8FD0\u884C \`novel state verify --accept\`\uFF1B\u7136\u540E\u91CD\u8BD5`
    )
  }),
  // ---- novel rewind (rewind.ts) ----
  rewinding: () => ({
    "rewinding.not_committed": entry(
      (a) => `rewind --to ${a.to}: chapter ${a.chapter} is not committed (the last committed chapter is ${a.last})`,
      (a) => `rewind --to ${a.to}\uFF1A\u7B2C${a.chapter}\u7AE0\u5C1A\u672A\u5165\u5E93\uFF08\u6700\u540E\u5165\u5E93\u7684\u662F\u7B2C${a.last}\u7AE0\uFF09`
    ),
    "rewinding.name_committed": entry(
      (a) => `name a committed chapter, e.g. ${a.command}`,
      (a) => `\u8BF7\u6307\u5B9A\u5DF2\u5165\u5E93\u7684\u7AE0\u8282\uFF0C\u4F8B\u5982 ${a.command}`
    ),
    "rewinding.nothing_committed": entry(
      (_) => "nothing is committed yet",
      (_) => "\u8FD8\u6CA1\u6709\u4EFB\u4F55\u7AE0\u8282\u5165\u5E93"
    ),
    "rewinding.imported": entry(
      (a) => `rewind --to ${a.to}: chapter ${a.chapter} was imported (chapters 1\u2013${a.imported} came from \`novel import\`); a rewind goes back to a chapter written after the import`,
      (a) => `rewind --to ${a.to}\uFF1A\u7B2C${a.chapter}\u7AE0\u662F\u5BFC\u5165\u7684\uFF08\u7B2C1\u2013${a.imported}\u7AE0\u6765\u81EA novel import\uFF09\uFF1B\u56DE\u9000\u53EA\u80FD\u56DE\u5230\u5BFC\u5165\u4E4B\u540E\u5199\u7684\u7AE0\u8282`
    ),
    "rewinding.earliest": entry(
      (a) => `the earliest chapter a rewind can go back to is ${a.chapter}: ${a.command}`,
      (a) => `\u6700\u65E9\u53EF\u56DE\u9000\u5230\u7B2C${a.chapter}\u7AE0\uFF1A${a.command}`
    ),
    "rewinding.edit_imported": entry(
      (_) => "edit an imported chapter in chapters/ by hand, then `novel state verify --accept`",
      (_) => "\u5BFC\u5165\u7684\u7AE0\u8282\u53EF\u76F4\u63A5\u5728 chapters/ \u4E2D\u4FEE\u6539\uFF0C\u7136\u540E\u8FD0\u884C `novel state verify --accept`"
    ),
    "rewinding.no_history": entry(
      (a) => `rewind --to ${a.to}: chapter ${a.chapter} was committed before novel kept what each commit replaces (${a.file}), so the book cannot be put back as it was before it`,
      (a) => `rewind --to ${a.to}\uFF1A\u7B2C${a.chapter}\u7AE0\u5165\u5E93\u65F6 novel \u8FD8\u6CA1\u6709\u4FDD\u5B58\u6BCF\u6B21\u5165\u5E93\u66FF\u6362\u6389\u7684\u5185\u5BB9\uFF08${a.file}\uFF09\uFF0C\u65E0\u6CD5\u628A\u4E66\u6062\u590D\u5230\u5B83\u4E4B\u524D\u7684\u6837\u5B50`
    ),
    "rewinding.from_now_on": entry(
      (_) => "chapters committed from now on can be rewound",
      (_) => "\u4ECE\u73B0\u5728\u8D77\u5165\u5E93\u7684\u7AE0\u8282\u90FD\u53EF\u4EE5\u56DE\u9000"
    ),
    "rewinding.history_damaged": entry(
      (a) => `${a.file} is damaged: chapter ${a.chapter}'s commit cannot be undone from it`,
      (a) => `${a.file} \u5DF2\u635F\u574F\uFF1A\u65E0\u6CD5\u636E\u6B64\u64A4\u9500\u7B2C${a.chapter}\u7AE0\u7684\u5165\u5E93`
    ),
    "rewinding.history_damaged.hint": entry(
      (a) => `put it back (git, backup), or rewind to a chapter after ${a.chapter}`,
      (a) => `\u4ECE git \u6216\u5907\u4EFD\u628A\u5B83\u653E\u56DE\uFF0C\u6216\u56DE\u9000\u5230\u7B2C${a.chapter}\u7AE0\u4E4B\u540E\u7684\u7AE0\u8282`
    )
  }),
  // ---- novel import (import-book.ts) ----
  importing: () => ({
    "importing.source_missing": entry(
      (a) => `${a.source}: no such file or folder`,
      (a) => `${a.source}\uFF1A\u6587\u4EF6\u6216\u76EE\u5F55\u4E0D\u5B58\u5728`
    ),
    "importing.source_missing.hint": entry(
      (_) => "novel import book.txt --project my-book (a .txt file, or a folder of chapter files)",
      (_) => "novel import \u4E66\u540D.txt --project \u76EE\u5F55\uFF08\u4E00\u4E2A .txt \u6587\u4EF6\uFF0C\u6216\u4E00\u4E2A\u653E\u7AE0\u8282\u6587\u4EF6\u7684\u76EE\u5F55\uFF09"
    ),
    "importing.no_chapters": entry(
      (a) => `${a.source}: no chapter heading found (a line "\u7B2CN\u7AE0 \u6807\u9898", N in digits or Chinese numerals)`,
      (a) => `${a.source}\uFF1A\u6CA1\u6709\u627E\u5230\u7AE0\u8282\u6807\u9898\uFF08\u5F62\u5982\u300C\u7B2CN\u7AE0 \u6807\u9898\u300D\u7684\u4E00\u884C\uFF0CN \u53EF\u4E3A\u6570\u5B57\u6216\u4E2D\u6587\u6570\u5B57\uFF09`
    ),
    "importing.no_chapters.hint": entry(
      (_) => "a folder import takes one chapter per .txt or .md file; a text file is split at its chapter headings",
      (_) => "\u76EE\u5F55\u5BFC\u5165\u65F6\u6BCF\u4E2A .txt \u6216 .md \u6587\u4EF6\u7B97\u4E00\u7AE0\uFF1B\u6587\u672C\u6587\u4EF6\u6309\u7AE0\u8282\u6807\u9898\u5207\u5206"
    ),
    "importing.too_many": entry(
      (a) => `${a.source}:${a.line}: chapter ${a.max + 1} of ${a.found}; a book holds at most ${a.max} chapters (a step names its chapter in at most five digits)`,
      (a) => `${a.source}:${a.line}\uFF1A\u7B2C${a.max + 1}\u7AE0\uFF08\u5171${a.found}\u7AE0\uFF09\uFF1B\u4E00\u672C\u4E66\u6700\u591A${a.max}\u7AE0\uFF08\u6B65\u9AA4\u7F16\u53F7\u6700\u591A\u4E94\u4F4D\u6570\uFF09`
    ),
    "importing.too_many.hint": entry(
      (a) => `import the text before line ${a.line} as this book, and the rest as a book of its own`,
      (a) => `\u628A\u7B2C${a.line}\u884C\u4E4B\u524D\u7684\u90E8\u5206\u5BFC\u5165\u4E3A\u8FD9\u672C\u4E66\uFF0C\u5176\u4F59\u90E8\u5206\u53E6\u5EFA\u4E00\u672C`
    ),
    "importing.not_empty": entry(
      (a) => `${a.dir}: not empty and not a project; an import goes into a new or empty folder, or a project that has no chapter yet`,
      (a) => `${a.dir}\uFF1A\u76EE\u5F55\u4E0D\u4E3A\u7A7A\uFF0C\u4E5F\u4E0D\u662F\u9879\u76EE\uFF1B\u5BFC\u5165\u53EA\u80FD\u8FDB\u65B0\u76EE\u5F55\u3001\u7A7A\u76EE\u5F55\uFF0C\u6216\u8FD8\u6CA1\u6709\u7AE0\u8282\u7684\u9879\u76EE`
    ),
    "importing.not_empty.hint": entry(
      (_) => "novel import book.txt --project NEW_FOLDER",
      (_) => "novel import \u4E66\u540D.txt --project \u65B0\u76EE\u5F55"
    ),
    "importing.has_chapters": entry(
      (a) => `${a.dir}: the project already has chapters (the last committed is ${a.last}); an import starts a book`,
      (a) => `${a.dir}\uFF1A\u9879\u76EE\u5DF2\u6709\u7AE0\u8282\uFF08\u5DF2\u5165\u5E93\u5230\u7B2C${a.last}\u7AE0\uFF09\uFF1B\u5BFC\u5165\u53EA\u7528\u4E8E\u5F00\u59CB\u4E00\u672C\u4E66`
    ),
    "importing.has_chapters.hint": entry(
      (_) => "import into a new folder: novel import book.txt --project NEW_FOLDER",
      (_) => "\u8BF7\u5BFC\u5165\u5230\u65B0\u76EE\u5F55\uFF1Anovel import \u4E66\u540D.txt --project \u65B0\u76EE\u5F55"
    ),
    "importing.not_regular": entry(
      (a) => `${a.file}: ${a.kind === "link" ? "a symbolic link" : a.kind === "dir" ? "a directory" : "not a regular file (a FIFO, a socket or a device)"}; import reads regular files only`,
      (a) => `${a.file}\uFF1A${a.kind === "link" ? "\u662F\u7B26\u53F7\u94FE\u63A5" : a.kind === "dir" ? "\u662F\u76EE\u5F55" : "\u4E0D\u662F\u666E\u901A\u6587\u4EF6\uFF08\u662F FIFO\u3001\u5957\u63A5\u5B57\u6216\u8BBE\u5907\uFF09"}\uFF1B\u5BFC\u5165\u53EA\u8BFB\u53D6\u666E\u901A\u6587\u4EF6`
    ),
    "importing.not_regular.hint": entry(
      (a) => a.kind === "link" ? "import the file it points to by its own path, or copy it into the folder" : "move it out of the folder, or name the chapter files one by one in a folder of their own",
      (a) => a.kind === "link" ? "\u7528\u5B83\u6307\u5411\u7684\u6587\u4EF6\u672C\u8EAB\u7684\u8DEF\u5F84\u5BFC\u5165\uFF0C\u6216\u628A\u90A3\u4E2A\u6587\u4EF6\u590D\u5236\u8FDB\u76EE\u5F55" : "\u628A\u5B83\u79FB\u51FA\u76EE\u5F55\uFF0C\u6216\u628A\u7AE0\u8282\u6587\u4EF6\u5355\u72EC\u653E\u8FDB\u4E00\u4E2A\u76EE\u5F55\u518D\u5BFC\u5165"
    ),
    "importing.mixed_encoding": entry(
      (a) => `${a.file}: line ${a.line} is not UTF-8, though other lines are: the text mixes encodings, and reading it as one would drop chapters`,
      (a) => `${a.file}\uFF1A\u7B2C ${a.line} \u884C\u4E0D\u662F UTF-8\uFF0C\u5176\u4ED6\u884C\u5374\u662F\uFF1A\u8FD9\u4EFD\u6587\u672C\u6DF7\u7528\u4E86\u7F16\u7801\uFF0C\u6309\u4E00\u79CD\u7F16\u7801\u8BFB\u4F1A\u4E22\u7AE0`
    ),
    "importing.mixed_encoding.hint": entry(
      (_) => "convert the whole file to one encoding (e.g. iconv -f GB18030 -t UTF-8 on the lines that are not UTF-8), then import again",
      (_) => "\u628A\u6574\u4E2A\u6587\u4EF6\u8F6C\u6210\u540C\u4E00\u79CD\u7F16\u7801\uFF08\u4F8B\u5982\u5BF9\u4E0D\u662F UTF-8 \u7684\u90A3\u4E9B\u884C\u7528 iconv -f GB18030 -t UTF-8 \u8F6C\u6362\uFF09\uFF0C\u518D\u91CD\u65B0\u5BFC\u5165"
    )
  }),
  // ---- the clock (clock.ts) ----
  clock: () => ({
    "clock.invalid": entry(
      (a) => `NOVEL_NOW: expected an ISO 8601 time such as 2026-11-28T09:00:00+08:00, found ${a.found}`,
      (a) => `NOVEL_NOW\uFF1A\u5E94\u4E3A ISO 8601 \u65F6\u95F4\uFF0C\u4F8B\u5982 2026-11-28T09:00:00+08:00\uFF0C\u5B9E\u9645\u4E3A ${a.found}`
    ),
    "clock.invalid.hint": entry(
      (_) => "unset NOVEL_NOW to use the system clock",
      (_) => "\u53D6\u6D88 NOVEL_NOW \u5373\u4F7F\u7528\u7CFB\u7EDF\u65F6\u949F"
    )
  }),
  // ---- novel export (export-file.ts) ----
  exporting: () => ({
    "exporting.nothing": entry(
      (a) => `export: no committed chapter in ${a.volume !== null ? `volume ${a.volume}` : `chapters ${a.from}\u2013${a.to}`} (${a.last} committed)`,
      (a) => `export\uFF1A${a.volume !== null ? `\u7B2C${a.volume}\u5377` : `\u7B2C${a.from}\u2013${a.to}\u7AE0`}\u4E2D\u6CA1\u6709\u5DF2\u5165\u5E93\u7684\u7AE0\u8282\uFF08\u5DF2\u5165\u5E93 ${a.last} \u7AE0\uFF09`
    ),
    "exporting.out_refused": entry(
      (a) => `export --out ${a.out}: ${a.rel === "" ? "the project folder itself" : `${a.rel} is the project's own (${a.top})`}; an export never replaces the book, its settings or novel's records`,
      (a) => `export --out ${a.out}\uFF1A${a.rel === "" ? "\u8FD9\u662F\u9879\u76EE\u76EE\u5F55\u672C\u8EAB" : `${a.rel} \u5C5E\u4E8E\u9879\u76EE\u81EA\u8EAB\uFF08${a.top}\uFF09`}\uFF1B\u5BFC\u51FA\u4ECE\u4E0D\u66FF\u6362\u4E66\u7A3F\u3001\u8BBE\u5B9A\u6216 novel \u81EA\u5DF1\u7684\u8BB0\u5F55`
    ),
    "exporting.out_refused.hint": entry(
      (_) => "name a file outside the project, or under export/ in it (the default: export/novel.<format>)",
      (_) => "\u6307\u5B9A\u9879\u76EE\u4E4B\u5916\u7684\u6587\u4EF6\uFF0C\u6216\u9879\u76EE\u4E2D export/ \u4E0B\u7684\u6587\u4EF6\uFF08\u9ED8\u8BA4\uFF1Aexport/novel.<\u683C\u5F0F>\uFF09"
    ),
    "exporting.out_exists": entry(
      (a) => `export --out ${a.out}: ${a.found === "file" ? "the file exists" : a.found === "dir" ? "a directory is there" : a.found === "link" ? "a symbolic link is there" : "something that is not a regular file is there"}; not replaced`,
      (a) => `export --out ${a.out}\uFF1A${a.found === "file" ? "\u6587\u4EF6\u5DF2\u5B58\u5728" : a.found === "dir" ? "\u90A3\u91CC\u662F\u4E00\u4E2A\u76EE\u5F55" : a.found === "link" ? "\u90A3\u91CC\u662F\u4E00\u4E2A\u7B26\u53F7\u94FE\u63A5" : "\u90A3\u91CC\u7684\u4E0D\u662F\u666E\u901A\u6587\u4EF6"}\uFF1B\u672A\u66FF\u6362`
    ),
    "exporting.upload_sensitive": entry(
      (a) => `chapter ${a.chapter}${a.file ? `'s \u4F5C\u8005\u7684\u8BDD (${a.file})` : ""} holds the sensitive word "${a.word}"${a.line === null ? "" : ` (line ${a.line})`}: nothing was exported`,
      (a) => `\u7B2C ${a.chapter} \u7AE0${a.file ? `\u7684\u4F5C\u8005\u7684\u8BDD\uFF08${a.file}\uFF09` : ""}\u542B\u654F\u611F\u8BCD\u201C${a.word}\u201D${a.line === null ? "" : `\uFF08\u7B2C ${a.line} \u884C\uFF09`}\uFF1A\u672A\u5BFC\u51FA\u4EFB\u4F55\u6587\u4EF6`
    ),
    "exporting.upload_note.hint": entry(
      (a) => `rephrase it in ${a.file}, then export again`,
      (a) => `\u5728 ${a.file} \u91CC\u6539\u5199\u540E\u518D\u5BFC\u51FA`
    ),
    "exporting.upload_title.hint": entry(
      (a) => `fix the title line (novel lint ${a.ref} names it; novel rewind re-opens a committed chapter), then try again`,
      (a) => `\u4FEE\u6B63\u6807\u9898\u884C\uFF08novel lint ${a.ref} \u4F1A\u6307\u51FA\uFF1B\u5DF2\u5165\u5E93\u7AE0\u8282\u7528 novel rewind \u91CD\u5F00\uFF09\uFF0C\u7136\u540E\u91CD\u8BD5`
    ),
    "exporting.upload_dir.hint": entry(
      (_) => "name a folder (new or existing) outside the project, or under export/ in it",
      (_) => "\u8BF7\u6307\u5B9A\u9879\u76EE\u4E4B\u5916\u7684\u6587\u4EF6\u5939\uFF08\u65B0\u7684\u6216\u5DF2\u6709\u7684\uFF09\uFF0C\u6216\u9879\u76EE\u4E2D export/ \u4E0B\u7684\u6587\u4EF6\u5939"
    ),
    "exporting.out_exists.hint": entry(
      (a) => a.found === "file" ? "pass --force to replace it, or name another file" : "name a file path",
      (a) => a.found === "file" ? "\u52A0 --force \u66FF\u6362\u5B83\uFF0C\u6216\u6362\u4E00\u4E2A\u6587\u4EF6\u540D" : "\u8BF7\u6307\u5B9A\u4E00\u4E2A\u6587\u4EF6\u8DEF\u5F84"
    )
  }),
  // ---- executors (executor.ts, execute-step.ts, demo-executor.ts) ----
  executor: () => ({
    "executor.invalid_packet": entry(
      (a) => `${a.file}: not a valid instruction packet`,
      (a) => `${a.file}\uFF1A\u4E0D\u662F\u6709\u6548\u7684\u6307\u4EE4\u5305`
    ),
    "executor.outside_scope": entry(
      (a) => `${a.file} is outside the write scope ${[...a.scope].join(", ")}`,
      (a) => `${a.file} \u4E0D\u5728\u53EF\u5199\u8303\u56F4 ${[...a.scope].join("\u3001")} \u4E4B\u5185`
    ),
    "executor.codex_model": entry(
      (_) => "run --executor codex: no model chosen; Codex reports no model, so novel passes one explicitly and records it",
      (_) => "run --executor codex\uFF1A\u6CA1\u6709\u6307\u5B9A\u6A21\u578B\uFF1BCodex \u4E0D\u62A5\u544A\u6240\u7528\u6A21\u578B\uFF0C\u6240\u4EE5 novel \u660E\u786E\u4F20\u5165\u5E76\u8BB0\u5F55\u4E00\u4E2A"
    ),
    "executor.codex_model.hint": entry(
      (_) => "pass --model <name> (e.g. --model gpt-5.1-codex), or set executor.model in novel.config.json",
      (_) => "\u7528 --model \u6307\u5B9A\uFF08\u4F8B\u5982 --model gpt-5.1-codex\uFF09\uFF0C\u6216\u5728 novel.config.json \u4E2D\u8BBE\u7F6E executor.model"
    ),
    "executor.install": entry(
      (a) => a.kind === "claude" ? "install Claude Code (npm install -g @anthropic-ai/claude-code) or choose another --executor" : a.kind === "codex" ? "install the Codex CLI (npm install -g @openai/codex) or choose another --executor" : "check the command template: its program must exist and be executable",
      (a) => a.kind === "claude" ? "\u5B89\u88C5 Claude Code\uFF08npm install -g @anthropic-ai/claude-code\uFF09\uFF0C\u6216\u6362\u4E00\u4E2A --executor" : a.kind === "codex" ? "\u5B89\u88C5 Codex CLI\uFF08npm install -g @openai/codex\uFF09\uFF0C\u6216\u6362\u4E00\u4E2A --executor" : "\u68C0\u67E5\u547D\u4EE4\u6A21\u677F\uFF1A\u5176\u4E2D\u7684\u7A0B\u5E8F\u987B\u5B58\u5728\u4E14\u53EF\u6267\u884C"
    ),
    "executor.not_on_path": entry(
      (a) => `cannot start ${a.kind}: not found on PATH (is it installed and on PATH?)`,
      (a) => `\u65E0\u6CD5\u542F\u52A8 ${a.kind}\uFF1APATH \u4E2D\u627E\u4E0D\u5230\u5B83\uFF08\u662F\u5426\u5DF2\u5B89\u88C5\u5E76\u52A0\u5165 PATH\uFF1F\uFF09`
    ),
    "executor.cannot_start": entry(
      (a) => `cannot start ${a.file}: ${a.error} (is it installed and on PATH?)`,
      (a) => `\u65E0\u6CD5\u542F\u52A8 ${a.file}\uFF1A${a.error}\uFF08\u662F\u5426\u5DF2\u5B89\u88C5\u5E76\u52A0\u5165 PATH\uFF1F\uFF09`
    ),
    "executor.ended": entry(
      (a) => `${a.who} ${a.signal ? `killed by ${a.signal}` : `exited ${a.code}`}${a.stderr}`,
      (a) => `${a.who} ${a.signal ? `\u88AB ${a.signal} \u7EC8\u6B62` : `\u9000\u51FA\uFF0C\u9000\u51FA\u7801 ${a.code}`}${a.stderr}`
    ),
    "executor.at_step": entry(
      (a) => `${a.step}: ${a.what}`,
      (a) => `${a.step}\uFF1A${a.what}`
    )
  }),
  // ---- novel run: why it stopped, what it says meanwhile (run-loop.ts, execute-step.ts, run-session.ts) ----
  running: () => ({
    "running.staging_overflow": entry(
      (a) => `${a.step}: staging/ holds ${a.count} entries, above the limit of ${a.limit} (staging_max_files in novel.config.json): the step did not run. Clean the biggest folders (${a.dirs}), e.g. ${a.command}, then \`novel run\` again`,
      (a) => `${a.step}\uFF1Astaging/ \u91CC\u6709 ${a.count} \u9879\uFF0C\u8D85\u8FC7\u4E0A\u9650 ${a.limit}\uFF08novel.config.json \u7684 staging_max_files\uFF09\uFF1A\u8FD9\u4E00\u6B65\u6CA1\u6709\u8FD0\u884C\u3002\u8BF7\u6E05\u7406\u6700\u5927\u7684\u51E0\u4E2A\u76EE\u5F55\uFF08${a.dirs}\uFF09\uFF0C\u4F8B\u5982 ${a.command}\uFF0C\u7136\u540E\u518D\u8FD0\u884C \`novel run\``
    ),
    "running.outside_staging": entry(
      (a) => `${a.step}: the executor ${a.changed ? `changed ${a.changed} path(s) outside staging/ (${a.restored} restored)` : ""}${a.changed && a.planted.length ? " and " : ""}${a.planted.length ? `wrote ${a.planted.length} path(s) that are not its own outputs` : ""}; the step failed and orchestrator_state is ERROR_RETRY:
${listed([...a.changes, ...[...a.planted].map(plantedEn)])}
Repair what is not restored, then \`novel run\` again`,
      (a) => `${a.step}\uFF1A\u6267\u884C\u5668${a.changed ? `\u6539\u52A8\u4E86 staging/ \u4E4B\u5916\u7684 ${a.changed} \u4E2A\u8DEF\u5F84\uFF08\u5DF2\u6062\u590D ${a.restored} \u4E2A\uFF09` : ""}${a.changed && a.planted.length ? "\uFF0C\u5E76\u4E14" : ""}${a.planted.length ? `\u5199\u4E86 ${a.planted.length} \u4E2A\u4E0D\u5C5E\u4E8E\u8FD9\u4E00\u6B65\u4EA7\u51FA\u7684\u8DEF\u5F84` : ""}\uFF1B\u8FD9\u4E00\u6B65\u5931\u8D25\uFF0Corchestrator_state \u4E3A ERROR_RETRY\uFF1A
${listed([...a.changes, ...[...a.planted].map(plantedZh)])}
\u4FEE\u590D\u672A\u6062\u590D\u7684\u90E8\u5206\u540E\uFF0C\u518D\u8FD0\u884C \`novel run\``
    ),
    "running.late_changes": entry(
      (a) => `${a.step}: between steps, ${a.changes.length} file(s) of the settings or the story bible changed (restored); a process the run did not start, or one an executor left behind, wrote them:
${listed([...a.changes])}
Find the writer, then \`novel run\` again`,
      (a) => `${a.step}\uFF1A\u4E24\u6B65\u4E4B\u95F4\uFF0C\u8BBE\u5B9A\u6216\u6545\u4E8B\u5723\u7ECF\u4E2D\u6709 ${a.changes.length} \u4E2A\u6587\u4EF6\u88AB\u6539\u52A8\uFF08\u5DF2\u6062\u590D\uFF09\uFF1B\u5199\u5B83\u4EEC\u7684\u662F\u672C\u6B21\u8FD0\u884C\u4E4B\u5916\u7684\u8FDB\u7A0B\uFF0C\u6216\u6267\u884C\u5668\u9057\u7559\u7684\u8FDB\u7A0B\uFF1A
${listed([...a.changes])}
\u627E\u51FA\u5199\u5165\u8005\u540E\uFF0C\u518D\u8FD0\u884C \`novel run\``
    ),
    "running.ctrl_c": entry(
      (_) => "stopped by Ctrl-C; `novel next` resumes",
      (_) => "\u5DF2\u6309 Ctrl-C \u505C\u6B62\uFF1B`novel next` \u53EF\u4ECE\u8FD9\u91CC\u7EE7\u7EED"
    ),
    "running.finishing": entry(
      (_) => "novel run: finishing the current step, then stopping (Ctrl-C again to abort now)",
      (_) => "novel run\uFF1A\u5148\u5B8C\u6210\u5F53\u524D\u8FD9\u4E00\u6B65\uFF0C\u7136\u540E\u505C\u6B62\uFF08\u518D\u6309\u4E00\u6B21 Ctrl-C \u7ACB\u5373\u4E2D\u6B62\uFF09"
    ),
    "running.signal": entry(
      (a) => `novel run: stopped by ${a.signal}; \`novel next\` resumes`,
      (a) => `novel run\uFF1A\u5DF2\u88AB ${a.signal} \u505C\u6B62\uFF1B\`novel next\` \u53EF\u4ECE\u8FD9\u91CC\u7EE7\u7EED`
    ),
    "running.sandbox_unavailable.hint": entry(
      (_) => 'install bubblewrap (apt-get install bubblewrap) and allow user namespaces, or set executor.sandbox to "auto" in novel.config.json',
      (_) => '\u5B89\u88C5 bubblewrap\uFF08apt-get install bubblewrap\uFF09\u5E76\u5141\u8BB8\u7528\u6237\u547D\u540D\u7A7A\u95F4\uFF0C\u6216\u5728 novel.config.json \u4E2D\u628A executor.sandbox \u8BBE\u4E3A "auto"'
    )
  }),
  // ---- novel serve (serve.ts) ----
  serving: () => ({
    "serving.token_required": entry(
      (a) => `serve --host ${a.host}: another host than loopback needs --token T (every request then carries it)`,
      (a) => `serve --host ${a.host}\uFF1A\u975E\u672C\u673A\u5730\u5740\u987B\u52A0 --token T\uFF08\u4E4B\u540E\u6BCF\u4E2A\u8BF7\u6C42\u90FD\u8981\u5E26\u4E0A\u5B83\uFF09`
    ),
    "serving.token_required.hint": entry(
      (a) => `novel serve --host ${a.host} --token "$(openssl rand -hex 16)" (the page is then at http://HOST:PORT/?token=\u2026)`,
      (a) => `novel serve --host ${a.host} --token "$(openssl rand -hex 16)"\uFF08\u9875\u9762\u5730\u5740\u4E3A http://HOST:PORT/?token=\u2026\uFF09`
    ),
    "serving.port_in_use": entry(
      (a) => `serve: port ${a.port} on ${a.host} is in use`,
      (a) => `serve\uFF1A${a.host} \u7684\u7AEF\u53E3 ${a.port} \u5DF2\u88AB\u5360\u7528`
    ),
    "serving.port_in_use.hint": entry(
      (_) => "pass another --port, or --port 0 for any free one",
      (_) => "\u6362\u4E00\u4E2A --port\uFF0C\u6216\u7528 --port 0 \u81EA\u52A8\u9009\u7A7A\u95F2\u7AEF\u53E3"
    ),
    "serving.host_unusable": entry(
      (a) => `serve --host ${a.host}: cannot listen there (${a.error})`,
      (a) => `serve --host ${a.host}\uFF1A\u65E0\u6CD5\u5728\u8FD9\u4E2A\u5730\u5740\u4E0A\u76D1\u542C\uFF08${a.error}\uFF09`
    ),
    "serving.host_unusable.hint": entry(
      (_) => "pass an address of this machine: 127.0.0.1 (the default), ::1, or 0.0.0.0 with --token",
      (_) => "\u8BF7\u7528\u672C\u673A\u7684\u5730\u5740\uFF1A127.0.0.1\uFF08\u9ED8\u8BA4\uFF09\u3001::1\uFF0C\u6216 0.0.0.0 \u52A0 --token"
    )
  }),
  // ---- novel lint of a chapter (chapter-lint.ts) ----
  linting: () => ({
    "linting.chapter_missing": entry(
      (a) => `chapter ${a.chapter}: neither staged (${a.staged}) nor committed (${a.committed})`,
      (a) => `\u7B2C${a.chapter}\u7AE0\u65E2\u4E0D\u5728\u6682\u5B58\u533A\uFF08${a.staged}\uFF09\u4E5F\u672A\u5165\u5E93\uFF08${a.committed}\uFF09`
    ),
    "linting.chapter_missing.hint": entry(
      (_) => "lint a chapter in flight or committed: `novel chapters` lists the committed ones, `novel next` the one in flight",
      (_) => "\u53EA\u80FD\u68C0\u67E5\u6B63\u5728\u5199\u6216\u5DF2\u5165\u5E93\u7684\u7AE0\u8282\uFF1A`novel chapters` \u5217\u51FA\u5DF2\u5165\u5E93\u7684\uFF0C`novel next` \u7ED9\u51FA\u6B63\u5728\u5199\u7684"
    )
  }),
  // ---- why no box can be had here (sandbox.ts) ----
  boxprobe: () => ({
    "boxprobe.linux_only": entry(
      (a) => `bubblewrap is Linux only (this is ${a.platform})`,
      (a) => `bubblewrap \u53EA\u80FD\u5728 Linux \u4E0A\u4F7F\u7528\uFF08\u8FD9\u91CC\u662F ${a.platform}\uFF09`
    ),
    "boxprobe.not_on_path": entry(
      (_) => "bwrap not found on PATH (Debian/Ubuntu: apt-get install bubblewrap)",
      (_) => "PATH \u4E2D\u627E\u4E0D\u5230 bwrap\uFF08Debian/Ubuntu\uFF1Aapt-get install bubblewrap\uFF09"
    ),
    "boxprobe.cannot_box": entry(
      (a) => `${a.bwrap} cannot make a box here: ${a.error} (user namespaces disabled? see kernel.unprivileged_userns_clone)`,
      (a) => `${a.bwrap} \u5728\u8FD9\u91CC\u65E0\u6CD5\u5EFA\u7ACB\u6C99\u7BB1\uFF1A${a.error}\uFF08\u7528\u6237\u547D\u540D\u7A7A\u95F4\u88AB\u7981\u7528\u4E86\uFF1F\u89C1 kernel.unprivileged_userns_clone\uFF09`
    )
  }),
  // ---- novel doctor's fixes (doctor.ts) ----
  publishing: () => ({
    "publishing.file.hint": entry(
      (a) => `each line of ${a.file} is {"chapter": N, "date": "YYYY-MM-DD", "sha256": "\u2026"}; fix or remove the line named`,
      (a) => `${a.file} \u7684\u6BCF\u4E00\u884C\u662F {"chapter": N, "date": "YYYY-MM-DD", "sha256": "\u2026"}\uFF1B\u4FEE\u6B63\u6216\u5220\u9664\u6240\u6307\u7684\u90A3\u4E00\u884C`
    ),
    "publishing.not_committed": entry(
      (a) => `chapter ${a.chapter} is not committed (the book is committed through chapter ${a.last})`,
      (a) => `\u7B2C ${a.chapter} \u7AE0\u5C1A\u672A\u5165\u5E93\uFF08\u5DF2\u5165\u5E93\u5230\u7B2C ${a.last} \u7AE0\uFF09`
    ),
    "publishing.not_committed.hint": entry(
      (_) => "publish only committed chapters: novel publish --through N, with N at most the last committed chapter",
      (_) => "\u53EA\u80FD\u53D1\u5E03\u5DF2\u5165\u5E93\u7684\u7AE0\u8282\uFF1Anovel publish --through N\uFF0CN \u4E0D\u8D85\u8FC7\u6700\u540E\u5165\u5E93\u7684\u4E00\u7AE0"
    ),
    "publishing.refused": entry(
      (a) => `chapter ${a.chapter} holds the sensitive word "${a.word}"${a.line === null ? "" : ` (line ${a.line})`}: nothing was published`,
      (a) => `\u7B2C ${a.chapter} \u7AE0\u542B\u654F\u611F\u8BCD\u201C${a.word}\u201D${a.line === null ? "" : `\uFF08\u7B2C ${a.line} \u884C\uFF09`}\uFF1A\u672A\u53D1\u5E03\u4EFB\u4F55\u7AE0\u8282`
    ),
    "publishing.title_refused": entry(
      (a) => `chapter ${a.chapter}'s title "${a.title}" ${a.word ? `holds "${a.word}", which ${a.platform} refuses in a title` : `names chapter ${a.named}`}: nothing was ${a.act === "export" ? "exported" : "published"}`,
      (a) => `\u7B2C ${a.chapter} \u7AE0\u7684\u6807\u9898\u201C${a.title}\u201D${a.word ? `\u542B ${a.platform} \u4E0D\u5141\u8BB8\u51FA\u73B0\u5728\u6807\u9898\u4E2D\u7684\u201C${a.word}\u201D` : `\u5199\u7684\u662F\u7B2C ${a.named} \u7AE0`}\uFF1A${a.act === "export" ? "\u672A\u5BFC\u51FA\u4EFB\u4F55\u6587\u4EF6" : "\u672A\u53D1\u5E03\u4EFB\u4F55\u7AE0\u8282"}`
    ),
    "publishing.refused.hint": entry(
      (a) => `rephrase it (novel lint ${a.ref} lists every hit), then publish again`,
      (a) => `\u6539\u5199\u540E\u518D\u53D1\u5E03\uFF08novel lint ${a.ref} \u4F1A\u5217\u51FA\u6BCF\u4E00\u5904\uFF09`
    ),
    "publishing.pick": entry(
      (_) => "give exactly one of --through N and --chapter N",
      (_) => "--through N \u4E0E --chapter N \u4E8C\u9009\u4E00"
    ),
    "publishing.date": entry(
      (a) => `--date: expected a date YYYY-MM-DD, found ${a.found}`,
      (a) => `--date\uFF1A\u5E94\u4E3A\u65E5\u671F YYYY-MM-DD\uFF0C\u5B9E\u9645\u4E3A ${a.found}`
    ),
    "publishing.done": entry(
      (a) => a.n === 0 ? "nothing new to publish" : `published ${a.n} chapter(s), ${a.from}\u2013${a.to}, on ${a.date}`,
      (a) => a.n === 0 ? "\u6CA1\u6709\u65B0\u7684\u7AE0\u8282\u53EF\u53D1\u5E03" : `\u5DF2\u53D1\u5E03 ${a.n} \u7AE0\uFF08\u7B2C ${a.from}\u2013${a.to} \u7AE0\uFF09\uFF0C\u65E5\u671F ${a.date}`
    ),
    "publishing.buffer": entry(
      (a) => `published: ${a.published} chapter(s)${a.through === null ? "" : ` (through chapter ${a.through})`}; \u5B58\u7A3F (committed, not published): ${a.stock} chapter(s), ${a.zishu} \u5B57` + (a.zishu >= 1e4 ? ` (${a.wan})` : "") + (a.days === null ? "" : `; ${a.days} day(s) of buffer at ${a.rate} a day`),
      (a) => `\u5DF2\u53D1\u5E03 ${a.published} \u7AE0${a.through === null ? "" : `\uFF08\u81F3\u7B2C ${a.through} \u7AE0\uFF09`}\uFF1B\u5B58\u7A3F\uFF08\u5DF2\u5165\u5E93\u672A\u53D1\u5E03\uFF09${a.stock} \u7AE0\uFF0C${a.wan}` + (a.zishu >= 1e4 ? `\uFF08${a.zishu} \u5B57\uFF09` : "") + (a.days === null ? "" : `\uFF1B\u6309\u8FD1\u65E5\u6BCF\u5929 ${a.rate} \u7AE0\uFF0C\u53EF\u66F4 ${a.days} \u5929`)
    ),
    "publishing.changed": entry(
      (a) => `published_changed: chapter(s) ${a.list} changed since they were published (publish them again to record the new text: novel publish --chapter N)`,
      (a) => `published_changed\uFF1A\u7B2C ${a.list} \u7AE0\u53D1\u5E03\u540E\u53C8\u6709\u6539\u52A8\uFF08\u91CD\u65B0\u53D1\u5E03\u4EE5\u8BB0\u5F55\u65B0\u6587\u672C\uFF1Anovel publish --chapter N\uFF09`
    ),
    "publishing.rewind_guard": entry(
      (a) => `chapter ${a.chapter} is published (chapters are published through ${a.through}): a rewind to it would redraft what readers have read`,
      (a) => `\u7B2C ${a.chapter} \u7AE0\u5DF2\u53D1\u5E03\uFF08\u5DF2\u53D1\u5E03\u5230\u7B2C ${a.through} \u7AE0\uFF09\uFF1A\u56DE\u9000\u5230\u8FD9\u91CC\u4F1A\u91CD\u5199\u8BFB\u8005\u5DF2\u8BFB\u8FC7\u7684\u5185\u5BB9`
    ),
    "publishing.rewind_guard.hint": entry(
      (a) => `rewind to ${a.ref} or later, or add --force if you mean it`,
      (a) => `\u56DE\u9000\u5230 ${a.ref} \u6216\u4E4B\u540E\uFF1B\u786E\u6709\u6B64\u610F\u8BF7\u52A0 --force`
    )
  }),
  doctoring: () => ({
    "doctoring.correct_config": entry(
      (a) => `correct ${a.file} (docs/configuration.md)`,
      (a) => `\u4FEE\u6B63 ${a.file}\uFF08\u89C1 docs/configuration.md\uFF09`
    )
  })
};

// src/core/messages/web.ts
var EVENTS = {
  execute: { en: "started", zh: "\u5F00\u59CB\u6267\u884C" },
  executed: { en: "executed", zh: "\u6267\u884C\u5B8C\u6210" },
  advance: { en: "advanced", zh: "\u767B\u8BB0" },
  commit: { en: "committed", zh: "\u5165\u5E93" },
  checkpoint: { en: "checkpoint", zh: "\u68C0\u67E5\u70B9\u66F4\u65B0" }
};
var WEB_GROUPS = {
  dashboard: () => ({
    "dashboard.progress": entry(
      (_) => "Progress",
      (_) => "\u8FDB\u5EA6"
    ),
    "dashboard.chapters": entry(
      (_) => "Chapters",
      (_) => "\u7AE0\u8282"
    ),
    "dashboard.charts": entry(
      (_) => "Charts",
      (_) => "\u56FE\u8868"
    ),
    "dashboard.timeline": entry(
      (_) => "Foreshadowing",
      (_) => "\u4F0F\u7B14"
    ),
    "dashboard.characters": entry(
      (_) => "Characters",
      (_) => "\u4EBA\u7269"
    ),
    "dashboard.storylines": entry(
      (_) => "Storylines",
      (_) => "\u6545\u4E8B\u7EBF"
    ),
    "dashboard.machines": entry(
      (_) => "Machines",
      (_) => "\u72B6\u6001\u673A"
    ),
    "dashboard.committed": entry(
      (_) => "committed",
      (_) => "\u5DF2\u5165\u5E93"
    ),
    "dashboard.chapterUnit": entry(
      (_) => "chapters",
      (_) => "\u7AE0"
    ),
    "dashboard.zishu": entry(
      (_) => "\u5B57\u6570",
      (_) => "\u5B57\u6570"
    ),
    "dashboard.cost": entry(
      (_) => "cost",
      (_) => "\u8D39\u7528"
    ),
    "dashboard.tokens": entry(
      (_) => "tokens",
      (_) => "\u8BCD\u5143\uFF08tokens\uFF09"
    ),
    "dashboard.dormant": entry(
      (_) => "dormant foreshadowing",
      (_) => "\u6C89\u5BC2\u4F0F\u7B14"
    ),
    "dashboard.next": entry(
      (_) => "next",
      (_) => "\u4E0B\u4E00\u6B65"
    ),
    "dashboard.why": entry(
      (_) => "why",
      (_) => "\u539F\u56E0"
    ),
    "dashboard.live": entry(
      (_) => "Live",
      (_) => "\u5B9E\u65F6\u52A8\u6001"
    ),
    "dashboard.waiting": entry(
      (_) => "waiting for novel run\u2026",
      (_) => "\u7B49\u5F85 novel run \u7684\u52A8\u6001\u2026"
    ),
    "dashboard.connected": entry(
      (_) => "live events connected",
      (_) => "\u5DF2\u8FDE\u63A5\u5B9E\u65F6\u52A8\u6001"
    ),
    "dashboard.disconnected": entry(
      (_) => "live events lost, reconnecting",
      (_) => "\u5B9E\u65F6\u52A8\u6001\u5DF2\u65AD\u5F00\uFF0C\u6B63\u5728\u91CD\u8FDE"
    ),
    "dashboard.chartZishu": entry(
      (_) => "\u5B57\u6570 per chapter (green band: target)",
      (_) => "\u6BCF\u7AE0\u5B57\u6570\uFF08\u7EFF\u5E26\u4E3A\u76EE\u6807\u533A\u95F4\uFF09"
    ),
    "dashboard.chartScore": entry(
      (_) => "Overall score (dashed: gate thresholds)",
      (_) => "\u6BCF\u7AE0\u603B\u5206\uFF08\u865A\u7EBF\u4E3A\u95F8\u95E8\u9608\u503C\uFF09"
    ),
    "dashboard.chartDensity": entry(
      (_) => "AI clich\xE9s per 1,000 \u5B57",
      (_) => "AI \u5957\u8BDD\u5BC6\u5EA6\uFF08\u6BCF\u5343\u5B57\uFF09"
    ),
    "dashboard.chartCost": entry(
      (_) => "Cost (USD): per chapter and in total",
      (_) => "\u8D39\u7528\uFF08\u7F8E\u5143\uFF09\uFF1A\u6BCF\u7AE0\u4E0E\u7D2F\u8BA1"
    ),
    "dashboard.prev": entry(
      (_) => "previous",
      (_) => "\u4E0A\u4E00\u9875"
    ),
    "dashboard.nextPage": entry(
      (_) => "next",
      (_) => "\u4E0B\u4E00\u9875"
    ),
    "dashboard.of": entry(
      (_) => "of",
      (_) => "\u5171"
    ),
    "dashboard.none": entry(
      (_) => "none yet",
      (_) => "\u6682\u65E0"
    ),
    "dashboard.planted": entry(
      (_) => "planted",
      (_) => "\u57CB\u4E0B"
    ),
    "dashboard.due": entry(
      (_) => "due",
      (_) => "\u5E94\u56DE\u6536"
    ),
    "dashboard.resolved": entry(
      (_) => "resolved",
      (_) => "\u5DF2\u56DE\u6536"
    ),
    "dashboard.dormantTag": entry(
      (_) => "dormant",
      (_) => "\u6C89\u5BC2"
    ),
    "dashboard.overdueTag": entry(
      (_) => "overdue",
      (_) => "\u903E\u671F"
    ),
    "dashboard.published": entry(
      (_) => "chapters published",
      (_) => "\u7AE0\u5DF2\u53D1\u5E03"
    ),
    "dashboard.today": entry(
      (a) => `\u5B57 today against the goal; streak ${a.streak} day(s)`,
      (a) => `\u4ECA\u65E5\u5B57\u6570 / \u76EE\u6807\uFF1B\u8FDE\u7EED\u8FBE\u6807 ${a.streak} \u5929`
    ),
    "dashboard.calendar": entry(
      (_) => "the daily goal over the last 90 days",
      (_) => "\u8FD1 90 \u5929\u7684\u65E5\u66F4\u76EE\u6807"
    ),
    "dashboard.stock": entry(
      (a) => `chapters of \u5B58\u7A3F, ${a.zishu} \u5B57${a.days === null ? "" : `, ${a.days} days of buffer`}`,
      (a) => `\u7AE0\u5B58\u7A3F\uFF0C${a.zishu} \u5B57${a.days === null ? "" : `\uFF0C\u53EF\u66F4 ${a.days} \u5929`}`
    ),
    "dashboard.continuity": entry(
      (_) => "Continuity",
      (_) => "\u8FDE\u7EED\u6027"
    ),
    "dashboard.continuityHead": entry(
      (a) => `${a.chapters} chapter(s) held against the state: ${a.findings} finding(s)`,
      (a) => `\u5DF2\u6838\u5BF9 ${a.chapters} \u7AE0\uFF1A${a.findings} \u5904\u8FDE\u7EED\u6027\u95EE\u9898`
    ),
    "dashboard.fact": entry(
      (a) => a.fact,
      (a) => ({ status: "\u72B6\u6001", realm: "\u5883\u754C", location: "\u4F4D\u7F6E" })[a.fact] ?? `\u5B57\u6BB5 ${a.fact}`
    ),
    "dashboard.location": entry(
      (_) => "location",
      (_) => "\u4F4D\u7F6E"
    ),
    "dashboard.lastSeen": entry(
      (_) => "last seen",
      (_) => "\u6700\u540E\u51FA\u573A"
    ),
    "dashboard.unknown": entry(
      (_) => "unknown",
      (_) => "\u672A\u77E5"
    ),
    "dashboard.book": entry(
      (_) => "Book machine",
      (_) => "\u5168\u4E66\u72B6\u6001\u673A"
    ),
    "dashboard.chapterMachine": entry(
      (_) => "Chapter machine",
      (_) => "\u7AE0\u8282\u72B6\u6001\u673A"
    ),
    "dashboard.current": entry(
      (_) => "current",
      (_) => "\u5F53\u524D"
    ),
    "dashboard.back": entry(
      (_) => "\u2190 overview",
      (_) => "\u2190 \u8FD4\u56DE\u603B\u89C8"
    ),
    "dashboard.prevCh": entry(
      (_) => "\u2190 previous",
      (_) => "\u2190 \u4E0A\u4E00\u7AE0"
    ),
    "dashboard.nextCh": entry(
      (_) => "next \u2192",
      (_) => "\u4E0B\u4E00\u7AE0 \u2192"
    ),
    "dashboard.lint": entry(
      (_) => "Lint",
      (_) => "\u8D28\u91CF\u68C0\u67E5"
    ),
    "dashboard.noFindings": entry(
      (_) => "no findings",
      (_) => "\u6CA1\u6709\u53D1\u73B0\u95EE\u9898"
    ),
    "dashboard.evaluation": entry(
      (_) => "Evaluation",
      (_) => "\u8BC4\u5BA1"
    ),
    "dashboard.drafts": entry(
      (_) => "Two drafts side by side",
      (_) => "\u4E24\u7A3F\u5BF9\u7167"
    ),
    "dashboard.loading": entry(
      (_) => "loading\u2026",
      (_) => "\u52A0\u8F7D\u4E2D\u2026"
    ),
    "dashboard.notFound": entry(
      (_) => "no such chapter",
      (_) => "\u6CA1\u6709\u8FD9\u4E00\u7AE0"
    ),
    "dashboard.inspector": entry(
      (_) => "Run novel run --inspect in a terminal to watch the live machine in the Stately inspector.",
      (_) => "\u5728\u7EC8\u7AEF\u8FD0\u884C novel run --inspect \u53EF\u5728 Stately \u68C0\u89C6\u5668\u4E2D\u67E5\u770B\u5B9E\u65F6\u72B6\u6001\u673A\u3002"
    ),
    "dashboard.round": entry(
      (a) => `round ${a.n}`,
      (a) => `\u7B2C ${a.n} \u7A3F`
    ),
    "dashboard.schedule": entry(
      (a) => `volume ${a.v} schedule`,
      (a) => `\u5377 ${a.v} \u6392\u671F`
    ),
    "dashboard.col.chapter": entry(
      (_) => "ch.",
      (_) => "\u7AE0"
    ),
    "dashboard.col.title": entry(
      (_) => "title",
      (_) => "\u7AE0\u540D"
    ),
    "dashboard.col.zishu": entry(
      (_) => "\u5B57\u6570",
      (_) => "\u5B57\u6570"
    ),
    "dashboard.col.overall": entry(
      (_) => "overall",
      (_) => "\u603B\u5206"
    ),
    "dashboard.col.gate": entry(
      (_) => "gate",
      (_) => "\u95F8\u95E8"
    ),
    "dashboard.col.revisions": entry(
      (_) => "rev.",
      (_) => "\u4FEE\u6539"
    ),
    "dashboard.col.lint": entry(
      (_) => "hard/soft",
      (_) => "\u786C\u4F24/\u63D0\u793A"
    ),
    "dashboard.col.density": entry(
      (_) => "clich\xE9s/k",
      (_) => "\u5957\u8BDD/\u5343\u5B57"
    ),
    "dashboard.col.hook": entry(
      (_) => "hook",
      (_) => "\u94A9\u5B50"
    ),
    "dashboard.col.cost": entry(
      (_) => "cost",
      (_) => "\u8D39\u7528"
    ),
    "dashboard.label": entry(
      (a) => `${a.label}: `,
      (a) => `${a.label}\uFF1A`
    ),
    "dashboard.event": entry(
      (a) => EVENTS[a.event]?.en ?? a.event,
      (a) => EVENTS[a.event]?.zh ?? a.event
    ),
    "dashboard.dimension": entry(
      (a) => `${a.name} ${a.score}: ${a.reason}`,
      (a) => `${DIMENSION_ZH[a.name] ?? a.name} ${a.score}\uFF1A${a.reason}`
    ),
    "dashboard.state": entry(
      (a) => a.state.replace(/^writing\./, ""),
      (a) => stateNames(a.state)?.zh ?? `\u72B6\u6001 ${a.state.replace(/^writing\./, "")}`
    ),
    "dashboard.rung": entry(
      (a) => a.rung,
      (a) => RUNGS[a.rung]?.zh ?? a.rung
    ),
    "dashboard.action": entry(
      (a) => a.action,
      (a) => ACTION_NAMES[a.action]?.zh ?? a.action
    ),
    "dashboard.chartChapter": entry(
      (_) => "chapter",
      (_) => "\u7AE0"
    ),
    "dashboard.chartOverall": entry(
      (_) => "overall",
      (_) => "\u603B\u5206"
    ),
    "dashboard.chartDensityLabel": entry(
      (_) => "per 1,000 \u5B57",
      (_) => "\u5957\u8BDD/\u5343\u5B57"
    ),
    "dashboard.chartTotal": entry(
      (_) => "total",
      (_) => "\u7D2F\u8BA1"
    ),
    "dashboard.chartPerChapter": entry(
      (_) => "per chapter",
      (_) => "\u6BCF\u7AE0"
    ),
    "dashboard.chapterRef": entry(
      (a) => `ch. ${a.n}`,
      (a) => `\u7B2C${a.n}\u7AE0`
    ),
    "dashboard.severity": entry(
      (a) => a.severity,
      (a) => ({ hard: "\u786C\u4F24", soft: "\u63D0\u793A", warn: "\u7559\u610F" })[a.severity] ?? a.severity
    ),
    "dashboard.aiFlavour": entry(
      (a) => `AI flavour ${a.score}`,
      (a) => `AI\u5473 ${a.score}`
    ),
    "dashboard.findingLine": entry(
      (a) => `line ${a.line}`,
      (a) => `\u7B2C${a.line}\u884C`
    ),
    "dashboard.findingFix": entry(
      (a) => `fix: ${a.fix}`,
      (a) => `\u6539\u6CD5\uFF1A${a.fix}`
    )
  })
};

// src/core/messages.ts
var RUNG_ZH = Object.fromEntries(keysOf(RUNGS).map((r) => [r, RUNGS[r].zh]));
var NOTE_ZH = Object.fromEntries(LADDER_NOTES_ZH);
var modeZh = (mode) => mode.replace(/^ \(revision (\d+)\)$/, "\uFF08\u7B2C$1\u8F6E\u4FEE\u6539\uFF09").replace(/^ \(polish pass\)$/, "\uFF08\u6253\u78E8\uFF09");
var SEVERITY_ZH = { error: "\u9519\u8BEF", warning: "\u8B66\u544A", info: "\u63D0\u793A" };
var OWN_GROUPS = {
  // ---- the parts of a diagnostic ----
  diagnostic: () => ({
    "diagnostic.missing": entry(
      (_) => "nothing (the field is missing)",
      (_) => "\u7F3A\u5C11\u8BE5\u5B57\u6BB5"
    )
  }),
  // ---- continuity (§19) ----
  continuity: () => ({
    "continuity.gone_acting": entry(
      (a) => `${a.name} acts in this chapter, but the state says ${a.status}`,
      (a) => `${a.name}\u5728\u672C\u7AE0\u6709\u6240\u884C\u52A8\uFF0C\u4F46\u72B6\u6001\u8BB0\u4E3A ${a.status}`
    ),
    "continuity.gone_acting.fix": entry(
      (a) => `rewrite the sentence without ${a.name}, mark it as a memory, dream or flashback in the delta (recollections), or bring ${a.name} back with an op`,
      (a) => `\u6539\u5199\u8FD9\u53E5\u3001\u4E0D\u8BA9${a.name}\u51FA\u573A\uFF1B\u6216\u5728 delta \u7684 recollections \u4E2D\u6807\u660E\u8FD9\u662F\u56DE\u5FC6\u3001\u68A6\u5883\u6216\u95EA\u56DE\uFF1B\u6216\u7528\u4E00\u6761\u64CD\u4F5C\u8BA9${a.name}\u590D\u5F52`
    ),
    "continuity.realm_down": entry(
      (a) => `the realm goes down from ${a.from} to ${a.to} with no reason given`,
      (a) => `\u5883\u754C\u4ECE${a.from}\u8DCC\u5230${a.to}\uFF0C\u5374\u6CA1\u6709\u4EA4\u4EE3\u539F\u56E0`
    ),
    "continuity.realm_down.fix": entry(
      (_) => "give the reason in the op's detail (an injury, a seal, a curse), or keep the realm",
      (_) => "\u5728\u8FD9\u6761\u64CD\u4F5C\u7684 detail \u4E2D\u5199\u660E\u539F\u56E0\uFF08\u91CD\u4F24\u3001\u5C01\u5370\u3001\u8BC5\u5492\u7B49\uFF09\uFF0C\u6216\u4FDD\u6301\u539F\u5883\u754C"
    ),
    "continuity.item_used": entry(
      (a) => `${a.name} is used, but the state says ${a.status}`,
      (a) => `${a.name}\u518D\u6B21\u88AB\u4F7F\u7528\uFF0C\u4F46\u72B6\u6001\u8BB0\u4E3A ${a.status}`
    ),
    "continuity.item_used.fix": entry(
      (a) => `use another item, or recover ${a.name} first with an op that changes its status`,
      (a) => `\u6362\u4E00\u4EF6\u7269\u54C1\uFF1B\u6216\u5148\u7528\u4E00\u6761\u64CD\u4F5C\u6539\u53D8${a.name}\u7684\u72B6\u6001\uFF08\u627E\u56DE\u3001\u4FEE\u590D\uFF09`
    ),
    "continuity.day_back": entry(
      (a) => `story_day goes back from ${a.from} to ${a.to}`,
      (a) => `\u6545\u4E8B\u65F6\u95F4\u5012\u9000\uFF1A\u4ECE\u7B2C ${a.from} \u5929\u56DE\u5230\u7B2C ${a.to} \u5929`
    ),
    "continuity.day_back.fix": entry(
      (_) => "keep story_day at least where it was; a flashback is marked in recollections, not by turning the day back",
      (_) => "story_day \u4E0D\u5F97\u5C0F\u4E8E\u539F\u503C\uFF1B\u95EA\u56DE\u8BF7\u5728 recollections \u4E2D\u6807\u660E\uFF0C\u800C\u4E0D\u662F\u628A\u5929\u6570\u8C03\u56DE\u53BB"
    ),
    "continuity.op_conflict": entry(
      (a) => `${a.path} is set twice in one delta: ${a.first}, then ${a.second}`,
      (a) => `\u540C\u4E00\u4E2A delta \u628A ${a.path} \u8BBE\u4E86\u4E24\u6B21\uFF1A\u5148\u662F ${a.first}\uFF0C\u540E\u662F ${a.second}`
    ),
    "continuity.op_conflict.fix": entry(
      (_) => "keep one set op per path: the value the chapter ends with",
      (_) => "\u6BCF\u4E2A\u8DEF\u5F84\u53EA\u4FDD\u7559\u4E00\u6761 set \u64CD\u4F5C\uFF1A\u672C\u7AE0\u7ED3\u675F\u65F6\u7684\u503C"
    ),
    "continuity.name_drift": entry(
      (a) => `${a.found} is one character away from ${a.name}, and no character is called ${a.found}`,
      (a) => `\u300C${a.found}\u300D\u4E0E\u300C${a.name}\u300D\u53EA\u5DEE\u4E00\u4E2A\u5B57\uFF0C\u800C\u4E66\u4E2D\u6CA1\u6709\u53EB\u300C${a.found}\u300D\u7684\u4EBA\u7269`
    ),
    "continuity.name_drift.fix": entry(
      (a) => `write ${a.name}, or add ${a.found} as a character or an alias`,
      (a) => `\u6539\u4E3A\u300C${a.name}\u300D\uFF1B\u82E5\u786E\u662F\u53E6\u4E00\u4EBA\uFF0C\u8BF7\u628A\u300C${a.found}\u300D\u5EFA\u4E3A\u4EBA\u7269\u6216\u522B\u540D`
    ),
    "continuity.foreshadow_reopened": entry(
      (a) => `foreshadowing ${a.id} is resolved, but the delta marks it ${a.action} again`,
      (a) => `\u4F0F\u7B14 ${a.id} \u5DF2\u56DE\u6536\uFF0Cdelta \u5374\u53C8\u8BB0\u4E3A ${a.action}`
    ),
    "continuity.bench.head": entry(
      (a) => `continuity bench: ${a.book}, ${a.chapters} chapter(s), seed ${a.seed}`,
      (a) => `\u8FDE\u7EED\u6027\u57FA\u51C6\uFF1A${a.book}\uFF0C\u5171 ${a.chapters} \u7AE0\uFF0C\u79CD\u5B50 ${a.seed}`
    ),
    "continuity.bench.columns": entry(
      (_) => "kind                 planted  found  false+  recall  precision",
      (_) => "\u7C7B\u578B                 \u690D\u5165     \u68C0\u51FA   \u8BEF\u62A5    \u53EC\u56DE    \u7CBE\u786E"
    ),
    "continuity.bench.clean": entry(
      (a) => `findings on the book as it is: ${a.n}`,
      (a) => `\u539F\u4E66\u672C\u8EAB\u7684\u53D1\u73B0\uFF1A${a.n} \u6761`
    ),
    "continuity.foreshadow_reopened.fix": entry(
      (a) => `plant a new foreshadowing item instead of reopening ${a.id}`,
      (a) => `\u53E6\u57CB\u4E00\u6761\u65B0\u4F0F\u7B14\uFF0C\u4E0D\u8981\u91CD\u5F00 ${a.id}`
    )
  }),
  // ---- status ----
  status: () => ({
    "status.where.chapter": entry(
      (a) => `chapter ${a.chapter}${a.position !== null ? ` (${a.position} of ${a.chapters} in volume ${a.volume}, chapters ${a.first}\u2013${a.last})` : a.chapters !== null ? ` (not in the volume ${a.volume} outline, which has ${a.chapters} chapters)` : ` (volume ${a.volume}: no outline yet)`}`,
      (a) => `\u7B2C${a.chapter}\u7AE0${a.position !== null ? `\uFF08\u7B2C${a.volume}\u5377\u5927\u7EB2\u7B2C ${a.position}/${a.chapters} \u7AE0\uFF0C\u7B2C${a.first}\u2013${a.last}\u7AE0\uFF09` : a.chapters !== null ? `\uFF08\u4E0D\u5728\u7B2C${a.volume}\u5377\u5927\u7EB2\u4E2D\uFF0C\u5927\u7EB2\u5171 ${a.chapters} \u7AE0\uFF09` : `\uFF08\u7B2C${a.volume}\u5377\uFF1A\u5C1A\u65E0\u5927\u7EB2\uFF09`}`
    ),
    "status.where.volume": entry(
      (a) => `volume ${a.volume}: ${a.doing === "done" ? "the planned book is complete" : a.doing === "recover" ? "an interrupted plan commit to finish" : a.doing === "setup" ? `setting up the book (${a.step})` : "planning"}`,
      (a) => `\u7B2C${a.volume}\u5377\uFF1A${a.doing === "done" ? "\u5168\u4E66\u6309\u8BA1\u5212\u5DF2\u5B8C\u7ED3" : a.doing === "recover" ? "\u6709\u4E2D\u65AD\u7684\u5377\u89C4\u5212\u5165\u5E93\u5F85\u5B8C\u6210" : a.doing === "setup" ? `\u65B0\u4E66\u8BBE\u5B9A\u4E2D\uFF08${a.step}\uFF09` : "\u89C4\u5212\u4E2D"}`
    ),
    "status.where.import": entry(
      (a) => `imported chapter ${a.chapter}: its catch-up summary`,
      (a) => `\u5BFC\u5165\u7684\u7B2C${a.chapter}\u7AE0\uFF1A\u8865\u5199\u6458\u8981`
    ),
    "status.committed": entry(
      (a) => `${a.n} chapter(s) committed`,
      (a) => `\u5DF2\u5165\u5E93 ${a.n} \u7AE0`
    ),
    "status.rung": entry(
      (a) => a.rung,
      (a) => RUNG_ZH[a.rung] ?? a.rung
    ),
    "status.action": entry(
      (a) => a.action,
      (a) => ACTION_NAMES[a.action]?.zh ?? a.action
    ),
    "status.note": entry(
      (a) => a.note,
      (a) => NOTE_ZH[a.note] ?? a.note
    ),
    "status.round": entry(
      (a) => `revision round: ${a.n} of ${a.max}`,
      (a) => `\u4FEE\u6539\u8F6E\u6B21\uFF1A${a.n} / ${a.max}`
    ),
    "status.gate": entry(
      (a) => `gate: ${a.decision} \u2014 ${a.reason}`,
      (a) => `\u95F8\u95E8\uFF1A${a.decision}\uFF08${a.reason}\uFF09`
    ),
    "status.lock.free": entry(
      (_) => "lock: free",
      (_) => "\u9501\uFF1A\u7A7A\u95F2"
    ),
    "status.lock.held": entry(
      (a) => `lock: held by ${a.holder}${a.stale ? ` \u2014 stale (${a.stale}); \`novel lock clear\` removes it` : ""}`,
      (a) => `\u9501\uFF1A\u88AB\u5360\u7528\uFF08${a.holder}\uFF09${a.stale ? `\uFF0C\u5DF2\u8FC7\u671F\uFF08${a.stale}\uFF09\uFF1B\`novel lock clear\` \u53EF\u6E05\u9664` : ""}`
    ),
    "status.why": entry(
      (a) => `why: ${a.reason}`,
      (a) => `\u539F\u56E0\uFF1A${a.reason}`
    ),
    "status.next": entry(
      (a) => `next: ${a.command}`,
      (a) => `\u4E0B\u4E00\u6B65\uFF1A${a.command}`
    ),
    "status.judge": entry(
      (_) => "the judge said (heaviest first):",
      (_) => "\u8BC4\u5BA1\u610F\u89C1\uFF08\u6309\u8F7B\u91CD\u6392\u5217\uFF09\uFF1A"
    ),
    "status.judge.kind": entry(
      (a) => ({ violation: "violation", fix: "required fix", dimension: "score" })[a.kind],
      (a) => ({ violation: "\u8FDD\u89C4", fix: "\u5FC5\u6539", dimension: "\u8BC4\u5206" })[a.kind]
    ),
    "status.judge.dimension": entry(
      (a) => `${a.name} ${a.score}: ${a.reason}`,
      (a) => `${DIMENSION_ZH[a.name] ?? a.name} ${a.score}\uFF1A${a.reason}`
    ),
    "status.boundary": entry(
      (a) => `the book's final trees changed outside novel (${a.list}); every other command refuses until this is fixed`,
      (a) => `\u4E66\u7A3F\u6587\u4EF6\u5728 novel \u4E4B\u5916\u88AB\u6539\u52A8\uFF08${a.list}\uFF09\uFF1B\u4FEE\u590D\u4E4B\u524D\u5176\u4ED6\u547D\u4EE4\u90FD\u4F1A\u62D2\u7EDD\u6267\u884C`
    ),
    "status.book": entry(
      (a) => `book: ${a.n} chapter(s) committed, \u5B57\u6570 ${a.zishu}${a.zishu >= 1e4 ? ` (${a.wan})` : ""}; spending on record for ${a.logs} chapter(s): ${a.input} input / ${a.output} output tokens, ${a.cost}`,
      (a) => `\u5168\u4E66\uFF1A\u5DF2\u5165\u5E93 ${a.n} \u7AE0\uFF0C\u5B57\u6570 ${a.wan}${a.zishu >= 1e4 ? `\uFF08${a.zishu} \u5B57\uFF09` : ""}\uFF1B\u6709\u82B1\u8D39\u8BB0\u5F55\u7684 ${a.logs} \u7AE0\uFF1A\u8F93\u5165 ${a.input} / \u8F93\u51FA ${a.output} tokens\uFF0C\u8D39\u7528 ${a.cost}`
    ),
    "status.book_unbuilt": entry(
      (a) => `book: ${a.n} chapter(s) committed; its totals (\u5B57\u6570, tokens, cost) are not built yet: run \`novel state verify --accept\` once (any mutating command builds them)`,
      (a) => `\u5168\u4E66\uFF1A\u5DF2\u5165\u5E93 ${a.n} \u7AE0\uFF1B\u5168\u4E66\u7EDF\u8BA1\uFF08\u5B57\u6570\u3001tokens\u3001\u8D39\u7528\uFF09\u5C1A\u672A\u5EFA\u7ACB\uFF1A\u8FD0\u884C\u4E00\u6B21 \`novel state verify --accept\`\uFF08\u4EFB\u4F55\u4F1A\u5199\u5165\u7684\u547D\u4EE4\u90FD\u4F1A\u5EFA\u7ACB\uFF09`
    ),
    "status.daily": entry(
      (a) => `today: ${a.zishu} of ${a.goal} \u5B57 (${a.percent}%)${a.met ? ", goal met" : ""}; streak: ${a.streak} day(s) at the goal`,
      (a) => `\u4ECA\u65E5\uFF1A${a.zishu} / ${a.goal} \u5B57\uFF08${a.percent}%\uFF09${a.met ? "\uFF0C\u5DF2\u8FBE\u6807" : ""}\uFF1B\u8FDE\u7EED\u8FBE\u6807 ${a.streak} \u5929`
    ),
    "status.dormant": entry(
      (a) => `foreshadowing: ${a.n} item(s) dormant (the next draft packet asks for a light touch: foreshadow_light_touch)`,
      (a) => `\u4F0F\u7B14\uFF1A${a.n} \u6761\u6C89\u5BC2\u5DF2\u4E45\uFF08\u4E0B\u4E00\u7AE0\u7684\u5199\u4F5C\u6307\u4EE4\u4F1A\u8981\u6C42\u8F7B\u89E6\uFF1Aforeshadow_light_touch\uFF09`
    )
  }),
  // ---- why the next step (novel next, status) ----
  next: () => ({
    "next.error_retry": entry(
      (a) => `the last run's executor failed here (orchestrator_state ERROR_RETRY; fix the cause, then \`novel run\` retries): ${a.reason}`,
      (a) => `\u4E0A\u6B21\u8FD0\u884C\u7684\u6267\u884C\u5668\u5728\u6B64\u5931\u8D25\uFF08ERROR_RETRY\uFF1B\u6392\u9664\u539F\u56E0\u540E \`novel run\` \u4F1A\u91CD\u8BD5\uFF09\uFF1A${a.reason}`
    ),
    "next.recover": entry(
      (a) => `an unfinished commit journal ${a.file} must be rolled forward first`,
      (a) => `\u6709\u672A\u5B8C\u6210\u7684\u5165\u5E93\u65E5\u5FD7 ${a.file}\uFF0C\u987B\u5148\u5B8C\u6210\u5165\u5E93`
    ),
    "next.recover.rewind": entry(
      (a) => `an interrupted rewind to before chapter ${a.chapter} must be rolled forward first (its journal ${a.file})`,
      (a) => `\u6709\u4E00\u6B21\u4E2D\u65AD\u7684\u56DE\u9000\uFF08\u56DE\u5230\u7B2C${a.chapter}\u7AE0\u4E4B\u524D\uFF09\u987B\u5148\u8865\u5B8C\uFF08\u56DE\u9000\u65E5\u5FD7 ${a.file}\uFF09`
    ),
    "next.complete": entry(
      (a) => `the planned book is written: chapter ${a.last} of ${a.total} is committed (config book_chapters)`,
      (a) => `\u5168\u4E66\u6309\u8BA1\u5212\u5199\u5B8C\uFF1A\u7B2C${a.last}\u7AE0\uFF08\u5171 ${a.total} \u7AE0\uFF09\u5DF2\u5165\u5E93\uFF08book_chapters\uFF09`
    ),
    "next.plan_ready": entry(
      (a) => `the plan of volume ${a.volume} (chapters ${a.first}\u2013${a.last}) is staged and valid: commit it into ${a.dir}/`,
      (a) => `\u7B2C${a.volume}\u5377\uFF08\u7B2C${a.first}\u2013${a.last}\u7AE0\uFF09\u7684\u89C4\u5212\u5DF2\u5C31\u7EEA\u4E14\u6709\u6548\uFF1A\u5165\u5E93\u5230 ${a.dir}/`
    ),
    "next.plan_invalid": entry(
      (a) => `the staged plan of volume ${a.volume} does not validate (see \`novel validate ${a.step}\`): run the plot-architect again`,
      (a) => `\u7B2C${a.volume}\u5377\u7684\u6682\u5B58\u7684\u89C4\u5212\u672A\u901A\u8FC7\u6821\u9A8C\uFF08\u89C1 \`novel validate ${a.step}\`\uFF09\uFF1A\u8BF7\u91CD\u65B0\u8FD0\u884C plot-architect`
    ),
    "next.setup": entry(
      (a) => `the book is set up first (${a.step}): run the ${a.agent} to ${a.what}`,
      (a) => `\u5148\u4E3A\u65B0\u4E66\u505A\u8BBE\u5B9A\uFF08${a.step}\uFF09\uFF1A\u8BF7\u8FD0\u884C ${a.agent}${a.what === "build the world and the storylines" ? "\uFF0C\u5EFA\u7ACB\u4E16\u754C\u89C2\u4E0E\u6545\u4E8B\u7EBF" : a.what === "weave the cast" ? "\uFF0C\u7F16\u7EC7\u4EBA\u7269" : "\uFF0C\u4ECE samples/ \u63D0\u70BC\u6587\u98CE"}`
    ),
    "next.setup_ready": entry(
      (a) => `the staged files of ${a.step} are valid: move them into place`,
      (a) => `${a.step} \u7684\u6682\u5B58\u6587\u4EF6\u6709\u6548\uFF1A\u79FB\u5165\u4F5C\u54C1`
    ),
    "next.setup_invalid": entry(
      (a) => `the staged files of ${a.step} do not validate (see \`novel validate ${a.step}\`): run the ${a.agent} again`,
      (a) => `${a.step} \u7684\u6682\u5B58\u6587\u4EF6\u672A\u901A\u8FC7\u6821\u9A8C\uFF08\u89C1 \`novel validate ${a.step}\`\uFF09\uFF1A\u8BF7\u91CD\u65B0\u8FD0\u884C ${a.agent}`
    ),
    "next.import_summarize": entry(
      (a) => `imported chapter ${a.chapter} of ${a.total} needs its catch-up summary: run the summarizer on it`,
      (a) => `\u5BFC\u5165\u7684\u7B2C${a.chapter}\u7AE0\uFF08\u5171${a.total}\u7AE0\uFF09\u9700\u8981\u8865\u5199\u6458\u8981\uFF1A\u8BF7\u8FD0\u884C summarizer`
    ),
    "next.import_advance": entry(
      (_) => "the catch-up summary is staged and valid: advance it",
      (_) => "\u8865\u5199\u7684\u6458\u8981\u5DF2\u5C31\u7EEA\u4E14\u6709\u6548\uFF1A\u8BF7\u63A8\u8FDB"
    ),
    "next.import_commit": entry(
      (a) => `the catch-up summary of imported chapter ${a.chapter} is advanced: commit it (the imported text stays as it is)`,
      (a) => `\u5BFC\u5165\u7684\u7B2C${a.chapter}\u7AE0\u7684\u8865\u5199\u6458\u8981\u5DF2\u63A8\u8FDB\uFF1A\u8BF7\u5165\u5E93\uFF08\u5BFC\u5165\u7684\u6B63\u6587\u4FDD\u6301\u4E0D\u53D8\uFF09`
    ),
    "next.plan": entry(
      (a) => `volume ${a.volume} is to be planned: run the plot-architect for chapters ${a.first}\u2013${a.last}${a.noStyle ? " (book:style was skipped: samples/ holds no text; put sample chapters there to have a style profile drawn first)" : ""}`,
      (a) => `\u7B2C${a.volume}\u5377\u5F85\u89C4\u5212\uFF1A\u8BF7\u8FD0\u884C plot-architect \u89C4\u5212\u7B2C${a.first}\u2013${a.last}\u7AE0\u7684\u5927\u7EB2${a.noStyle ? "\uFF08\u5DF2\u8DF3\u8FC7 book:style\uFF1Asamples/ \u4E2D\u6CA1\u6709\u6587\u672C\uFF1B\u653E\u5165\u6837\u7AE0\u5373\u53EF\u5148\u63D0\u70BC\u6587\u98CE\u6863\u6848\uFF09" : ""}`
    ),
    "next.commit": entry(
      (a) => a.gate ? `the gate allows the commit: ${a.gate}` : "the gate allows the commit",
      (a) => a.gate ? `\u95F8\u95E8\u653E\u884C\uFF0C\u53EF\u4EE5\u5165\u5E93\uFF1A${a.gate}` : "\u95F8\u95E8\u653E\u884C\uFF0C\u53EF\u4EE5\u5165\u5E93"
    ),
    "next.review": entry(
      (a) => a.gate ? `paused for the author: ${a.gate}` : "paused for the author",
      (a) => a.gate ? `\u6682\u505C\uFF0C\u7B49\u5F85\u4F5C\u8005\u51B3\u5B9A\uFF1A${a.gate}` : "\u6682\u505C\uFF0C\u7B49\u5F85\u4F5C\u8005\u51B3\u5B9A"
    ),
    "next.interrupted": entry(
      (a) => `an execution of ${a.step} (attempt ${a.attempt}) by \`novel run\` was interrupted: its outputs may be partial and are not reused; the step runs again (\`novel run\` moves them to staging/revisions/\u2026/interrupted-K/ first), or \`novel advance ${a.step}\` records them if you checked them`,
      (a) => `\`novel run\` \u5BF9 ${a.step} \u7684\u7B2C ${a.attempt} \u6B21\u6267\u884C\u88AB\u4E2D\u65AD\uFF1A\u4EA7\u51FA\u53EF\u80FD\u4E0D\u5B8C\u6574\uFF0C\u4E0D\u4F1A\u590D\u7528\uFF1B\u8FD9\u4E00\u6B65\u5C06\u91CD\u8DD1\uFF08\`novel run\` \u5148\u628A\u5B83\u4EEC\u79FB\u5230 staging/revisions/\u2026/interrupted-K/\uFF09\uFF0C\u82E5\u4F60\u5DF2\u68C0\u67E5\u65E0\u8BEF\uFF0C\u4E5F\u53EF\u7528 \`novel advance ${a.step}\` \u767B\u8BB0`
    ),
    "next.running": entry(
      (a) => `\`novel run\` is executing ${a.step} now (attempt ${a.attempt}): it checks and records what the step writes when the step ends; nothing to do by hand (\`novel serve\` shows it live)`,
      (a) => `\`novel run\` \u6B63\u5728\u6267\u884C ${a.step}\uFF08\u7B2C ${a.attempt} \u6B21\uFF09\uFF1A\u8FD9\u4E00\u6B65\u7ED3\u675F\u65F6\u7531\u5B83\u68C0\u67E5\u5E76\u767B\u8BB0\u4EA7\u51FA\uFF0C\u65E0\u9700\u624B\u52A8\u64CD\u4F5C\uFF08\`novel serve\` \u53EF\u5B9E\u65F6\u67E5\u770B\uFF09`
    ),
    "next.advance": entry(
      (a) => a.draftLost ? `the staged chapter replaced the one recorded at the draft advance${a.mode}: record it as the draft` : `the ${a.who} outputs${a.mode} are present, new and valid: record them`,
      (a) => a.draftLost ? `\u6682\u5B58\u7684\u7AE0\u8282\u5DF2\u66FF\u6362\u8D77\u8349\u767B\u8BB0\u65F6\u7684\u7248\u672C${modeZh(a.mode)}\uFF1A\u767B\u8BB0\u4E3A\u65B0\u8349\u7A3F` : `${a.who} \u7684\u4EA7\u51FA${modeZh(a.mode)}\u5DF2\u5C31\u7EEA\u3001\u662F\u65B0\u7684\u4E14\u6709\u6548\uFF1A\u767B\u8BB0\u5B83\u4EEC`
    ),
    "next.execute": entry(
      (a) => a.why === "lost" ? `the drafted chapter is missing from staging or was replaced since its advance: draft it again${a.mode}` : a.why === "missing" ? `run the ${a.who}${a.mode}` : a.why === "invalid" ? `the ${a.who} outputs${a.mode} do not validate: run it again (see \`novel validate ${a.step}\`)` : `the ${a.who} outputs${a.mode} are unchanged since the last advance: run it${a.refine ? " (a refine that changes nothing counts once it writes a fresh change log)" : ""}`,
      (a) => a.why === "lost" ? `\u8D77\u8349\u767B\u8BB0\u540E\u7684\u7AE0\u8282\u5728\u6682\u5B58\u533A\u4E22\u5931\u6216\u88AB\u66FF\u6362\uFF1A\u8BF7\u91CD\u65B0\u8D77\u8349${modeZh(a.mode)}` : a.why === "missing" ? `\u8BF7\u8FD0\u884C ${a.who}${modeZh(a.mode)}` : a.why === "invalid" ? `${a.who} \u7684\u4EA7\u51FA${modeZh(a.mode)}\u672A\u901A\u8FC7\u6821\u9A8C\uFF1A\u8BF7\u91CD\u8DD1\uFF08\u89C1 \`novel validate ${a.step}\`\uFF09` : `${a.who} \u7684\u4EA7\u51FA${modeZh(a.mode)}\u81EA\u4E0A\u6B21\u767B\u8BB0\u540E\u6CA1\u6709\u53D8\u5316\uFF1A\u8BF7\u8FD0\u884C\u5B83${a.refine ? "\uFF08\u6DA6\u8272\u82E5\u786E\u5B9E\u65E0\u9700\u6539\u52A8\uFF0C\u5199\u4E00\u4EFD\u65B0\u7684\u4FEE\u6539\u8BB0\u5F55\u5373\u53EF\uFF09" : ""}`
    )
  }),
  // ---- advance, decide, validate, commit: what was done ----
  done: () => ({
    "done.setup.head": entry(
      (a) => `${a.dry ? "would commit" : "committed"} the setup step ${a.step}:`,
      (a) => `${a.dry ? "\u5C06\u5165\u5E93" : "\u5DF2\u5165\u5E93"}\u8BBE\u5B9A\u6B65\u9AA4 ${a.step}\uFF1A`
    ),
    "done.setup.recovered": entry(
      (_) => "the interrupted setup commit was rolled forward",
      (_) => "\u4E2D\u65AD\u7684\u8BBE\u5B9A\u5165\u5E93\u5DF2\u5B8C\u6210"
    ),
    "done.advanced": entry(
      (a) => `advanced ${a.step}: ${a.from} \u2192 ${a.to}`,
      (a) => `\u5DF2\u767B\u8BB0 ${a.step}\uFF1A${a.from} \u2192 ${a.to}`
    ),
    "done.decided": entry(
      (a) => `chapter ${a.chapter}: ${a.decision} (${a.from} \u2192 ${a.to})`,
      (a) => `\u7B2C${a.chapter}\u7AE0\uFF1A${{ accept: "\u63A5\u53D7", revise: "\u4FEE\u6539", rewrite: "\u91CD\u5199" }[a.decision] ?? a.decision}\uFF08${a.from} \u2192 ${a.to}\uFF09`
    ),
    "done.archived": entry(
      (a) => `archived ${a.n} file(s) to ${a.dir}/`,
      (a) => `\u5DF2\u628A ${a.n} \u4E2A\u6587\u4EF6\u5F52\u6863\u5230 ${a.dir}/`
    ),
    "done.next": entry(
      (a) => `next: ${a.step} (${a.action})`,
      (a) => `\u4E0B\u4E00\u6B65\uFF1A${a.step}\uFF08${ACTION_NAMES[a.action]?.zh ?? a.action}\uFF09`
    ),
    "done.rolled_forward": entry(
      (a) => `rolled forward an unfinished commit (${a.kind} ${a.n}) first`,
      (a) => `\u5148\u8865\u5B8C\u4E86\u4E00\u6B21\u672A\u5B8C\u6210\u7684\u5165\u5E93\uFF08${a.kind === "volume" ? `\u7B2C${a.n}\u5377` : `\u7B2C${a.n}\u7AE0`}\uFF09`
    ),
    "done.valid": entry(
      (a) => `${a.step}: valid`,
      (a) => `${a.step}\uFF1A\u6821\u9A8C\u901A\u8FC7`
    ),
    "done.valid.plan": entry(
      (a) => `${a.step}: valid (chapters ${a.first}\u2013${a.last})`,
      (a) => `${a.step}\uFF1A\u6821\u9A8C\u901A\u8FC7\uFF08\u7B2C${a.first}\u2013${a.last}\u7AE0\uFF09`
    ),
    "done.output": entry(
      (a) => `  ${a.path}${a.unchanged ? " (unchanged since the last advance)" : ""}`,
      (a) => `  ${a.path}${a.unchanged ? "\uFF08\u81EA\u4E0A\u6B21\u767B\u8BB0\u540E\u672A\u53D8\uFF09" : ""}`
    ),
    "done.commit.head": entry(
      (a) => `${a.dry ? "would commit" : "committed"} chapter ${a.chapter}:`,
      (a) => `${a.dry ? "\u5C06\u5165\u5E93" : "\u5DF2\u5165\u5E93"}\u7B2C${a.chapter}\u7AE0\uFF1A`
    ),
    "done.commit.ops": entry(
      (a) => `  state ops: ${a.applied} applied, ${a.dropped} dropped`,
      (a) => `  \u72B6\u6001\u64CD\u4F5C\uFF1A\u5E94\u7528 ${a.applied} \u6761\uFF0C\u4E22\u5F03 ${a.dropped} \u6761`
    ),
    "done.commit.recovered": entry(
      (a) => `chapter ${a.chapter}: an interrupted commit was rolled forward; the chapter is committed`,
      (a) => `\u7B2C${a.chapter}\u7AE0\uFF1A\u8865\u5B8C\u4E86\u4E00\u6B21\u4E2D\u65AD\u7684\u5165\u5E93\uFF0C\u672C\u7AE0\u5DF2\u5165\u5E93`
    ),
    "done.plan.recovered": entry(
      (a) => `volume ${a.volume}: an interrupted plan commit was rolled forward`,
      (a) => `\u7B2C${a.volume}\u5377\uFF1A\u8865\u5B8C\u4E86\u4E00\u6B21\u4E2D\u65AD\u7684\u89C4\u5212\u5165\u5E93`
    )
  }),
  // ---- lint ----
  lint: () => ({
    "lint.head": entry(
      (a) => `lint: ${a.zishu} \u5B57, ${a.hard} hard, ${a.soft} soft, ${a.warn} warn; AI flavour ${Number(a.ai).toFixed(2)}; AI clich\xE9s ${a.perK} per 1,000 \u5B57`,
      (a) => `\u68C0\u67E5\uFF1A${a.zishu} \u5B57\uFF0C\u786C\u4F24 ${a.hard}\uFF0C\u63D0\u793A ${a.soft}\uFF0C\u7559\u610F ${a.warn}\uFF1BAI\u5473 ${Number(a.ai).toFixed(2)}\uFF1BAI \u5957\u8BDD\u6BCF\u5343\u5B57 ${a.perK} \u5904`
    ),
    "lint.report.head": entry(
      (a) => `chapter ${a.chapter} (${a.source}): ${a.zishu} \u5B57, ${a.paragraphs} paragraph(s), ${a.sentences} sentence(s); AI flavour ${Number(a.ai).toFixed(2)}; AI clich\xE9s ${a.hits} (${a.perK} per 1,000 \u5B57), dialogue ${a.dialogue}%`,
      (a) => `\u7B2C${a.chapter}\u7AE0\uFF08${a.source === "staging" ? "\u6682\u5B58\u533A" : a.source === "chapters" ? "\u5DF2\u5165\u5E93" : a.source === "file" ? "\u6587\u4EF6" : a.source}\uFF09\uFF1A${a.zishu} \u5B57\uFF0C${a.paragraphs} \u6BB5\uFF0C${a.sentences} \u53E5\uFF1BAI\u5473 ${Number(a.ai).toFixed(2)}\uFF1BAI \u5957\u8BDD ${a.hits} \u5904\uFF08\u6BCF\u5343\u5B57 ${a.perK} \u5904\uFF09\uFF0C\u5BF9\u767D\u5360 ${a.dialogue}%`
    ),
    "lint.finding": entry(
      (a) => `${a.severity.padEnd(4)} ${a.rule}${a.line ? ` (line ${a.line})` : ""}: ${a.message}${a.excerpt ? ` \u2014 ${a.excerpt}` : ""}`,
      (a) => `${{ hard: "\u786C\u4F24", soft: "\u63D0\u793A", warn: "\u7559\u610F" }[a.severity] ?? a.severity} ${a.rule}${a.line ? `\uFF08\u7B2C ${a.line} \u884C\uFF09` : ""}\uFF1A${a.message}${a.excerpt ? ` \u2014\u2014 ${a.excerpt}` : ""}`
    ),
    "lint.fix": entry(
      (a) => `     fix: ${a.fix}`,
      (a) => `     \u6539\u6CD5\uFF1A${a.fix}`
    ),
    "lint.none": entry(
      (_) => "no findings",
      (_) => "\u6CA1\u6709\u53D1\u73B0\u95EE\u9898"
    )
  }),
  // ---- novel chapters ----
  chapters: () => ({
    "chapters.head": entry(
      (_) => "chapter  \u5B57\u6570    \u6C49\u5B57    overall  gate              revisions  hard/soft  \u5957\u8BDD/\u5343\u5B57  hook  tokens    cost      time     title",
      (_) => "   \u7AE0\u8282  \u5B57\u6570    \u6C49\u5B57       \u603B\u5206  \u95F8\u95E8              \u4FEE\u6539\u8F6E\u6B21   \u786C\u4F24/\u63D0\u793A  \u5957\u8BDD/\u5343\u5B57  \u94A9\u5B50  tokens    \u8D39\u7528      \u7528\u65F6     \u7AE0\u540D"
    ),
    "chapters.total": entry(
      (_) => "  total",
      (_) => "   \u5408\u8BA1"
    ),
    "chapters.count": entry(
      (a) => `${a.n} chapter(s)`,
      (a) => `\u5171 ${a.n} \u7AE0`
    )
  }),
  // ---- novel init ----
  init: () => ({
    "init.created": entry(
      (a) => `created a novel project in ${a.dir}`,
      (a) => `\u5DF2\u65B0\u5EFA novel \u9879\u76EE\uFF1A${a.dir}`
    ),
    "init.kept": entry(
      (a) => `  = ${a.file} (kept as it was)`,
      (a) => `  = ${a.file}\uFF08\u4FDD\u7559\u539F\u6837\uFF09`
    ),
    "init.ask.title": entry(
      (_) => "Title of the book: ",
      (_) => "\u4E66\u540D\uFF1A"
    ),
    "init.ask.author": entry(
      (_) => "Author (pen name): ",
      (_) => "\u4F5C\u8005\uFF08\u7B14\u540D\uFF09\uFF1A"
    ),
    "init.ask.blurb": entry(
      (_) => "Blurb (\u7B80\u4ECB, Enter to skip): ",
      (_) => "\u7B80\u4ECB\uFF08\u53EF\u56DE\u8F66\u8DF3\u8FC7\uFF09\uFF1A"
    ),
    "init.no_book": entry(
      (_) => "book.json not written: no title and author were given (exports say \u300A\u672A\u547D\u540D\u300B by \u4F5A\u540D until then); write it, or run `novel init --title T --author A` on a terminal next time",
      (_) => "\u672A\u5199 book.json\uFF1A\u6CA1\u6709\u7ED9\u51FA\u4E66\u540D\u548C\u4F5C\u8005\uFF08\u5728\u6B64\u4E4B\u524D\u5BFC\u51FA\u663E\u793A\u300A\u672A\u547D\u540D\u300B\u3001\u4F5A\u540D\uFF09\uFF1B\u8BF7\u624B\u5199\u5B83\uFF0C\u6216\u4E0B\u6B21\u7528 `novel init --title \u4E66\u540D --author \u4F5C\u8005`"
    ),
    "init.next": entry(
      (a) => `next: ${a.step} (\`${a.command}\`)`,
      (a) => `\u4E0B\u4E00\u6B65\uFF1A${a.step}\uFF08\`${a.command}\`\uFF09`
    )
  }),
  // ---- the lock ----
  lock: () => ({
    "lock.free": entry(
      (_) => "lock: free",
      (_) => "\u9501\uFF1A\u7A7A\u95F2"
    ),
    "lock.held": entry(
      (a) => `lock: held${a.stale ? ` (stale: ${a.stale})` : ""} by ${a.holder ?? "an unknown tool (no readable info.json)"}`,
      (a) => `\u9501\uFF1A\u88AB\u5360\u7528${a.stale ? `\uFF08\u5DF2\u8FC7\u671F\uFF1A${a.stale}\uFF09` : ""}\uFF0C\u6301\u6709\u8005\uFF1A${a.holder ?? "\u672A\u77E5\u5DE5\u5177\uFF08\u6CA1\u6709\u53EF\u8BFB\u7684 info.json\uFF09"}`
    )
  }),
  // ---- novel state verify ----
  verify: () => ({
    "verify.fix_recorded": entry(
      (a) => `state: your fix of ${a.state} is recorded in ${a.log} (an accepted-state line); replay and \`novel state rebuild\` keep it`,
      (a) => `\u72B6\u6001\uFF1A\u4F60\u5BF9 ${a.state} \u7684\u4FEE\u6539\u5DF2\u8BB0\u5165 ${a.log}\uFF08\u4E00\u884C accepted-state\uFF09\uFF1B\u91CD\u653E\u4E0E \`novel state rebuild\` \u90FD\u4F1A\u4FDD\u7559\u5B83`
    ),
    "verify.consistent": entry(
      (a) => `state: consistent with the changelog (${a.n} line(s))`,
      (a) => `\u72B6\u6001\uFF1A\u4E0E\u53D8\u66F4\u65E5\u5FD7\u4E00\u81F4\uFF08${a.n} \u884C\uFF09`
    ),
    "verify.diverges": entry(
      (a) => `state: DIVERGES from the changelog at ${a.n} path(s); first divergent chapter: ${a.first}`,
      (a) => `\u72B6\u6001\uFF1A\u4E0E\u53D8\u66F4\u65E5\u5FD7\u5728 ${a.n} \u5904\u4E0D\u4E00\u81F4\uFF1B\u6700\u65E9\u5206\u6B67\u7AE0\uFF1A${a.first}`
    ),
    "verify.no_fingerprint": entry(
      (a) => `files: no fingerprint is recorded yet${a.accepted ? " (recorded now)" : "; the next mutating command records one"}: the state alone is judged`,
      (a) => `\u6587\u4EF6\uFF1A\u5C1A\u672A\u8BB0\u5F55\u6307\u7EB9${a.accepted ? "\uFF08\u73B0\u5DF2\u8BB0\u5F55\uFF09" : "\uFF1B\u4E0B\u4E00\u4E2A\u5199\u5165\u547D\u4EE4\u4F1A\u8BB0\u5F55"}\uFF1A\u53EA\u68C0\u67E5\u4E86\u72B6\u6001`
    ),
    "verify.files_differ": entry(
      (a) => `files: ${a.n} differ from the fingerprint${a.accepted ? " (accepted: recorded as the new fingerprint)" : ""}`,
      (a) => `\u6587\u4EF6\uFF1A${a.n} \u4E2A\u4E0E\u6307\u7EB9\u4E0D\u7B26${a.accepted ? "\uFF08\u5DF2\u63A5\u53D7\uFF1A\u8BB0\u4E3A\u65B0\u6307\u7EB9\uFF09" : ""}`
    ),
    "verify.files_match": entry(
      (_) => "files: every file matches the fingerprint",
      (_) => "\u6587\u4EF6\uFF1A\u5168\u90E8\u4E0E\u6307\u7EB9\u4E00\u81F4"
    ),
    "verify.hint": entry(
      (a) => `hint: ${a.hint}`,
      (a) => `\u63D0\u793A\uFF1A${a.hint}`
    )
  }),
  // ---- novel rewind ----
  rewind: () => ({
    "rewind.head": entry(
      (a) => `${a.dry ? "would rewind" : "rewound"} to before chapter ${a.chapter}: ${a.n} chapter(s) moved to ${a.folder}/`,
      (a) => `${a.dry ? "\u5C06\u56DE\u9000" : "\u5DF2\u56DE\u9000"}\u5230\u7B2C${a.chapter}\u7AE0\u4E4B\u524D\uFF1A${a.n} \u7AE0\u79FB\u5230 ${a.folder}/`
    ),
    "rewind.restored": entry(
      (a) => `  restored ${a.file} as it was after the chapter before`,
      (a) => `  \u5DF2\u628A ${a.file} \u6062\u590D\u4E3A\u524D\u4E00\u7AE0\u5165\u5E93\u540E\u7684\u6837\u5B50`
    ),
    "rewind.changelog": entry(
      (a) => `  changelog: ${a.n} line(s) cut (kept in the rewind folder)`,
      (a) => `  \u53D8\u66F4\u65E5\u5FD7\uFF1A\u622A\u53BB ${a.n} \u884C\uFF08\u4FDD\u5B58\u5728\u56DE\u9000\u76EE\u5F55\u4E2D\uFF09`
    ),
    "rewind.nothing": entry(
      (a) => `nothing to rewind: no chapter from ${a.chapter} on is committed, and nothing of it is staged (no folder was made)`,
      (a) => `\u65E0\u53EF\u56DE\u9000\uFF1A\u7B2C${a.chapter}\u7AE0\u53CA\u4EE5\u540E\u6CA1\u6709\u5DF2\u5165\u5E93\u7684\u7AE0\u8282\uFF0C\u6682\u5B58\u533A\u4E5F\u6CA1\u6709\u5B83\u7684\u6587\u4EF6\uFF08\u672A\u5EFA\u4EFB\u4F55\u76EE\u5F55\uFF09`
    ),
    "rewind.recovered": entry(
      (a) => `an interrupted rewind to before chapter ${a.chapter} was rolled forward`,
      (a) => `\u8865\u5B8C\u4E86\u4E00\u6B21\u4E2D\u65AD\u7684\u56DE\u9000\uFF08\u56DE\u5230\u7B2C${a.chapter}\u7AE0\u4E4B\u524D\uFF09`
    )
  }),
  // ---- novel import ----
  import: () => ({
    "import.done": entry(
      (a) => `imported ${a.n} chapter(s) into ${a.root}${a.created ? " (a new project)" : ""}: ${a.encoding}, \u5B57\u6570 ${a.zishu}`,
      (a) => `\u5DF2\u5BFC\u5165 ${a.n} \u7AE0\u5230 ${a.root}${a.created ? "\uFF08\u65B0\u9879\u76EE\uFF09" : ""}\uFF1A\u7F16\u7801 ${a.encoding}\uFF0C\u5B57\u6570 ${a.zishu}`
    ),
    "import.range": entry(
      (a) => `  from "${a.first}" to "${a.last}"`,
      (a) => `  \u4ECE\u300C${a.first}\u300D\u5230\u300C${a.last}\u300D`
    ),
    "import.preface": entry(
      (a) => `  ${a.n} line(s) before the first chapter heading were not imported (a preface or a blurb)`,
      (a) => `  \u7B2C\u4E00\u7AE0\u4E4B\u524D\u7684 ${a.n} \u884C\u672A\u5BFC\u5165\uFF08\u5E8F\u8A00\u6216\u7B80\u4ECB\uFF09`
    ),
    "import.skipped": entry(
      (a) => `  ${a.n} line(s) looked like chapter headings but were kept as prose (check them):`,
      (a) => `  ${a.n} \u884C\u50CF\u7AE0\u8282\u6807\u9898\uFF0C\u6309\u6B63\u6587\u4FDD\u7559\uFF08\u8BF7\u6838\u5BF9\uFF09\uFF1A`
    ),
    "import.heading_like": entry(
      (_) => " (a heading's look, not a heading: \u7B2CN\u7AE0 then a space and the title makes one)",
      (_) => "\uFF08\u5F62\u4F3C\u6807\u9898\u800C\u975E\u6807\u9898\uFF1A\u7B2CN\u7AE0\u540E\u7A7A\u4E00\u683C\u518D\u5199\u6807\u9898\u624D\u7B97\uFF09"
    ),
    "import.book": entry(
      (a) => `  book.json: \u300A${a.title}\u300B${a.author ? ` by ${a.author}` : " (no \u4F5C\u8005 line: \u4F5A\u540D)"}${a.blurb ? ", with its \u7B80\u4ECB" : ""}`,
      (a) => `  book.json\uFF1A\u300A${a.title}\u300B${a.author ? `\uFF0C\u4F5C\u8005 ${a.author}` : "\uFF08\u6CA1\u6709\u201C\u4F5C\u8005\uFF1A\u201D\u884C\uFF1A\u4F5A\u540D\uFF09"}${a.blurb ? "\uFF0C\u542B\u7B80\u4ECB" : ""}`
    ),
    "import.volume": entry(
      (a) => `  volume ${a.volume}${a.title ? ` \u300C${a.title}\u300D` : ""}: chapters ${a.first}\u2013${a.last}`,
      (a) => `  \u7B2C${a.volume}\u5377${a.title ? `\u300C${a.title}\u300D` : ""}\uFF1A\u7B2C${a.first}\u2013${a.last}\u7AE0`
    ),
    "import.next": entry(
      (a) => `next: novel next (volume ${a.volume} is planned from the chapter after the last imported one); the report: logs/import-report.json`,
      (a) => `\u4E0B\u4E00\u6B65\uFF1Anovel next\uFF08\u4ECE\u5BFC\u5165\u7684\u6700\u540E\u4E00\u7AE0\u4E4B\u540E\u89C4\u5212\u7B2C${a.volume}\u5377\uFF09\uFF1B\u5BFC\u5165\u62A5\u544A\uFF1Alogs/import-report.json`
    )
  }),
  // ---- novel serve ----
  serve: () => ({
    "serve.listening": entry(
      (a) => `serving the book read-only at ${a.url} (Ctrl-C stops)`,
      (a) => `\u53EA\u8BFB\u4EEA\u8868\u76D8\u5DF2\u542F\u52A8\uFF1A${a.url}\uFF08Ctrl-C \u505C\u6B62\uFF09`
    ),
    "serve.stopped": entry(
      (_) => "stopped serving",
      (_) => "\u4EEA\u8868\u76D8\u5DF2\u505C\u6B62"
    )
  }),
  // ---- the executors' box (PROTOCOL §17): a run's first line, status, doctor ----
  box: () => ({
    "box.on": entry(
      (a) => `box: on (bubblewrap ${a.detail}): executors may write staging/ only, and nothing outlives its step`,
      (a) => `\u6C99\u7BB1\uFF1A\u5DF2\u542F\u7528\uFF08bubblewrap ${a.detail}\uFF09\uFF1A\u6267\u884C\u5668\u53EA\u80FD\u5199 staging/\uFF0C\u6B65\u9AA4\u7ED3\u675F\u65F6\u5176\u8FDB\u7A0B\u5168\u90E8\u7ED3\u675F`
    ),
    "box.off": entry(
      (_) => 'box: off (executor.sandbox is "off"): executors run with all of your rights; the step guard only detects',
      (_) => '\u6C99\u7BB1\uFF1A\u5DF2\u5173\u95ED\uFF08executor.sandbox \u4E3A "off"\uFF09\uFF1A\u6267\u884C\u5668\u62E5\u6709\u4F60\u7684\u5168\u90E8\u6743\u9650\uFF0C\u53EA\u6709\u6B65\u9AA4\u5B88\u536B\u4E8B\u540E\u68C0\u67E5'
    ),
    "box.unavailable": entry(
      (a) => `box: unavailable (${a.detail}): executors run with all of your rights; the step guard only detects`,
      (a) => `\u6C99\u7BB1\uFF1A\u4E0D\u53EF\u7528\uFF08${a.detail}\uFF09\uFF1A\u6267\u884C\u5668\u62E5\u6709\u4F60\u7684\u5168\u90E8\u6743\u9650\uFF0C\u53EA\u6709\u6B65\u9AA4\u5B88\u536B\u4E8B\u540E\u68C0\u67E5`
    ),
    "box.required": entry(
      (a) => `box: required but unavailable (${a.detail}): \`novel run\` with an executor refuses`,
      (a) => `\u6C99\u7BB1\uFF1A\u8981\u6C42\u542F\u7528\u4F46\u4E0D\u53EF\u7528\uFF08${a.detail}\uFF09\uFF1Anovel run \u4F1A\u62D2\u7EDD\u542F\u52A8\u6267\u884C\u5668`
    ),
    "box.demo": entry(
      (_) => "box: not needed (the demo executor is novel itself, writing staging/ only)",
      (_) => "\u6C99\u7BB1\uFF1A\u4E0D\u9700\u8981\uFF08\u6F14\u793A\u6267\u884C\u5668\u5C31\u662F novel \u672C\u8EAB\uFF0C\u53EA\u5199 staging/\uFF09"
    )
  }),
  // ---- novel run ----
  run: () => ({
    "run.executor": entry(
      (a) => `executor: ${a.executor}${a.model ? ` (model ${a.model})` : ""}`,
      (a) => `\u6267\u884C\u5668\uFF1A${a.executor}${a.model ? `\uFF08\u6A21\u578B ${a.model}\uFF09` : ""}`
    ),
    "run.execute": entry(
      (a) => `\u2026 ${a.step}: ${a.agent} (${a.mode})${a.attempt > 1 ? `, attempt ${a.attempt}` : ""}${a.packet ? ` \u2014 packet ${a.packet}` : ""}`,
      (a) => `\u2026 ${a.step}\uFF1A${a.agent}\uFF08${a.mode}\uFF09${a.attempt > 1 ? `\uFF0C\u7B2C ${a.attempt} \u6B21\u5C1D\u8BD5` : ""}${a.packet ? `\uFF0C\u6307\u4EE4\u5305 ${a.packet}` : ""}`
    ),
    "run.advanced": entry(
      (a) => `\u2713 ${a.step} \u2192 ${a.to}${a.gate ? ` (gate ${a.gate}, overall ${a.overall})` : ""}`,
      (a) => `\u2713 ${a.step} \u2192 ${a.to}${a.gate ? `\uFF08\u95F8\u95E8 ${a.gate}\uFF0C\u603B\u5206 ${a.overall}\uFF09` : ""}`
    ),
    "run.lint": entry(
      (a) => `  lint: ${a.zishu} \u5B57, AI flavour ${Number(a.ai).toFixed(2)}, AI clich\xE9s ${a.perK} per 1,000 \u5B57${a.hard ? `; hard: ${a.hard}` : ""}${a.soft ? `; soft: ${a.soft}` : ""}${a.hard || a.soft ? "" : "; clean"}`,
      (a) => `  \u68C0\u67E5\uFF1A${a.zishu} \u5B57\uFF0CAI\u5473 ${Number(a.ai).toFixed(2)}\uFF0CAI \u5957\u8BDD\u6BCF\u5343\u5B57 ${a.perK} \u5904${a.hard ? `\uFF1B\u786C\u4F24\uFF1A${a.hard}` : ""}${a.soft ? `\uFF1B\u63D0\u793A\uFF1A${a.soft}` : ""}${a.hard || a.soft ? "" : "\uFF1B\u65E0\u95EE\u9898"}`
    ),
    "run.committed": entry(
      (a) => `\u2713 ${a.step} committed${a.recovered ? " (an interrupted commit rolled forward)" : ""}`,
      (a) => `\u2713 ${a.step} \u5DF2\u5165\u5E93${a.recovered ? "\uFF08\u8865\u5B8C\u4E86\u4E00\u6B21\u4E2D\u65AD\u7684\u5165\u5E93\uFF09" : ""}`
    ),
    "run.rolled_forward": entry(
      (a) => `\u21BB ${a.journal}: an interrupted ${a.kind === "rewind" ? `rewind to before chapter ${a.n}` : a.kind === "volume" ? `plan commit of volume ${a.n}` : a.kind === "setup" ? "setup commit" : `commit of chapter ${a.n}`} was rolled forward before the run began (its chapters are counted from the book as it now is)`,
      (a) => `\u21BB ${a.journal}\uFF1A\u8FD0\u884C\u5F00\u59CB\u524D\u8865\u5B8C\u4E86\u4E00\u6B21\u4E2D\u65AD\u7684${a.kind === "rewind" ? `\u56DE\u9000\uFF08\u56DE\u5230\u7B2C${a.n}\u7AE0\u4E4B\u524D\uFF09` : a.kind === "volume" ? `\u89C4\u5212\u5165\u5E93\uFF08\u7B2C${a.n}\u5377\uFF09` : a.kind === "setup" ? "\u8BBE\u5B9A\u5165\u5E93" : `\u5165\u5E93\uFF08\u7B2C${a.n}\u7AE0\uFF09`}\uFF08\u672C\u6B21\u7684\u7AE0\u6570\u4ECE\u8865\u5B8C\u540E\u7684\u8FDB\u5EA6\u7B97\u8D77\uFF09`
    ),
    "run.inspector": entry(
      (a) => `inspector: live actor connected to ${a.url}`,
      (a) => `\u68C0\u89C6\u5668\uFF1A\u5DF2\u8FDE\u63A5\u5230 ${a.url}\uFF0C\u5B9E\u65F6\u663E\u793A\u72B6\u6001\u673A`
    ),
    "run.inspector_unreachable": entry(
      (a) => `inspector: nothing listens at ${a.url} (start the Stately inspector there, or pass --inspect=ws://host:port); the run goes on without it`,
      (a) => `\u68C0\u89C6\u5668\uFF1A${a.url} \u6CA1\u6709\u54CD\u5E94\uFF08\u8BF7\u5728\u90A3\u91CC\u542F\u52A8 Stately \u68C0\u89C6\u5668\uFF0C\u6216\u7528 --inspect=ws://\u4E3B\u673A:\u7AEF\u53E3 \u6307\u5B9A\uFF09\uFF1B\u8FD0\u884C\u7167\u5E38\u7EE7\u7EED`
    ),
    "run.interrupted": entry(
      (a) => `\u21AF ${a.step}: an earlier execution was interrupted; its outputs are not reused${a.moved ? ` (${a.moved} file(s) moved to ${a.to}/)` : ""}${a.restored ? `, ${a.restored} restored as they were before it` : ""}`,
      (a) => `\u21AF ${a.step}\uFF1A\u4E4B\u524D\u7684\u4E00\u6B21\u6267\u884C\u88AB\u4E2D\u65AD\uFF0C\u5176\u4EA7\u51FA\u4E0D\u518D\u590D\u7528${a.moved ? `\uFF08${a.moved} \u4E2A\u6587\u4EF6\u79FB\u5230 ${a.to}/\uFF09` : ""}${a.restored ? `\uFF0C${a.restored} \u4E2A\u6062\u590D\u4E3A\u6267\u884C\u524D\u7684\u6837\u5B50` : ""}`
    ),
    "run.outside_staging": entry(
      (a) => `\u2717 ${a.step}: the executor ${a.changed ? `changed ${a.changed} path(s) outside staging/` : ""}${a.changed && a.planted ? " and " : ""}${a.planted ? `wrote ${a.planted} staged path(s) that are not its own outputs` : ""}:`,
      (a) => `\u2717 ${a.step}\uFF1A\u6267\u884C\u5668${a.changed ? `\u6539\u52A8\u4E86 staging/ \u4E4B\u5916\u7684 ${a.changed} \u4E2A\u8DEF\u5F84` : ""}${a.changed && a.planted ? "\uFF0C\u5E76\u4E14" : ""}${a.planted ? `\u5199\u4E86 ${a.planted} \u4E2A\u4E0D\u5C5E\u4E8E\u8FD9\u4E00\u6B65\u7684\u6682\u5B58\u6587\u4EF6` : ""}\uFF1A`
    ),
    "run.unexpected": entry(
      (a) => `\u21B7 ${a.step}: ${a.moved} staged file(s) that are neither inputs nor outputs of this step moved to ${a.to}/${a.nLeft ? ` (${a.nLeft} could not be moved: ${a.left})` : ""}`,
      (a) => `\u21B7 ${a.step}\uFF1A${a.moved} \u4E2A\u65E2\u975E\u8FD9\u4E00\u6B65\u8F93\u5165\u4E5F\u975E\u5176\u4EA7\u51FA\u7684\u6682\u5B58\u6587\u4EF6\u5DF2\u79FB\u5230 ${a.to}/${a.nLeft ? `\uFF08${a.nLeft} \u4E2A\u65E0\u6CD5\u79FB\u52A8\uFF1A${a.left}\uFF09` : ""}`
    ),
    "run.staging_overflow": entry(
      (a) => `\u2717 ${a.step}: staging/ holds ${a.count} entries (limit ${a.limit}); biggest: ${a.biggest}`,
      (a) => `\u2717 ${a.step}\uFF1Astaging/ \u91CC\u6709 ${a.count} \u9879\uFF08\u4E0A\u9650 ${a.limit}\uFF09\uFF1B\u6700\u5927\u7684\u76EE\u5F55\uFF1A${a.biggest}`
    ),
    "run.reused": entry(
      (a) => `\u21BA ${a.step}: outputs already present and valid, reused (--force re-runs the step)`,
      (a) => `\u21BA ${a.step}\uFF1A\u4EA7\u51FA\u5DF2\u5728\u4E14\u6709\u6548\uFF0C\u76F4\u63A5\u590D\u7528\uFF08--force \u53EF\u5F3A\u5236\u91CD\u8DD1\uFF09`
    ),
    "run.warning": entry(
      (a) => `  warning (${a.step}): ${a.message}`,
      (a) => `  \u8B66\u544A\uFF08${a.step}\uFF09\uFF1A${a.message}`
    ),
    "run.failed": entry(
      (a) => `\u2717 ${a.step}: ${a.message}`,
      (a) => `\u2717 ${a.step}\uFF1A${a.message}`
    ),
    "run.failed_moved": entry(
      (a) => `    its ${a.n} output file(s) moved to ${a.to}/ (files you write now are yours, never taken for them)`,
      (a) => `    \u5B83\u7684 ${a.n} \u4E2A\u4EA7\u51FA\u6587\u4EF6\u5DF2\u79FB\u5230 ${a.to}/\uFF08\u6B64\u540E\u4F60\u4EB2\u624B\u5199\u7684\u6587\u4EF6\u5F52\u4F60\uFF0C\u4E0D\u4F1A\u88AB\u5F53\u4F5C\u5B83\u4EEC\uFF09`
    ),
    "run.invalid": entry(
      (a) => `\u2717 ${a.step}: the outputs of attempt ${a.attempt} do not validate:`,
      (a) => `\u2717 ${a.step}\uFF1A\u7B2C ${a.attempt} \u6B21\u5C1D\u8BD5\u7684\u4EA7\u51FA\u672A\u901A\u8FC7\u6821\u9A8C\uFF1A`
    ),
    "run.status": entry(
      (a) => `  \u25B6 ${a.what} \xB7 ${a.stage} \xB7 ${a.clock}${a.revision === null ? "" : ` \xB7 revision ${a.revision}`} \xB7 ${a.spent}`,
      (a) => `  \u25B6 ${a.what} \xB7 ${a.stage} \xB7 ${a.clock}${a.revision === null ? "" : ` \xB7 \u7B2C ${a.revision} \u8F6E\u4FEE\u6539`} \xB7 ${a.spent}`
    ),
    "run.status.chapter": entry(
      (a) => `chapter ${a.chapter} (${a.i}/${a.n})`,
      (a) => `\u7B2C${a.chapter}\u7AE0\uFF08${a.i}/${a.n}\uFF09`
    ),
    "run.status.volume": entry(
      (a) => `volume ${a.volume}`,
      (a) => `\u7B2C${a.volume}\u5377`
    ),
    "run.table.head": entry(
      (_) => "chapter   \u5B57\u6570  overall  gate              revisions  time      tokens  cost",
      (_) => "   \u7AE0\u8282   \u5B57\u6570     \u603B\u5206  \u95F8\u95E8               \u4FEE\u6539\u8F6E\u6B21    \u7528\u65F6    tokens  \u8D39\u7528"
    ),
    "run.summary": entry(
      (a) => `${a.committed} chapter(s) committed (last: ${a.last})`,
      (a) => `\u672C\u6B21\u5165\u5E93 ${a.committed} \u7AE0\uFF08\u5DF2\u5199\u5230\u7B2C${a.last}\u7AE0\uFF09`
    ),
    "run.target_reached": entry(
      (a) => `target reached: chapter ${a.chapter} is committed`,
      (a) => `\u76EE\u6807\u8FBE\u6210\uFF1A\u7B2C${a.chapter}\u7AE0\u5DF2\u5165\u5E93`
    ),
    "run.until": entry(
      (a) => `stopped before ${a.step} (--until)`,
      (a) => `\u6309 --until \u505C\u5728 ${a.step} \u4E4B\u524D`
    ),
    "run.review": entry(
      (a) => `${a.reason}; decide with \`${a.command}\``,
      (a) => `${a.reason}\uFF1B\u8BF7\u7528 \`${a.command}\` \u505A\u51B3\u5B9A`
    )
  }),
  // ---- writes ----
  mutation: () => ({
    "mutation.author_edits": entry(
      (a) => `recorded your edits of the plan (logs/author-edits.jsonl): ${a.list}`,
      (a) => `\u5DF2\u8BB0\u5F55\u4F60\u5BF9\u89C4\u5212\u7684\u4FEE\u6539\uFF08logs/author-edits.jsonl\uFF09\uFF1A${a.list}`
    )
  }),
  // ---- novel doctor ----
  doctor: () => ({
    "doctor.severity": entry(
      (a) => a.severity,
      (a) => SEVERITY_ZH[a.severity] ?? a.severity
    ),
    "doctor.fix": entry(
      (a) => `fix: ${a.fix}`,
      (a) => `\u4FEE\u590D\uFF1A${a.fix}`
    ),
    "doctor.healthy": entry(
      (a) => `healthy: ${a.root}`,
      (a) => `\u5065\u5EB7\uFF1A${a.root}`
    ),
    "doctor.unhealthy": entry(
      (a) => `${a.n} problem(s)`,
      (a) => `\u53D1\u73B0 ${a.n} \u4E2A\u95EE\u9898`
    ),
    "doctor.checkpoint_disagrees": entry(
      (a) => `last_completed_chapter is ${a.cp}, the changelog's last chapter is ${a.log}`,
      (a) => `\u68C0\u67E5\u70B9\u8BB0\u5F55\u5DF2\u5B8C\u6210\u5230\u7B2C${a.cp}\u7AE0\uFF0C\u53D8\u66F4\u65E5\u5FD7\u6700\u540E\u4E00\u7AE0\u5374\u662F\u7B2C${a.log}\u7AE0`
    ),
    "doctor.no_fingerprint": entry(
      (_) => "no fingerprint is recorded yet",
      (_) => "\u5C1A\u672A\u8BB0\u5F55\u6307\u7EB9"
    ),
    "doctor.no_fingerprint.fix": entry(
      (_) => "the next mutating command records one (e.g. novel state verify --accept)",
      (_) => "\u4E0B\u4E00\u4E2A\u5199\u5165\u547D\u4EE4\u4F1A\u8BB0\u5F55\uFF08\u4F8B\u5982 novel state verify --accept\uFF09"
    ),
    "doctor.file_changed": entry(
      (a) => `${a.file} changed outside novel`,
      (a) => `${a.file} \u5728 novel \u4E4B\u5916\u88AB\u6539\u52A8`
    ),
    "doctor.file_added": entry(
      (a) => `${a.file} was added outside novel`,
      (a) => `${a.file} \u5728 novel \u4E4B\u5916\u88AB\u65B0\u589E`
    ),
    "doctor.file_removed": entry(
      (a) => `${a.file} was removed outside novel`,
      (a) => `${a.file} \u5728 novel \u4E4B\u5916\u88AB\u5220\u9664`
    ),
    "doctor.restore_or_accept": entry(
      (a) => `${a.verb} ${a.file}, or novel state verify --accept`,
      (a) => `${a.verb === "delete" ? "\u5220\u9664" : "\u6062\u590D"} ${a.file}\uFF0C\u6216\u8FD0\u884C novel state verify --accept \u63A5\u53D7\u6539\u52A8`
    ),
    "doctor.state_diverges": entry(
      (a) => `the state diverges from the changelog at ${a.paths} (first divergent chapter: ${a.first})`,
      (a) => `\u72B6\u6001\u4E0E\u53D8\u66F4\u65E5\u5FD7\u4E0D\u4E00\u81F4\uFF1A${a.paths}\uFF08\u6700\u65E9\u5206\u6B67\u7AE0\uFF1A${a.first}\uFF09`
    ),
    "doctor.state_diverges.fix": entry(
      (_) => "novel state rebuild (or novel state verify --accept to keep a hand fix)",
      (_) => "\u8FD0\u884C novel state rebuild\uFF08\u82E5\u662F\u6709\u610F\u624B\u6539\uFF0C\u8FD0\u884C novel state verify --accept \u4FDD\u7559\uFF09"
    ),
    "doctor.journal_pending": entry(
      (_) => "a commit was interrupted after its journal",
      (_) => "\u6709\u4E00\u6B21\u5165\u5E93\u5728\u5199\u5B8C\u65E5\u5FD7\u540E\u4E2D\u65AD"
    ),
    "doctor.rewind_pending": entry(
      (a) => `a rewind to before chapter ${a.chapter} was interrupted after its journal`,
      (a) => `\u6709\u4E00\u6B21\u56DE\u9000\uFF08\u56DE\u5230\u7B2C${a.chapter}\u7AE0\u4E4B\u524D\uFF09\u5728\u5199\u5B8C\u65E5\u5FD7\u540E\u4E2D\u65AD`
    ),
    "doctor.lock_stale": entry(
      (a) => `a stale lock (${a.reason})`,
      (a) => `\u8FC7\u671F\u7684\u9501\uFF08${a.reason}\uFF09`
    ),
    "doctor.lock_leftover": entry(
      (a) => `${a.name} is left over from an interrupted lock operation`,
      (a) => `${a.name} \u662F\u4E2D\u65AD\u7684\u52A0\u9501\u64CD\u4F5C\u7559\u4E0B\u7684`
    ),
    "doctor.lock_leftover.fix": entry(
      (_) => "novel lock clear (any mutating command removes it)",
      (_) => "\u8FD0\u884C novel lock clear\uFF08\u4EFB\u4F55\u5199\u5165\u547D\u4EE4\u4E5F\u4F1A\u6E05\u9664\uFF09"
    ),
    "doctor.execution_interrupted": entry(
      (a) => `an execution of ${a.step} (attempt ${a.attempt}) never finished; its outputs are not reused`,
      (a) => `${a.step} \u7684\u7B2C ${a.attempt} \u6B21\u6267\u884C\u672A\u5B8C\u6210\uFF0C\u5176\u4EA7\u51FA\u4E0D\u4F1A\u88AB\u590D\u7528`
    ),
    "doctor.execution_interrupted.fix": entry(
      (_) => "novel run (runs the step again)",
      (_) => "\u8FD0\u884C novel run\uFF08\u91CD\u65B0\u6267\u884C\u8FD9\u4E00\u6B65\uFF09"
    ),
    "doctor.staging_overflow": entry(
      (a) => `staging/ holds ${a.count} entries, above the limit of ${a.limit} (staging_max_files); novel run will not execute a step until it is cleaned. Biggest: ${a.biggest}`,
      (a) => `staging/ \u91CC\u6709 ${a.count} \u9879\uFF0C\u8D85\u8FC7\u4E0A\u9650 ${a.limit}\uFF08staging_max_files\uFF09\uFF1B\u6E05\u7406\u4E4B\u524D novel run \u4E0D\u4F1A\u6267\u884C\u4EFB\u4F55\u6B65\u9AA4\u3002\u6700\u5927\u7684\u76EE\u5F55\uFF1A${a.biggest}`
    ),
    "doctor.staging_orphan": entry(
      (a) => `${a.file} belongs to no step (the book is at ${a.step})`,
      (a) => `${a.file} \u4E0D\u5C5E\u4E8E\u4EFB\u4F55\u6B65\u9AA4\uFF08\u5F53\u524D\u5728 ${a.step}\uFF09`
    ),
    "doctor.outline_missing": entry(
      (a) => `no outline block yet for chapter(s) ${a.chapters}: the book machine plans them when it reaches them`,
      (a) => `\u7B2C ${a.chapters} \u7AE0\u5C1A\u65E0\u5927\u7EB2\uFF1A\u5199\u5230\u65F6\u4F1A\u81EA\u52A8\u89C4\u5212`
    ),
    "doctor.outline_missing.fix": entry(
      (a) => `nothing to do now; volume ${a.volume} ends at its outline's last block, and novel run plans what comes next when it gets there (or write the blocks yourself)`,
      (a) => `\u73B0\u5728\u65E0\u9700\u5904\u7406\uFF1B\u7B2C${a.volume}\u5377\u5728\u5176\u5927\u7EB2\u6700\u540E\u4E00\u7AE0\u7ED3\u675F\uFF0C\u5199\u5230\u90A3\u91CC\u65F6 novel run \u4F1A\u89C4\u5212\u540E\u7EED\uFF08\u4E5F\u53EF\u4EE5\u81EA\u5DF1\u5199\u5927\u7EB2\uFF09`
    ),
    "doctor.contract_missing": entry(
      (a) => `no chapter contract for chapter(s) ${a.chapters}`,
      (a) => `\u7B2C ${a.chapters} \u7AE0\u7F3A\u5C11\u7AE0\u8282\u5951\u7EA6`
    ),
    "doctor.contract_missing.fix": entry(
      (_) => "write them (novel schema contract shows the format)",
      (_) => "\u8865\u5199\u5951\u7EA6\uFF08\u683C\u5F0F\u89C1 novel schema contract\uFF09"
    ),
    "doctor.executor_missing": entry(
      (a) => `${a.bin} is not on PATH (${a.path})`,
      (a) => `PATH \u4E2D\u627E\u4E0D\u5230 ${a.bin}\uFF08${a.path}\uFF09`
    ),
    "doctor.executor_missing.fix": entry(
      (a) => a.bin === "claude" ? "npm install -g @anthropic-ai/claude-code (only to run --executor claude)" : "npm install -g @openai/codex (only to run --executor codex)",
      (a) => a.bin === "claude" ? "\u4EC5\u5728\u4F7F\u7528 --executor claude \u65F6\u9700\u8981\uFF1Anpm install -g @anthropic-ai/claude-code" : "\u4EC5\u5728\u4F7F\u7528 --executor codex \u65F6\u9700\u8981\uFF1Anpm install -g @openai/codex"
    ),
    "doctor.sandbox_off.fix": entry(
      (_) => 'set executor.sandbox to "auto" in novel.config.json',
      (_) => '\u5728 novel.config.json \u4E2D\u628A executor.sandbox \u8BBE\u4E3A "auto"'
    ),
    "doctor.sandbox_unavailable.fix": entry(
      (_) => "install bubblewrap (apt-get install bubblewrap) and allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1)",
      (_) => "\u5B89\u88C5 bubblewrap\uFF08apt-get install bubblewrap\uFF09\uFF0C\u5E76\u5141\u8BB8\u975E\u7279\u6743\u7528\u6237\u547D\u540D\u7A7A\u95F4\uFF08sysctl kernel.unprivileged_userns_clone=1\uFF09"
    )
  }),
  // ---- errors and their hints ----
  error: () => ({
    "error.prefix": entry(
      (a) => `novel ${a.command}: `,
      (a) => `novel ${a.command}\uFF1A`
    ),
    "error.hint": entry(
      (a) => `hint: ${a.hint}`,
      (a) => `\u63D0\u793A\uFF1A${a.hint}`
    ),
    "error.usage": entry(
      (a) => a.detail,
      (a) => `\u547D\u4EE4\u7528\u6CD5\u6709\u8BEF\uFF1A${a.detail}`
    ),
    "error.invalid_step.hint": entry(
      (_) => `expected ${STEP_ID_FORMAT}`,
      (_) => `\u683C\u5F0F\uFF1A${STEP_ID_FORMAT_ZH}`
    ),
    "error.executor_missing": entry(
      (_) => "run: no executor chosen; novel never picks one for you",
      (_) => "run\uFF1A\u6CA1\u6709\u6307\u5B9A\u6267\u884C\u5668\uFF0Cnovel \u4E0D\u4F1A\u66FF\u4F60\u9009\u62E9"
    ),
    "error.executor_missing.hint": entry(
      (_) => 'pass --executor claude, codex, demo (offline, fake chapters) or a command template such as "./my-executor.sh {packet}", or set executor.command in novel.config.json',
      (_) => '\u7528 --executor \u6307\u5B9A claude\u3001codex\u3001demo\uFF08\u79BB\u7EBF\u6F14\u793A\uFF09\u6216\u547D\u4EE4\u6A21\u677F\uFF08\u5982 "./my-executor.sh {packet}"\uFF09\uFF0C\u6216\u5728 novel.config.json \u4E2D\u8BBE\u7F6E executor.command'
    ),
    "error.next_hint": entry(
      (_) => "run `novel next` to see what to do",
      (_) => "\u8FD0\u884C `novel next` \u67E5\u770B\u4E0B\u4E00\u6B65"
    ),
    "error.until_passed": entry(
      (a) => `--until ${a.until}: the book is already past that step (now at ${a.now})`,
      (a) => `--until ${a.until}\uFF1A\u4E66\u5DF2\u7ECF\u8FC7\u4E86\u8FD9\u4E00\u6B65\uFF08\u73B0\u5728\u5728 ${a.now}\uFF09`
    ),
    "error.until_passed.hint": entry(
      (_) => "name a step still ahead, e.g. the next one: `novel next`",
      (_) => "\u8BF7\u6307\u5B9A\u8FD8\u6CA1\u5230\u7684\u6B65\u9AA4\uFF0C\u4F8B\u5982 `novel next` \u7ED9\u51FA\u7684\u4E0B\u4E00\u6B65"
    ),
    "error.nothing_to_export.hint": entry(
      (_) => "novel chapters lists the committed chapters",
      (_) => "\u7528 novel chapters \u67E5\u770B\u5DF2\u5165\u5E93\u7684\u7AE0\u8282"
    ),
    "error.not_paused.hint": entry(
      (_) => "`novel decide` only resolves a pause; run `novel next` to see what to do",
      (_) => "`novel decide` \u53EA\u7528\u4E8E\u5904\u7406\u6682\u505C\uFF1B\u8FD0\u884C `novel next` \u67E5\u770B\u4E0B\u4E00\u6B65"
    ),
    "error.input_missing": entry(
      (a) => `${a.step} needs ${a.file} (chapter_draft), which does not exist`,
      (a) => `${a.step} \u9700\u8981 ${a.file}\uFF08\u7AE0\u8282\u8349\u7A3F\uFF09\uFF0C\u4F46\u8BE5\u6587\u4EF6\u4E0D\u5B58\u5728`
    ),
    "error.input_missing.hint": entry(
      (a) => `run ${a.draft} first (the chapter-writer writes it)`,
      (a) => `\u8BF7\u5148\u8FD0\u884C ${a.draft}\uFF08\u7531 chapter-writer \u5199\u51FA\uFF09`
    ),
    // A refusal that lists its diagnostics: the edge lists them again in the reader's language.
    "error.diagnostics": entry(
      (a) => [a.summary, ...a.diagnostics.map((d) => `  - ${diagnosticText("en", d)}`)].join("\n"),
      (a) => [a.summary, ...a.diagnostics.map((d) => `  - ${diagnosticText("zh", d)}`)].join("\n")
    )
  })
};
var GROUPS = { ...OWN_GROUPS, ...CLI_GROUPS, ...CORE_GROUPS, ...IO_GROUPS, ...WEB_GROUPS };
var GROUPS_BY_PART = {
  own: Object.keys(OWN_GROUPS),
  cli: Object.keys(CLI_GROUPS),
  core: Object.keys(CORE_GROUPS),
  io: Object.keys(IO_GROUPS),
  web: Object.keys(WEB_GROUPS)
};
var built = {};
function messageEntry(key) {
  const group = key.slice(0, key.indexOf("."));
  const build = GROUPS[group];
  const entries = build === void 0 ? {} : built[group] ??= build();
  return entries[key];
}
function said(id, ...args) {
  return { id, args: args[0] ?? {} };
}
function render(lang, words) {
  if (typeof words === "string") return words;
  const e = messageEntry(words.id);
  if (e === void 0) throw new Error(`no message ${words.id} in the catalogue`);
  const args = {};
  for (const [k, v] of Object.entries(words.args)) args[k] = isSaid(v) ? render(lang, v) : v;
  return e[lang](args);
}
function diagnosticText(lang, d) {
  if (lang === "en") return `${d.message}${d.fix ? ` (fix: ${d.fix})` : ""}`;
  const part = (name, en) => {
    const w = d.words?.[name];
    return w ? render(lang, w) : en;
  };
  const own = d.message.startsWith(`${d.file ?? ""}: `) ? d.message.slice((d.file ?? "").length + 2) : d.message;
  const parts = d.expected !== void 0 || d.found !== void 0 ? `${d.expected !== void 0 ? `\u5E94\u4E3A ${part("expected", d.expected)}` : ""}${d.expected !== void 0 && d.found !== void 0 ? "\uFF0C" : ""}${d.found !== void 0 ? `\u5B9E\u4E3A ${part("found", d.found)}` : ""}` : part("message", own);
  const field = d.words?.field ? render(lang, d.words.field) : d.field;
  return `${d.file ?? ""}${field ? `\uFF1A\u5B57\u6BB5 ${field}` : ""}\uFF1A${parts}${d.fix ? `\uFF08\u4FEE\u590D\uFF1A${part("fix", d.fix)}\uFF09` : ""}`;
}

// machines/novel.setup.ts
var RESUMABLE_STATES = [
  ...CHAPTER_STAGES.filter((s) => CHAPTER_STEP_TABLE[s].action === "execute").map((s) => CHAPTER_STEP_TABLE[s].state),
  ...keysOf(CHAPTER_STEP_MODES)
];
var fmt = (n) => n.toFixed(2);
function verdictOf(context) {
  if (!context.verdict) throw new Error("gate entered without a verdict");
  return context.verdict;
}
function gateReason(gate) {
  return gate.words ?? gate.reason;
}
function gateRecord(context, decision, words, extra = {}) {
  const v = verdictOf(context);
  return {
    decision,
    verdict: classifyVerdict(v, context.thresholds),
    overall_final: v.overall_final,
    ...v.overall_judge !== void 0 ? { overall_judge: v.overall_judge } : {},
    ...v.weights !== void 0 ? { weights: v.weights } : {},
    ...v.lint !== void 0 ? { lint: v.lint } : {},
    high_violation: v.high_violation,
    high_confidence_violations: v.high_confidence_violations,
    // A hook still weak after its fix (or with the fix spent) is recorded, never blocking.
    warnings: [
      ...v.warnings,
      ...v.hook_weak && (decision === "pass" || decision === "polish") ? [hookWeakWarning(context)] : []
    ],
    reason: render("en", words),
    words,
    ...extra
  };
}
function resaid(gate, decision, words, extra = {}) {
  return { ...gate, decision, reason: render("en", words), words, ...extra };
}
function hookWeakWarning(context) {
  return {
    layer: "score",
    rule: "hook_weak",
    message: `chapter ${context.chapter}: the chapter-end hook is still weak after hook-fix; the chapter goes on`
  };
}
function scoreReason(context) {
  const v = verdictOf(context);
  const t = context.thresholds;
  const lint = v.lint ?? [];
  if (v.high_violation || lint.length) {
    return said("gate.blocked", {
      violations: v.high_violation ? v.high_confidence_violations.length : null,
      lint: lint.length ? lint.length : null,
      rules: [...new Set(lint.map((f) => f.rule))].join(", ")
    });
  }
  return said("gate.score", {
    overall: fmt(v.overall_final),
    pass: t.pass,
    polish: t.polish,
    revise: t.revise,
    pause: t.pause
  });
}
var bookRules = {
  journalPending: (c) => c.journal !== null,
  chapterInFlight: (c) => c.resume !== null,
  planningRecorded: (c) => c.planning,
  bookComplete: (c) => c.book_chapters !== null && c.last_completed_chapter >= c.book_chapters,
  /** A volume ends at the last block of its outline (§14): volumes have their own lengths. */
  volumeComplete: (c) => c.outline_chapters.length > 0 && c.last_completed_chapter >= Math.max(...c.outline_chapters),
  nextChapterPlanned: (c) => c.outline_chapters.includes(c.last_completed_chapter + 1),
  /**
   * Before the first chapter, a setup step whose files are missing (§14); a step whose files exist and validate is
   * skipped.
   */
  setupPending: (c) => c.setup !== null && c.last_completed_chapter === 0,
  /** An imported chapter still lacks its catch-up summary (§14): caught up in order, before chapter N+1. */
  importPending: (c) => c.import_caught_up < c.imported_chapters
};
globalThis.__t0=performance.now();var novelSetup = setup({
  types: {
    context: {},
    events: {},
    input: {}
  },
  guards: {
    verdictIsRevise: ({ context }) => classifyVerdict(verdictOf(context), context.thresholds) === "revise",
    verdictIsPass: ({ context }) => classifyVerdict(verdictOf(context), context.thresholds) === "pass",
    verdictIsPolish: ({ context }) => classifyVerdict(verdictOf(context), context.thresholds) === "polish",
    verdictIsPause: ({ context }) => classifyVerdict(verdictOf(context), context.thresholds) === "pause_for_user",
    hookNeedsFix: ({ context }) => {
      const v = verdictOf(context);
      const verdict = classifyVerdict(v, context.thresholds);
      return v.hook_weak === true && (verdict === "pass" || verdict === "polish") && context.hook_fixed_round !== context.revision_count;
    },
    titleNeedsFix: ({ context, event }) => event.type === "REFINED" && event.title_hard === true && !context.title_fixed,
    policyIsNone: ({ context }) => context.revision_policy === "none",
    policyIsManualConfirm: ({ context }) => context.revision_policy === "manual_confirm",
    revisionBudgetLeft: ({ context }) => context.revision_count < context.max_revisions,
    inRevisionRound: ({ context }) => context.revision_count > 0,
    forcePassAllowed: ({ context }) => forcePassAllowed(verdictOf(context), context.thresholds),
    journalPending: ({ context }) => bookRules.journalPending(context),
    chapterInFlight: ({ context }) => bookRules.chapterInFlight(context),
    planningRecorded: ({ context }) => bookRules.planningRecorded(context),
    bookComplete: ({ context }) => bookRules.bookComplete(context),
    volumeComplete: ({ context }) => bookRules.volumeComplete(context),
    nextChapterPlanned: ({ context }) => bookRules.nextChapterPlanned(context),
    setupPending: ({ context }) => bookRules.setupPending(context),
    setupIs: ({ context }, params) => context.setup === params.step,
    importPending: ({ context }) => bookRules.importPending(context),
    importSummarized: ({ context }) => context.import_summarized,
    resumesAt: ({ context }, params) => context.resume === params.state
  },
  actions: {
    // Effects the I/O shell carries out (transition() returns them).
    archiveRound: () => {
    },
    archiveRewrite: () => {
    },
    archiveHookFix: () => {
    },
    archiveTitleFix: () => {
    },
    // Chapter context.
    startChapter: assign({ revision_count: 0, verdict: null, gate: null, title_fixed: false, hook_fixed_round: null }),
    markTitleFix: assign({ title_fixed: true }),
    markHookFix: assign({ hook_fixed_round: ({ context }) => context.revision_count, gate: null }),
    claimChapter: assign({ claimed: true }),
    countRevision: assign({ revision_count: ({ context }) => context.revision_count + 1 }),
    storeVerdict: assign({
      verdict: ({ event }) => {
        const e = event;
        return {
          overall_final: e.overall_final,
          ...e.overall_judge !== void 0 ? { overall_judge: e.overall_judge } : {},
          ...e.weights !== void 0 ? { weights: e.weights } : {},
          ...e.lint !== void 0 ? { lint: e.lint } : {},
          ...e.hook_weak ? { hook_weak: true } : {},
          high_violation: e.high_violation,
          high_confidence_violations: e.high_confidence_violations,
          warnings: e.warnings
        };
      }
    }),
    recordPass: assign({
      gate: ({ context }) => gateRecord(context, "pass", said("gate.pass", { score: scoreReason(context) }))
    }),
    recordPolish: assign({
      gate: ({ context }) => gateRecord(context, "polish", said("gate.polish", { score: scoreReason(context) }))
    }),
    recordRevise: assign({
      gate: ({ context }) => gateRecord(
        context,
        "revise",
        said("gate.revise", { score: scoreReason(context), n: context.revision_count, max: context.max_revisions })
      )
    }),
    recordRevisionSkipped: assign({
      gate: ({ context }) => gateRecord(context, "pass", said("gate.revise_skipped", { score: scoreReason(context) }), {
        warnings: [
          ...verdictOf(context).warnings,
          {
            layer: "gate",
            decision: "revise",
            message: `gate decided revise for chapter ${context.chapter} (${render("en", scoreReason(context))}); revision_policy "none" records it and allows the commit`
          }
        ]
      })
    }),
    recordReviseAwaitingConfirmation: assign({
      gate: ({ context }) => gateRecord(context, "pause_for_user", said("gate.revise_awaits", { score: scoreReason(context) }))
    }),
    recordForcePass: assign({
      gate: ({ context }) => gateRecord(
        context,
        "pass",
        said("gate.force_pass", {
          n: context.revision_count,
          max: context.max_revisions,
          score: scoreReason(context)
        }),
        { force_passed: true }
      )
    }),
    recordBudgetSpentPause: assign({
      gate: ({ context }) => gateRecord(
        context,
        "pause_for_user",
        said("gate.budget_spent", {
          n: context.revision_count,
          max: context.max_revisions,
          score: scoreReason(context)
        })
      )
    }),
    recordPause: assign({
      gate: ({ context }) => gateRecord(context, "pause_for_user", said("gate.below_revise", { score: scoreReason(context) }))
    }),
    recordForceRewritePause: assign({
      gate: ({ context }) => gateRecord(
        context,
        "pause_for_user_force_rewrite",
        said("gate.rewrite_advised", { score: scoreReason(context) })
      )
    }),
    recordPolished: assign({
      gate: ({ context }) => context.gate && resaid(context.gate, "pass", said("gate.polished", { reason: gateReason(context.gate) }), { polished: true })
    }),
    recordAcceptedByUser: assign({
      gate: ({ context }) => context.gate && resaid(context.gate, "accepted_by_user", said("gate.accepted", { reason: gateReason(context.gate) }))
    }),
    recordRevisionByUser: assign({
      gate: ({ context }) => context.gate && resaid(
        context.gate,
        "revise",
        said("gate.revision_requested", { n: context.revision_count, reason: gateReason(context.gate) })
      )
    }),
    // Book context.
    recordCommitted: assign({
      last_completed_chapter: ({ context }) => context.chapter,
      chapter: ({ context }) => context.chapter + 1,
      claimed: false,
      resume: null
    }),
    enterVolumePlanning: assign({ planning: true, volume: ({ context }) => context.volume + 1, outline_chapters: [] }),
    replanVolume: assign({ planning: true, volume: ({ context }) => Math.max(1, context.volume) }),
    leaveVolumePlanning: assign({
      planning: false,
      outline_chapters: ({ context, event }) => "outline_chapters" in event ? event.outline_chapters : context.outline_chapters
    }),
    /** The setup step still missing after a setup commit (the event carries the probe's answer). */
    recordSetupCommitted: assign({ setup: ({ event }) => event.type === "SETUP_COMMITTED" ? event.setup : null }),
    markImportSummarized: assign({ import_summarized: true }),
    recordImportCaughtUp: assign({
      import_caught_up: ({ context }) => context.import_caught_up + 1,
      import_summarized: false
    }),
    recordImportJournal: assign({
      journal: ({ context }) => ({ kind: "chapter", chapter: context.import_caught_up + 1 })
    }),
    recordExecutorFailure: assign({ resume: (_, params) => params.state }),
    recordJournal: assign({
      journal: ({ context, event }) => event.type === "PLAN_COMMIT_INTERRUPTED" ? { kind: "volume", volume: context.volume } : { kind: "chapter", chapter: context.chapter }
    }),
    clearJournal: assign({ journal: null })
  }
});

// machines/book.machine.ts
var BOOK_MACHINE_ID = "novel.book.v1";
var RETRYING_ID = "book-retrying";
var RECOVERING_ID = "book-recovering";
var RESOLVING_ID = "book-resolving";
var failed = {
  target: `#${RETRYING_ID}`,
  actions: { type: "recordExecutorFailure", params: { state: null } }
};
function setupMeta(step, ready) {
  const row = SETUP_STEP_TABLE[step];
  return ready ? {
    step,
    mode: "setup",
    action: "commit",
    description: `commit the staged files of ${row.description}`,
    ladder: null
  } : { step, mode: "setup", action: "execute", description: `${row.description} (${row.agent})`, ladder: null };
}
function bookStepMeta(row, step) {
  return { step, mode: row.mode, action: row.action, description: row.description, ladder: null };
}
function setupStates() {
  const states = {
    route: {
      description: "The first setup step whose files are missing.",
      always: [
        ...SETUP_STEPS.slice(0, -1).map((step) => ({ guard: { type: "setupIs", params: { step } }, target: step })),
        { target: SETUP_STEPS[SETUP_STEPS.length - 1] }
      ]
    }
  };
  for (const step of SETUP_STEPS) {
    states[step] = {
      description: `Setup: ${setupMeta(step, false).description}.`,
      initial: "awaiting",
      states: {
        awaiting: {
          description: `The ${SETUP_STEP_TABLE[step].agent} writes the files of the step under staging/.`,
          meta: setupMeta(step, false),
          on: { SETUP_STAGED: "ready", EXECUTOR_FAILED: failed }
        },
        ready: {
          description: "The staged files validate: `novel commit --setup` moves them into place.",
          meta: setupMeta(step, true)
        }
      },
      on: { SETUP_COMMITTED: { target: `#${RESOLVING_ID}`, actions: "recordSetupCommitted" } }
    };
  }
  return states;
}
var meta = (m) => m;
var { plan: PLAN, commit: PLAN_COMMIT } = VOLUME_STEP_TABLE;
var { summarize: CATCH_UP, commit: CATCH_UP_COMMIT } = IMPORT_STEP_TABLE;
function writingStates() {
  const states = {
    resume: {
      description: "Back to the step an executor failed in, or a fresh chapter.",
      always: [
        ...RESUMABLE_STATES.map((state) => ({ guard: { type: "resumesAt", params: { state } }, target: state })),
        { target: "lock" }
      ]
    }
  };
  for (const [name, node] of Object.entries(chapterStates)) {
    const on = { ...node.on ?? {} };
    if (RESUMABLE_STATES.includes(name)) {
      on.EXECUTOR_FAILED = {
        target: `#${RETRYING_ID}`,
        actions: { type: "recordExecutorFailure", params: { state: name } }
      };
    }
    if (name === "commit") {
      on.COMMIT_INTERRUPTED = { target: `#${RECOVERING_ID}`, actions: ["recordJournal", "recordCommitted"] };
    }
    states[name] = "on" in node || Object.keys(on).length ? { ...node, on } : node;
  }
  return states;
}
globalThis.__t1=performance.now();var __cfg=({
  id: BOOK_MACHINE_ID,
  initial: "resolving",
  context: ({ input }) => initialContext(input),
  states: {
    resolving: {
      id: RESOLVING_ID,
      description: "Where the book stands: a journal to finish, a step to resume, an imported chapter to catch up, a setup step, a volume to plan, the next chapter, or the end.",
      always: [
        { guard: "journalPending", target: "recovering" },
        { guard: "chapterInFlight", target: "writing" },
        { guard: "importPending", target: "importing" },
        { guard: "setupPending", target: "setup" },
        { guard: "planningRecorded", target: "planning" },
        { guard: "bookComplete", target: "complete" },
        { guard: "volumeComplete", target: "planning", actions: "enterVolumePlanning" },
        { guard: "nextChapterPlanned", target: "writing" },
        { target: "planning", actions: "replanVolume" }
      ]
    },
    setup: {
      description: "A new book is set up before its first plan (\xA714): world, characters, style; a step whose files exist and validate is skipped.",
      initial: "route",
      states: setupStates()
    },
    importing: {
      description: "An imported chapter gets its catch-up summary (\xA714): summarized and advanced like a summarize step, then committed, leaving the imported text as it is.",
      initial: "route",
      states: {
        route: {
          description: "Back to the catch-up commit when the summary is advanced.",
          always: [{ guard: "importSummarized", target: "importCommit" }, { target: "importSummarize" }]
        },
        importSummarize: {
          description: "The summarizer writes the imported chapter's summary, state delta and memory.",
          meta: bookStepMeta(CATCH_UP, "summarize"),
          on: { SUMMARIZED: { target: "importCommit", actions: "markImportSummarized" }, EXECUTOR_FAILED: failed }
        },
        importCommit: {
          description: "The catch-up commit moves the summary, delta and memory into the book.",
          meta: bookStepMeta(CATCH_UP_COMMIT, "commit"),
          on: {
            COMMITTED: { target: `#${RESOLVING_ID}`, actions: "recordImportCaughtUp" },
            COMMIT_INTERRUPTED: {
              target: `#${RECOVERING_ID}`,
              actions: ["recordImportJournal", "recordImportCaughtUp"]
            }
          }
        }
      }
    },
    planning: {
      description: "The plot-architect plans the current volume (orchestrator_state VOL_PLANNING).",
      meta: bookStepMeta(PLAN, "plan"),
      on: {
        PLAN_STAGED: "planReady",
        PLAN_COMMITTED: { target: "resolving", actions: "leaveVolumePlanning" },
        PLAN_COMMIT_INTERRUPTED: { target: "recovering", actions: ["leaveVolumePlanning", "recordJournal"] },
        EXECUTOR_FAILED: { target: "retrying", actions: { type: "recordExecutorFailure", params: { state: null } } }
      }
    },
    planReady: {
      description: "The staged plan of the volume validates: `novel commit --volume` moves it into volumes/.",
      meta: bookStepMeta(PLAN_COMMIT, "commit"),
      on: {
        PLAN_COMMITTED: { target: "resolving", actions: "leaveVolumePlanning" },
        PLAN_COMMIT_INTERRUPTED: { target: "recovering", actions: ["leaveVolumePlanning", "recordJournal"] }
      }
    },
    writing: {
      description: "The chapter pipeline writes the next chapter (orchestrator_state WRITING).",
      initial: "resume",
      states: writingStates(),
      onDone: { target: "resolving", actions: "recordCommitted" }
    },
    recovering: {
      id: RECOVERING_ID,
      description: "A commit was killed after its journal: the next mutating command rolls it forward.",
      meta: meta({
        step: "commit",
        mode: "commit",
        action: "recover",
        description: "roll the unfinished commit forward",
        ladder: null
      }),
      on: { JOURNAL_RECOVERED: { target: "resolving", actions: "clearJournal" } }
    },
    retrying: {
      id: RETRYING_ID,
      description: "An executor failed past its retries (orchestrator_state ERROR_RETRY); fix the cause, then retry.",
      meta: meta({ step: null, mode: "normal", action: "retry", description: "retry the failed step", ladder: null }),
      on: { RETRY: "resolving" }
    },
    complete: {
      description: "The planned book is written (config book_chapters).",
      meta: meta({ step: null, mode: "normal", action: "done", description: "the book is complete", ladder: null }),
      type: "final"
    }
  }
});globalThis.__cfg=__cfg;var __mk=(c=__cfg)=>novelSetup.createMachine(c);globalThis.__mk=__mk;var bookMachine=null;
export {
  BOOK_MACHINE_ID,
  bookMachine
};

globalThis.__t2=performance.now();
