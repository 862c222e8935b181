import { said, say } from '../core/messages.js';
import { Option } from 'clipanion';
import { NovelError } from '../core/errors.js';
import { bookFieldsOf, type BookFields } from '../core/project-template.js';
import { initProject, nextStepOf } from '../io/create-project.js';
import { askLine } from '../io/stdio.js';
import { usageOf, helpOf, NovelCommand, type CommandResult } from './base-command.js';
import { PLATFORMS } from '../core/quality-settings.js';

export class InitCommand extends NovelCommand {
  static override paths = [['init']];

  static override usage = usageOf('init', 'project', [
    '$0 init my-novel --title 剑起青岚 --author 青岚客',
    '$0 init',
    '$0 init --demo demo-project',
  ]);

  dir = Option.String({ name: 'dir', required: false });
  demo = Option.Boolean('--demo', false, { description: helpOf('help.init.--demo') });
  platform = Option.String('--platform', { description: helpOf('help.init.--platform') });
  title = Option.String('--title', { description: helpOf('help.init.--title') });
  author = Option.String('--author', { description: helpOf('help.init.--author') });
  blurb = Option.String('--blurb', { description: helpOf('help.init.--blurb') });

  /** book.json's fields: the options, else asked on a terminal; none when neither is given off a terminal. */
  private bookFields(platform: string | undefined): BookFields | undefined {
    const r = bookFieldsOf(
      {
        title: this.title,
        author: this.author,
        blurb: this.blurb,
        ask: (field) => askLine(say(this.lang, `init.ask.${field}`)),
      },
      platform,
    );
    if ('missing' in r)
      throw new NovelError('usage', said('cmd.init.book_incomplete', { missing: r.missing }), {
        hint: said('cmd.init.book_incomplete.hint'),
      });
    return r.book ?? undefined;
  }

  run(): CommandResult {
    const platform = this.platform ?? (this.demo ? 'qidian' : undefined);
    if (platform !== undefined && !(PLATFORMS as readonly string[]).includes(platform)) {
      throw new NovelError('invalid_option', said('cmd.init.platform', { platform, platforms: PLATFORMS.join(', ') }), {
        hint: said('cmd.init.platform.hint'),
      });
    }
    const quality = platform === undefined ? {} : { quality: { platform } };
    const book = this.demo ? undefined : this.bookFields(platform);
    const r = initProject(this.context.cwd, this.dir, {
      demo: this.demo,
      quality,
      env: this.context.env,
      ...(book ? { book } : {}),
    });
    if (r.demo) {
      return {
        data: { root: r.root, demo: true },
        text: say(this.lang, 'cmd.init.demo', { root: r.root, dir: this.dir ?? '.' }),
      };
    }
    const { root: target, created, kept } = r;
    const lines = [
      say(this.lang, 'init.created', { dir: target }),
      ...created.map((f) => `  + ${f}`),
      ...kept.map((f) => say(this.lang, 'init.kept', { file: f })),
      ...(book || kept.includes('book.json') ? [] : [say(this.lang, 'init.no_book')]),
      say(this.lang, 'init.next', nextStepOf(this.context, target)),
    ];
    return { data: { root: target, created, kept, book: book ?? null }, text: lines.join('\n') };
  }
}
