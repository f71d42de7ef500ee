// npm run bench: reading a pasted stat block (issue 42). A hostile block of 100 KB (a valid block
// and one line, or thousands of lines, made to make a backtracking pattern try every position)
// costs what a benign block of the same size costs: the importer reads in time linear in the text.
// The benign one is the same valid block with prose of that size. docs/performance.md has the figures.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bench, describe } from 'vitest';
import { BLOCK_LIMIT } from '../src/core/statblock.js';
import { shippedOnlyEnv } from '../src/files/disk.js';
import { importBlock } from '../src/files/import.js';
import { ROOT } from '../test/helpers.js';

const env = shippedOnlyEnv();
const SIZE = BLOCK_LIMIT - 2048;

/** The shipped block of each ruleset, and the kinds of hostile line that were quadratic before. */
const BLOCKS: [string, string][] = [
  ['wfrp1e', 'wfrp1e-orc-raider.txt'],
  ['openquest', 'oq-elf.txt'],
  ['wfrp-cp', 'cp-hans.txt'],
  ['fantasy-wargaming', 'fw-wulfstan.txt'],
  ['ahq-house', 'ahq-orc.txt'],
];

const fill = (unit: string, n = SIZE) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);

const HOSTILE: Record<string, () => string> = {
  // The paste of the issue: "a", blanks and a "!".
  'a, blanks, !': () => `a${fill(' ', SIZE - 2)}!`,
  'a weapons line of one word': () => `Weapons: ${fill('a')}`,
  'a combat line of open brackets': () => `Close Combat 50%: a${fill(' (')}`,
  'a skills line of commas': () => `Resistances: ${fill(',')}`,
  'per cent signs and an x': () => `${fill('%', SIZE - 1)}x`,
  'thousands of lines opening a bracket': () => fill('Weapons: (\n'),
  'thousands of lines of pairs': () => fill('STR 1 CON '),
  'thousands of lines of emphasis alone': () => fill('*_a_*\n'),
  'an AsciiDoc cell carried on for thousands of lines': () => `|===\n|a\n${fill('b\n', SIZE - 10)}`,
};

const benign = () =>
  fill('The orcs came down from the hills at dusk, and the villagers barred their doors. ');

for (const [ruleset, file] of BLOCKS) {
  const block = readFileSync(join(ROOT, 'data', 'blocks', file), 'utf8');
  const read = (text: string) => {
    try {
      importBlock(ruleset, text, 'bench.txt', { env });
    } catch {
      // A refusal costs its reading too: it is what is measured.
    }
  };
  describe(`${ruleset}: a block of 100 KB`, () => {
    bench('the block alone (a few hundred bytes)', () => read(block), { time: 300 });
    bench('benign: the block and prose', () => read(`${block}\n${benign()}\n`), { time: 500 });
    for (const [name, make] of Object.entries(HOSTILE)) {
      const text = `${block}\n${make()}\n`;
      bench(`hostile: ${name}`, () => read(text), { time: 500 });
    }
  });
}
