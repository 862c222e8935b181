/**
 * What `validate` checks for each step's staged outputs (PROTOCOL §4). Pure:
 * works on a StagingView. Reports every problem at once.
 */
import { staleEvaluations } from './judged-bytes.js';
import { titleChapterNumber } from './chapter-number.js';
import {
  computeVerdict,
  type EvalForGate,
  type GateLintFinding,
  type ScoreSettings,
  type Verdict,
} from '../../machines/pipeline.gate.js';
import { lintChapter, type LintLists, type LintReport } from './lint.js';
import type { QualitySettings } from './quality-settings.js';
import { fixViolation, type FixGuard, type FixStep } from './fix-guard.js';
import { parseJsonText, parseWith } from '../schemas/parse.js';
import {
  AuditSchema,
  ChangeLogSchema,
  ChapterMemorySchema,
  CrossrefSchema,
  DeltaSchema,
  EvalSchema,
} from '../schemas/staging.js';
import { chapterTitle, firstNonEmptyLine, isNonEmptyText } from './chapter-text.js';
import { describeValue, errorAt, warningAt, type Diagnostic } from '../schemas/diagnostics.js';
import { render, said, type Said } from './messages.js';
import { chapterContinuity, findingKey, type ContinuityFacts, type ContinuityFinding } from './continuity.js';
import { paths } from './paths.js';
import { applyOps, type StateDoc } from './state-ops.js';
import { chapterBody, countZishu } from './zishu.js';

type Obj = Record<string, unknown>;
import { isNewFile, stagedText, type StagingView } from './staging-view.js';
import type * as v from 'valibot';
import { CHAPTER_STEP_TABLE, VALIDATED_STAGES, type ChapterStepRow, type ValidatedStage } from './step-table.js';

export type { ValidatedStage };

export interface OutputEvidence {
  path: string;
  required: boolean;
  present: boolean;
  valid: boolean;
  /** Present and not byte-identical to what the last advance recorded. */
  new: boolean;
}

export interface StepValidation {
  diagnostics: Diagnostic[];
  outputs: OutputEvidence[];
  /** No error-severity diagnostic. */
  valid: boolean;
  /** The outputs were produced since the last advance (§5 "new"). */
  fresh: boolean;
  /** Gate inputs, for a valid judge step. */
  verdict?: Verdict;
  /** The chapter's title line, when the staged chapter has one. */
  title?: string;
  /** novel's lint of the staged chapter (§13.2), for draft, refine and judge when quality settings are given. */
  lint?: LintReport;
  /** The continuity findings of the staged chapter and its delta (§19), when the context gives the book's facts. */
  continuity?: ContinuityFinding[];
  /** What a step whose row feeds the gate finds blocking: hard findings the judge's verdict carries (§6). */
  gate?: GateLintFinding[];
}

/** What the lint of §13.2 needs: the quality settings and the word lists (read only when a lint runs). */
export interface LintSetup {
  settings: QualitySettings;
  lists: () => LintLists;
  /** A key chapter (§13.5): its judge step requires the secondary evaluation. */
  keyChapter?: boolean;
}

export interface ValidationContext {
  chapter: number;
  stagingHashes?: Readonly<Record<string, string>>;
  /** Title of the staged chapter recorded at the last advance (refine warning). */
  stagedTitle?: string;
  /** The current state: a summarize step's ops are dry-run against it with the commit's own code. */
  state?: StateDoc;
  /** Target 字数 of a chapter (config chapter_length): outside it is a warning. */
  chapterLength?: { min?: number; max?: number };
  /**
   * The committed storyline memory (storylines/{id}/memory.md), and the share of its lines a staged memory must keep.
   */
  committedMemory?: (storylineId: string) => string | undefined;
  memoryKeepRatio?: number;
  /** The quality layer: the staged chapter is linted, and the judge's gate uses the lint and the weights. */
  quality?: LintSetup;
  /** What a title-fix or hook-fix must keep (the checkpoint's fix_guard, §13.4). */
  fixGuard?: FixGuard;
  /** The judge: the staged files as last judged (the checkpoint's judged_hashes, §17). */
  judgedHashes?: Readonly<Record<string, string>>;
  /** The book's facts the continuity checks hold the staged chapter against (§19), read at the first call. */
  continuity?: () => ContinuityFacts;
}

