import { Command, Option } from 'clipanion';
import { diffRounds, roundsOf } from '../core/draft-history.js';
import { NovelError } from '../core/errors.js';
import { archivedAt, paths } from '../core/paths.js';
import { padChapter, parseChapterRef } from '../core/step-id.js';
import { openProject } from '../io/project.js';
import { NovelCommand, type CommandResult } from './base-command.js';
import { isCount } from './option-validators.js';

export class DiffCommand extends NovelCommand {
  static override paths = [['diff']];

  static override usage = Command.Usage({
    category: 'Book',
    description: "Compare two drafts of a chapter: the rounds its judge scored, and the chapter as it stands",
    details: `
      Each revision round keeps the chapter the judge scored in \`staging/revisions/chapter-NNN/round-K/chapters/\`; round K is that chapter, and the chapter as it stands now (staged, or committed) is the round after the last one kept. Without \`--round\`, the last two rounds are compared; one \`--round A\` compares A with the latest.
    `,
    examples: [
      ['The last two drafts of chapter 4', '$0 diff chapter:004'],
      ['Round 1 against round 2', '$0 diff chapter:4 --round 1 --round 2'],
    ],
  });

  chapter = Option.String({ name: 'chapter:NNN' });
  round = Option.Array('--round', { description: 'A round to compare (give it once or twice)' });

  run(): CommandResult {
    const ref = parseChapterRef(this.chapter);
    if (!ref.ok) throw new NovelError('invalid_step', `"${this.chapter}": ${ref.reason}`, { hint: 'e.g. novel diff chapter:004' });
    const n = ref.chapter;
    const p = openProject(this.context, this.project);
    const base = paths.revisionsDir(n);
    const archivedPath = (k: number) => archivedAt(paths.revisionRoundDir(n, k), paths.stagingChapter(n));
    const archived = p.fs.listDirs(base).map((d) => /^round-(\d+)$/.exec(d)?.[1]).filter((k): k is string => k !== undefined).map(Number).filter((k) => p.fs.exists(archivedPath(k)));
    const current = p.fs.exists(paths.stagingChapter(n)) ? paths.stagingChapter(n) : p.fs.exists(paths.chapter(n)) ? paths.chapter(n) : null;
    const rounds = roundsOf(archived, archivedPath, current);
    if (rounds.length < 2) throw new NovelError('no_rounds', `chapter ${n}: ${rounds.length === 0 ? 'no draft' : 'one draft only'}; a diff needs two rounds`, { hint: 'rounds are kept when a revision starts (the gate decides revise, or `novel decide … revise`)' });
    const wanted = (this.round ?? []).map((r) => {
      const k = isCount(Number(r)) ? Number(r) : NaN;
      const found = rounds.find((x) => x.round === k);
      if (!found) throw new NovelError('invalid_option', `--round ${r}: expected one of ${rounds.map((x) => x.round).join(', ')}`, { hint: `e.g. novel diff chapter:${padChapter(n)} --round ${rounds[0]?.round}` });
      return found;
    });
    if (wanted.length > 2) throw new NovelError('invalid_option', '--round: give it at most twice', { hint: `novel diff chapter:${padChapter(n)} --round 1 --round 2` });
    const [from, to] = wanted.length === 2 ? (wanted as [typeof rounds[0], typeof rounds[0]]) : wanted.length === 1 ? [wanted[0], rounds.at(-1)] : [rounds.at(-2), rounds.at(-1)];
    const d = diffRounds(from!, p.fs.readText(from!.path), to!, p.fs.readText(to!.path));
    return { data: { chapter: n, rounds: rounds.map((r) => r.round), ...d }, text: `${d.patch}${d.patch.endsWith('\n') ? '' : '\n'}(round ${d.from.round} → round ${d.to.round}: +${d.added} −${d.removed} line(s))` };
  }
}
