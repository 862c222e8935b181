/**
 * Shell completion scripts, src/core/completion.ts: the fish lines (commands,
 * subcommands, flags with their choices, positional arguments), the bash/zsh
 * script's case tables, and — by sourcing the bash script in a real bash with
 * `novel` stubbed as a shell function — the candidates bash offers for
 * commands, subcommands, flags, flag values, step ids and chapters.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { completionScript, type CompletionInputs } from '../../src/core/completion.js';

const INPUTS: CompletionInputs = {
  commands: [
    { path: ['run'], flags: ['--until', '--executor', '--pause-after', '--executor'] },
    { path: ['graph'], flags: ['--highlight', '--format'] },
    { path: ['export'], flags: ['--format', '--out'] },
    { path: ['adapters', 'install'], flags: ['--force'] },
    { path: ['adapters', 'list'], flags: [] },
    { path: ['decide'], flags: ['--note'] },
    { path: ['instructions'], flags: ['--json', '--embed'] },
    { path: ['schema'], flags: [] },
    { path: ['completion'], flags: [] },
  ],
  schemaNames: ['delta', 'eval'],
};

describe('fish', () => {
  const lines = completionScript('fish', INPUTS).split('\n');

  it('opens with the install hint, turns off file completion, and ends with a newline', () => {
    expect(lines[0]).toBe('# novel completion for fish: novel completion fish > ~/.config/fish/completions/novel.fish');
    expect(lines[1]).toBe('complete -c novel -f');
    expect(lines.at(-1)).toBe('');
  });

  it('offers the top-level commands, deduplicated and sorted, with help', () => {
    expect(lines[2]).toBe(
      "complete -c novel -n __fish_use_subcommand -a 'adapters " +
        "completion decide export graph help instructions run schema'",
    );
  });

  it('offers the subcommands of a command with subcommands', () => {
    expect(lines[3]).toBe("complete -c novel -n '__fish_seen_subcommand_from adapters' -a 'install list'");
    expect(lines.filter((l) => l.includes("-n '__fish_seen_subcommand_from adapters'"))).toHaveLength(1);
  });

  it('offers each flag once, with its choices where it has them', () => {
    const run = lines.filter((l) => l.startsWith("complete -c novel -n '__fish_seen_subcommand_from run' -l"));
    expect(run).toEqual([
      "complete -c novel -n '__fish_seen_subcommand_from run' -l until",
      "complete -c novel -n '__fish_seen_subcommand_from run' -l executor -x -a 'demo claude codex'",
      "complete -c novel -n '__fish_seen_subcommand_from run' -l pause-after -x " +
        "-a 'draft summarize audit refine judge plan'",
    ]);
    expect(lines).toContain("complete -c novel -n '__fish_seen_subcommand_from graph' -l highlight -x -a 'current'");
    expect(lines).toContain(
      "complete -c novel -n '__fish_seen_subcommand_from graph' -l format -x -a 'mermaid dot json'",
    );
    // The same flag name has the choices of its own command.
    expect(lines).toContain("complete -c novel -n '__fish_seen_subcommand_from export' -l format -x -a 'txt md epub'");
    expect(lines).toContain("complete -c novel -n '__fish_seen_subcommand_from export' -l out");
    // A subcommand's flags are keyed by its last word.
    expect(lines).toContain("complete -c novel -n '__fish_seen_subcommand_from install' -l force");
  });

  it('offers step ids from novel next, and the chapter (the step without its stage) for decide and diff', () => {
    for (const cmd of ['instructions', 'validate', 'advance'])
      expect(lines).toContain(
        `complete -c novel -n '__fish_seen_subcommand_from ${cmd}' -a '(novel next 2>/dev/null)'`,
      );
    for (const cmd of ['decide', 'diff'])
      expect(lines).toContain(
        `complete -c novel -n '__fish_seen_subcommand_from ${cmd}' -a ` +
          `'(novel next 2>/dev/null | string replace -r ":[a-z-]+$" "")'`,
      );
  });

  it('offers the fixed positional choices, the schema names and the commands for help', () => {
    expect(lines).toContain("complete -c novel -n '__fish_seen_subcommand_from decide' -a 'accept revise rewrite'");
    expect(lines).toContain("complete -c novel -n '__fish_seen_subcommand_from install' -a 'claude codex'");
    expect(lines).toContain("complete -c novel -n '__fish_seen_subcommand_from schema' -a 'delta eval'");
    expect(lines).toContain("complete -c novel -n '__fish_seen_subcommand_from completion' -a 'bash zsh fish'");
    expect(lines).toContain(
      "complete -c novel -n '__fish_seen_subcommand_from help' -a 'adapters " +
        "completion decide export graph help instructions run schema'",
    );
    // decide's chapter comes before its decision.
    const decide = lines.filter((l) => l.startsWith("complete -c novel -n '__fish_seen_subcommand_from decide' -a"));
    expect(decide.map((l) => l.includes('novel next'))).toEqual([true, false]);
  });

  it('with no commands still offers help and the positional lines', () => {
    const out = completionScript('fish', { commands: [], schemaNames: [] }).split('\n');
    expect(out[2]).toBe("complete -c novel -n __fish_use_subcommand -a 'help'");
    expect(out).toContain("complete -c novel -n '__fish_seen_subcommand_from schema' -a ''");
    expect(out.filter((l) => l.includes(' -l '))).toEqual([]);
  });
});

describe('bash and zsh: the script text', () => {
  const bash = completionScript('bash', INPUTS);
  const zsh = completionScript('zsh', INPUTS);

  it('names its shell in the header and registers _novel; zsh loads bashcompinit first', () => {
    expect(bash.startsWith('# novel completion for bash: source <(novel completion bash)\n')).toBe(true);
    expect(zsh.startsWith('# novel completion for zsh: source <(novel completion zsh)\n')).toBe(true);
    expect(bash.endsWith('}\ncomplete -o default -F _novel novel\n')).toBe(true);
    expect(zsh.endsWith('}\nautoload -U +X bashcompinit && bashcompinit\ncomplete -o default -F _novel novel\n')).toBe(
      true,
    );
    expect(bash).not.toContain('bashcompinit');
    // Apart from header and footer the two are the same script.
    const body = (s: string) => s.slice(s.indexOf('\n'), s.indexOf('\n_novel() {') + 1000);
    expect(body(zsh)).toBe(body(bash));
  });

  it("lists each command's flags, deduplicated and sorted", () => {
    expect(bash).toContain('    "run") flags="--executor --pause-after --until" ;;');
    expect(bash).toContain('    "adapters install") flags="--force" ;;');
    expect(bash).toContain('    "adapters list") flags="" ;;');
    expect(bash).toContain('    "export") flags="--format --out" ;;');
  });

  it('has a case for each flag with choices and for each positional argument', () => {
    expect(bash).toContain(
      '    "graph|--format") COMPREPLY=( $(compgen -W "mermaid dot json" -- "$cur") ); return 0 ;;',
    );
    expect(bash).toContain('    "graph|--highlight") COMPREPLY=( $(compgen -W "current" -- "$cur") ); return 0 ;;');
    expect(bash).toContain('    "export|--format") COMPREPLY=( $(compgen -W "txt md epub" -- "$cur") ); return 0 ;;');
    expect(bash).toContain(
      '    "run|--executor") COMPREPLY=( $(compgen -W "demo claude codex" -- "$cur") ); return 0 ;;',
    );
    expect(bash).toContain(
      '    "run|--pause-after") COMPREPLY=( $(compgen -W "draft summarize audit refine judge plan" -- "$cur") ); ' +
        'return 0 ;;',
    );
    expect(bash).toContain(
      '    "instructions#0") COMPREPLY=( $(compgen -W "$(_novel_steps)" -- "$cur") ); return 0 ;;',
    );
    expect(bash).toContain('    "decide#0") COMPREPLY=( $(compgen -W "$(_novel_chapters)" -- "$cur") ); return 0 ;;');
    expect(bash).toContain(
      '    "decide#1") COMPREPLY=( $(compgen -W "accept revise rewrite" -- "$cur") ); return 0 ;;',
    );
    expect(bash).toContain(
      '    "adapters install#0") COMPREPLY=( $(compgen -W "claude codex" -- "$cur") ); return 0 ;;',
    );
    expect(bash).toContain('    "schema#0") COMPREPLY=( $(compgen -W "delta eval" -- "$cur") ); return 0 ;;');
    expect(bash).toContain(
      '    "help#0") COMPREPLY=( $(compgen -W "adapters completion decide ' +
        'export graph help instructions run schema" -- "$cur") ); return 0 ;;',
    );
  });

  it('without subcommands the subcommand case matches nothing real', () => {
    const s = completionScript('bash', { commands: [{ path: ['run'], flags: [] }], schemaNames: [] });
    expect(s).toContain('  case "$top" in __none__) path=');
    expect(bash).toContain('  case "$top" in adapters) path="$top ${COMP_WORDS[2]}"; first=3 ;; esac');
  });
});

/**
 * The candidates the bash script offers for the words typed so far; `novel next` prints `next` (or fails when null).
 */