/**
 * The continuity findings of the staged chapter and its staged delta (§19):
 * none when the context gives no facts or either file does not read.
 */
export function stagedContinuity(view: StagingView, ctx: ValidationContext): ContinuityFinding[] | undefined {
  if (!ctx.continuity) return undefined;
  const text = stagedText(view, paths.stagingChapter(ctx.chapter));
  const deltaText = stagedText(view, paths.stagingDelta(ctx.chapter));
  if (text === undefined || deltaText === undefined) return undefined;
  const rel = paths.stagingDelta(ctx.chapter);
  const parsed = parseJsonText(deltaText, rel, 'invalid_delta');
  const delta = parsed.ok ? parseWith(DeltaSchema, parsed.value, rel, 'invalid_delta') : null;
  if (!delta?.ok) return undefined;
  return chapterContinuity(ctx.continuity(), {
    chapter: ctx.chapter,
    text,
    ops: delta.value.ops,
    ...(delta.value.recollections ? { recollections: delta.value.recollections } : {}),
  });
}

/** A continuity finding as a warning at its line of the chapter, or at the delta's ops. */
export function continuityWarning(chapter: number, f: ContinuityFinding): Diagnostic {
  const onText = f.line !== null;
  return warningAt('continuity', onText ? paths.stagingChapter(chapter) : paths.stagingDelta(chapter), {
    field: onText ? said('validate.line_no', { line: f.line as number }) : 'ops',
    message: f.message,
    found: f.excerpt,
    fix: f.fix,
  });
}

/** The staged chapter's continuity findings, added to a validation as warnings. */
function checkContinuity(c: Collector, view: StagingView, ctx: ValidationContext): ContinuityFinding[] | undefined {
  const found = stagedContinuity(view, ctx);
  for (const f of found ?? []) c.diagnostics.push(continuityWarning(ctx.chapter, f));
  return found;
}

/** The lint report of the staged chapter, when the context asks for one and the text reads. */
function stagedLint(ctx: ValidationContext, text: string | undefined): LintReport | undefined {
  if (!ctx.quality || text === undefined) return undefined;
  return lintChapter({
    chapter: ctx.chapter,
    source: 'staging',
    text,
    settings: ctx.quality.settings,
    lists: ctx.quality.lists(),
  });
}

/** A draft or refined chapter outside the target 字数 of novel.config.json. */
function lengthWarning(rel: string, text: string, target: ValidationContext['chapterLength']): Diagnostic | null {
  if (!target) return null;
  const { zishu } = countZishu(chapterBody(text));
  const low = target.min !== undefined && zishu < target.min;
  const high = target.max !== undefined && zishu > target.max;
  if (!low && !high) return null;
  return warningAt('chapter_length', rel, {
    expected: said('validate.length', { min: target.min ?? 0, max: target.max ?? null }),
    found: `${zishu} 字`,
    fix: said(low ? 'validate.length_short' : 'validate.length_long'),
  });
}

class Collector {
  readonly diagnostics: Diagnostic[] = [];
  readonly outputs: OutputEvidence[] = [];
  constructor(
    private readonly view: StagingView,
    private readonly ctx: ValidationContext,
  ) {}

  /** Text of a staged file, recording presence; problems become diagnostics. */
  text(
    rel: string,
    required: boolean,
    producer: string,
    strictness: 'strict' | 'lenient' = required ? 'strict' : 'lenient',
  ): string | undefined {
    const f = this.view.files.get(rel);
    const evidence: OutputEvidence = {
      path: rel,
      required,
      present: f !== undefined,
      valid: false,
      new: isNewFile(this.view, rel, this.ctx.stagingHashes),
    };
    this.outputs.push(evidence);
    if (!f) {
      if (required) {
        this.diagnostics.push(
          errorAt('output_missing', rel, {
            expected: said('validate.the_file'),
            found: said('validate.no_file'),
            fix: said('validate.run_step', { stage: producer, file: rel }),
          }),
        );
      }
      return undefined;
    }
    if ('problem' in f) {
      this.diagnostics.push(strictness === 'strict' ? f.problem : { ...f.problem, severity: 'warning' });
      return undefined;
    }
    evidence.valid = true;
    return f.text;
  }

