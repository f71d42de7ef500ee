// `fray completion bash|zsh|fish`. The bash script is sourced in a real bash and its function asked
// what it offers, as Tab would; zsh and fish are not installed here, so their scripts are read as
// text: each command, flag and value must be in them, in the form the shell reads.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { optionValues } from '../src/cli/completion.js';
import { RULESET_IDS } from '../src/rulesets/ids.js';
import { fray } from './helpers.js';

async function script(shell: string): Promise<string> {
  const r = await fray(['completion', shell]);
  expect(r.code).toBe(0);
  return r.out;
}

/** What the bash completion offers for `line` (the cursor at its end), in a folder holding a few files. */
function bashOffers(text: string, line: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'fray-completion-'));
  writeFileSync(join(dir, 'completion.bash'), text);
  writeFileSync(join(dir, 'demo.yaml'), '');
  writeFileSync(join(dir, 'duel.yaml'), '');
  mkdirSync(join(dir, 'tables'));
  const run = [
    'source ./completion.bash',
    `COMP_LINE=${JSON.stringify(line)}`,
    'COMP_POINT=${#COMP_LINE}',
    // What bash passes the function: the command's name, the word completed, the word before.
    '_fray_complete fray',
    'printf "%s\\n" "${COMPREPLY[@]}"',
  ].join('\n');
  const r = spawnSync('bash', ['--norc', '--noprofile', '-c', run], { cwd: dir, encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return r.stdout.split('\n').filter((l) => l !== '');
}

describe('fray completion bash', () => {
  it('completes the commands, and party apply', async () => {
    const text = await script('bash');
    expect(bashOffers(text, 'fray s')).toEqual(['sim', 'sweep', 'sheet', 'serve', 'schema']);
    expect(bashOffers(text, 'fray party ')).toEqual(['apply']);
    expect(bashOffers(text, 'fray completion ')).toEqual(['bash', 'zsh', 'fish']);
  });

  it("completes a command's flags, and only its own", async () => {
    const text = await script('bash');
    expect(bashOffers(text, 'fray sim demo.yaml --r')).toEqual(['--runs', '--report']);
    expect(bashOffers(text, 'fray fight --r')).toEqual(['--roll', '--resume', '--run']);
    expect(bashOffers(text, 'fray party apply x.json --')).toEqual([
      '--party',
      '--yes',
      '--allow-path',
      '--help',
    ]);
  });

  it('completes the rule options and their values, the ruleset ids and the methods', async () => {
    const text = await script('bash');
    expect(bashOffers(text, 'fray sim demo.yaml -o criticals')).toEqual([
      'criticals=detailed',
      'criticals=sudden-death',
    ]);
    // Past the '=', bash replaces only what follows it: the values alone are offered.
    expect(bashOffers(text, 'fray fight demo.yaml --option criticals=s')).toEqual(['sudden-death']);
    expect(bashOffers(text, 'fray sheet --ruleset ')).toEqual([...RULESET_IDS]);
    expect(bashOffers(text, 'fray compare demo.yaml --method e')).toEqual(['exact']);
    expect(bashOffers(text, 'fray fight -i --roll ')).toEqual(['none', 'gm', 'all']);
  });

  it('completes files for a file argument and a file flag, folders for --allow-path, nothing for a number', async () => {
    const text = await script('bash');
    expect(bashOffers(text, 'fray odds d').sort()).toEqual(['demo.yaml', 'duel.yaml']);
    expect(bashOffers(text, 'fray fight demo.yaml --save de')).toEqual(['demo.yaml']);
    expect(bashOffers(text, 'fray sim demo.yaml --allow-path ')).toEqual(['tables']);
    expect(bashOffers(text, 'fray sim demo.yaml --table fumbles=du')).toEqual(['duel.yaml']);
    expect(bashOffers(text, 'fray sim demo.yaml --seed ')).toEqual([]);
  });
});

describe('fray completion zsh', () => {
  it('is a #compdef function with every command, its flags and the option values', async () => {
    const text = await script('zsh');
    expect(text.startsWith('#compdef fray\n')).toBe(true);
    expect(text).toContain("'sim:simulate many fights on every core");
    expect(text).toMatch(/^ {4}party\)\n/m);
    expect(text).toMatch(/^ {4}apply\)\n/m);
    expect(text).toContain(
      `'*'{-o,--option}'[set a rule option (repeatable), e.g. criticals=sudden-death]:name=value:(`,
    );
    expect(text).toContain(' criticals=sudden-death ');
    expect(text).toContain(`'--ruleset[`);
    expect(text).toContain(`:(${RULESET_IDS.join(' ')})'`);
    expect(text).toContain(`'*--allow-path[`);
    expect(text).toContain(":dir:_files -/'");
    expect(text).toContain("'*:file:_files'");
    expect(text).toContain('compdef _fray fray');
    // Every quote opened is closed: an odd count would break the whole script.
    for (const line of text.split('\n'))
      expect(line.replace(/'\\''/g, '').split("'").length % 2, line).toBe(1);
  });
});

describe('fray completion fish', () => {
  it('has a line for every command, each flag under its command, and the option values', async () => {
    const text = await script('fish');
    expect(text).toContain('complete -c fray -f\n');
    expect(text).toContain("complete -c fray -n __fish_use_subcommand -a 'odds' -d 'exact odds");
    expect(text).toMatch(
      /complete -c fray -n '__fish_seen_subcommand_from sim' -l runs -x -d 'number of fights/,
    );
    const opt = /complete -c fray -n '__fish_seen_subcommand_from fight' -s o -l option -x -a '([^']*)'/.exec(
      text,
    );
    expect(opt?.[1]?.split(' ')).toEqual(optionValues());
    expect(text).toContain(`-l ruleset -x -a '${RULESET_IDS.join(' ')}'`);
    expect(text).toContain("complete -c fray -n '__fish_seen_subcommand_from odds' -F\n");
    expect(text).toContain("-l allow-path -x -a '(__fish_complete_directories)'");
    expect(text).toContain(
      "'__fish_seen_subcommand_from party; and not __fish_seen_subcommand_from apply' -a 'apply'",
    );
  });
});

describe('the option values offered', () => {
  it("are every ruleset's options with each of their values", () => {
    const values = optionValues();
    expect(values).toContain('criticals=sudden-death');
    expect(values).toContain('exhaustion=endurance');
    expect(values).toContain('firstStrike=4');
    expect(new Set(values).size).toBe(values.length);
  });

  it('refuses a shell it does not know', async () => {
    const r = await fray(['completion', 'powershell']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('Allowed choices are bash, zsh, fish');
  });
});
