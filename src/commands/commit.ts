import { clockNow } from '../io/clock.js';
import { said, say, type Lang } from '../core/messages.js';
import { Option } from 'clipanion';
import type { CommitPlan } from '../core/commit-plan.js';
import { byteLength } from '../core/joined-bytes.js';
import { NovelError } from '../core/errors.js';
import { journalPath } from '../core/paths.js';
import type { VolumeCommitPlan } from '../core/volume-plan.js';
import {
  buildChapterCommitPlan,
  buildSetupCommitPlan,
  buildVolumeCommitPlan,
  commitChapter,
  commitSetup,
  commitVolume,
  type SetupCommitPlan,
} from '../io/operations.js';
import { nextAfterWrite, openProject, type OpenProject } from '../io/project.js';
import { withMutation } from '../io/mutation.js';
import { usageOf, helpOf, NovelCommand, type CommandResult } from './base-command.js';
import { isCount } from './option-validators.js';

function refusePendingForDryRun(p: OpenProject): void {
  if (p.journal !== null) {
    throw new NovelError('commit_pending', said('cmd.commit.pending_dry', { journal: p.journal }), {
      hint: said('cmd.commit.pending_dry.hint'),
    });
  }
}

function describePlan(plan: CommitPlan): Record<string, unknown> {
  return {
    chapter: plan.chapter,
    writes: plan.writes.map((w) => ({
      path: w.path,
      kind: w.kind,
      ...(w.from ? { from: w.from } : {}),
      bytes: byteLength(w.content),
    })),
    appends: plan.appends.map((a) => ({
      path: a.path,
      before_bytes: a.before,
      lines: a.text.split('\n').filter(Boolean).length,
      text: a.text,
    })),
    removes: plan.removes,
    state_ops: plan.state_ops,
    checkpoint: {
      pipeline_stage: plan.checkpoint.pipeline_stage,
      inflight_chapter: plan.checkpoint.inflight_chapter,
      last_completed_chapter: plan.checkpoint.last_completed_chapter,
      revision_count: plan.checkpoint.revision_count,
      orchestrator_state: plan.checkpoint.orchestrator_state,
      current_volume: plan.checkpoint.current_volume,
    },
  };
}

function renderPlan(plan: CommitPlan, dryRun: boolean, lang: Lang): string {
  const lines = [say(lang, 'done.commit.head', { chapter: plan.chapter, dry: dryRun })];
  for (const w of plan.writes)
    lines.push(say(lang, 'cmd.commit.write', { kind: w.kind, path: w.path, from: w.from ?? null }));
  for (const a of plan.appends)
    lines.push(say(lang, 'cmd.commit.append', { path: a.path, n: a.text.split('\n').filter(Boolean).length }));
  for (const r of plan.removes) lines.push(say(lang, 'cmd.commit.clear', { path: r }));
  lines.push(
    say(lang, 'done.commit.ops', { applied: plan.state_ops.applied.length, dropped: plan.state_ops.dropped.length }),
  );
  for (const d of plan.state_ops.dropped) lines.push(say(lang, 'cmd.commit.dropped', { op: JSON.stringify(d) }));
  return lines.join('\n');
}

export class CommitCommand extends NovelCommand {
  static override paths = [['commit']];

  static override usage = usageOf('commit', 'pipeline', [
    '$0 commit --chapter 4',
    '$0 commit --chapter 4 --dry-run --json',
  ]);

  chapter = Option.String('--chapter', { validator: isCount, description: helpOf('help.commit.--chapter') });
  volume = Option.String('--volume', { validator: isCount, description: helpOf('help.commit.--volume') });
  setup = Option.Boolean('--setup', false, { description: helpOf('help.commit.--setup') });
  dryRun = Option.Boolean('--dry-run', false, { description: helpOf('help.commit.--dry-run') });

  private commitSetup(): CommandResult {
    const describe = (v: SetupCommitPlan) => ({
      setup: `book:${v.step}`,
      writes: v.writes.map((w) => ({ path: w.path, kind: w.kind, from: w.from, bytes: byteLength(w.content) })),
      removes: v.removes,
    });
    const render = (v: SetupCommitPlan, dry: boolean) =>
      [
        say(this.lang, 'done.setup.head', { step: `book:${v.step}`, dry }),
        ...v.writes.map((w) => say(this.lang, 'cmd.commit.move', { path: w.path, from: String(w.from) })),
      ].join('\n');
    if (this.dryRun) {
      const p = openProject(this.context, this.project);
      refusePendingForDryRun(p);
      const v = buildSetupCommitPlan(p);
      return { data: { dry_run: true, ...describe(v) }, text: render(v, true) };
    }
    return withMutation(this.context, this.project, { chapter: null }, (p, m) => {
      if (m.recovered && m.recovered.kind === 'setup') {
        const next = nextAfterWrite(this.context, this.project, p.fs);
        return {
          data: { dry_run: false, recovered: true, next: { step: next.step, action: next.action } },
          text:
            `${say(this.lang, 'done.setup.recovered')}\n` +
            `${say(this.lang, 'done.next', { step: next.step, action: next.action })}`,
        };
      }
      const { plan: v, next } = commitSetup(p);
      return {
        data: { dry_run: false, recovered: false, ...describe(v), next: { step: next.step, action: next.action } },
        text: `${render(v, false)}\n${say(this.lang, 'done.next', { step: next.step, action: next.action })}`,
      };
    });
  }

