/* global process, console, URL */
// WIP (issue 32, part 2): time the WFRP 1e chain on the reference duel with the critical chart
// patched to leave only effects the chain carries (as test/wfrp1e/odds-lasting.test.ts does).
// Run after `npx tsc -p tsconfig.build.json`: node scripts/wip/patched-chain.mjs [set] [sims]
import { join } from 'node:path';
const D = new URL('../../dist/', import.meta.url).pathname;
const { lookup } = await import(join(D, 'core/table.js'));
const { CRITICAL_CHART, CRITICAL_EFFECTS, oneShape } = await import(
  join(D, 'rulesets/wfrp1e/data/criticals.js')
);
const sets = {
  light: [
    oneShape({ noAttacksNextRound: true }, 'stunned'),
    oneShape({ parryOnly: 1 }, 'reeling'),
    oneShape({ noAction: 1 }, 'senseless'),
    oneShape({ parryOnly: 'D4' }, 'dazed'),
  ],
  prone: [
    oneShape({ noAttacksNextRound: true }, 'stunned'),
    oneShape({ prone: 'D4', parryOnly: 'D4' }, 'knocked flat'),
    oneShape({ parryOnly: 1 }, 'reeling'),
    oneShape({ prone: 1 }, 'knocked down'),
    oneShape({ downUnless: { char: 'I' } }, 'I test or down'),
    oneShape({ prone: 'D4', thenParryOnly: 'D4' }, 'down then parry only'),
    oneShape({ noAction: 1 }, 'senseless'),
  ],
  bleed: [
    oneShape({ noAttacksNextRound: true }, 'stunned'),
    oneShape({ bleed: 1, suddenDeath: true }, 'bleeding'),
    oneShape({ parryOnly: 1 }, 'reeling'),
    oneShape({ bleed: 'D4', suddenDeath: true }, 'bleeding hard, Sudden Death'),
    oneShape({ prone: 1, bleed: 1, suddenDeath: true }, 'down and bleeding'),
    oneShape({ noAction: 1 }, 'senseless'),
  ],
  full: [
    oneShape({ noAttacksNextRound: true }, 'stunned'),
    oneShape({ parryOnly: 1 }, 'reeling'),
    oneShape({ parryOnly: 'D4' }, 'dazed'),
    oneShape({ noAction: 1 }, 'senseless'),
    oneShape({ noAction: 'D4' }, 'senseless D4'),
    oneShape({ toHit: -10 }, 'blood in the eyes'),
    oneShape({ parryOnly: 1, toHit: -10 }, 'reeling and bloody'),
    oneShape({ allChars: -1 }, 'internal injury'),
    oneShape({ halveMI: 'D4' }, 'limping'),
    oneShape({ allChars: -1, suddenDeath: true }, 'marked'),
  ],
};
const carried = sets[process.argv[2] ?? 'light'];
for (let r = 1; r <= 100; r++) for (const c of lookup(CRITICAL_CHART, r)) c.flee = false;
for (const [k, list] of Object.entries(CRITICAL_EFFECTS))
  list.forEach((e, n) => {
    if (!(e.killed || e.unconscious || e.helpless || e.diesIn))
      list[n] = carried[(n + k.length) % carried.length];
  });
const { loadEncounterText } = await import(join(D, 'core/encounter.js'));
const { nodeEnv, readText } = await import(join(D, 'node/files.js'));
const { RULESETS } = await import(join(D, 'rulesets/index.js'));
const { runFight } = await import(join(D, 'core/fight.js'));
const { AutoDriver } = await import(join(D, 'core/context.js'));
const { SeededDice, Rng } = await import(join(D, 'dice/index.js'));
const file = new URL('../../data/wfrp1e/examples/reference-duel.yaml', import.meta.url).pathname;
const f = readText(file);
const loaded = loadEncounterText(f.file, f.text, RULESETS, nodeEnv(file), { fumbles: 'off' });
let t = Date.now();
const odds = loaded.ruleset.odds(loaded.setup);
console.log(
  `chain: ${(Date.now() - t) / 1000} s`,
  JSON.stringify(odds.duel),
  odds.duel ? '' : odds.duelMethod,
);
const n = Number(process.argv[3] ?? 0);
if (n > 0 && odds.duel) {
  t = Date.now();
  let won = 0;
  let lost = 0;
  for (let s = 1; s <= n; s++) {
    const r = runFight(loaded.ruleset, loaded.setup, {
      driver: new AutoDriver(new SeededDice(Rng.seeded(s))),
      explain: false,
      record: false,
    });
    if (r.outcome?.winner === 0) won++;
    else if (r.outcome?.winner === 1) lost++;
  }
  const e = odds.duel.sides[0].win;
  const p = won / n;
  const half = 3.29 * Math.sqrt((e * (1 - e)) / n);
  console.log(
    `sim ${n}: ${p} (${won}, ${lost}) vs chain ${e}: |diff| ${Math.abs(p - e).toExponential(2)} ${Math.abs(p - e) < half ? '<' : '>='} 99.9% half-width ${half.toExponential(2)} (${(Date.now() - t) / 1000} s)`,
  );
}
