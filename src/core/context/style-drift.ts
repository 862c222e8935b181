/**
 * Style drift (PROTOCOL §13.7): the committed lint reports of the last five
 * chapters against the book's baseline — style-profile.json's
 * avg_sentence_length and dialogue_ratio, or without them the mean of
 * chapters 1–10. A mean
 * sentence length more than 20 % away, or a dialogue ratio more than 0.15
 * away, goes to the draft packet as inline.style_drift. Pure.
 */
import { isObj } from './project-view.js';

export const DRIFT_WINDOW = 5;
export const SENTENCE_DRIFT = 0.2;
export const DIALOGUE_DRIFT = 0.15;

export interface ReportMetrics {
  chapter: number;
  avg_sentence_zishu: number;
  dialogue_ratio: number;
}

export interface Drift {
  recent: number;
  baseline: number;
  direction: 'higher' | 'lower';
}

export interface StyleDrift {
  chapters: number[];
  avg_sentence_zishu?: Drift;
  dialogue_ratio?: Drift;
  note: string;
}

const round2 = (x: number): number => Math.round(x * 100) / 100;
const mean = (xs: readonly number[]): number => xs.reduce((a, x) => a + x, 0) / xs.length;

/** A committed report's metrics (null: not a lint report). */
export function reportMetrics(report: unknown): ReportMetrics | null {
  if (!isObj(report) || typeof report.chapter !== 'number' || !isObj(report.metrics)) return null;
  const m = report.metrics;
  return typeof m.avg_sentence_zishu === 'number' && typeof m.dialogue_ratio === 'number'
    ? { chapter: report.chapter, avg_sentence_zishu: m.avg_sentence_zishu, dialogue_ratio: m.dialogue_ratio }
    : null;
}

/**
 * The drift of the chapters before `chapter`, from the reports of the chapters
 * committed so far (any order); null when nothing drifts or there is too little
 * to compare.
 */
export function styleDrift(reports: readonly ReportMetrics[], chapter: number, profile: unknown): StyleDrift | null {
  const before = [...reports].filter((r) => r.chapter < chapter).sort((a, b) => a.chapter - b.chapter);
  const recent = before.slice(-DRIFT_WINDOW);
  if (recent.length < DRIFT_WINDOW) return null;
  const early = before.filter((r) => r.chapter <= 10);
  const profileSentence =
    isObj(profile) && typeof profile.avg_sentence_length === 'number' && profile.avg_sentence_length > 0
      ? profile.avg_sentence_length
      : null;
  const baseSentence = profileSentence ?? (early.length ? mean(early.map((r) => r.avg_sentence_zishu)) : null);
  const profileDialogue = isObj(profile) && typeof profile.dialogue_ratio === 'number' ? profile.dialogue_ratio : null;
  const baseDialogue = profileDialogue ?? (early.length ? mean(early.map((r) => r.dialogue_ratio)) : null);
  const nowSentence = mean(recent.map((r) => r.avg_sentence_zishu));
  const nowDialogue = mean(recent.map((r) => r.dialogue_ratio));
  const drift: StyleDrift = { chapters: recent.map((r) => r.chapter), note: '' };
  const notes: string[] = [];
  if (
    baseSentence !== null &&
    baseSentence > 0 &&
    Math.abs(nowSentence - baseSentence) / baseSentence > SENTENCE_DRIFT
  ) {
    drift.avg_sentence_zishu = {
      recent: round2(nowSentence),
      baseline: round2(baseSentence),
      direction: nowSentence > baseSentence ? 'higher' : 'lower',
    };
    notes.push(
      nowSentence > baseSentence
        ? `近 ${DRIFT_WINDOW} 章句子平均 ${round2(nowSentence)} 字，比基线 ${round2(baseSentence)} 字长：多用短句`
        : `近 ${DRIFT_WINDOW} 章句子平均 ${round2(nowSentence)} 字，` +
            `比基线 ${round2(baseSentence)} 字短：句式可以舒展些`,
    );
  }
  if (baseDialogue !== null && Math.abs(nowDialogue - baseDialogue) > DIALOGUE_DRIFT) {
    drift.dialogue_ratio = {
      recent: round2(nowDialogue),
      baseline: round2(baseDialogue),
      direction: nowDialogue > baseDialogue ? 'higher' : 'lower',
    };
    notes.push(
      nowDialogue > baseDialogue
        ? `对话占比 ${round2(nowDialogue)}，高于基线 ${round2(baseDialogue)}：多些叙述与动作`
        : `对话占比 ${round2(nowDialogue)}，低于基线 ${round2(baseDialogue)}：让人物多开口`,
    );
  }
  if (!notes.length) return null;
  drift.note = notes.join('；');
  return drift;
}