  private commitVolume(volume: number): CommandResult {
    const describe = (v: VolumeCommitPlan) => ({
      volume: v.volume,
      writes: v.writes.map((w) => ({ path: w.path, kind: w.kind, from: w.from, bytes: Buffer.byteLength(w.content) })),
      removes: v.removes,
      checkpoint: { orchestrator_state: v.checkpoint.orchestrator_state, current_volume: v.checkpoint.current_volume },
    });
    const render = (v: VolumeCommitPlan, dry: boolean) =>
      [
        say(this.lang, 'cmd.commit.volume', { volume: v.volume, dry }),
        ...v.writes.map((w) => say(this.lang, 'cmd.commit.move', { path: w.path, from: w.from })),
      ].join('\n');
    if (this.dryRun) {
      const p = openProject(this.context, this.project);
      refusePendingForDryRun(p);
      const v = buildVolumeCommitPlan(p, volume, clockNow(this.context.env));
      return { data: { dry_run: true, ...describe(v) }, text: render(v, true) };
    }
    return withMutation(this.context, this.project, { chapter: null }, (p, m) => {
      if (m.recovered && m.recovered.kind === 'volume' && m.recovered.volume === volume) {
        return {
          data: { dry_run: false, recovered: true, volume },
          text: say(this.lang, 'done.plan.recovered', { volume }),
        };
      }
      const { plan: v, next } = commitVolume(p, volume, clockNow(this.context.env));
      return {
        data: { dry_run: false, recovered: false, ...describe(v), next: { step: next.step, action: next.action } },
        text: `${render(v, false)}\n${say(this.lang, 'done.next', { step: next.step, action: next.action })}`,
      };
    });
  }

  run(): CommandResult {
    if ([this.chapter !== undefined, this.volume !== undefined, this.setup].filter(Boolean).length !== 1) {
      throw new NovelError('usage', said('cmd.commit.one_of'), {
        hint: said('cmd.example', { example: 'novel commit --chapter 4' }),
      });
    }
    if (this.setup) return this.commitSetup();
    if (this.volume !== undefined) return this.commitVolume(this.volume);
    const chapter = this.chapter as number;
    if (this.dryRun) {
      const p = openProject(this.context, this.project);
      refusePendingForDryRun(p);
      const { plan } = buildChapterCommitPlan(p, chapter, clockNow(this.context.env));
      return { data: { dry_run: true, ...describePlan(plan) }, text: renderPlan(plan, true, this.lang) };
    }
    return withMutation(this.context, this.project, { chapter }, (p, m) => {
      // An interrupted rewind is what `novel next` names as this chapter's commit to recover: rolled forward, nothing
      // else.
      if (m.recovered && m.recovered.kind === 'rewind') {
        const next = nextAfterWrite(this.context, this.project, p.fs);
        return {
          data: {
            dry_run: false,
            recovered: true,
            rewind: true,
            chapter: m.recovered.chapter,
            next: { step: next.step, action: next.action },
          },
          text:
            `${say(this.lang, 'rewind.recovered', { chapter: m.recovered.chapter ?? chapter })}` +
            `\n${say(this.lang, 'done.next', { step: next.step, action: next.action })}`,
        };
      }
      if (m.recovered && m.recovered.kind === 'chapter' && m.recovered.chapter === chapter) {
        return {
          data: { dry_run: false, recovered: true, chapter, journal: journalPath({ kind: 'chapter', chapter }) },
          text: say(this.lang, 'done.commit.recovered', { chapter }),
        };
      }
      const { plan, next } = commitChapter(p, chapter, clockNow(this.context.env));
      const recoveredNote = m.recovered
        ? `${say(this.lang, 'done.rolled_forward', {
            kind: m.recovered.kind,
            n: m.recovered.chapter ?? m.recovered.volume,
          })}\n`
        : '';
      return {
        data: {
          dry_run: false,
          recovered: false,
          ...(m.recovered
            ? { rolled_forward: { kind: m.recovered.kind, chapter: m.recovered.chapter, volume: m.recovered.volume } }
            : {}),
          ...describePlan(plan),
          next: { step: next.step, action: next.action },
        },
        text:
          `${recoveredNote}${renderPlan(plan, false, this.lang)}\n` +
          `${say(this.lang, 'done.next', { step: next.step, action: next.action })}`,
      };
    });
  }
}
