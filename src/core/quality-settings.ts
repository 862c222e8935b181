/**
 * `quality` of novel.config.json resolved against its platform preset
 * (PROTOCOL §13.1): explicit keys override the preset, the preset overrides
 * the defaults. Pure.
 */
import type * as v from 'valibot';
import { AI_FLAVOUR_MODEL } from './ai-flavour.js';
import { titleChapterNumber } from './chapter-number.js';
import type { QualityConfigSchema } from '../schemas/config.js';

export type QualityConfig = v.InferOutput<typeof QualityConfigSchema>;
export const PLATFORMS = ['qidian', 'tomato', 'none'] as const;
export type Platform = (typeof PLATFORMS)[number];

export interface QualitySettings {
  platform: Platform;
  zishu: { hard: [number, number] | null; target: [number, number] | null };
  banned_words: string[];
  blacklist_max_per_kchars: number;
  repetition: { window: number; max_same_opening: number };
  patterns: Array<{ id: string; regex: string; max_per_kchars: number }>;
  max_paragraph_zishu: number | null;
  title: { min: number; max: number; forbidden: string[] };
  hook: { required: boolean; min_strength: number };
  weights: string | Record<string, number>;
  key_chapters: boolean;
  dormancy: { short: number; medium: number; long: number };
  /** The AI-flavour score's thresholds (§16): soft and hard findings at or above them. */
  ai_flavour: { soft: number; hard: number };
}

/** The presets of §13.1: 字数 ranges, paragraph length and whether a hook is required. */
export const PLATFORM_PRESETS: Record<
  Platform,
  {
    hard: [number, number] | null;
    target: [number, number] | null;
    max_paragraph_zishu: number | null;
    hook_required: boolean;
  }
> = {
  qidian: { hard: [1800, 4500], target: [2500, 3500], max_paragraph_zishu: 320, hook_required: true },
  tomato: { hard: [1000, 3500], target: [1500, 2500], max_paragraph_zishu: 300, hook_required: true },
  none: { hard: null, target: null, max_paragraph_zishu: null, hook_required: false },
};

/** 不是…而是…: the construction readers count first when a text reads as machine-made. */
export const DEFAULT_PATTERNS = [
  { id: 'bushi-ershi', regex: '\u4e0d\u662f[^\u3002\uff01\uff1f\\n]{1,20}\u800c\u662f', max_per_kchars: 1 },
];

export const DEFAULT_TITLE_FORBIDDEN = ['\u65e0\u9898', '\u672a\u547d\u540d', '\u5f85\u5b9a']; // 无题 未命名 待定

export function resolveQuality(q: QualityConfig | undefined): QualitySettings {
  const c = q ?? {};
  const platform: Platform = c.platform ?? 'none';
  const preset = PLATFORM_PRESETS[platform];
  return {
    platform,
    zishu: {
      hard: (c.zishu?.hard as [number, number] | undefined) ?? preset.hard,
      target: (c.zishu?.target as [number, number] | undefined) ?? preset.target,
    },
    banned_words: c.banned_words ?? [],
    blacklist_max_per_kchars: c.blacklist_max_per_kchars ?? 3,
    repetition: { window: c.repetition?.window ?? 5, max_same_opening: c.repetition?.max_same_opening ?? 2 },
    patterns: c.patterns ?? DEFAULT_PATTERNS,
    max_paragraph_zishu: c.max_paragraph_zishu !== undefined ? c.max_paragraph_zishu : preset.max_paragraph_zishu,
    title: {
      min: c.title?.min ?? 2,
      max: c.title?.max ?? 30,
      forbidden: c.title?.forbidden ?? DEFAULT_TITLE_FORBIDDEN,
    },
    hook: { required: c.hook?.required ?? preset.hook_required, min_strength: c.hook?.min_strength ?? 3 },
    weights: c.weights ?? 'plot',
    key_chapters: c.key_chapters ?? true,
    dormancy: { short: c.dormancy?.short ?? 6, medium: c.dormancy?.medium ?? 12, long: c.dormancy?.long ?? 24 },
    ai_flavour: {
      soft: c.ai_flavour?.soft ?? AI_FLAVOUR_MODEL.thresholds.soft,
      hard: c.ai_flavour?.hard ?? AI_FLAVOUR_MODEL.thresholds.hard,
    },
  };
}

/** A chapter title against the platform's title rules (§18): a forbidden word, or another chapter's number. */
export type TitleBreak = { kind: 'forbidden'; word: string } | { kind: 'number'; named: number };

/**
 * What a title breaks of the title rules, in the order the lint lists them; the one rule for the lint's findings
 * and for what `publish` and `export --upload` refuse.
 */
export function titleRuleBreaks(chapter: number, title: string, q: QualitySettings): TitleBreak[] {
  const breaks: TitleBreak[] = [];
  const word = q.title.forbidden.find((w) => w && title.includes(w));
  if (word) breaks.push({ kind: 'forbidden', word });
  const named = titleChapterNumber(title);
  if (named !== null && named !== chapter) breaks.push({ kind: 'number', named });
  return breaks;
}