function complete(words: string[], next: string | null = 'chapter:012:refine'): string[] {
  const stub = next === null ? 'novel() { return 1; }' : `novel() { [ "$1" = next ] && echo '${next}'; }`;
  const script = `${completionScript('bash', INPUTS)}
${stub}
COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}
_novel
printf '%s\\n' "\${COMPREPLY[@]}"`;
  const r = spawnSync('bash', ['--norc', '--noprofile', '-c', script], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return r.stdout.split('\n').filter((l) => l !== '');
}

describe('bash: the candidates it offers', () => {
  it('the first word: every command (and help) that starts with what is typed', () => {
    expect(complete(['novel', ''])).toEqual([
      'adapters',
      'completion',
      'decide',
      'export',
      'graph',
      'help',
      'instructions',
      'run',
      'schema',
    ]);
    expect(complete(['novel', 'e'])).toEqual(['export']);
  });

  it('the second word of a command with subcommands: its subcommands', () => {
    expect(complete(['novel', 'adapters', ''])).toEqual(['install', 'list']);
    expect(complete(['novel', 'adapters', 'l'])).toEqual(['list']);
  });

  it("a flag: the command's own flags", () => {
    expect(complete(['novel', 'run', '--'])).toEqual(['--executor', '--pause-after', '--until']);
    expect(complete(['novel', 'run', '--p'])).toEqual(['--pause-after']);
    expect(complete(['novel', 'adapters', 'install', '-'])).toEqual(['--force']);
  });

  it('the value of a flag with choices: its choices, per command', () => {
    expect(complete(['novel', 'run', '--executor', ''])).toEqual(['demo', 'claude', 'codex']);
    expect(complete(['novel', 'graph', '--format', ''])).toEqual(['mermaid', 'dot', 'json']);
    expect(complete(['novel', 'export', '--format', 'e'])).toEqual(['epub']);
  });

  it('a step id: the step novel next names and the other stages of its chapter, each once', () => {
    expect(complete(['novel', 'instructions', ''])).toEqual([
      'chapter:012:refine',
      'chapter:012:draft',
      'chapter:012:summarize',
      'chapter:012:audit',
      'chapter:012:judge',
    ]);
    expect(complete(['novel', 'run', '--until', 'chapter:012:j'])).toEqual(['chapter:012:judge']);
    expect(complete(['novel', 'validate', ''], 'volume:02:plan')).toEqual(['volume:02:plan']);
    expect(complete(['novel', 'advance', ''], null)).toEqual([]);
  });

  it('a chapter: the chapter of the step novel next names, and nothing between chapters', () => {
    expect(complete(['novel', 'decide', ''])).toEqual(['chapter:012']);
    expect(complete(['novel', 'diff', ''])).toEqual(['chapter:012']);
    expect(complete(['novel', 'decide', ''], 'volume:02:plan')).toEqual([]);
  });

  it('later positional arguments: the words after the command that are not flags are counted', () => {
    expect(complete(['novel', 'decide', 'chapter:012', ''])).toEqual(['accept', 'revise', 'rewrite']);
    // A word starting with - is not counted.
    expect(complete(['novel', 'decide', '--json', 'chapter:012', 're'])).toEqual(['revise', 'rewrite']);
    expect(complete(['novel', 'decide', 'chapter:012', 're'])).toEqual(['revise', 'rewrite']);
    expect(complete(['novel', 'adapters', 'install', ''])).toEqual(['claude', 'codex']);
    expect(complete(['novel', 'schema', 'd'])).toEqual(['delta']);
    expect(complete(['novel', 'completion', ''])).toEqual(['bash', 'zsh', 'fish']);
    expect(complete(['novel', 'help', 'ru'])).toEqual(['run']);
  });

  it('nothing where no rule applies', () => {
    expect(complete(['novel', 'graph', ''])).toEqual([]);
    expect(complete(['novel', 'decide', 'chapter:012', 'accept', ''])).toEqual([]);
  });
});
