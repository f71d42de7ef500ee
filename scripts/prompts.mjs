#!/usr/bin/env node
// Questions a round at the table: plays every example encounter as `fray fight --interactive`
// would, always taking the suggested answer (Enter), and counts the questions put to the person,
// round by round: with the GM answering for everyone, and with the monsters (every side but the
// players') left to the tactics and the dice. It asks by the same rules as the terminal
// (src/core/asking.ts). `npm run prompts [-- --markdown] [-- --all-asked]`; --all-asked counts
// every request, as the terminal asked before those rules.
/* global console, URL */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import process from 'node:process';
import {
  AskingDriver,
  asksPerson,
  DEFAULT_POLICY,
  HeldDice,
  loadEncounterFile,
  rollFollowing,
  Rng,
  runFight,
  SeededDice,
} from '../dist/index.js';

const markdown = process.argv.includes('--markdown');
const allAsked = process.argv.includes('--all-asked');
// `--show NAME`: print each question asked in the encounters whose path contains NAME.
const showAt = process.argv.indexOf('--show');
const show = showAt > 0 ? process.argv[showAt + 1] : null;
const root = new URL('..', import.meta.url).pathname;

const walk = (dir) =>
  readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = join(dir, n);
      if (statSync(p).isDirectory()) return walk(p);
      return /\.ya?ml$/.test(n) ? [p] : [];
    });
const files = readdirSync(join(root, 'data'))
  .sort()
  .flatMap((r) => {
    try {
      return walk(join(root, 'data', r, 'encounters'));
    } catch {
      return [];
    }
  });

/** Plays one fight at the table; questions asked in each round. */
function play(loaded, automateMonsters, trace) {
  const { ruleset, setup } = loaded;
  const sides = setup.sides;
  const policy = {
    ...DEFAULT_POLICY,
    autoSides: new Set(automateMonsters ? sides.flatMap((s, i) => (s.players ? [] : [i])) : []),
  };
  const tableOf = (st) => {
    const sideOf = new Map(st.combatants.map((c) => [c.id, c.side]));
    return { sideOf: (id) => sideOf.get(id), players: (s) => st.sides[s]?.players === true };
  };
  let table = tableOf(ruleset.create(setup));
  const asks = (req) =>
    allAsked
      ? !(req.actor !== undefined && table && policy.autoSides.has(table.sideOf(req.actor)))
      : asksPerson(req, table, policy);
  const dice = new SeededDice(Rng.seeded(7));
  const held = new HeldDice();
  let inputs = [];
  const perRound = new Map();
  for (let guard = 0; guard < 20000; guard++) {
    const r = runFight(ruleset, setup, {
      inputs,
      driver: new AskingDriver(dice, asks),
      explain: false,
      record: true,
    });
    table = tableOf(r.state);
    inputs = [...r.log];
    const q = r.pending;
    if (!q) return { perRound, rounds: r.outcome?.rounds ?? 0 };
    const kept = allAsked ? null : held.take(q);
    if (kept !== null) {
      inputs.push(kept);
      continue;
    }
    const round = r.state?.round ?? 0;
    perRound.set(round, (perRound.get(round) ?? 0) + 1);
    if (trace)
      console.log(`  r${round} ${q.kind}${q.kind === 'roll' ? ` ${q.count}D${q.sides}` : ''}: ${q.label}`);
    if (q.kind === 'roll') {
      inputs.push(dice.roll(q));
      if (q.then && !allAsked) held.hold(q.actor, q.then, rollFollowing(q.then, dice));
    } else inputs.push(q.suggested);
  }
  throw new Error('too many questions');
}

const rows = [];
for (const file of files) {
  const { loaded } = loadEncounterFile(file, {}, {});
  const trace = show !== null && file.includes(show);
  if (trace) console.log(`${relative(root, file)}, the GM answering all:`);
  const gm = play(loaded, false, trace);
  const auto = play(loaded, true);
  const mean = (p) => {
    const rounds = Math.max(1, ...p.perRound.keys());
    let n = 0;
    for (const v of p.perRound.values()) n += v;
    return n / rounds;
  };
  const first = (p) =>
    [...p.perRound.entries()]
      .filter(([k]) => k >= 1)
      .sort((a, b) => a[0] - b[0])
      .slice(0, 5)
      .map(([, v]) => v)
      .join(', ');
  rows.push({
    file: relative(root, file),
    ruleset: loaded.ruleset.id,
    gm: mean(gm),
    gmFirst: first(gm),
    auto: mean(auto),
    autoFirst: first(auto),
  });
}
if (markdown) {
  console.log(
    '| encounter | ruleset | GM answers all: a round (rounds 1–5) | monsters automated (rounds 1–5) |',
  );
  console.log('|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.file.replace(/^data\//, '')} | ${r.ruleset} | ${r.gm.toFixed(1)} (${r.gmFirst}) | ${r.auto.toFixed(1)} (${r.autoFirst}) |`,
    );
} else
  for (const r of rows)
    console.log(
      `${r.file.padEnd(58)} ${r.ruleset.padEnd(18)} GM ${r.gm.toFixed(1).padStart(5)} [${r.gmFirst}]   auto ${r.auto.toFixed(1).padStart(5)} [${r.autoFirst}]`,
    );
