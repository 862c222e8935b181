/**
 * Shell completion scripts for bash, zsh and fish. Pure: the commands and
 * their flags come in (read from the command classes); step ids are asked of
 * `novel next` when the shell completes one.
 */
import { DECISIONS } from '../../machines/pipeline.events.js';
import { PAUSE_STAGES } from './step-table.js';

/** The chapter's main-line steps the completion offers beside the next one. */
const MAIN_STAGES = PAUSE_STAGES.filter((s) => s !== 'plan');

export interface CommandSpec {
  path: string[];
  flags: string[];
}

/** The values of a flag, per command ('*' for every command that has the flag). */
const FLAG_CHOICES: Record<string, Record<string, string[]>> = {
  graph: { '--format': ['mermaid', 'dot', 'json'], '--highlight': ['current'] },
  export: { '--format': ['txt', 'md', 'epub'] },
  run: { '--executor': ['demo', 'claude', 'codex'], '--pause-after': [...PAUSE_STAGES] },
};

/**
 * What each positional argument of a command can be: a fixed list, or
 * `@step` (the steps `novel next` suggests), `@chapter` (the chapter it is
 * at, `chapter:NNN`), `@schema` (the format names), `@commands`.
 */
const POSITIONALS: Record<string, Array<string[] | '@step' | '@chapter' | '@schema' | '@commands'>> = {
  instructions: ['@step'],
  validate: ['@step'],
  advance: ['@step'],
  decide: ['@chapter', [...DECISIONS]],
  diff: ['@chapter'],
  'adapters install': [['claude', 'codex']],
  schema: ['@schema'],
  completion: [['bash', 'zsh', 'fish']],
  help: ['@commands'],
};

export interface CompletionInputs {
  commands: readonly CommandSpec[];
  /** The names `novel schema` takes. */
  schemaNames: readonly string[];
}

export function completionScript(shell: 'bash' | 'zsh' | 'fish', inputs: CompletionInputs): string {
  const { commands } = inputs;
  const tops = [...new Set(commands.map((c) => c.path[0] as string)), 'help'].sort();
  const subs = new Map<string, string[]>();
  for (const c of commands)
    if (c.path.length > 1)
      subs.set(c.path[0] as string, [...(subs.get(c.path[0] as string) ?? []), c.path[1] as string]);
  const flagsOf = (c: CommandSpec) => [...new Set(c.flags)].sort().join(' ');
  const listOf = (arg: string[] | string): string =>
    Array.isArray(arg)
      ? arg.join(' ')
      : arg === '@schema'
        ? inputs.schemaNames.join(' ')
        : arg === '@commands'
          ? tops.join(' ')
          : '';
  if (shell === 'fish') {
    const lines = [
      '# novel completion for fish: novel completion fish > ~/.config/fish/completions/novel.fish',
      'complete -c novel -f',
    ];
    lines.push(`complete -c novel -n __fish_use_subcommand -a '${tops.join(' ')}'`);
    for (const [top, list] of subs)
      lines.push(`complete -c novel -n '__fish_seen_subcommand_from ${top}' -a '${list.join(' ')}'`);
    for (const c of commands) {
      const name = c.path.join(' ');
      for (const f of [...new Set(c.flags)]) {
        const values = FLAG_CHOICES[name]?.[f];
        lines.push(
          `complete -c novel -n '__fish_seen_subcommand_from ${c.path.at(-1)}' ` +
            `-l ${f.slice(2)}${values ? ` -x -a '${values.join(' ')}'` : ''}`,
        );
      }
    }
    for (const [name, args] of Object.entries(POSITIONALS)) {
      const word = name.split(' ').at(-1) as string;
      for (const arg of args) {
        if (arg === '@step' || arg === '@chapter')
          lines.push(
            `complete -c novel -n '__fish_seen_subcommand_from ${word}' -a '(novel next ` +
              `2>/dev/null${arg === '@chapter' ? ' | string replace -r ":[a-z-]+$" ""' : ''})'`,
          );
        else lines.push(`complete -c novel -n '__fish_seen_subcommand_from ${word}' -a '${listOf(arg)}'`);
      }
    }
    return `${lines.join('\n')}\n`;
  }
  const cases = commands.map((c) => `    "${c.path.join(' ')}") flags="${flagsOf(c)}" ;;`).join('\n');
  const subCases = [...subs]
    .map(([top, list]) => `    ${top}) COMPREPLY=( $(compgen -W "${list.join(' ')}" -- "$cur") ); return 0 ;;`)
    .join('\n');
  const choiceCases = Object.entries(FLAG_CHOICES)
    .flatMap(([name, flags]) =>
      Object.entries(flags).map(
        ([f, list]) => `    "${name}|${f}") COMPREPLY=( $(compgen -W "${list.join(' ')}" -- "$cur") ); return 0 ;;`,
      ),
    )
    .join('\n');
  const positionalCases = Object.entries(POSITIONALS)
    .flatMap(([name, args]) =>
      args.map((arg, i) => {
        const words = arg === '@step' ? '$(_novel_steps)' : arg === '@chapter' ? '$(_novel_chapters)' : listOf(arg);
        return `    "${name}#${i}") COMPREPLY=( $(compgen -W "${words}" -- "$cur") ); return 0 ;;`;
      }),
    )
    .join('\n');
  const body =
    `# novel completion for ${shell}: source <(novel completion ${shell})
_novel_steps() {
  local step
  step=$(novel next 2>/dev/null) || return 0
  case "$step" in
    chapter:*) local base=\${step%:*}; printf '%s\\n' "$step" ` +
    `${MAIN_STAGES.map((stage) => `"$base:${stage}"`).join(' ')} | awk '!seen[$0]++' ;;
    *) echo "$step" ;;
  esac
}
_novel_chapters() {
  local step
  step=$(novel next 2>/dev/null) || return 0
  case "$step" in chapter:*) echo "\${step%:*}" ;; esac
}
_novel() {
  local cur prev words cword
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=( $(compgen -W "${tops.join(' ')}" -- "$cur") ); return 0
  fi
  local top="\${COMP_WORDS[1]}"
  if [ "$COMP_CWORD" -eq 2 ]; then
    case "$top" in
${subCases}
    esac
  fi
  local path="$top" first=2
  case "$top" in ${[...subs.keys()].join('|') || '__none__'}) path="$top \${COMP_WORDS[2]}"; first=3 ;; esac
  case "$path|$prev" in
${choiceCases}
    *"|--until") COMPREPLY=( $(compgen -W "$(_novel_steps)" -- "$cur") ); return 0 ;;
    *"|--project") COMPREPLY=( $(compgen -d -- "$cur") ); return 0 ;;
  esac
  local flags=""
  case "$path" in
${cases}
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=( $(compgen -W "$flags" -- "$cur") ); return 0
  fi
  # Which positional argument is being typed: the words after the command that are not flags.
  local i pos=0
  for (( i=first; i<COMP_CWORD; i++ )); do [[ "\${COMP_WORDS[i]}" != -* ]] && pos=$((pos+1)); done
  case "$path#$pos" in
${positionalCases}
  esac
  COMPREPLY=()
}
`;
  if (shell === 'zsh')
    return `${body}autoload -U +X bashcompinit && bashcompinit\ncomplete -o default -F _novel novel\n`;
  return `${body}complete -o default -F _novel novel\n`;
}
