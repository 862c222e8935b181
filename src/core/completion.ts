/**
 * Shell completion scripts for bash, zsh and fish. Pure: the commands and
 * their flags come in (read from the command classes); step ids are asked of
 * `novel next` when the shell completes one.
 */
export interface CommandSpec {
  path: string[];
  flags: string[];
}

const CHOICES: Record<string, string[]> = {
  '--format': ['mermaid', 'dot', 'json'],
  '--executor': ['demo', 'claude', 'codex'],
  '--pause-after': ['draft', 'summarize', 'refine', 'judge', 'plan'],
  '--highlight': ['current'],
};

/** Commands whose argument (or flag) is a step id. */
const STEP_ARGS = ['instructions', 'validate', 'advance', '--until'];

export function completionScript(shell: 'bash' | 'zsh' | 'fish', commands: readonly CommandSpec[]): string {
  const tops = [...new Set(commands.map((c) => c.path[0] as string)), 'help'].sort();
  const subs = new Map<string, string[]>();
  for (const c of commands) if (c.path.length > 1) subs.set(c.path[0] as string, [...(subs.get(c.path[0] as string) ?? []), c.path[1] as string]);
  const flagsOf = (c: CommandSpec) => [...new Set(c.flags)].sort().join(' ');
  if (shell === 'fish') {
    const lines = ['# novel completion for fish: novel completion fish > ~/.config/fish/completions/novel.fish', 'complete -c novel -f'];
    lines.push(`complete -c novel -n __fish_use_subcommand -a '${tops.join(' ')}'`);
    for (const [top, list] of subs) lines.push(`complete -c novel -n '__fish_seen_subcommand_from ${top}' -a '${list.join(' ')}'`);
    for (const c of commands) for (const f of [...new Set(c.flags)]) lines.push(`complete -c novel -n '__fish_seen_subcommand_from ${c.path.at(-1)}' -l ${f.slice(2)}${CHOICES[f] ? ` -x -a '${CHOICES[f].join(' ')}'` : ''}`);
    lines.push(`complete -c novel -n '__fish_seen_subcommand_from ${STEP_ARGS.filter((s) => !s.startsWith('-')).join(' ')}' -a '(novel next 2>/dev/null)'`);
    return `${lines.join('\n')}\n`;
  }
  const cases = commands.map((c) => `    "${c.path.join(' ')}") flags="${flagsOf(c)}" ;;`).join('\n');
  const subCases = [...subs].map(([top, list]) => `    ${top}) COMPREPLY=( $(compgen -W "${list.join(' ')}" -- "$cur") ); return 0 ;;`).join('\n');
  const choiceCases = Object.entries(CHOICES).map(([f, list]) => `    ${f}) COMPREPLY=( $(compgen -W "${list.join(' ')}" -- "$cur") ); return 0 ;;`).join('\n');
  const body = `# novel completion for ${shell}: source <(novel completion ${shell})
_novel_steps() {
  local step
  step=$(novel next 2>/dev/null) || return 0
  case "$step" in
    chapter:*) local base=\${step%:*}; printf '%s\\n' "$step" "$base:draft" "$base:summarize" "$base:refine" "$base:judge" | awk '!seen[$0]++' ;;
    *) echo "$step" ;;
  esac
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
  case "$prev" in
${choiceCases}
    --until) COMPREPLY=( $(compgen -W "$(_novel_steps)" -- "$cur") ); return 0 ;;
    --project) COMPREPLY=( $(compgen -d -- "$cur") ); return 0 ;;
  esac
  local path="$top"
  case "$top" in ${[...subs.keys()].join('|') || '__none__'}) path="$top \${COMP_WORDS[2]}" ;; esac
  local flags=""
  case "$path" in
${cases}
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=( $(compgen -W "$flags" -- "$cur") ); return 0
  fi
  case "$top" in
    ${STEP_ARGS.filter((s) => !s.startsWith('-')).join('|')}) COMPREPLY=( $(compgen -W "$(_novel_steps)" -- "$cur") ); return 0 ;;
    help) COMPREPLY=( $(compgen -W "${tops.join(' ')}" -- "$cur") ); return 0 ;;
  esac
  COMPREPLY=()
}
`;
  if (shell === 'zsh') return `${body}autoload -U +X bashcompinit && bashcompinit\ncomplete -o default -F _novel novel\n`;
  return `${body}complete -o default -F _novel novel\n`;
}
