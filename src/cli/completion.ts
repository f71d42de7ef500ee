// `fray completion bash|zsh|fish`: a completion script written from the command line's own
// definition (src/cli/main.ts), so a new command or flag is completed without touching this file.
// Loaded only when that command runs: the rulesets' options it lists are not read by any other.
import type { Argument, Command, Option } from 'commander';
import { RULESET_ABOUT } from '../rulesets/about.js';
import { RULESET_IDS } from '../rulesets/ids.js';
import { METHODS } from '../sim/method.js';
import { ROLLERS } from './usage.js';

/** What a flag's value is completed with. */
type Values =
  | { readonly kind: 'words'; readonly words: readonly string[] }
  | { readonly kind: 'files' }
  | { readonly kind: 'dirs' }
  | { readonly kind: 'none' };

interface Flag {
  readonly short: string | null;
  readonly long: string;
  readonly description: string;
  /** The value's name in the help (`name=value`), null for a switch. */
  readonly value: string | null;
  readonly values: Values;
  /** Given more than once (`-o a=b -o c=d`). */
  readonly repeat: boolean;
}

interface Cmd {
  /** `fight`, or `party apply`. */
  readonly path: readonly string[];
  readonly description: string;
  readonly flags: readonly Flag[];
  /** What its arguments are completed with: files, a few words, or nothing. */
  readonly args: Values;
  readonly subcommands: readonly Cmd[];
}

/** Every rule option of every ruleset as `-o` takes it: name=value, each once. */
export function optionValues(): string[] {
  const out = new Set<string>();
  for (const r of RULESET_ABOUT)
    for (const o of r.options) for (const v of o.values) out.add(`${o.name}=${v}`);
  return [...out].sort();
}

/** Flags whose value is a file to read or write. */
const FILE_FLAGS = [
  '--save',
  '--resume',
  '--out',
  '--report',
  '--csv',
  '--svg',
  '--party',
  '--campaign',
  '--table',
];

function valuesOf(o: Option): Values {
  if (!o.required && !o.optional) return { kind: 'none' };
  switch (o.long) {
    case '--option':
      return { kind: 'words', words: optionValues() };
    case '--ruleset':
      return { kind: 'words', words: RULESET_IDS };
    case '--method':
      return { kind: 'words', words: METHODS };
    case '--roll':
      return { kind: 'words', words: ROLLERS };
    case '--allow-path':
      return { kind: 'dirs' };
    default:
      if (o.argChoices) return { kind: 'words', words: o.argChoices };
      return FILE_FLAGS.includes(o.long ?? '') ? { kind: 'files' } : { kind: 'none' };
  }
}

function argsOf(c: Command): Values {
  const args: readonly Argument[] = c.registeredArguments;
  const choices = args.find((a) => a.argChoices)?.argChoices;
  if (choices) return { kind: 'words', words: choices };
  return args.length > 0 ? { kind: 'files' } : { kind: 'none' };
}

const HELP: Flag = {
  short: '-h',
  long: '--help',
  description: 'display help for command',
  value: null,
  values: { kind: 'none' },
  repeat: false,
};

function cmdOf(c: Command, parent: readonly string[]): Cmd {
  const path = [...parent, c.name()];
  return {
    path,
    description: c.description(),
    flags: [
      ...c.options.map((o) => ({
        short: o.short ?? null,
        long: o.long ?? '',
        description: o.description,
        value: o.required || o.optional ? (/[<[]([^>\]]+)[>\]]/.exec(o.flags)?.[1] ?? 'value') : null,
        values: valuesOf(o),
        // Its help says so: (repeatable), or repeated, or repeat for a grid.
        repeat: /repeat/.test(o.description),
      })),
      HELP,
    ],
    args: argsOf(c),
    subcommands: c.commands.map((s) => cmdOf(s, path)),
  };
}

function commandsOf(program: Command): Cmd[] {
  return program.commands.map((c) => cmdOf(c, []));
}

