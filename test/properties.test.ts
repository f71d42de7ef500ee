// Properties every fight must keep, over random encounters, options, tactics and seeds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AskingDriver, AutoDriver } from '../src/core/context.js';
import type { Input } from '../src/core/request.js';
import { runFight } from '../src/core/fight.js';
import type { Ruleset } from '../src/core/ruleset.js';
import { Rng, SeededDice } from '../src/dice/index.js';
import type { W1Setup } from '../src/rulesets/wfrp1e/encounter.js';
import { wfrp1e } from '../src/rulesets/wfrp1e/index.js';
import { WFRP1E_OPTIONS } from '../src/rulesets/wfrp1e/options.js';
import type { Fighter, W1State } from '../src/rulesets/wfrp1e/state.js';
import { loadText, RandomChoices } from './helpers.js';

const CREATURES = [
  'human',
  'goblin',
  'orc',
  'skaven',
  'ogre',
  'troll',
  'dwarf',
  'elf',
  'halfling',
  'wolf',
  'skeleton',
  'zombie',
  'harpy',
  'giant-bat',
  'hydra',
  'ettin',
  'centaur',
  'giant-snake',
  'giant-octopus',
  'giant-flightless-bird',
];
const KITS = [
  '[sword]',
  '[sword, shield]',
  '[axe]',
  '[dagger]',
  '[]',
  '[spear]',
  '[two-handed-sword]',
  '[flail]',
  '[lantern]',
  '[halberd]',
  '[club, dagger]',
  '[torch, sword]',
];
const ARMOUR = [
  '[]',
  '[mail-shirt, helmet]',
  '[leather-jacket]',
  '[sleeved-mail-coat, breastplate, mail-coif, helmet]',
  '[leather-jerkin, mail-shirt]',
];

const combatant = fc.record({
  creature: fc.constantFrom(...CREATURES),
  count: fc.integer({ min: 1, max: 3 }),
  kit: fc.option(fc.constantFrom(...KITS), { nil: undefined }),
  armour: fc.constantFrom(...ARMOUR),
  parry: fc.constantFrom('auto', 'never', 'always'),
  stun: fc.boolean(),
  grapple: fc.boolean(),
  aim: fc.constantFrom('none', 'head', 'body', 'left-leg'),
  fleeBelow: fc.constantFrom(0, 0, 3),
  press: fc.boolean(),
  mounted: fc.boolean(),
  asleep: fc.constantFrom(false, false, false, true),
});

const options = fc.record(
  Object.fromEntries(WFRP1E_OPTIONS.map((o) => [o.name, fc.constantFrom(...o.values)])) as Record<
    string,
    fc.Arbitrary<string>
  >,
);

const encounter = fc.record({
  a: fc.array(combatant, { minLength: 1, maxLength: 2 }),
  b: fc.array(combatant, { minLength: 1, maxLength: 2 }),
  start: fc.constantFrom('engaged', 'charge'),
  surprise: fc.constantFrom('none', 'a', 'b', 'both'),
  options,
  seed: fc.integer({ min: 0, max: 2 ** 31 }),
});

type Enc = typeof encounter extends fc.Arbitrary<infer T> ? T : never;

function yamlOf(e: Enc): string {
  const c = (x: Enc['a'][number]) => {
    const parts = [`use: ${x.creature}`, `count: ${x.count}`, `armour: ${x.armour}`];
    if (x.kit !== undefined) parts.push(`weapons: ${x.kit}`);
    if (x.mounted && x.count === 1 && ['human', 'elf', 'dwarf', 'orc', 'goblin'].includes(x.creature))
      parts.push('mount: { use: warhorse }');
    if (x.asleep) parts.push('asleep: true');
    parts.push(
      `tactics: { parry: ${x.parry}, stun: ${x.stun}, grapple: ${x.grapple}, aim: ${x.aim}, fleeBelow: ${x.fleeBelow}, press: ${x.press} }`,
    );
    return `      - { ${parts.join(', ')} }`;
  };
  return `ruleset: wfrp1e
start: ${e.start}
options: ${JSON.stringify(e.options)}
sides:
  - name: A
    surprised: ${e.surprise === 'a' || e.surprise === 'both'}
    combatants:
${e.a.map(c).join('\n')}
  - name: B
    surprised: ${e.surprise === 'b' || e.surprise === 'both'}
    combatants:
${e.b.map(c).join('\n')}
`;
}

