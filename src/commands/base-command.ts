/**
 * What every `novel` command shares: `--json` and `--project`, the JSON
 * envelope of PROTOCOL §11 and the rendering of errors (never a stack trace
 * unless NOVEL_DEBUG=1). Commands implement `run()` and return their data and
 * plain text; they never write to stdout themselves.
 */
import { Command, Option, type BaseContext, type Usage } from 'clipanion';
import type { Diagnostic } from '../schemas/diagnostics.js';
import { EXIT, NovelError } from '../core/errors.js';
import type { CommandEnv } from '../io/project.js';
import type { CommandSpec } from '../core/completion.js';
import {
  diagnosticText,
  langOf,
  render,
  said,
  say,
  sayer,
  type Lang,
  type MessageKey,
  type Said,
} from '../core/messages.js';
import { escapeControls } from '../core/terminal-text.js';

export interface NovelContext extends BaseContext, CommandEnv {
  /**
   * Every command's path and flags (the completion script's list), given by the entry point: no command imports the
   * command table.
   */
  commandSpecs?: () => Promise<CommandSpec[]>;
}

export interface CommandResult {
  data: Record<string, unknown>;
  /** Plain output for stdout (a trailing newline is added when missing). */
  text: string;
  /** Warnings: in data.warnings with --json, on stderr otherwise. */
  warnings?: Diagnostic[];
  exitCode?: number;
  /** Why a non-zero exit (the envelope says ok:false with this error, and keeps `data`). */
  error?: { code: string; message: string; hint?: string };
}

export function envelopeError(command: string, err: NovelError): string {
  const error: Record<string, unknown> = { code: err.code, message: err.message };
  if (err.hint !== undefined) error.hint = err.hint;
  if (err.details !== undefined) error.details = err.details;
  return `${JSON.stringify({ ok: false, command, error })}\n`;
}

export function plainError(command: string, err: NovelError, lang: Lang = 'en'): string {
  const t = sayer(lang);
  // Every refusal is said by message id: its words in the reader's language (a refusal over diagnostics lists them
  // itself).
  const message = render(lang, err.said);
  const hint = err.hintSaid === undefined ? undefined : render(lang, err.hintSaid);
  return `${t('error.prefix', { command })}${message}\n${hint ? `${t('error.hint', { hint })}\n` : ''}`;
}

/** What the system refused, by errno: the path cannot be written here (not a bug of novel's). */
const REFUSED_BY_SYSTEM: Record<string, Said> = {
  EROFS: said('cmd.system.read_only'),
  EACCES: said('cmd.system.access'),
  EPERM: said('cmd.system.perm'),
  ENOSPC: said('cmd.system.no_space'),
  EDQUOT: said('cmd.system.quota'),
};

export function asNovelError(
  err: unknown,
  debug: boolean,
  env: Readonly<Record<string, string | undefined>> = {},
): NovelError {
  if (err instanceof NovelError) return err;
  const errno = err as NodeJS.ErrnoException | null;
  const refused = errno && typeof errno.code === 'string' ? REFUSED_BY_SYSTEM[errno.code] : undefined;
  if (refused && typeof errno?.path === 'string') {
    // Inside an executor's box only staging/ is writable (PROTOCOL §17): a refusal there names the step.
    const step = errno.code === 'EROFS' ? (env.NOVEL_STEP ?? null) : null;
    return new NovelError(
      step ? 'nested_write' : 'fs_refused',
      said('cmd.fs_refused', { path: errno.path, why: refused, syscall: errno.syscall ?? 'write', step }),
      {
        exitCode: step ? EXIT.lockHeld : EXIT.invalid,
        hint: said(step ? 'locking.nested_write.hint' : 'cmd.fs_refused.hint'),
        details: { path: errno.path, errno: errno.code },
      },
    );
  }
  const message = err instanceof Error ? err.message : String(err);
  return new NovelError('internal', said('cmd.internal', { message }), {
    exitCode: EXIT.internal,
    hint: said(debug ? 'cmd.internal.stack' : 'cmd.internal.report'),
  });
}

type HelpKey = Extract<MessageKey, `help.${string}`>;
/** The commands the help catalogue describes (`help.<command>.description`, the path joined by dots). */
type HelpCommand = HelpKey extends infer K ? (K extends `help.${infer C}.description` ? C : never) : never;
type HelpCategory = HelpKey extends infer K ? (K extends `help.category.${infer C}` ? C : never) : never;

/**
 * A command's clipanion usage, by message id: the words of its description,
 * details and examples are the catalogue's `help.<command>.…` entries (each
 * example's label is `help.<command>.example.<n>`, in the order given here);
 * `novel help` renders them in the reader's language (src/cli-help.ts).
 * The example command lines are data, given as they are.
 */
export function usageOf(command: HelpCommand, category: HelpCategory, examples: readonly string[]): Usage {
  return {
    category: `help.category.${category}`,
    description: `help.${command}.description`,
    details: `help.${command}.details`,
    examples: examples.map((example, i) => [`help.${command}.example.${i + 1}`, example]),
  };
}

/** An option's description, by message id (rendered as the help renders the usage). */
export const helpOf = <K extends HelpKey>(key: K): K => key;

export abstract class NovelCommand extends Command<NovelContext> {
  json = Option.Boolean('--json', false, { description: helpOf('help.--json') });
  project = Option.String('--project', { description: helpOf('help.--project') });

  abstract run(): Promise<CommandResult> | CommandResult;

  /** The language of human-readable output. */
  get lang(): Lang {
    return this.context.lang ?? langOf(this.context.env);
  }

  get commandName(): string {
    return this.path.join(' ');
  }

  override async execute(): Promise<number> {
    const debug = this.context.env.NOVEL_DEBUG === '1';
    try {
      const result = await this.run();
      const warnings = result.warnings ?? [];
      const exitCode = result.exitCode ?? EXIT.ok;
      if (this.json) {
        const data = warnings.length && !('warnings' in result.data) ? { ...result.data, warnings } : result.data;
        // ok is true exactly when the exit code is 0 (PROTOCOL §12).
        const envelope =
          exitCode === EXIT.ok
            ? { ok: true, command: this.commandName, data }
            : {
                ok: false,
                command: this.commandName,
                error: result.error ?? { code: 'failed', message: result.text.split('\n')[0] ?? '' },
                data,
              };
        this.context.stdout.write(`${JSON.stringify(envelope)}\n`);
      } else {
        // Titles, names and file names reach the terminal escaped (§17): no text from a file acts on it.
        for (const w of warnings)
          this.context.stderr.write(
            escapeControls(`${say(this.lang, 'cmd.warning', { text: diagnosticText(this.lang, w) })}\n`),
          );
        if (result.text)
          this.context.stdout.write(escapeControls(result.text.endsWith('\n') ? result.text : `${result.text}\n`));
      }
      return exitCode;
    } catch (err) {
      const e = asNovelError(err, debug, this.context.env);
      if (debug && err instanceof Error && err.stack) this.context.stderr.write(`${err.stack}\n`);
      if (this.json) this.context.stdout.write(envelopeError(this.commandName, e));
      else this.context.stderr.write(escapeControls(plainError(this.commandName, e, this.lang)));
      return e.exitCode;
    }
  }
}
