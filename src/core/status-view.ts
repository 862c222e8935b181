/**
 * The author's view of where the pipeline stands (`novel status`). Pure: built
 * from the next-step decision and the volume outline text.
 */
import { LADDER, STABLE_STATES, stateMeta, type StableState } from '../../machines/pipeline.states.js';
import type { LockStatus } from './lock-rules.js';
import type { NextDecision } from './next.js';
import { outlineBlocks } from './outline.js';

export const DISPLAY_STAGES = LADDER;

export interface StatusView {
  chapter: number | null;
  volume: number;
  last_completed_chapter: number;
  volume_outline: { path: string; chapters: number; first: number | null; last: number | null; position: number | null } | null;
  state: string;
  mode: string;
  stages: Array<{ name: string; status: 'done' | 'current' | 'pending'; note?: string }>;
  revision_count: number;
  max_revisions: number;
  gate: NextDecision['gate'] | null;
  lock: LockStatus;
  next: { step: string; action: string; reason: string; command: string };
  /** At a pause: what the judge said, heaviest first (violations, required fixes, the weakest dimensions). */
  review?: ReviewPoint[];
}

export interface ReviewPoint {
  kind: 'violation' | 'fix' | 'dimension';
  text: string;
}

type Obj = Record<string, unknown>;
const str = (x: unknown): string | null => (typeof x === 'string' && x.trim() ? x.trim() : null);

/** The judge's words at a pause, in order of weight: high-confidence violations, required fixes, then the dimensions from the lowest score. */
export function reviewPoints(evaluation: Obj | null): ReviewPoint[] {
  if (!evaluation) return [];
  const out: ReviewPoint[] = [];
  const cv = (evaluation.contract_verification ?? {}) as Obj;
  const rank = { high: 0, medium: 1, low: 2 } as Record<string, number>;
  const violations: Array<{ c: Obj; layer: string }> = [];
  for (const layer of ['l1', 'l2', 'l3', 'ls']) {
    for (const c of Array.isArray(cv[`${layer}_checks`]) ? (cv[`${layer}_checks`] as Obj[]) : []) if (c.status === 'violation') violations.push({ c, layer });
  }
  violations.sort((a, b) => (rank[String(a.c.confidence)] ?? 3) - (rank[String(b.c.confidence)] ?? 3));
  for (const { c, layer } of violations) {
    const id = str(c.rule_id) ?? str(c.contract_id) ?? str(c.objective_id) ?? '?';
    out.push({ kind: 'violation', text: `[${layer} ${id}, ${String(c.confidence ?? '?')}] ${str(c.detail) ?? ''}`.trim() });
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
  for (const d of dims) out.push({ kind: 'dimension', text: `${d.name} ${d.score}: ${d.reason}` });
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
    const status: 'done' | 'current' | 'pending' = idx < 0 ? 'pending' : i < idx ? 'done' : i === idx ? 'current' : 'pending';
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
    next: { step: next.step, action: next.action, reason: next.reason, command: next.command },
    ...(next.action === 'review' ? { review: reviewPoints(input.evaluation ?? null) } : {}),
  };
}

export function renderStatus(v: StatusView): string {
  const lines: string[] = [];
  const o = v.volume_outline;
  const where =
    v.chapter === null
      ? `volume ${v.volume}: ${v.state === 'complete' ? 'the planned book is complete' : v.state === 'recovering' ? 'an interrupted plan commit to finish' : 'planning'}`
      : `chapter ${v.chapter}${o && o.position !== null ? ` (${o.position} of ${o.chapters} in volume ${v.volume}, chapters ${o.first}–${o.last})` : o ? ` (not in the volume ${v.volume} outline, which has ${o.chapters} chapters)` : ` (volume ${v.volume}: no outline yet)`}`;
  lines.push(`${where}; ${v.last_completed_chapter} chapter(s) committed`);
  for (const s of v.stages) {
    const mark = s.status === 'done' ? '✓' : s.status === 'current' ? '▶' : ' ';
    lines.push(`  ${mark} ${s.name.padEnd(10)}${s.status === 'current' ? `← ${v.next.step} (${v.next.action}${s.note ? `, ${s.note}` : ''})` : ''}`);
  }
  lines.push(`revision round: ${v.revision_count} of ${v.max_revisions}`);
  if (v.gate) lines.push(`gate: ${v.gate.decision} — ${v.gate.reason}`);
  const h = v.lock.holder;
  lines.push(
    v.lock.held
      ? `lock: held by ${h ? `pid ${h.pid} on ${h.host} since ${h.started}${h.chapter === null ? '' : ` (chapter ${h.chapter})`}` : 'an unknown tool'}${v.lock.stale ? ` — stale (${v.lock.stale_reason}); \`novel lock clear\` removes it` : ''}`
      : 'lock: free',
  );
  if (v.review?.length) {
    const label = { violation: 'violation', fix: 'required fix', dimension: 'score' } as const;
    lines.push('the judge said (heaviest first):', ...v.review.map((r) => `  - ${label[r.kind]}: ${r.text}`));
  }
  lines.push(`why: ${v.next.reason}`);
  lines.push(`next: ${v.next.command}`);
  return lines.join('\n');
}
