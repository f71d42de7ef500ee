// Properties of every house-rules fight, after every model's turn: no two models on one square,
// every model on floor, facing always cardinal, a model with a death zone faces an enemy in it
// when there is one, and engagement only between enemies facing each other; fights end; logs replay.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AskingDriver, AutoDriver } from '../../src/core/context.js';
import { runFight } from '../../src/core/fight.js';
import type { Ruleset } from '../../src/core/ruleset.js';
import { Rng, SeededDice } from '../../src/dice/index.js';
import { FACINGS, facesToward, footprint, passable, squareKey } from '../../src/space/grid.js';
import { ahqHouse } from '../../src/rulesets/ahq-house/index.js';
import type { AhqSetup, AhqState } from '../../src/rulesets/ahq-house/state.js';
import { engaged, hasDeathZone, inDeathZone, isEnemy } from '../../src/rulesets/ahq-house/zones.js';
import { loadText, RandomChoices } from '../helpers.js';

const KINDS = [
  'goblin',
  'orc',
  'skaven',
  'gutter-runner',
  'nurgling',
  'troll',
  'goblin-slave',
  'beastmaster',
  'slavemaster',
  'chaos-sorcerer',
];
const HERO_KITS = ['[sword]', '[two-handed-sword]', '[spear]', '[dagger, bow]', '[halberd]', '[]'];
const encounter = fc.record({
  walls: fc.array(fc.record({ x: fc.integer({ min: 1, max: 10 }), y: fc.integer({ min: 1, max: 6 }) }), {
    maxLength: 8,
  }),
  heroes: fc.array(
    fc.record({
      kit: fc.constantFrom(...HERO_KITS),
      armour: fc.constantFrom('[]', '[chain, shield]', '[plate, war-helm]', '[leather, buckler]'),
      St: fc.integer({ min: 2, max: 10 }),
      evadeAt: fc.integer({ min: 0, max: 13 }),
      rear: fc.boolean(),
      target: fc.constantFrom('nearest', 'weakest', 'gang-up'),
      keepAway: fc.boolean(),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  monsters: fc.array(fc.constantFrom(...KINDS), { minLength: 1, maxLength: 5 }),
  seed: fc.integer({ min: 0, max: 2 ** 31 }),
});
type Enc = typeof encounter extends fc.Arbitrary<infer T> ? T : never;

function yamlOf(e: Enc): string {
  const W = 12;
  const H = 8;
  const rows: string[][] = [];
  for (let y = 0; y < H; y++)
    rows.push([...Array(W)].map((_, x) => (x === 0 || y === 0 || x === W - 1 || y === H - 1 ? '#' : '.')));
  for (const w of e.walls) if (w.x > 2 && w.x < 7) (rows[w.y] as string[])[w.x] = '#';
  // Heroes on the west, monsters on the east; a troll takes a 2 × 2 block.
  // Two hands on a great weapon leave none for a shield (refused at load).
  const armourOf = (h: Enc['heroes'][number]) =>
    /two-handed|halberd/.test(h.kit) ? h.armour.replace(/, (shield|buckler)/, '') : h.armour;
  const heroes = e.heroes.map(
    (h, i) =>
      `      - { name: H${i + 1}, at: [1, ${1 + i * 2}], facing: E, profile: { WS: 7, BS: 6, DS: 6, T: 4, W: 8, Sp: 6, St: ${h.St}, Br: 8 }, weapons: ${h.kit}, armour: ${armourOf(h)}, tactics: { evadeAt: ${h.evadeAt}, rear: ${h.rear}, target: ${h.target}, keepAway: ${h.keepAway} } }\n`,
  );
  // Each monster has a 2 × 2 slot of its own, so a troll fits anywhere.
  const slots = [
    [9, 1],
    [9, 3],
    [9, 5],
    [7, 1],
    [7, 3],
  ] as const;
  const monsters = e.monsters.map(
    (k, i) => `      - { use: ${k}, name: M${i + 1}, at: [${slots[i]?.[0]}, ${slots[i]?.[1]}], facing: W }\n`,
  );
  return `ruleset: ahq-house\noptions: { board: 'zones' }\nmaxRounds: 30\nmap: |\n${rows.map((r) => `  ${r.join('')}`).join('\n')}\nsides:\n  - name: Heroes\n    combatants:\n${heroes.join('')}  - name: Monsters\n    combatants:\n${monsters.join('')}`;
}

function check(st: AhqState): void {
  const seen = new Map<string, string>();
  for (const f of st.combatants) {
    expect(FACINGS).toContain(f.facing);
    if (f.out !== null) continue;
    for (const q of footprint(f.at, f.size)) {
      const k = squareKey(q);
      expect(seen.get(k), `${f.name} and ${seen.get(k)} on ${k}`).toBeUndefined();
      seen.set(k, f.name);
      expect(passable(st.setup.board, q) || st.opened.has(k), `${f.name} on a wall at ${k}`).toBe(true);
    }
    expect(Number.isInteger(f.W) && f.W >= 0 && f.W <= f.spec.profile.W).toBe(true);
    for (const o of st.combatants) {
      if (engaged(f, o)) expect(facesToward(f, o) && facesToward(o, f)).toBe(true);
    }
    // FACING: with a death zone and an enemy in it, a model faces an enemy in it.
    const inZone = st.combatants.filter((o) => isEnemy(f, o) && inDeathZone(f, o));
    if (hasDeathZone(f, st.combatants) && inZone.length)
      expect(
        inZone.some((o) => facesToward(f, o)),
        `${f.name} faces ${f.facing} with ${inZone.map((o) => o.name).join(', ')} in its death zone`,
      ).toBe(true);
  }
}

/** The ruleset, checked after every round. */
function watched(): Ruleset<AhqSetup, AhqState> {
  return {
    ...ahqHouse,
    round(st, ctx) {
      ahqHouse.round(st, ctx);
      check(st);
    },
  };
}

const RUNS = Number(process.env.FRAY_PROPERTY_RUNS ?? 150);

describe('properties of every house-rules fight', () => {
  it('no two models on a square, all on floor, facing cardinal, forced facing kept; every fight ends', () => {
    fc.assert(
      fc.property(encounter, (e) => {
        const loaded = loadText(yamlOf(e));
        const r = runFight(watched(), loaded.setup as AhqSetup, {
          driver: new AutoDriver(new SeededDice(Rng.seeded(e.seed))),
          explain: true,
        });
        expect(r.outcome).not.toBe(null);
        for (const ev of r.events) expect(ev.text).not.toMatch(/NaN|undefined|Infinity|\[object/);
      }),
      { numRuns: RUNS },
    );
  });

  it('any choice a person may make keeps them, and its log replays it', () => {
    fc.assert(
      fc.property(encounter, (e) => {
        const loaded = loadText(yamlOf(e));
        const a = runFight(watched(), loaded.setup as AhqSetup, {
          driver: new RandomChoices(e.seed),
          explain: true,
          record: true,
        });
        expect(a.outcome).not.toBe(null);
        const replay = runFight(loaded.ruleset, loaded.setup, {
          inputs: a.log,
          driver: new AskingDriver(new SeededDice(Rng.seeded(0)), () => true),
          explain: true,
        });
        expect(replay.pending).toBe(null);
        expect(replay.events).toEqual(a.events);
      }),
      { numRuns: RUNS },
    );
  });
});
