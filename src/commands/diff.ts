import { Option } from 'clipanion';
import { diffRounds, roundsOf } from '../core/draft-history.js';
import { NovelError } from '../core/errors.js';
import { said, say } from '../core/messages.js';
import { archivedAt, paths } from '../core/paths.js';
import { padChapter, parseChapterRef } from '../core/step-id.js';
import { openProject } from '../io/project.js';
import { usageOf, helpOf, NovelCommand, type CommandResult } from './base-command.js';
import { isCount } from './option-validators.js';

export class DiffCommand extends NovelCommand {
  static override paths = [['diff']];

  static override usage = usageOf('diff', 'book', ['$0 diff chapter:004', '$0 diff chapter:4 --round 1 --round 2']);

  chapter = Option.String({ name: 'chapter:NNN' });
  round = Option.Array('--round', { description: helpOf('help.diff.--round') });

  run(): CommandResult {
    const ref = parseChapterRef(this.chapter);
    if (!ref.ok)
      throw new NovelError(
        'invalid_step',
        said('cmd.chapter_ref_invalid', { value: this.chapter, reason: ref.words }),
        { hint: said('cmd.example', { example: 'novel diff chapter:004' }) },
      );
    const n = ref.chapter;
    const p = openProject(this.context, this.project);
    const base = paths.revisionsDir(n);
    const archivedPath = (k: number) => archivedAt(paths.revisionRoundDir(n, k), paths.stagingChapter(n));
    const archived = p.fs
      .listDirs(base)
      .map((d) => /^round-(\d+)$/.exec(d)?.[1])
      .filter((k): k is string => k !== undefined)
      .map(Number)
      .filter((k) => p.fs.exists(archivedPath(k)));
    const current = p.fs.exists(paths.stagingChapter(n))
      ? paths.stagingChapter(n)
      : p.fs.exists(paths.chapter(n))
        ? paths.chapter(n)
        : null;
    const rounds = roundsOf(archived, archivedPath, current);
    if (rounds.length < 2)
      throw new NovelError('no_rounds', said('cmd.diff.no_rounds', { chapter: n, drafts: rounds.length }), {
        hint: said('cmd.diff.no_rounds.hint'),
      });
    const wanted = (this.round ?? []).map((r) => {
      const k = isCount(Number(r)) ? Number(r) : NaN;
      const found = rounds.find((x) => x.round === k);
      if (!found)
        throw new NovelError(
          'invalid_option',
          said('cmd.diff.round_unknown', { round: r, rounds: rounds.map((x) => x.round).join(', ') }),
          { hint: said('cmd.example', { example: `novel diff chapter:${padChapter(n)} --round ${rounds[0]?.round}` }) },
        );
      return found;
    });
    if (wanted.length > 2)
      throw new NovelError('invalid_option', said('cmd.diff.round_twice'), {
        hint: `novel diff chapter:${padChapter(n)} --round 1 --round 2`,
      });
    // Two rounds at least (above): both ends exist.
    const [from, to] = (
      wanted.length === 2 ? wanted : wanted.length === 1 ? [wanted[0], rounds.at(-1)] : [rounds.at(-2), rounds.at(-1)]
    ) as [(typeof rounds)[0], (typeof rounds)[0]];
    const d = diffRounds(from, p.fs.readText(from.path), to, p.fs.readText(to.path));
    return {
      data: { chapter: n, rounds: rounds.map((r) => r.round), ...d },
      text: `${d.patch}${d.patch.endsWith('\n') ? '' : '\n'}${say(this.lang, 'cmd.diff.summary', {
        from: d.from.round,
        to: d.to.round,
        added: d.added,
        removed: d.removed,
      })}`,
    };
  }
}