const sh = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function bash(cmds: readonly Cmd[]): string {
  const all = cmds.flatMap((c) => [c, ...c.subcommands]);
  const flagsOf = (c: Cmd) => c.flags.flatMap((f) => (f.short ? [f.short, f.long] : [f.long])).join(' ');
  // The flags whose value is completed alike, as one pattern each: -o|--option) …
  const patterns = new Map<string, string[]>();
  for (const c of all)
    for (const f of c.flags) {
      if (f.value === null) continue;
      const key =
        f.long === '--table'
          ? 'table'
          : f.values.kind === 'words'
            ? `words ${f.values.words.join(' ')}`
            : f.values.kind;
      const names = patterns.get(key) ?? [];
      for (const n of [f.short, f.long]) if (n && !names.includes(n)) names.push(n);
      patterns.set(key, names);
    }
  const valueCase = ([key, names]: [string, string[]]): string => {
    const p = names.join('|');
    if (key.startsWith('words ')) return `${p}) words=${sh(key.slice(6))} ;;`;
    if (key === 'dirs') return `${p}) COMPREPLY=($(compgen -d -- "$cur")); return ;;`;
    if (key === 'files')
      return `${p}) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return ;;`;
    // name=FILE: the file after the '=', the part bash replaces.
    if (key === 'table')
      return `${p}) [[ "$cur" == *=* ]] && { compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "\${cur#*=}")); }; return ;;`;
    return `${p}) return ;; # a number or a text of your own`;
  };
  const pattern = (list: readonly Cmd[]) => list.map((c) => sh(c.path.join(' '))).join('|');
  const cases = (rows: string[]) => rows.map((r) => `    ${r}`).join('\n');
  return `# bash completion for fray, written by \`fray completion bash\`.
# Load it now:       source <(fray completion bash)
# Or for good:       fray completion bash > ~/.local/share/bash-completion/completions/fray
_fray_complete() {
  # The line up to the cursor, in words: bash's own COMP_WORDS splits name=value at the '='.
  local line="\${COMP_LINE:0:COMP_POINT}"
  local -a w
  read -r -a w <<< "$line"
  local n=\${#w[@]} cur="" prev=""
  if [[ -z "$line" || "$line" == *[[:space:]] ]]; then
    prev="\${w[n-1]}"
  else
    cur="\${w[n-1]}"
    (( n > 1 )) && prev="\${w[n-2]}"
    n=$((n - 1))
  fi
  # The command: the first word after fray that is not a flag (and party's own command after it).
  local cmd="" i
  for ((i = 1; i < n; i++)); do
    case "\${w[i]}" in
      -*) ;;
      *) if [[ -z "$cmd" ]]; then cmd="\${w[i]}"; elif [[ "$cmd" == party && "\${w[i]}" == apply ]]; then cmd="party apply"; fi ;;
    esac
  done
  local words=""
  case "$prev" in
${cases([...patterns].map(valueCase))}
  esac
  if [[ -z "$words" ]]; then
    if [[ -z "$cmd" ]]; then
      words=${sh([...cmds.map((c) => c.path[0] as string), '-h', '--help', '-V', '--version'].join(' '))}
    elif [[ "$cur" == -* ]]; then
      case "$cmd" in
${cases(all.map((c) => `  ${sh(c.path.join(' '))}) words=${sh(flagsOf(c))} ;;`))}
      esac
    else
      case "$cmd" in
${cases(
  all
    .filter((c) => c.subcommands.length > 0 || c.args.kind === 'words')
    .map(
      (c) =>
        `  ${sh(c.path.join(' '))}) words=${sh(c.subcommands.length > 0 ? c.subcommands.map((s) => s.path.at(-1)).join(' ') : c.args.kind === 'words' ? c.args.words.join(' ') : '')} ;;`,
    ),
)}
      ${pattern(all.filter((c) => c.subcommands.length === 0 && c.args.kind === 'files'))})
        compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return ;;
      esac
    fi
  fi
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
  # bash replaces only what follows the last '=' of name=value: offer that part.
  if [[ "$cur" == *=* && "$COMP_WORDBREAKS" == *=* ]]; then
    COMPREPLY=("\${COMPREPLY[@]#"\${cur%=*}="}")
  fi
}
complete -F _fray_complete fray
`;
}

/** Text in a zsh _arguments spec: its brackets and quotes escaped. */
const zq = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/([[\]:])/g, '\\$1')
    .replace(/'/g, `'\\''`);

function zshAction(v: Values): string {
  switch (v.kind) {
    case 'words':
      return `(${v.words.map(zq).join(' ')})`;
    case 'files':
      return '_files';
    case 'dirs':
      return '_files -/';
    case 'none':
      return ' ';
  }
}

function zshSpecs(c: Cmd): string[] {
  const specs = c.flags.map((f) => {
    const arg = f.value === null ? '' : `:${zq(f.value)}:${zshAction(f.values)}`;
    // The description and the value, closing the quote each spec opens.
    const body = `[${zq(f.description)}]${arg}'`;
    if (!f.short) return `'${f.repeat ? '*' : ''}${f.long}${body}`;
    const prefix = f.repeat ? `'*'` : `'(${f.short} ${f.long})'`;
    return `${prefix}{${f.short},${f.long}}'${body}`;
  });
  if (c.args.kind !== 'none')
    specs.push(`'*:${c.args.kind === 'words' ? 'shell' : 'file'}:${zshAction(c.args)}'`);
  return specs;
}

