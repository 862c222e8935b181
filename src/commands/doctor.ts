import { sayer, zhPhrase } from '../core/messages.js';
import { Command } from 'clipanion';
import { runDoctor } from '../io/doctor.js';
import { NovelCommand, type CommandResult } from './base-command.js';

export class DoctorCommand extends NovelCommand {
  static override paths = [['doctor']];

  static override usage = Command.Usage({
    category: 'Book',
    description: 'Every consistency check in one report, each finding with the command that fixes it',
    details: `
      Checks the checkpoint against the book, every book file against the fingerprint (a full re-hash, as \`state verify\`), the state against its changelog, a pending commit journal, the lock and its leftovers, an interrupted execution, staging files that belong to no step, the outline and contracts of the next chapters, the config, and whether \`claude\` and \`codex\` are on PATH (and their versions). Only reads; each fix is its own command. Exit 0 when healthy (info findings only), 2 otherwise.
    `,
    examples: [
      ['Check the project', '$0 doctor'],
      ['As JSON', '$0 doctor --json'],
    ],
  });

  run(): CommandResult {
    const { root, findings } = runDoctor(this.context, this.project);
    const problems = findings.filter((f) => f.severity !== 'info');
    const t = sayer(this.lang);
    const lines = findings.map((f) => `${t('doctor.severity', { severity: f.severity }).padEnd(this.lang === 'zh' ? 4 : 7)} ${f.code}${f.file ? ` ${f.file}` : ''}${this.lang === 'zh' ? `：${zhPhrase(f.message)}` : `: ${f.message}`}${f.fix ? `\n        ${t('doctor.fix', { fix: this.lang === 'zh' ? zhPhrase(f.fix) : f.fix })}` : ''}`);
    lines.push(problems.length ? `${t('doctor.unhealthy', { n: problems.length })}: ${root}` : t('doctor.healthy', { root }));
    return {
      data: { root, healthy: problems.length === 0, findings },
      text: lines.join('\n'),
      exitCode: problems.length ? 2 : 0,
      ...(problems.length ? { error: { code: 'unhealthy', message: `${problems.length} problem(s)` } } : {}),
    };
  }
}
