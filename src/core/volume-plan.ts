/**
 * Volume planning (PROTOCOL §9.3): what the plot-architect must stage under
 * staging/volumes/vol-VV/, its validation, and the commit that moves it into
 * volumes/vol-VV/. Pure.
 */
import { paths } from './paths.js';
import { describeValue, errorAt, type Diagnostic } from '../schemas/diagnostics.js';
import { said, type Said } from './messages.js';
import { blockKeyLines, OUTLINE_KEYS, outlineBlocks, outlineChapters } from './outline.js';
import * as v from 'valibot';
import { isSlug } from '../schemas/common.js';
import { parseJsonText, parseWith } from '../schemas/parse.js';
import {
  ChapterContractSchema,
  NewCharactersSchema,
  StorylineScheduleSchema,
  VolumeForeshadowingSchema,
} from '../schemas/volume-plan.js';
import { stagedText, type StagingView } from './staging-view.js';
import type { Settings } from './settings.js';

type Obj = Record<string, unknown>;

export function stagedVolumeDir(volume: number): string {
  return paths.stagedVolumeDir(volume);
}

/**
 * What a plan of a volume covers (§14): from the next chapter, either the rest
 * of the volume as its outline already has it (a gap ahead to fill: exactly
 * the chapters up to the next outlined one), or a new volume of its own length —
 * `volume_chapters.min`..`max` chapters, `chapters_per_volume` suggested.
 */
export interface PlanBounds {
  first: number;
  /** The last chapter the packet suggests (chapter_range). */
  suggested: number;
  min: number;
  max: number;
}

export function planBounds(
  lastCompleted: number,
  outlined: readonly number[],
  settings: Pick<Settings, 'chapters_per_volume' | 'volume_chapters'>,
): PlanBounds {
  const first = lastCompleted + 1;
  const ahead = outlined.filter((c) => c >= first);
  if (ahead.length) {
    // A gap in the outline ahead: exactly the chapters up to the next outlined one.
    const last = Math.min(...ahead) - 1;
    return { first, suggested: last, min: last - first + 1, max: last - first + 1 };
  }
  // The suggestion is always allowed: a chapters_per_volume outside volume_chapters widens the range to it.
  const cpv = settings.chapters_per_volume;
  return {
    first,
    suggested: first + cpv - 1,
    min: Math.min(settings.volume_chapters.min, cpv),
    max: Math.max(settings.volume_chapters.max, cpv),
  };
}

/**
 * [first, last] chapters the staged plan covers: from the next chapter to its outline's last block (the suggestion
 * while none is staged).
 */
export function planRange(view: StagingView, volume: number, bounds: PlanBounds): [number, number] {
  const text = stagedText(view, `${stagedVolumeDir(volume)}/outline.md`);
  const ahead = text === undefined ? [] : outlineChapters(text).filter((c) => c >= bounds.first);
  return [bounds.first, ahead.length ? Math.max(...ahead) : bounds.suggested];
}

/** A staged JSON file of the plan, parsed with its schema; problems go to `out`. */
function parsed<S extends v.GenericSchema>(
  view: StagingView,
  rel: string,
  schema: S,
  out: Diagnostic[],
  prepare: (json: unknown) => unknown = (j) => j,
): v.InferOutput<S> | undefined {
  const text = stagedText(view, rel);
  if (text === undefined) {
    const f = view.files.get(rel);
    out.push(
      f && 'problem' in f
        ? f.problem
        : errorAt('output_missing', rel, {
            expected: said('validate.the_file'),
            found: said('validate.no_file'),
            fix: said('plan.run_architect'),
          }),
    );
    return undefined;
  }
  const json = parseJsonText(text, rel, 'invalid_volume_plan');
  if (!json.ok) {
    out.push(...json.diagnostics);
    return undefined;
  }
  const r = parseWith(schema, prepare(json.value), rel, 'invalid_volume_plan');
  if (!r.ok) {
    out.push(...r.diagnostics);
    return undefined;
  }
  return r.value;
}

