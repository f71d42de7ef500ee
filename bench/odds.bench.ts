// npm run bench: exact odds under their budget (issue 29): a refusal of 250 against 250 comes before
// any blow is worked out; the duels' chains as the examples ask them, and as far as the budget goes.
// Then the Sudden Death duel's chain as `fray odds` runs it, beside its start-up (issue 46): whole
// processes, each iteration the floor (`node -e ''`), `fray --version`, `fray odds` of the reference
// duel (refused at once for its fumbles: the command's loading and blows, no chain) and of the Sudden
// Death duel, so that a busy machine weighs on all alike. The target is set in CPU, which vitest does
// not measure: the children's CPU is printed after the run, with the duel beyond each reference.
// FRAY_BENCH_BEFORE=DIR (a folder holding another build's dist/ and data/) runs that build's
// commands too, in the same iteration: the before and after of docs/performance.md. Needs `npm run
// build`.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, bench, describe } from 'vitest';
import { foePairs } from '../src/core/odds.js';
import { loadFile, ROOT } from '../test/helpers.js';
import { childrenCpu } from './cpu.js';

const armies = [
  ...Array.from({ length: 250 }, () => ({ side: 0 })),
  ...Array.from({ length: 250 }, () => ({ side: 1 })),
];
const oddsOf = (file: string) => {
  const l = loadFile(join(ROOT, 'data', file));
  const odds = l.ruleset.odds as NonNullable<typeof l.ruleset.odds>;
  return () => void odds(l.setup);
};

describe('exact odds', () => {
  bench('250 against 250: counted and refused', () => {
    try {
      foePairs(armies);
    } catch {
      // The refusal is what is timed.
    }
  });
  bench('WFRP 1e Sudden Death duel, whole', oddsOf('wfrp1e/examples/reference-duel-sudden-death.yaml'), {
    iterations: 3,
    time: 0,
  });
  bench('OpenQuest duel, whole', oddsOf('openquest/encounters/duel.yaml'), { iterations: 3, time: 0 });
  bench('Fantasy Wargaming bare duel, whole', oddsOf('fantasy-wargaming/encounters/duel-bare.yaml'), {
    iterations: 2,
    time: 0,
  });
});

const EXAMPLES = join(ROOT, 'data', 'wfrp1e', 'examples');
/** A build's commands, named with `label`: its start-up, the odds refused before any chain, the duel. */
const commandsOf = (root: string, label: string): (readonly [string, readonly string[]])[] => {
  const bin = join(root, 'dist', 'cli', 'bin.js');
  return [
    [`${label}fray --version`, [bin, '--version']],
    [
      `${label}fray odds reference-duel.yaml (refused: no chain)`,
      [bin, 'odds', join(EXAMPLES, 'reference-duel.yaml')],
    ],
    [
      `${label}fray odds reference-duel-sudden-death.yaml`,
      [bin, 'odds', join(EXAMPLES, 'reference-duel-sudden-death.yaml')],
    ],
  ];
};
const BEFORE = process.env.FRAY_BENCH_BEFORE;
const COMMANDS: readonly (readonly [string, readonly string[]])[] = [
  ["node -e ''", ['-e', '']],
  ...commandsOf(ROOT, ''),
  ...(BEFORE ? commandsOf(BEFORE, 'before: ') : []),
];
/** CPU seconds of each command, and its runs. */
const used = new Map<string, { seconds: number; runs: number }>();

describe('the Sudden Death duel beside its start-up (whole processes)', () => {
  bench(
    'the commands in turn',
    () => {
      for (const [name, args] of COMMANDS) {
        const before = childrenCpu();
        const r = spawnSync(process.execPath, args, { encoding: 'utf8' });
        if (r.status !== 0) throw new Error(`${name} failed: ${r.stderr}`);
        const kept = used.get(name) ?? { seconds: 0, runs: 0 };
        kept.seconds += childrenCpu() - before;
        kept.runs++;
        used.set(name, kept);
      }
    },
    { iterations: 12, time: 0 },
  );
});

afterAll(() => {
  const ms = (name: string) => {
    const x = used.get(name);
    return x ? (1000 * x.seconds) / x.runs : NaN;
  };
  for (const [name] of COMMANDS) console.log(`${name}: ${ms(name).toFixed(0)} ms CPU a run`);
  for (const label of BEFORE ? ['', 'before: '] : ['']) {
    const [version, refused, duel] = commandsOf(ROOT, label).map(([name]) => ms(name));
    console.log(
      `${label}the Sudden Death duel: ${((duel ?? NaN) - (version ?? NaN)).toFixed(0)} ms CPU beyond fray --version, ` +
        `${((duel ?? NaN) - (refused ?? NaN)).toFixed(0)} ms beyond the same command without its chain`,
    );
  }
});
