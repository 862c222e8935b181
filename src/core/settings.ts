/** novel.config.json resolved against its defaults (PROTOCOL §10). Pure. */
import { DEFAULT_MAX_REVISIONS, DEFAULT_THRESHOLDS, type Thresholds } from '../../machines/pipeline.gate.js';
import type { RevisionPolicy } from '../../machines/novel.setup.js';
import type { Config } from '../schemas/config.js';
import { errorAt, type Diagnostic } from '../schemas/diagnostics.js';
import { DEFAULT_CONTINUITY, type ContinuityNames } from './continuity.js';
import { said } from './messages.js';
import { paths } from './paths.js';
import { resolveQuality, type QualitySettings } from './quality-settings.js';
import type { SandboxMode } from './sandbox.js';

export interface Settings {
  thresholds: Thresholds;
  max_revisions: number;
  revision_policy: RevisionPolicy;
  memory_context_chapters: number;
  lock_stale_minutes: number;
  chapters_per_volume: number;
  /** How many chapters a new volume's plan may cover (§14); chapters_per_volume is what the plan packet suggests. */
  volume_chapters: { min: number; max: number };
  /** The planned length of the book; null: open-ended (never complete). */
  book_chapters: number | null;
  /** The book's title, author and language for exports (title and author default to brief.md's). */
  title?: string;
  author?: string;
  language: string;
  /** The share of the committed storyline memory's lines a staged memory must keep (validate warns below it). */
  memory_keep_ratio: number;
  /** Target 字数 per chapter: validate warns outside it; the draft packet carries it. */
  chapter_length?: { min?: number; max?: number };
  executor: {
    command?: string;
    model?: string;
    secondary_model?: string;
    timeout_s: number;
    retries: number;
    sandbox: SandboxMode;
  };
  /** More entries than this under staging/ fail an executor step (exit 11): the bookkeeping stays bounded. */
  staging_max_files: number;
  /** What novel measures in every chapter (PROTOCOL §13.1), the platform preset applied. */
  quality: QualitySettings;
  /** Where the continuity checks find the book's facts (PROTOCOL §19). */
  continuity: ContinuityNames;
  /** The daily serial (PROTOCOL §18): the day's 字数 goal (null: none) and the time zone of its days (null: local). */
  serial: { daily_zishu: number | null; timezone: string | null };
}

export const DEFAULT_SETTINGS: Settings = {
  thresholds: DEFAULT_THRESHOLDS,
  max_revisions: DEFAULT_MAX_REVISIONS,
  revision_policy: 'auto',
  memory_context_chapters: 3,
  lock_stale_minutes: 30,
  chapters_per_volume: 30,
  volume_chapters: { min: 10, max: 100 },
  book_chapters: null,
  language: 'zh-CN',
  memory_keep_ratio: 0.8,
  executor: { timeout_s: 1800, retries: 1, sandbox: 'auto' },
  staging_max_files: 10_000,
  quality: resolveQuality(undefined),
  continuity: DEFAULT_CONTINUITY,
  serial: { daily_zishu: null, timezone: null },
};

export function resolveSettings(config: Config | null): { settings: Settings; diagnostics: Diagnostic[] } {
  const c = config ?? {};
  const thresholds: Thresholds = { ...DEFAULT_THRESHOLDS, ...c.gate };
  const diagnostics: Diagnostic[] = [];
  const order: Array<keyof Thresholds> = ['pass', 'polish', 'revise', 'pause'];
  for (let i = 0; i + 1 < order.length; i++) {
    const hi = order[i] as keyof Thresholds;
    const lo = order[i + 1] as keyof Thresholds;
    if (thresholds[hi] < thresholds[lo]) {
      diagnostics.push(
        errorAt('invalid_config', paths.config, {
          field: `gate.${lo}`,
          expected: said('settings.threshold', { above: hi, value: thresholds[hi] }),
          found: String(thresholds[lo]),
          fix: said('settings.threshold.fix'),
        }),
      );
    }
  }
  const vc = {
    min: c.volume_chapters?.min ?? DEFAULT_SETTINGS.volume_chapters.min,
    max: c.volume_chapters?.max ?? DEFAULT_SETTINGS.volume_chapters.max,
  };
  if (vc.min > vc.max) {
    diagnostics.push(
      errorAt('invalid_config', paths.config, {
        field: 'volume_chapters.min',
        expected: said('settings.volume_min', { max: vc.max }),
        found: String(vc.min),
        fix: said('settings.volume_min.fix'),
      }),
    );
  }
  const settings: Settings = {
    thresholds,
    max_revisions: c.max_revisions ?? DEFAULT_SETTINGS.max_revisions,
    revision_policy: c.revision_policy ?? DEFAULT_SETTINGS.revision_policy,
    memory_context_chapters: c.memory_context_chapters ?? DEFAULT_SETTINGS.memory_context_chapters,
    lock_stale_minutes: c.lock_stale_minutes ?? DEFAULT_SETTINGS.lock_stale_minutes,
    chapters_per_volume: c.chapters_per_volume ?? DEFAULT_SETTINGS.chapters_per_volume,
    volume_chapters: {
      min: c.volume_chapters?.min ?? DEFAULT_SETTINGS.volume_chapters.min,
      max: c.volume_chapters?.max ?? DEFAULT_SETTINGS.volume_chapters.max,
    },
    book_chapters: c.book_chapters ?? null,
    ...(c.title !== undefined ? { title: c.title } : {}),
    ...(c.author !== undefined ? { author: c.author } : {}),
    language: c.language ?? DEFAULT_SETTINGS.language,
    memory_keep_ratio: c.memory_keep_ratio ?? DEFAULT_SETTINGS.memory_keep_ratio,
    staging_max_files: c.staging_max_files ?? DEFAULT_SETTINGS.staging_max_files,
    quality: resolveQuality(c.quality),
    continuity: { ...DEFAULT_CONTINUITY, ...c.continuity },
    serial: { daily_zishu: c.serial?.daily_zishu ?? null, timezone: c.serial?.timezone ?? null },
    ...(c.chapter_length !== undefined ? { chapter_length: c.chapter_length } : {}),
    executor: {
      ...(c.executor?.command === undefined ? {} : { command: c.executor.command }),
      ...(c.executor?.model === undefined ? {} : { model: c.executor.model }),
      ...(c.executor?.secondary_model === undefined ? {} : { secondary_model: c.executor.secondary_model }),
      timeout_s: c.executor?.timeout_s ?? DEFAULT_SETTINGS.executor.timeout_s,
      retries: c.executor?.retries ?? DEFAULT_SETTINGS.executor.retries,
      sandbox: c.executor?.sandbox ?? DEFAULT_SETTINGS.executor.sandbox,
    },
  };
  return { settings, diagnostics };
}