  fail(rel: string, d: Diagnostic): void {
    this.diagnostics.push(d);
    const e = this.outputs.find((o) => o.path === rel);
    if (e) e.valid = false;
  }

  /**
   * A staged JSON file checked against its schema. Problems in a required
   * file, or in an optional one marked `strict` (it feeds a decision), are
   * errors; in other optional files they are warnings.
   */
  json<S extends v.GenericSchema>(
    rel: string,
    schema: S,
    required: boolean,
    producer: string,
    code: string,
    strictness: 'strict' | 'lenient' = required ? 'strict' : 'lenient',
  ): v.InferOutput<S> | undefined {
    const text = this.text(rel, required, producer, strictness);
    if (text === undefined) return undefined;
    const json = parseJsonText(text, rel, code);
    const parsed = json.ok ? parseWith(schema, json.value, rel, code) : json;
    if (!parsed.ok) {
      for (const d of parsed.diagnostics) this.fail(rel, strictness === 'strict' ? d : { ...d, severity: 'warning' });
      return undefined;
    }
    return parsed.value;
  }

  chapterNumber(rel: string, found: number, required: boolean): void {
    if (found !== this.ctx.chapter) {
      this.fail(
        rel,
        (required ? errorAt : warningAt)('wrong_chapter', rel, {
          field: 'chapter',
          expected: String(this.ctx.chapter),
          found: describeValue(found),
          fix: said('validate.wrong_chapter', { found, chapter: this.ctx.chapter }),
        }),
      );
    }
  }

  result(fresh: boolean, extra: Partial<StepValidation> = {}): StepValidation {
    const valid = !this.diagnostics.some((d) => d.severity === 'error');
    return { diagnostics: this.diagnostics, outputs: this.outputs, valid, fresh, ...extra };
  }
}

function checkChapterText(c: Collector, rel: string, text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (!isNonEmptyText(text)) {
    c.fail(
      rel,
      errorAt('chapter_empty', rel, {
        expected: said('validate.chapter_text'),
        found: said('validate.empty_file'),
        fix: said('validate.chapter_empty.fix'),
      }),
    );
    return undefined;
  }
  const title = chapterTitle(text);
  if (title === undefined) {
    c.fail(
      rel,
      errorAt('chapter_title_missing', rel, {
        field: said('validate.first_line'),
        expected: said('validate.title_line_example'),
        found: describeValue(firstNonEmptyLine(text)),
        fix: said('validate.title_missing.fix'),
      }),
    );
  }
  return title;
}

/** A title that names another chapter (`# 第6章` on chapter 5), Chinese numerals too. */
function titleNumberWarning(rel: string, title: string | undefined, chapter: number): Diagnostic | null {
  if (title === undefined) return null;
  const named = titleChapterNumber(title);
  if (named === null || named === chapter) return null;
  return warningAt('title_chapter_mismatch', rel, {
    field: said('validate.title_line'),
    expected: said('validate.title_for', { chapter }),
    found: said('validate.title_names', { title: JSON.stringify(title), named }),
    fix: said('validate.title_mismatch.fix', { chapter }),
  });
}

function validateDraft(view: StagingView, ctx: ValidationContext): StepValidation {
  const c = new Collector(view, ctx);
  const rel = paths.stagingChapter(ctx.chapter);
  const text = c.text(rel, true, 'draft');
  const title = checkChapterText(c, rel, text);
  const named = titleNumberWarning(rel, title, ctx.chapter);
  if (named) c.diagnostics.push(named);
  const length = text === undefined ? null : lengthWarning(rel, text, ctx.chapterLength);
  if (length) c.diagnostics.push(length);
  const fresh = isNewFile(view, rel, ctx.stagingHashes);
  const lint = stagedLint(ctx, text);
  return c.result(fresh, { ...(title === undefined ? {} : { title }), ...(lint ? { lint } : {}) });
}

