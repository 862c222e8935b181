/**
 * The author's view of where the pipeline stands (`novel status`). Pure: built
 * from the next-step decision and the volume outline text.
 */
import { LADDER, STABLE_STATES, stateMeta, type StableState } from '../../machines/pipeline.states.js';
import { gateReason } from '../../machines/novel.setup.js';
import type { LockStatus } from './lock-rules.js';
import type { NextDecision } from './next.js';
import { outlineBlocks } from './outline.js';
import { said, sayer, type Lang } from './messages.js';

export const DISPLAY_STAGES = LADDER;

export interface StatusView {
  chapter: number | null;
  volume: number;
  last_completed_chapter: number;
  volume_outline: {
    path: string;
    chapters: number;
    first: number | null;
    last: number | null;
    position: number | null;
  } | null;
  state: string;
  mode: string;
  stages: Array<{ name: string; status: 'done' | 'current' | 'pending'; note?: string }>;
  revision_count: number;
  max_revisions: number;
  gate: NextDecision['gate'] | null;
  lock: LockStatus;
  next: { step: string; action: string; reason: string; reason_zh?: string; command: string };
  /** At a pause: what the judge said, heaviest first (violations, required fixes, the weakest dimensions). */
  review?: ReviewPoint[];
}

export interface ReviewPoint {
  kind: 'violation' | 'fix' | 'dimension';
  text: string;
  /** A scored dimension, said in the reader's language when printed. */
  dimension?: { name: string; score: number; reason: string };
}

type Obj = Record<string, unknown>;
const str = (x: unknown): string | null => (typeof x === 'string' && x.trim() ? x.trim() : null);

/**
 * The judge's words at a pause, in order of weight: high-confidence violations, required fixes, then the dimensions
 * from the lowest score.
 */
export function reviewPoints(evaluation: Obj | null): ReviewPoint[] {
  if (!evaluation) return [];
  const out: ReviewPoint[] = [];
  const cv = (evaluation.contract_verification ?? {}) as Obj;
  const rank = { high: 0, medium: 1, low: 2 } as Record<string, number>;
  const violations: Array<{ c: Obj; layer: string }> = [];
  for (const layer of ['l1', 'l2', 'l3', 'ls']) {
    for (const c of Array.isArray(cv[`${layer}_checks`]) ? (cv[`${layer}_checks`] as Obj[]) : [])
      if (c.status === 'violation') violations.push({ c, layer });
  }
  violations.sort((a, b) => (rank[String(a.c.confidence)] ?? 3) - (rank[String(b.c.confidence)] ?? 3));
  for (const { c, layer } of violations) {
    const id = str(c.rule_id) ?? str(c.contract_id) ?? str(c.objective_id) ?? '?';
    out.push({
      kind: 'violation',
      text: `[${layer} ${id}, ${String(c.confidence ?? '?')}] ${str(c.detail) ?? ''}`.trim(),
    });
  }
  for (const f of Array.isArray(evaluation.required_fixes) ? (evaluation.required_fixes as Obj[]) : []) {
    const text = str(f.instruction);
    if (text) out.push({ kind: 'fix', text: str(f.target) ? `${str(f.target)}: ${text}` : text });
  }
  const scores = (evaluation.scores ?? {}) as Obj;
  const dims = Object.entries(scores)
    .filter(([, v]) => v && typeof v === 'object' && typeof (v as Obj).score === 'number')
    .map(([name, v]) => ({ name, score: (v as Obj).score as number, reason: str((v as Obj).reason) ?? '' }))
    .sort((a, b) => a.score - b.score || (a.name < b.name ? -1 : 1));
  for (const d of dims) out.push({ kind: 'dimension', text: `${d.name} ${d.score}: ${d.reason}`, dimension: d });
  return out;
}

/** The rung of the ladder a state sits on, read from the machine state's meta. */
function currentDisplayStage(state: string): { stage: (typeof DISPLAY_STAGES)[number]; note?: string } | null {
  if (!(STABLE_STATES as readonly string[]).includes(state)) return null;
  const rung = stateMeta(state as StableState).ladder;
  return rung ? { stage: rung.rung, ...(rung.note ? { note: rung.note } : {}) } : null;
}

