import { render, said, say, sayer } from '../core/messages.js';
import { runDoctor } from '../io/doctor.js';
import { usageOf, NovelCommand, type CommandResult } from './base-command.js';

export class DoctorCommand extends NovelCommand {
  static override paths = [['doctor']];

  static override usage = usageOf('doctor', 'book', ['$0 doctor', '$0 doctor --json']);

  run(): CommandResult {
    const { root, findings } = runDoctor(this.context, this.project);
    const problems = findings.filter((f) => f.severity !== 'info');
    const t = sayer(this.lang);
    const lines = findings.map(
      (f) =>
        `${t('cmd.doctor.finding', {
          severity: said('doctor.severity', { severity: f.severity }),
          code: f.code,
          file: f.file,
          message: render(this.lang, f.message),
        })}${f.fix ? `\n        ${t('doctor.fix', { fix: render(this.lang, f.fix) })}` : ''}`,
    );
    lines.push(
      problems.length
        ? t('cmd.doctor.problems', { problems: said('doctor.unhealthy', { n: problems.length }), root })
        : t('doctor.healthy', { root }),
    );
    return {
      data: { root, healthy: problems.length === 0, findings },
      text: lines.join('\n'),
      exitCode: problems.length ? 2 : 0,
      ...(problems.length
        ? { error: { code: 'unhealthy', message: say('en', 'doctor.unhealthy', { n: problems.length }) } }
        : {}),
    };
  }
}