function validateSummarize(view: StagingView, ctx: ValidationContext): StepValidation {
  const c = new Collector(view, ctx);
  const n = ctx.chapter;
  const summaryRel = paths.stagingSummary(n);
  const summary = c.text(summaryRel, true, 'summarize');
  if (summary !== undefined && !isNonEmptyText(summary)) {
    c.fail(
      summaryRel,
      errorAt('summary_empty', summaryRel, {
        expected: said('validate.summary_text'),
        found: said('validate.empty_file'),
      }),
    );
  }
  const deltaRel = paths.stagingDelta(n);
  const delta = c.json(deltaRel, DeltaSchema, true, 'summarize', 'invalid_delta');
  if (delta) c.chapterNumber(deltaRel, delta.chapter, true);
  if (delta && ctx.state) {
    // No silent drops: every op the commit would drop is a warning now.
    const { dropped, droppedWhy } = applyOps(ctx.state, delta.ops);
    for (const [i, d] of dropped.entries()) {
      const { reason: _reason, ...op } = d;
      const shown = 'value' in op && Object.keys(op).length === 1 ? op.value : op;
      const index = delta.ops.findIndex((x) => JSON.stringify(x) === JSON.stringify(shown));
      c.diagnostics.push(
        warningAt('op_dropped', deltaRel, {
          field: `ops[${index}]${typeof (shown as Obj)?.path === 'string' ? ` (${String((shown as Obj).path)})` : ''}`,
          expected: said('validate.op_applicable'),
          found: said('validate.op_dropped', { op: JSON.stringify(shown), why: droppedWhy[i] as Said }),
          fix: said('validate.op_dropped.fix'),
        }),
      );
    }
  }
  const crossrefRel = paths.stagingCrossref(n);
  const crossref = c.json(crossrefRel, CrossrefSchema, true, 'summarize', 'invalid_crossref');
  if (delta) {
    const memoryRel = paths.stagingStorylineMemory(delta.storyline_id);
    const memory = c.text(memoryRel, true, 'summarize');
    if (memory !== undefined && !isNonEmptyText(memory)) {
      c.fail(
        memoryRel,
        errorAt('storyline_memory_empty', memoryRel, {
          expected: said('validate.memory_text'),
          found: said('validate.empty_file'),
        }),
      );
    }
    // The staged memory replaces the committed one: it must not silently lose its history (§12).
    const committed = memory !== undefined ? ctx.committedMemory?.(delta.storyline_id) : undefined;
    if (committed !== undefined && memory !== undefined) {
      const lines = committed
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean);
      const staged = new Set(memory.split(/\r?\n/).map((l) => l.trim()));
      const dropped = lines.filter((l) => !staged.has(l));
      const ratio = ctx.memoryKeepRatio ?? 0.8;
      if (lines.length > 0 && (lines.length - dropped.length) / lines.length < ratio) {
        c.diagnostics.push(
          warningAt('storyline_memory_shrunk', memoryRel, {
            expected: said('validate.memory_keep', {
              percent: Math.round(ratio * 100),
              lines: lines.length,
              file: paths.storylineMemory(String(delta.storyline_id)),
            }),
            found: said('validate.memory_kept', {
              kept: lines.length - dropped.length,
              dropped: dropped.map((l) => JSON.stringify(l)),
            }),
            fix: said('validate.memory_shrunk.fix'),
          }),
        );
      }
    }
    if (crossref && crossref.storyline_id !== delta.storyline_id) {
      c.diagnostics.push(
        warningAt('storyline_mismatch', crossrefRel, {
          field: 'storyline_id',
          expected: said('validate.delta_storyline', { id: JSON.stringify(delta.storyline_id) }),
          found: describeValue(crossref.storyline_id),
        }),
      );
    }
  } else {
    c.outputs.push({
      path: 'staging/storylines/{storyline_id}/memory.md',
      required: true,
      present: false,
      valid: false,
      new: false,
    });
  }
  // Optional, but once present it is committed into the ledger, so it must be valid.
  const memRel = paths.stagingChapterMemory(n);
  const mem = c.json(memRel, ChapterMemorySchema, false, 'summarize', 'invalid_chapter_memory', 'strict');
  if (mem) c.chapterNumber(memRel, mem.chapter, true);
  // §5 asks freshness only of refine and of a revision draft: summarize outputs
  // written before the draft was advanced (one executor writing both) count.
  const continuity = checkContinuity(c, view, ctx);
  return c.result(true, continuity ? { continuity } : {});
}