export function buildStatusView(input: {
  next: NextDecision;
  volume: number;
  lastCompleted: number;
  maxRevisions: number;
  outline: { path: string; text: string } | null;
  lock: LockStatus;
  /** The staged evaluation, read when the chapter is paused for a decision. */
  evaluation?: Obj | null;
}): StatusView {
  const { next } = input;
  const current = currentDisplayStage(next.state);
  const idx = current ? DISPLAY_STAGES.indexOf(current.stage) : -1;
  const stages = DISPLAY_STAGES.map((name, i) => {
    const status: 'done' | 'current' | 'pending' =
      idx < 0 ? 'pending' : i < idx ? 'done' : i === idx ? 'current' : 'pending';
    return { name, status, ...(i === idx && current?.note ? { note: current.note } : {}) };
  });
  let volumeOutline: StatusView['volume_outline'] = null;
  if (input.outline) {
    const chapters = outlineBlocks(input.outline.text)
      .map((b) => b.chapter)
      .sort((a, b) => a - b);
    const pos = next.chapter === null ? -1 : chapters.indexOf(next.chapter);
    volumeOutline = {
      path: input.outline.path,
      chapters: chapters.length,
      first: chapters[0] ?? null,
      last: chapters[chapters.length - 1] ?? null,
      position: pos < 0 ? null : pos + 1,
    };
  }
  return {
    chapter: next.chapter,
    volume: input.volume,
    last_completed_chapter: input.lastCompleted,
    volume_outline: volumeOutline,
    state: next.state,
    mode: next.mode,
    stages,
    revision_count: next.revision_count,
    max_revisions: input.maxRevisions,
    gate: next.gate ?? null,
    lock: input.lock,
    next: {
      step: next.step,
      action: next.action,
      reason: next.reason,
      ...(next.reason_zh ? { reason_zh: next.reason_zh } : {}),
      command: next.command,
    },
    ...(next.action === 'review' ? { review: reviewPoints(input.evaluation ?? null) } : {}),
  };
}

export function renderStatus(v: StatusView, lang: Lang = 'en'): string {
  const t = sayer(lang);
  const lines: string[] = [];
  const o = v.volume_outline;
  const where =
    v.chapter === null
      ? t('status.where.volume', {
          volume: v.volume,
          doing:
            v.next.action === 'done'
              ? 'done'
              : v.next.action === 'recover'
                ? 'recover'
                : v.mode === 'setup'
                  ? 'setup'
                  : 'plan',
          step: v.next.step,
        })
      : v.mode === 'import'
        ? t('status.where.import', { chapter: v.chapter })
        : t('status.where.chapter', {
            chapter: v.chapter,
            position: o?.position ?? null,
            chapters: o ? o.chapters : null,
            volume: v.volume,
            first: o?.first ?? null,
            last: o?.last ?? null,
          });
  lines.push(`${where}${lang === 'zh' ? '；' : '; '}${t('status.committed', { n: v.last_completed_chapter })}`);
  for (const s of v.stages) {
    const mark = s.status === 'done' ? '✓' : s.status === 'current' ? '▶' : ' ';
    const name = t('status.rung', { rung: s.name });
    lines.push(
      `  ${mark} ${name.padEnd(lang === 'zh' ? 6 : 10)}${
        s.status === 'current'
          ? `← ${v.next.step} (${t('status.action', { action: v.next.action })}` +
            `${s.note ? `, ${t('status.note', { note: s.note })}` : ''})`
          : ''
      }`,
    );
  }
  lines.push(t('status.round', { n: v.revision_count, max: v.max_revisions }));
  if (v.gate) lines.push(t('status.gate', { decision: v.gate.decision, reason: gateReason(v.gate) }));
  const h = v.lock.holder;
  lines.push(
    v.lock.held
      ? t('status.lock.held', {
          holder: h
            ? said('statusview.holder', { pid: h.pid, host: h.host, started: h.started, chapter: h.chapter ?? null })
            : said('statusview.unknown_holder'),
          stale: v.lock.stale ? (v.lock.stale_reason ?? said('statusview.stale')) : null,
        })
      : t('status.lock.free'),
  );
  if (v.review?.length)
    lines.push(
      t('status.judge'),
      ...v.review.map(
        (r) =>
          `  - ${t('status.judge.kind', { kind: r.kind })}: ` +
          `${r.dimension ? t('status.judge.dimension', r.dimension) : r.text}`,
      ),
    );
  lines.push(t('status.why', { reason: lang === 'zh' ? (v.next.reason_zh ?? v.next.reason) : v.next.reason }));
  lines.push(t('status.next', { command: v.next.command }));
  return lines.join('\n');
}