/** The ruleset, checking after every round that no W rose and every number is a whole, finite one. */
function watched(): Ruleset<W1Setup, W1State> {
  return {
    ...wfrp1e,
    round(st, ctx) {
      const before = st.combatants.map((f) => f.W);
      wfrp1e.round(st, ctx);
      st.combatants.forEach((f: Fighter, i) => {
        if (!Number.isInteger(f.W) || f.W < 0 || f.W > f.maxW)
          throw new Error(`${f.name}: W ${f.W} out of 0..${f.maxW}`);
        if (f.W > (before[i] as number)) throw new Error(`${f.name}: W rose from ${before[i]} to ${f.W}`);
        for (const [k, v] of Object.entries(f.stats))
          if (!Number.isFinite(v)) throw new Error(`${f.name}: ${k} is ${v}`);
      });
    },
  };
}

const RUNS = Number(process.env.FRAY_PROPERTY_RUNS ?? 300);

const CAP = 60;

/** The fight's log alone replays it: no question left, no input over, the same events. */
function expectReplays(
  loaded: ReturnType<typeof loadText>,
  a: { log: readonly Input[]; events: readonly unknown[] },
): void {
  const replay = runFight(loaded.ruleset, loaded.setup, {
    inputs: a.log,
    driver: new AskingDriver(new SeededDice(Rng.seeded(0)), () => true),
    explain: true,
    maxRounds: CAP,
  });
  expect(replay.pending).toBe(null);
  expect(replay.unused).toBe(0);
  expect(replay.events).toEqual(a.events);
}