function validateRefine(view: StagingView, ctx: ValidationContext): StepValidation {
  const c = new Collector(view, ctx);
  const rel = paths.stagingChapter(ctx.chapter);
  const refined = c.text(rel, true, 'refine');
  const title = checkChapterText(c, rel, refined);
  const named = titleNumberWarning(rel, title, ctx.chapter);
  if (named) c.diagnostics.push(named);
  const length = refined === undefined ? null : lengthWarning(rel, refined, ctx.chapterLength);
  if (length) c.diagnostics.push(length);
  if (title !== undefined && ctx.stagedTitle !== undefined && title !== ctx.stagedTitle) {
    c.diagnostics.push(
      warningAt('title_changed', rel, {
        field: said('validate.title_line'),
        expected: said('validate.title_kept', { title: JSON.stringify(ctx.stagedTitle) }),
        found: JSON.stringify(title),
        fix: said('validate.title_changed.fix'),
      }),
    );
  }
  const logRel = paths.stagingChangeLog(ctx.chapter);
  if (view.files.has(logRel)) c.json(logRel, ChangeLogSchema, false, 'refine', 'invalid_change_log');
  const fresh = isNewFile(view, rel, ctx.stagingHashes) || isNewFile(view, logRel, ctx.stagingHashes);
  const lint = stagedLint(ctx, refined);
  const continuity = checkContinuity(c, view, ctx);
  return c.result(fresh, {
    ...(title === undefined ? {} : { title }),
    ...(lint ? { lint } : {}),
    ...(continuity ? { continuity } : {}),
  });
}

function validateJudge(view: StagingView, ctx: ValidationContext): StepValidation {
  const c = new Collector(view, ctx);
  const rel = paths.stagingEval(ctx.chapter);
  const primary = c.json(rel, EvalSchema, true, 'judge', 'invalid_eval');
  if (primary) c.chapterNumber(rel, primary.chapter, true);
  const secRel = paths.stagingEvalSecondary(ctx.chapter);
  let secondary: v.InferOutput<typeof EvalSchema> | undefined;
  if (ctx.quality?.keyChapter && !view.files.has(secRel)) {
    c.fail(
      secRel,
      errorAt('secondary_eval_required', secRel, {
        expected: said('validate.secondary_eval', { chapter: ctx.chapter }),
        found: said('validate.no_file'),
        fix: said('validate.secondary_eval.fix'),
      }),
    );
    c.outputs.push({ path: secRel, required: true, present: false, valid: false, new: false });
  }
  if (view.files.has(secRel)) {
    // Optional, but once present it feeds the gate, so it must be valid.
    secondary = c.json(secRel, EvalSchema, false, 'judge', 'invalid_eval', 'strict');
    if (secondary) c.chapterNumber(secRel, secondary.chapter, true);
  }
  const valid = !c.diagnostics.some((d) => d.severity === 'error');
  // Like summarize: a valid evaluation counts; a revision round archives the old one. Not one of a chapter
  // whose bytes changed since it was judged (§17): that chapter is judged again.
  const fresh = staleEvaluations(ctx.judgedHashes, ctx.chapter, (r) => view.files.get(r)?.sha256 ?? null).length === 0;
  if (!valid || !primary) return c.result(fresh);
  // The gate reads novel's own lint of the judged text and its weighted score (§13.3).
  const lint = stagedLint(ctx, stagedText(view, paths.stagingChapter(ctx.chapter)));
  const scoring = ctx.quality
    ? {
        weights: ctx.quality.settings.weights as ScoreSettings['weights'],
        hook_required: ctx.quality.settings.hook.required,
        hook_min_strength: ctx.quality.settings.hook.min_strength,
      }
    : undefined;
  // The steps whose rows feed the gate add what they find blocking now, on the judged text (§6, §19).
  const fed = GATE_FEEDERS.flatMap((stage) => VALIDATORS[stage](view, ctx).gate ?? []);
  const verdict = computeVerdict(primary as EvalForGate, secondary as EvalForGate | undefined, scoring, [
    ...(lint?.findings ?? []),
    ...fed,
  ]);
  return c.result(fresh, { verdict, ...(lint ? { lint } : {}) });
}