function zsh(cmds: readonly Cmd[]): string {
  const described = (list: readonly Cmd[]) =>
    list
      .map((c) => `      '${zq(c.path.at(-1) as string)}:${c.description.replace(/'/g, `'\\''`)}'`)
      .join('\n');
  const arguments_ = (c: Cmd, indent: string) =>
    `${indent}_arguments -s \\\n${zshSpecs(c)
      .map((s) => `${indent}  ${s}`)
      .join(' \\\n')}`;
  const branch = (c: Cmd): string => {
    if (c.subcommands.length === 0) return `    ${c.path.at(-1)})\n${arguments_(c, '      ')}\n      ;;`;
    return `    ${c.path.at(-1)})
      if (( CURRENT == 2 )); then
        local -a subcommands
        subcommands=(
${described(c.subcommands)}
        )
        _describe -t commands 'fray ${c.path.join(' ')} command' subcommands
        return
      fi
      words=("\${(@)words[2,-1]}")
      (( CURRENT-- ))
      case \${words[1]} in
${c.subcommands.map((s) => `    ${s.path.at(-1)})\n${arguments_(s, '          ')}\n          ;;`).join('\n')}
      esac
      ;;`;
  };
  return `#compdef fray
# zsh completion for fray, written by \`fray completion zsh\`.
# Install: fray completion zsh > "\${fpath[1]}/_fray", then start a new shell
# (or, with a folder of your own on $fpath: fray completion zsh > ~/.zfunc/_fray).
_fray() {
  if (( CURRENT == 2 )); then
    local -a commands
    commands=(
${described(cmds)}
    )
    _describe -t commands 'fray command' commands
    return
  fi
  # From here on, words[1] is the command itself, as _arguments wants.
  words=("\${(@)words[2,-1]}")
  (( CURRENT-- ))
  case \${words[1]} in
${cmds.map(branch).join('\n')}
  esac
}
if [[ "\${funcstack[1]}" == _fray ]]; then
  _fray "$@"
else
  compdef _fray fray
fi
`;
}

/** Text in single quotes for fish. */
const fq = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function fish(cmds: readonly Cmd[]): string {
  const lines: string[] = [
    '# fish completion for fray, written by `fray completion fish`.',
    '# Install: fray completion fish > ~/.config/fish/completions/fray.fish',
    '# No file names unless a command or a flag takes a file.',
    'complete -c fray -f',
    ...cmds.map(
      (c) =>
        `complete -c fray -n __fish_use_subcommand -a ${fq(c.path[0] as string)} -d ${fq(c.description)}`,
    ),
  ];
  const emit = (c: Cmd, when: string) => {
    for (const f of c.flags) {
      const names = `${f.short ? `-s ${f.short.slice(1)} ` : ''}-l ${f.long.slice(2)}`;
      const value =
        f.value === null
          ? ''
          : f.values.kind === 'words'
            ? ` -x -a ${fq(f.values.words.join(' '))}`
            : f.values.kind === 'files'
              ? ' -r -F'
              : f.values.kind === 'dirs'
                ? " -x -a '(__fish_complete_directories)'"
                : ' -x';
      lines.push(`complete -c fray -n ${fq(when)} ${names}${value} -d ${fq(f.description)}`);
    }
    if (c.args.kind === 'files') lines.push(`complete -c fray -n ${fq(when)} -F`);
    if (c.args.kind === 'words')
      lines.push(`complete -c fray -n ${fq(when)} -a ${fq(c.args.words.join(' '))}`);
  };
  for (const c of cmds) {
    const name = c.path[0] as string;
    if (c.subcommands.length === 0) {
      emit(c, `__fish_seen_subcommand_from ${name}`);
      continue;
    }
    const subs = c.subcommands.map((s) => s.path.at(-1)).join(' ');
    for (const s of c.subcommands)
      lines.push(
        `complete -c fray -n ${fq(`__fish_seen_subcommand_from ${name}; and not __fish_seen_subcommand_from ${subs}`)} -a ${fq(s.path.at(-1) as string)} -d ${fq(s.description)}`,
      );
    for (const s of c.subcommands)
      emit(s, `__fish_seen_subcommand_from ${name}; and __fish_seen_subcommand_from ${s.path.at(-1)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The completion script for `shell`, from the program's commands and flags. */
export function completionScript(program: Command, shell: 'bash' | 'zsh' | 'fish'): string {
  const cmds = commandsOf(program);
  return shell === 'bash' ? bash(cmds) : shell === 'zsh' ? zsh(cmds) : fish(cmds);
}