describe('properties of every fight', () => {
  it('ends (a side wins or the cap makes a draw), W stay whole in 0..max and never rise, nothing is NaN', () => {
    fc.assert(
      fc.property(encounter, (e) => {
        const loaded = loadText(yamlOf(e));
        const r = runFight(watched(), loaded.setup as W1Setup, {
          driver: new AutoDriver(new SeededDice(Rng.seeded(e.seed))),
          maxRounds: CAP,
        });
        expect(r.outcome).not.toBe(null);
        expect(r.outcome?.rounds).toBeLessThanOrEqual(CAP);
        if (r.outcome?.winner !== null)
          expect(r.state?.combatants.some((c) => c.side === r.outcome?.winner && c.out === null)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('the same seed and inputs give the same events, and the log replays them without dice', () => {
    fc.assert(
      fc.property(encounter, (e) => {
        const loaded = loadText(yamlOf(e));
        const run = () =>
          runFight(loaded.ruleset, loaded.setup, {
            driver: new AutoDriver(new SeededDice(Rng.seeded(e.seed))),
            explain: true,
            record: true,
            maxRounds: CAP,
          });
        const a = run();
        const b = run();
        expect(b.events).toEqual(a.events);
        expectReplays(loaded, a);
        for (const ev of a.events) expect(ev.text).not.toMatch(/NaN|undefined|\[object/);
      }),
      { numRuns: Math.floor(RUNS / 2) },
    );
  });

  it('any choice and amount a person may give keeps those properties, and its log replays it', () => {
    fc.assert(
      fc.property(encounter, (e) => {
        const loaded = loadText(yamlOf(e));
        const a = runFight(watched(), loaded.setup as W1Setup, {
          driver: new RandomChoices(e.seed, 'random'),
          explain: true,
          record: true,
          maxRounds: CAP,
        });
        expect(a.outcome).not.toBe(null);
        expectReplays(loaded, a);
      }),
      { numRuns: RUNS },
    );
  });

  it('in the scene of battle: no two standing models in one place, and nobody moves further than its rate', () => {
    fc.assert(
      fc.property(spatialEncounter, (e) => {
        const loaded = loadText(spatialYaml(e));
        const r = runFight(placesWatched(), loaded.setup as W1Setup, {
          driver: e.random ? new RandomChoices(e.seed) : new AutoDriver(new SeededDice(Rng.seeded(e.seed))),
          maxRounds: 30,
        });
        expect(r.outcome).not.toBe(null);
      }),
      { numRuns: RUNS },
    );
  });
});

const SHOOTERS = [
  '[bow]',
  '[crossbow]',
  '[pistol]',
  '[javelin]',
  '[sling]',
  '[repeating-crossbow]',
  '[bomb]',
  '[long-bow]',
  '[lasso]',
  '[sword, shield]',
  '[spear]',
  '[duck-foot]',
];
const spatialEncounter = fc.record({
  a: fc.array(
    fc.record({
      creature: fc.constantFrom('human', 'elf', 'dwarf', 'halfling'),
      kit: fc.constantFrom(...SHOOTERS),
      mounted: fc.constantFrom(null, null, 'horse', 'giant-eagle'),
      count: fc.integer({ min: 1, max: 3 }),
    }),
    { minLength: 1, maxLength: 2 },
  ),
  b: fc.array(
    fc.record({
      creature: fc.constantFrom(
        'goblin',
        'orc',
        'wolf',
        'harpy',
        'giant-eagle',
        'ogre',
        'skaven',
        'giant-rat',
      ),
      count: fc.integer({ min: 1, max: 4 }),
    }),
    { minLength: 1, maxLength: 2 },
  ),
  distance: fc.integer({ min: 0, max: 120 }),
  light: fc.constantFrom('daylight', 'daylight', 'dark'),
  shortcut: fc.boolean(),
  options: fc.record({
    reloadStress: fc.constantFrom('off', 'on'),
    missileCriticals: fc.constantFrom('sudden-death', 'detailed'),
  }),
  random: fc.boolean(),
  seed: fc.integer({ min: 0, max: 2 ** 31 }),
});
type SpatialEnc = typeof spatialEncounter extends fc.Arbitrary<infer T> ? T : never;

function spatialYaml(e: SpatialEnc): string {
  const a = e.a.map(
    (x) =>
      `      - { use: ${x.creature}, count: ${x.mounted ? 1 : x.count}, weapons: ${x.kit}, carried: [sword], ammo: { }${x.mounted ? `, mount: { use: ${x.mounted} }` : ''}${x.mounted === 'giant-eagle' ? ', altitude: 10' : ''} }`,
  );
  const b = e.b.map((x) => `      - { use: ${x.creature}, count: ${x.count} }`);
  return `ruleset: wfrp1e
start: { distance: ${e.distance}, shortcut: ${e.shortcut} }
light: ${e.light}
options: ${JSON.stringify(e.options)}
sides:
  - name: A
    combatants:
${a.join('\n')}
  - name: B
    combatants:
${b.join('\n')}
`;
}

/** The ruleset, checking after every round where everyone stands and how far it went. */
function placesWatched(): Ruleset<W1Setup, W1State> {
  return {
    ...wfrp1e,
    round(st, ctx) {
      // A rider moves at its mount's rate, even if the mount falls later in the round.
      const limit = new Map(
        st.combatants.map((f) => [f, 16 * Math.max(f.profile.M ?? 0, f.mount?.profile.M ?? 0)]),
      );
      wfrp1e.round(st, ctx);
      // Standing models only: the fallen are stepped over (docs/rulesets/wfrp1e.md, Closing in).
      const onGround = st.combatants.filter(
        (f) => f.pos && f.out === null && f.alt === 0 && f.rider === null,
      );
      for (let i = 0; i < onGround.length; i++) {
        for (let j = i + 1; j < onGround.length; j++) {
          const x = onGround[i] as Fighter;
          const y = onGround[j] as Fighter;
          const rx = x.mount ? x.mount.radius : x.radius;
          const ry = y.mount ? y.mount.radius : y.radius;
          const d = Math.hypot((x.pos?.x ?? 0) - (y.pos?.x ?? 0), (x.pos?.y ?? 0) - (y.pos?.y ?? 0));
          if (d < rx + ry - 0.05)
            throw new Error(
              `round ${st.round}: ${x.name} and ${y.name} overlap (${d.toFixed(2)} < ${rx + ry})`,
            );
        }
      }
      for (const f of st.combatants) {
        const run = limit.get(f) ?? 0;
        if (f.moved > run + 0.05)
          throw new Error(`round ${st.round}: ${f.name} moved ${f.moved} yards, more than a run (${run})`);
      }
    },
  };
}
