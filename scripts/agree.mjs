#!/usr/bin/env node
// Exact duels against the engine: `npm run agree [-- --runs 200000 --random 10 --seed N --only wfrp1e]`.
// For each ruleset listed below, each example duel the Markov chain of `fray odds` solves, and as
// many random duels from the ruleset's generator, it runs `fray sim` and checks that every side's
// share of wins and the share of draws fall within the 99.9% interval of the exact figure:
// p ± 3.29·sqrt(p(1 − p)/n). A figure of exactly 0 or 1 must be matched exactly. Exit 1 on any miss.
// Another ruleset's chain joins by adding an entry to RULESETS: its duels and a generator.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import console from 'node:console';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'dist', 'cli', 'bin.js');
/** Two-sided 99.9%. */
const Z = 3.29;

/** A small seeded generator (mulberry32), so that a run's random duels can be made again. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (r, list) => list[Math.floor(r() * list.length)];
const between = (r, lo, hi) => lo + Math.floor(r() * (hi - lo + 1));

/** A WFRP 1e duel within what the chain solves: profiles, weapons, shields, armour, tactics and options at random. */
function wfrp1eDuel(r) {
  const person = (name) => {
    const profile = {
      WS: between(r, 20, 70),
      S: between(r, 2, 5),
      T: between(r, 2, 5),
      W: between(r, 3, 8),
      I: between(r, 10, 70),
      A: pick(r, [1, 1, 2, 3]),
      Int: between(r, 15, 45),
    };
    const weapons = [pick(r, ['sword', 'axe', 'mace', 'club'])];
    if (r() < 0.4) weapons.push('shield');
    const armour = pick(r, [
      [],
      ['mail-shirt'],
      ['leather-jerkin', 'helmet'],
      ['sleeved-mail-coat', 'helmet'],
    ]);
    const parry = pick(r, ['auto', 'always', 'never', null]);
    const tactics = parry ? `, tactics: { parry: ${parry} }` : '';
    return `      - { name: ${name}, use: human, profile: ${JSON.stringify(profile)}, weapons: [${weapons.join(', ')}], armour: [${armour.join(', ')}]${tactics} }\n`;
  };
  const options = {
    criticals: 'sudden-death',
    fumbles: 'off',
    additionalDamage: pick(r, ['on', 'off']),
    blowSpacing: pick(r, ['intervals', 'halving']),
    parryTest: pick(r, ['below', 'at-most']),
    monsterParry: pick(r, ['never', 'int-over-30', 'any']),
    // Options the chain accepts because they change nothing in its duels: the simulation must agree.
    takeUp: pick(r, ['action', 'instant']),
    chargeBonus: pick(r, ['first-blow', 'round']),
    missileCriticals: pick(r, ['sudden-death', 'detailed']),
    fireDamage: pick(r, ['body-critical', 'wounds-only']),
  };
  const players = r() < 0.5 ? '    players: true\n' : '';
  return (
    `ruleset: wfrp1e\ntitle: Random duel\noptions: ${JSON.stringify(options)}\nsides:\n` +
    `  - name: Ann\n${players}    combatants:\n${person('Ann')}` +
    `  - name: Bob\n    combatants:\n${person('Bob')}`
  );
}

/** Each ruleset's example duels (with options that bring them within the chain, when needed) and its generator. */
const RULESETS = [
  {
    name: 'wfrp1e',
    duels: [
      { file: 'data/wfrp1e/examples/reference-duel-sudden-death.yaml', options: [] },
      { file: 'data/wfrp1e/examples/reference-duel.yaml', options: [] },
      ...[
        'a-helmet-worth-one-point',
        'helmut-and-the-skaven',
        'serafin-and-the-giant',
        'serafin-and-the-ogre',
        'pistol-duel',
      ].map((n) => ({ file: `data/wfrp1e/encounters/${n}.yaml`, options: [] })),
      // The same duels with the rules the chain holds today, where theirs are beyond it.
      ...['reference-duel', 'a-helmet-worth-one-point', 'helmut-and-the-skaven', 'serafin-and-the-giant'].map(
        (n) => ({
          file:
            n === 'reference-duel' ? `data/wfrp1e/examples/${n}.yaml` : `data/wfrp1e/encounters/${n}.yaml`,
          options: ['criticals=sudden-death', 'fumbles=off'],
        }),
      ),
    ],
    random: wfrp1eDuel,
  },
];