/**
 * The continuity audit (§19): the auditor's report, valid; its hard issues and
 * novel's own findings it does not dismiss with a reason go to the gate.
 */
function validateAudit(view: StagingView, ctx: ValidationContext): StepValidation {
  const c = new Collector(view, ctx);
  const rel = paths.stagedOutput('audit', ctx.chapter);
  const audit = c.json(rel, AuditSchema, true, 'audit', 'invalid_audit');
  if (audit) c.chapterNumber(rel, audit.chapter, true);
  const continuity = checkContinuity(c, view, ctx);
  const dismissed = new Set((audit?.dismissed ?? []).map((x) => x.finding));
  const confirmed = new Set((audit?.issues ?? []).filter((i) => i.severity === 'hard').map((i) => i.evidence));
  const gate: GateLintFinding[] = [
    ...(audit?.issues ?? [])
      .filter((i) => i.severity === 'hard')
      .map((i) => ({
        rule: 'continuity_audit',
        severity: 'hard' as const,
        message: `${i.kind}: ${i.evidence}`,
        excerpt: i.evidence,
        fix: i.fix,
      })),
    ...(continuity ?? [])
      // Not dismissed, and not one the auditor already reports as a hard issue on the same sentence.
      .filter((f) => !dismissed.has(findingKey(f)) && !confirmed.has(f.excerpt))
      .map((f) => ({
        rule: 'continuity',
        severity: 'hard' as const,
        message: render('en', f.message),
        ...(f.line === null ? {} : { line: f.line }),
        excerpt: f.excerpt,
        fix: render('en', f.fix),
        message_zh: render('zh', f.message),
        fix_zh: render('zh', f.fix),
      })),
  ];
  // Like summarize: a revision round archives the report, so one present is this round's.
  return c.result(true, { ...(continuity ? { continuity } : {}), ...(audit ? { gate } : {}) });
}

/** Each validated step's validator, keyed by the step table: a new step's row asks for its own. */
const VALIDATORS: Record<ValidatedStage, (view: StagingView, ctx: ValidationContext) => StepValidation> = {
  draft: validateDraft,
  summarize: validateSummarize,
  audit: validateAudit,
  refine: validateRefine,
  'title-fix': (view, ctx) => validateFix(view, ctx, 'title-fix'),
  judge: validateJudge,
  'hook-fix': (view, ctx) => validateFix(view, ctx, 'hook-fix'),
};

/** The validated steps whose rows feed the gate, in pipeline order. */
const GATE_FEEDERS = VALIDATED_STAGES.filter((stage) => (CHAPTER_STEP_TABLE[stage] as ChapterStepRow).feeds_gate);

export function validateStep(stage: ValidatedStage, view: StagingView, ctx: ValidationContext): StepValidation {
  return VALIDATORS[stage](view, ctx);
}

/** A title-fix or a hook-fix (§13.4): the chapter, changed only where the micro-step may change it. */
function validateFix(view: StagingView, ctx: ValidationContext, step: FixStep): StepValidation {
  const c = new Collector(view, ctx);
  const rel = paths.stagingChapter(ctx.chapter);
  const text = c.text(rel, true, step === 'title-fix' ? 'title-fix' : 'hook-fix');
  const title = checkChapterText(c, rel, text);
  if (text !== undefined && ctx.fixGuard?.step === step) {
    const violation = fixViolation(rel, text, ctx.fixGuard);
    if (violation) c.fail(rel, violation);
  }
  const fresh = isNewFile(view, rel, ctx.stagingHashes);
  const lint = stagedLint(ctx, text);
  return c.result(fresh, { ...(title === undefined ? {} : { title }), ...(lint ? { lint } : {}) });
}
