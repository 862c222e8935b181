import { sayer } from '../../core/messages.js';
import { refreshChapterFacts } from '../../io/book-files.js';
import { Command, Option } from 'clipanion';
import { describeDiff, diffHint, isEmptyDiff, type FingerprintDiff } from '../../core/fingerprint-rules.js';
import { diffListing } from '../../core/fingerprint-rules.js';
import { verifyState } from '../../core/state-verify.js';
import { acceptedStateLine, type StateDoc } from '../../core/state-ops.js';
import { CHANGELOG_FILE, readChangelog, STATE_FILE } from '../../io/book-files.js';
import { hashAll, listFinalTrees, readFingerprint, stillMatches, writeFingerprint } from '../../io/fingerprint.js';
import { recordBoundary } from '../../io/boundary-cache.js';
import { openProject, type OpenProject } from '../../io/project.js';
import { withMutation } from '../../io/mutation.js';
import { NovelCommand, type CommandResult } from '../base-command.js';
import { StateSchema } from '../../schemas/book.js';
import { diagnosticsError } from '../../core/errors.js';

/** Every file of the final trees re-hashed against the fingerprint (null: none recorded yet, no divergence). */
function fullDiff(p: OpenProject): { diff: FingerprintDiff | null; current: Record<string, string> } {
  const recorded = readFingerprint(p.fs);
  const present = listFinalTrees(p.fs);
  const current = hashAll(p.fs, present);
  if (recorded === null) return { diff: null, current };
  const { added, removed } = diffListing(recorded, present);
  const changed = present.filter((f) => recorded[f] !== undefined && !stillMatches(p.fs, f, recorded[f] as string, current[f] ?? null));
  return { diff: { added, removed, changed }, current };
}

function checkState(p: OpenProject) {
  const parsed = p.fs.readJson(STATE_FILE, StateSchema, 'invalid_state');
  if (parsed && !parsed.ok) throw diagnosticsError('invalid_state', `${STATE_FILE} is damaged`, parsed.diagnostics, 'run `novel state rebuild` to rewrite it from state/changelog.jsonl');
  const current = parsed?.value ?? { schema_version: 1, state_version: 0, last_updated_chapter: 0 };
  return verifyState(current as Record<string, unknown>, readChangelog(p.fs).lines);
}

/** Append one line to the changelog (whole-file atomic write; the changelog is never rewritten otherwise). */
function appendLine(p: OpenProject, line: object): void {
  const before = p.fs.exists(CHANGELOG_FILE) ? p.fs.readText(CHANGELOG_FILE) : '';
  p.fs.writeText(CHANGELOG_FILE, `${before}${before === '' || before.endsWith('\n') ? '' : '\n'}${JSON.stringify(line)}\n`);
}

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
      let state = checkState(p);
      let fixRecorded = false;
      if (accepted && !state.consistent) {
        // The author's fix of the state becomes history: replay takes it from this line on.
        const current = p.fs.readJson(STATE_FILE, StateSchema, 'invalid_state');
        if (current?.ok) {
          appendLine(p, acceptedStateLine(current.value as StateDoc));
          fixRecorded = true;
          state = checkState(p);
        }
      }
      const { diff: recordedDiff, current } = fullDiff(p);
      const diff = recordedDiff ?? { added: [], removed: [], changed: [] };
      if (accepted && (recordedDiff === null || !isEmptyDiff(diff) || fixRecorded)) writeFingerprint(p.fs, fixRecorded ? hashAll(p.fs, listFinalTrees(p.fs)) : current);
      // Accepted chapter edits: their logs take the 字数 and title of the text as it is now.
      if (accepted) refreshChapterFacts(p.fs, [...diff.changed, ...diff.added]);
      // Every file accepted: the trees match the fingerprint.
      if (accepted) recordBoundary(p.fs, p.loaded.checkpoint);
      const lines: string[] = [];
      const t = sayer(this.lang);
      if (fixRecorded) lines.push(t('verify.fix_recorded', { state: STATE_FILE, log: CHANGELOG_FILE }));
      lines.push(
        state.consistent
          ? t('verify.consistent', { n: readChangelog(p.fs).lines.length })
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