/** The storylines of storylines/storylines.json: their ids, and the id of each display name. */
export interface StorylineIndex {
  ids: ReadonlySet<string>;
  idOfName: ReadonlyMap<string, string>;
}

/** The index of a parsed storylines.json (null: no usable file, so ids are not checked against it). */
export function storylineIndex(json: unknown): StorylineIndex | null {
  const list = (json as { storylines?: unknown } | null)?.storylines;
  if (!Array.isArray(list)) return null;
  const ids = new Set<string>();
  const idOfName = new Map<string, string>();
  for (const s of list) {
    const id = (s as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') continue;
    ids.add(id);
    for (const key of ['name', 'display_name', 'title']) {
      const name = (s as Record<string, unknown>)[key];
      if (typeof name === 'string' && name) idOfName.set(name, id);
    }
  }
  return { ids, idOfName };
}

const STORYLINES_FILE = 'storylines/storylines.json';

/** What a storyline value should be instead, and the fix, said. */
export interface StorylineProblem {
  expected: Said;
  fix: Said;
}

/** Why a storyline value is not a known id, with the fix (null: it is fine). */
export function storylineProblem(value: string, index: StorylineIndex | null): StorylineProblem | null {
  // An empty list is a book whose storylines are not set up yet: ids are then only checked as slugs.
  if (index && index.ids.size === 0) index = null;
  const known = index ? [...index.ids].sort() : null;
  const byName = index?.idOfName.get(value);
  if (byName !== undefined)
    return {
      expected: said('plan.storyline_name'),
      fix: said('plan.storyline_name.fix', { id: byName, name: JSON.stringify(value), file: STORYLINES_FILE }),
    };
  if (!isSlug(value))
    return {
      expected: said('plan.storyline_slug'),
      fix: known
        ? said('plan.storyline_ids.fix', { file: STORYLINES_FILE, ids: known })
        : said('plan.storyline_slug.fix', { file: STORYLINES_FILE }),
    };
  if (index && !index.ids.has(value))
    return {
      expected: said('plan.storyline_known', { file: STORYLINES_FILE, ids: known }),
      fix: said('plan.storyline_known.fix', { value, file: STORYLINES_FILE }),
    };
  return null;
}

export function validateVolumePlan(
  view: StagingView,
  volume: number,
  range: [number, number],
  storylines: StorylineIndex | null = null,
  bounds: PlanBounds | null = null,
): Diagnostic[] {
  const dir = stagedVolumeDir(volume);
  const out: Diagnostic[] = [];
  const length = range[1] - range[0] + 1;
  if (bounds && stagedText(view, `${dir}/outline.md`) !== undefined && (length < bounds.min || length > bounds.max)) {
    out.push(
      errorAt('volume_length', `${dir}/outline.md`, {
        expected:
          bounds.min === bounds.max
            ? said('plan.gap', { first: bounds.first, last: bounds.suggested })
            : said('plan.length', { min: bounds.min, max: bounds.max, first: bounds.first }),
        found: said('plan.length_found', { n: length, first: range[0], last: range[1] }),
        fix:
          bounds.min === bounds.max
            ? said('plan.gap.fix', { first: bounds.first, last: bounds.suggested })
            : said('plan.length.fix', { min: bounds.min, max: bounds.max }),
      }),
    );
  }
  const outlineRel = `${dir}/outline.md`;
  const outline = stagedText(view, outlineRel);
  const storylineOf = new Map<number, string>();
  const badLines = new Map<string, { problem: StorylineProblem; lines: number[] }>();
  const badContracts = new Map<string, { problem: StorylineProblem; files: string[] }>();
  const staged = view.files.get(outlineRel);
  if (outline === undefined) {
    // A file that is there but cannot be read (not UTF-8, say) is named as such, not as a missing one.
    out.push(
      staged && 'problem' in staged
        ? staged.problem
        : errorAt('output_missing', outlineRel, {
            expected: said('plan.outline'),
            found: said('validate.no_file'),
            fix: said('plan.run_architect'),
          }),
    );
  } else {
    const blocks = outlineBlocks(outline);
    const byChapter = new Map(blocks.map((b) => [b.chapter, b]));
    const missing: number[] = [];
    for (let c = range[0]; c <= range[1]; c++) {
      const block = byChapter.get(c);
      if (!block) {
        missing.push(c);
        continue;
      }
      const keys = blockKeyLines(block);
      const absent = OUTLINE_KEYS.filter((k) => !keys[k]);
      if (absent.length) {
        out.push(
          errorAt('outline_block_incomplete', outlineRel, {
            field: said('plan.block_at', { heading: block.heading, line: block.line }),
            expected: said('plan.key_lines', { keys: OUTLINE_KEYS }),
            found: said('plan.key_lines_missing', { keys: absent }),
            fix: said('plan.key_lines.fix'),
          }),
        );
      }
      if (keys.Storyline) {
        const problem = storylineProblem(keys.Storyline, storylines);
        // The contract must name the storyline's id: the one a display name stands for, when it is known.
        const id = storylines?.idOfName.get(keys.Storyline) ?? (isSlug(keys.Storyline) ? keys.Storyline : undefined);
        if (id !== undefined) storylineOf.set(c, id);
        if (problem) {
          const seen = badLines.get(keys.Storyline) ?? { problem, lines: [] };
          seen.lines.push(block.line);
          badLines.set(keys.Storyline, seen);
        }
      }
    }
    // One report per wrong value, naming every line it stands on.
    for (const [value, { problem, lines }] of badLines) {
      out.push(
        errorAt(isSlug(value) ? 'unknown_storyline' : 'invalid_volume_plan', outlineRel, {
          field: said('plan.storyline_lines', { lines }),
          expected: problem.expected,
          found: JSON.stringify(value),
          fix: problem.fix,
        }),
      );
    }
    if (missing.length) {
      out.push(
        errorAt('outline_gap', outlineRel, {
          expected: said('plan.blocks', { first: range[0], last: range[1] }),
          found: said('plan.blocks_missing', { chapters: missing }),
        }),
      );
    }
  }
  parsed(view, `${dir}/new-characters.json`, NewCharactersSchema, out);
  parsed(view, `${dir}/storyline-schedule.json`, StorylineScheduleSchema, out);
  parsed(view, `${dir}/foreshadowing.json`, VolumeForeshadowingSchema, out);
  for (let c = range[0]; c <= range[1]; c++) {
    const rel = paths.stagedContract(volume, c);
    // An outlined chapter without a contract gets one derived from its block when it is written (§14).
    if (!view.files.has(rel)) continue;
    // A storyline written as something other than an id is reported once with the fix (below), not as a schema error
    // per file.
    let wrongLine: string | null = null;
    const contract = parsed(view, rel, ChapterContractSchema, out, (json) => {
      const id = (json as { storyline_id?: unknown } | null)?.storyline_id;
      if (typeof id !== 'string' || isSlug(id)) return json;
      wrongLine = id;
      return { ...(json as object), storyline_id: storylines?.idOfName.get(id) ?? 'not-an-id' };
    });
    if (wrongLine !== null) {
      const problem = storylineProblem(wrongLine, storylines) as StorylineProblem;
      const seen = badContracts.get(wrongLine) ?? { problem, files: [] };
      seen.files.push(rel);
      badContracts.set(wrongLine, seen);
    }
    if (contract === undefined || wrongLine !== null) continue;
    if (contract.chapter !== c)
      out.push(
        errorAt('wrong_chapter', rel, {
          field: 'chapter',
          expected: String(c),
          found: describeValue(contract.chapter),
        }),
      );
    const line = storylineOf.get(c);
    const contractProblem =
      typeof contract.storyline_id === 'string' ? storylineProblem(contract.storyline_id, storylines) : null;
    if (contractProblem) {
      const seen = badContracts.get(contract.storyline_id) ?? { problem: contractProblem, files: [] };
      seen.files.push(rel);
      badContracts.set(contract.storyline_id, seen);
    } else if (line !== undefined && contract.storyline_id !== line) {
      out.push(
        errorAt('storyline_mismatch', rel, {
          field: 'storyline_id',
          expected: said('plan.block_storyline', { id: JSON.stringify(line) }),
          found: describeValue(contract.storyline_id),
          fix: said('plan.block_storyline.fix'),
        }),
      );
    }
    if (!contract.objectives.some((o) => o.required === true)) {
      out.push(
        errorAt('no_required_objective', rel, {
          field: 'objectives',
          expected: said('plan.required_objective'),
          found: describeValue(contract.objectives),
        }),
      );
    }
  }
  for (const [value, { problem, files }] of badContracts) {
    const more = files.slice(1).map((f) => f.slice(f.lastIndexOf('/') + 1));
    const found = said('plan.contract_value', { value: JSON.stringify(value), more });
    out.push(
      errorAt(isSlug(value) ? 'unknown_storyline' : 'invalid_volume_plan', files[0] as string, {
        field: 'storyline_id',
        expected: problem.expected,
        found,
        fix: problem.fix,
      }),
    );
  }
  return out;
}

export interface VolumeCommitPlan {
  kind: 'volume';
  volume: number;
  writes: Array<{ path: string; content: string; kind: 'move'; from: string }>;
  appends: [];
  removes: string[];
  checkpoint: Obj;
  fingerprint_paths: string[];
}

/**
 * The outline after a plan of the rest of a volume whose outline already has
 * blocks (chapters_per_volume raised, or a plan that stopped short): the
 * existing text without the blocks of the planned range, then the staged
 * blocks of that range in order.
 */
export function mergeOutline(existing: string, staged: string, range: [number, number]): string {
  const inRange = (c: number): boolean => c >= range[0] && c <= range[1];
  const lines = existing.split('\n');
  const drop = new Set<number>();
  for (const b of outlineBlocks(existing)) {
    if (!inRange(b.chapter)) continue;
    const count = b.text.split('\n').length;
    for (let i = 0; i < count; i++) drop.add(b.line - 1 + i);
  }
  const kept = lines
    .filter((_, i) => !drop.has(i))
    .join('\n')
    .replace(/\s+$/, '');
  const added = outlineBlocks(staged)
    .filter((b) => inRange(b.chapter))
    .map((b) => b.text);
  return `${[kept, ...added].filter(Boolean).join('\n\n')}\n`;
}

export function planVolumeCommit(
  view: StagingView,
  volume: number,
  range: [number, number],
  existingOutline: string | null,
  checkpointRaw: Obj,
  now: Date,
): VolumeCommitPlan {
  const dir = `${stagedVolumeDir(volume)}/`;
  const files = [...view.files.keys()].filter((p) => p.startsWith(dir)).sort();
  const writes = files.map((from) => {
    const content = stagedText(view, from) as string;
    const merged =
      from === `${dir}outline.md` && existingOutline !== null && outlineBlocks(existingOutline).length > 0
        ? mergeOutline(existingOutline, content, range)
        : content;
    return {
      path: `${paths.volumeDir(volume)}/${from.slice(dir.length)}`,
      content: merged,
      kind: 'move' as const,
      from,
    };
  });
  const checkpoint: Obj = {
    ...checkpointRaw,
    orchestrator_state: 'WRITING',
    current_volume: volume,
    last_checkpoint_time: now.toISOString(),
  };
  return {
    kind: 'volume',
    volume,
    writes,
    appends: [],
    removes: files,
    checkpoint,
    fingerprint_paths: writes.map((w) => w.path),
  };
}
