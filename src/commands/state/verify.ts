import { sayer } from '../../core/messages.js';
import { Command, Option } from 'clipanion';
import { describeDiff, diffHint } from '../../core/fingerprint-rules.js';
import { CHANGELOG_FILE, STATE_FILE } from '../../io/book-files.js';
import { verifyBook } from '../../io/state-verify.js';
import { openProject, type OpenProject } from '../../io/project.js';
import { withMutation } from '../../io/mutation.js';
import { NovelCommand, type CommandResult } from '../base-command.js';

export class StateVerifyCommand extends NovelCommand {
  static override paths = [['state', 'verify']];

  static override usage = Command.Usage({
    category: 'State',
    description: 'Check the state against its changelog and every book file against the fingerprint',
    details: `
      Replays \`state/changelog.jsonl\` from the empty state and compares the result with \`state/current-state.json\` (as parsed JSON); on divergence names the first divergent chapter. Then re-hashes every file of the final trees against \`.novel/fingerprint.json\` and lists every changed, added or removed file (a hand edit of an old chapter shows up here).

      \`--accept\` records the current files as the fingerprint, after listing them, once you have confirmed the edits; a hand fix of \`state/current-state.json\` is recorded as an accepted-state line of the changelog, so that replay and \`novel state rebuild\` keep it. A project with no fingerprint yet is judged by its state alone. Exits 2 while anything diverges.
    `,
    examples: [
      ['Verify', '$0 state verify'],
      ['Accept hand edits of book files', '$0 state verify --accept'],
    ],
  });

  accept = Option.Boolean('--accept', false, { description: 'Record the current final-tree files as the fingerprint' });

  run(): CommandResult {
    const report = (p: OpenProject, accepted: boolean): CommandResult => {
      const { state, fixRecorded, recordedDiff, diff, changelogLines } = verifyBook(p, accepted);
      const lines: string[] = [];
      const t = sayer(this.lang);
      if (fixRecorded) lines.push(t('verify.fix_recorded', { state: STATE_FILE, log: CHANGELOG_FILE }));
      lines.push(
        state.consistent
          ? t('verify.consistent', { n: changelogLines })
          : `${t('verify.diverges', { n: state.differing_paths.length, first: String(state.first_divergent_chapter ?? (this.lang === 'zh' ? '无（这些路径没有哪一行变更日志写过）' : 'none (paths no changelog line wrote)')) })}\n${state.differing_paths.map((d) => `  - ${d}`).join('\n')}`,
      );
      const files = describeDiff(diff);
      if (recordedDiff === null) lines.push(t('verify.no_fingerprint', { accepted }));
      else lines.push(files.length ? `${t('verify.files_differ', { n: files.length, accepted })}\n${files.map((f) => `  - ${f}`).join('\n')}` : t('verify.files_match'));
      const ok = state.consistent && (files.length === 0 || accepted);
      const hint = state.consistent ? diffHint(diff) : '`novel state rebuild` rewrites the state from the changelog; or, if you fixed the state by hand on purpose, `novel state verify --accept` records the fix';
      if (!ok) lines.push(t('verify.hint', { hint }));
      return {
        data: {
          consistent: state.consistent,
          first_divergent_chapter: state.first_divergent_chapter,
          differing_paths: state.differing_paths,
          fingerprint_recorded: recordedDiff !== null,
          files: diff,
          accepted: accepted && (files.length > 0 || fixRecorded),
          state_fix_recorded: fixRecorded,
        },
        text: lines.join('\n'),
        exitCode: ok ? 0 : 2,
        ...(ok ? {} : { error: { code: state.consistent ? 'final_trees_changed' : 'state_diverges', message: state.consistent ? `${files.length} book file(s) differ from the fingerprint` : `the state diverges from the changelog at ${state.differing_paths.length} path(s)`, hint } }),
      };
    };
    if (!this.accept) return report(openProject(this.context, this.project), false);
    return withMutation(this.context, this.project, { chapter: null, checkFingerprint: false }, (p) => report(p, true));
  }
}
