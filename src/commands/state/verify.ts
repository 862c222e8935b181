import { Command, Option } from 'clipanion';
import { describeDiff, isEmptyDiff, type FingerprintDiff } from '../../core/fingerprint-rules.js';
import { diffListing } from '../../core/fingerprint-rules.js';
import { verifyState } from '../../core/state-verify.js';
import { readChangelog, STATE_FILE } from '../../io/book-files.js';
import { hashAll, listFinalTrees, readFingerprint, writeFingerprint } from '../../io/fingerprint.js';
import { openProject, withMutation, type OpenProject } from '../../io/project.js';
import { NovelCommand, type CommandResult } from '../base-command.js';
import { StateSchema } from '../../schemas/book.js';
import { diagnosticsError } from '../../core/errors.js';

/** Every file of the final trees re-hashed against the fingerprint. */
function fullDiff(p: OpenProject): { diff: FingerprintDiff; current: Record<string, string> } {
  const recorded = readFingerprint(p.fs) ?? {};
  const present = listFinalTrees(p.fs);
  const current = hashAll(p.fs, present);
  const { added, removed } = diffListing(recorded, present);
  const changed = present.filter((f) => recorded[f] !== undefined && recorded[f] !== current[f]);
  return { diff: { added, removed, changed }, current };
}

function checkState(p: OpenProject) {
  const parsed = p.fs.readJson(STATE_FILE, StateSchema, 'invalid_state');
  if (parsed && !parsed.ok) throw diagnosticsError('invalid_state', `${STATE_FILE} is damaged`, parsed.diagnostics, 'run `novel state rebuild` to rewrite it from state/changelog.jsonl');
  const current = parsed?.value ?? { schema_version: 1, state_version: 0, last_updated_chapter: 0 };
  return verifyState(current as Record<string, unknown>, readChangelog(p.fs).lines);
}

export class StateVerifyCommand extends NovelCommand {
  static override paths = [['state', 'verify']];

  static override usage = Command.Usage({
    category: 'State',
    description: 'Check the state against its changelog and every book file against the fingerprint',
    details: `
      Replays \`state/changelog.jsonl\` from the empty state and compares the result with \`state/current-state.json\` (as parsed JSON); on divergence names the first divergent chapter. Then re-hashes every file of the final trees against \`.novel/fingerprint.json\` and lists every changed, added or removed file (a hand edit of an old chapter shows up here).

      \`--accept\` records the current files as the fingerprint, after listing them, once you have confirmed the edits. Exits 2 while anything diverges.
    `,
    examples: [
      ['Verify', '$0 state verify'],
      ['Accept hand edits of book files', '$0 state verify --accept'],
    ],
  });

  accept = Option.Boolean('--accept', false, { description: 'Record the current final-tree files as the fingerprint' });

  run(): CommandResult {
    const report = (p: OpenProject, accepted: boolean): CommandResult => {
      const state = checkState(p);
      const { diff, current } = fullDiff(p);
      if (accepted && !isEmptyDiff(diff)) writeFingerprint(p.fs, current);
      const lines: string[] = [];
      lines.push(
        state.consistent
          ? `state: consistent with the changelog (${readChangelog(p.fs).lines.length} line(s))`
          : `state: DIVERGES from the changelog at ${state.differing_paths.length} path(s); first divergent chapter: ${state.first_divergent_chapter ?? 'none (paths no changelog line wrote)'}\n${state.differing_paths.map((d) => `  - ${d}`).join('\n')}`,
      );
      const files = describeDiff(diff);
      lines.push(files.length ? `files: ${files.length} differ from the fingerprint${accepted ? ' (accepted: recorded as the new fingerprint)' : ''}\n${files.map((f) => `  - ${f}`).join('\n')}` : 'files: every file matches the fingerprint');
      const ok = state.consistent && (files.length === 0 || accepted);
      if (!ok) lines.push(state.consistent ? 'hint: restore the files, or accept them with `novel state verify --accept`' : 'hint: `novel state rebuild` rewrites the state from the changelog');
      return {
        data: {
          consistent: state.consistent,
          first_divergent_chapter: state.first_divergent_chapter,
          differing_paths: state.differing_paths,
          files: diff,
          accepted: accepted && files.length > 0,
        },
        text: lines.join('\n'),
        exitCode: ok ? 0 : 2,
      };
    };
    if (!this.accept) return report(openProject(this.context, this.project), false);
    return withMutation(this.context, this.project, { chapter: null, checkFingerprint: false }, (p) => report(p, true));
  }
}
