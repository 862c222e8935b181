import { render, said, say, sayer } from '../../core/messages.js';
import { Option } from 'clipanion';
import { describeDiff, diffHintWords, diffWords } from '../../core/fingerprint-rules.js';
import { CHANGELOG_FILE, STATE_FILE } from '../../io/book-files.js';
import { verifyBook } from '../../io/state-verify.js';
import { openProject, type OpenProject } from '../../io/project.js';
import { withMutation } from '../../io/mutation.js';
import { usageOf, helpOf, NovelCommand, type CommandResult } from '../base-command.js';

export class StateVerifyCommand extends NovelCommand {
  static override paths = [['state', 'verify']];

  static override usage = usageOf('state.verify', 'state', ['$0 state verify', '$0 state verify --accept']);

  accept = Option.Boolean('--accept', false, { description: helpOf('help.state.verify.--accept') });

  run(): CommandResult {
    const report = (p: OpenProject, accepted: boolean): CommandResult => {
      const { state, fixRecorded, recordedDiff, diff, changelogLines } = verifyBook(p, accepted);
      const lines: string[] = [];
      const t = sayer(this.lang);
      if (fixRecorded) lines.push(t('verify.fix_recorded', { state: STATE_FILE, log: CHANGELOG_FILE }));
      lines.push(
        state.consistent
          ? t('verify.consistent', { n: changelogLines })
          : `${t('verify.diverges', {
              n: state.differing_paths.length,
              first:
                state.first_divergent_chapter === null
                  ? said('cmd.verify.no_first')
                  : String(state.first_divergent_chapter),
            })}\n${state.differing_paths.map((d) => `  - ${d}`).join('\n')}`,
      );
      const files = describeDiff(diff);
      if (recordedDiff === null) lines.push(t('verify.no_fingerprint', { accepted }));
      else
        lines.push(
          files.length
            ? `${t('verify.files_differ', { n: files.length, accepted })}\n${diffWords(diff)
                .map((f) => `  - ${render(this.lang, f)}`)
                .join('\n')}`
            : t('verify.files_match'),
        );
      const ok = state.consistent && (files.length === 0 || accepted);
      const hint = state.consistent ? diffHintWords(diff) : said('cmd.verify.rebuild_hint');
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
        ...(ok
          ? {}
          : {
              error: {
                code: state.consistent ? 'final_trees_changed' : 'state_diverges',
                message: state.consistent
                  ? say('en', 'cmd.verify.files_differ', { n: files.length })
                  : say('en', 'cmd.verify.state_diverges', { n: state.differing_paths.length }),
                hint: render('en', hint),
              },
            }),
      };
    };
    if (!this.accept) return report(openProject(this.context, this.project), false);
    return withMutation(this.context, this.project, { chapter: null, checkFingerprint: false }, (p) => report(p, true));
  }
}