function fray(args) {
  return JSON.parse(execFileSync(process.execPath, [BIN, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 }));
}

/** Whether `k` of `n` lies within the 99.9% interval of p; and the interval. */
function within(p, k, n) {
  const half = Z * Math.sqrt((p * (1 - p)) / n);
  const x = k / n;
  return { ok: p === 0 || p === 1 ? x === p : Math.abs(x - p) <= half, lo: p - half, hi: p + half, x };
}

/** One duel: the chain's figures, then the simulation's; a line for each figure. Returns the misses, or null when the chain refuses. */
function agree(file, options, runs, seed, label) {
  const opts = options.flatMap((o) => ['-o', o]);
  const odds = fray(['odds', file, ...opts, '--json']);
  if (!odds.duel) {
    console.log(`${label}: refused (${odds.duelMethod})`);
    return null;
  }
  const sim = fray(['sim', file, ...opts, '--runs', String(runs), '--seed', String(seed), '--json']);
  const figures = [
    ...odds.duel.sides.map((s, i) => [`${s.name} wins`, s.win, sim.sides[i].wins]),
    ['draw', odds.duel.draw, sim.draws],
  ];
  let misses = 0;
  for (const [what, p, k] of figures) {
    const w = within(p, k, runs);
    if (!w.ok) misses++;
    console.log(
      `${label}: ${what.padEnd(24)} exact ${(100 * p).toFixed(3)}%  simulated ${(100 * w.x).toFixed(3)}%  99.9% interval ${(100 * Math.max(0, w.lo)).toFixed(3)}–${(100 * Math.min(1, w.hi)).toFixed(3)}%  ${w.ok ? 'ok' : 'MISS'}`,
    );
  }
  return misses;
}

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const runs = Number(flag('--runs', '200000'));
const randomCount = Number(flag('--random', '10'));
const seed = Number(flag('--seed', String(Date.now() % 2 ** 31)));
const only = flag('--only', null);
const examplesToo = !args.includes('--random-only');
const onlyFiles = flag('--files', null)?.split(',');
console.log(`fray agree: ${runs.toLocaleString('en')} simulated fights a duel, seed ${seed}`);
const dir = mkdtempSync(join(tmpdir(), 'fray-agree-'));
let misses = 0;
let checked = 0;
for (const rs of RULESETS) {
  if (only && rs.name !== only) continue;
  if (examplesToo)
    for (const d of rs.duels) {
      if (onlyFiles && !onlyFiles.some((f) => d.file.endsWith(f))) continue;
      const m = agree(
        join(ROOT, d.file),
        d.options,
        runs,
        seed,
        `${d.file}${d.options.length ? ` ${d.options.join(' ')}` : ''}`,
      );
      if (m !== null) {
        checked++;
        misses += m;
      }
    }
  const r = rng(seed);
  for (let k = 0; k < randomCount; k++) {
    const file = join(dir, `${rs.name}-random-${k}.yaml`);
    writeFileSync(file, rs.random(r));
    const m = agree(file, [], runs, seed + k + 1, `${rs.name} random duel ${k} (${file})`);
    if (m !== null) {
      checked++;
      misses += m;
    }
  }
}
console.log(
  `${checked} duels checked, ${misses} figure${misses === 1 ? '' : 's'} outside the 99.9% interval`,
);
process.exit(misses === 0 && checked > 0 ? 0 : 1);
