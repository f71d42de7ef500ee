// Properties every OpenQuest fight keeps: the order counts down by modified skill, hit points
// fall only from damage and rise only from healing, every fight ends, logs replay.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AskingDriver, AutoDriver } from '../../src/core/context.js';
import { runFight } from '../../src/core/fight.js';
import type { Ruleset } from '../../src/core/ruleset.js';
import { Rng, SeededDice } from '../../src/dice/index.js';
import { openquest } from '../../src/rulesets/openquest/index.js';
import { OQ_OPTIONS } from '../../src/rulesets/openquest/options.js';
import type { OqSetup, OqState } from '../../src/rulesets/openquest/state.js';
import { loadText, RandomChoices } from '../helpers.js';

const KITS = [
  '[longsword]',
  '[shortsword, small-shield]',
  '[dagger]',
  '[greatsword]',
  '[short-bow, shortsword]',
  '[light-crossbow, dagger]',
  '[]',
];
const person = fc.record({
  kit: fc.constantFrom(...KITS),
  armour: fc.constantFrom('[]', '[leather]', '[chainmail]', '[plate, leather]'),
  STR: fc.integer({ min: 3, max: 18 }),
  SIZ: fc.integer({ min: 6, max: 18 }),
  CON: fc.integer({ min: 3, max: 18 }),
  DEX: fc.integer({ min: 3, max: 18 }),
  close: fc.integer({ min: 10, max: 110 }),
  dodge: fc.integer({ min: 5, max: 90 }),
  healing: fc.integer({ min: 0, max: 80 }),
  reaction: fc.constantFrom('auto', 'parry', 'dodge', 'none'),
  fleeAt: fc.constantFrom(0, 0, 3),
});
const encounter = fc.record({
  a: fc.array(person, { minLength: 1, maxLength: 3 }),
  b: fc.array(
    fc.oneof(
      person.map((p) => ({ p })),
      fc.constantFrom('goblin', 'orc', 'wolf', 'skeleton').map((use) => ({ use })),
    ),
    { minLength: 1, maxLength: 3 },
  ),
  distance: fc.constantFrom('close', 'ranged'),
  surprise: fc.constantFrom(null, 'A', 'B'),
  kind: fc.constantFrom('ambush', 'sneak', 'rush'),
  options: fc.record(
    Object.fromEntries(OQ_OPTIONS.map((o) => [o.name, fc.constantFrom(...o.values)])) as Record<
      string,
      fc.Arbitrary<string>
    >,
  ),
  seed: fc.integer({ min: 0, max: 2 ** 31 }),
});
type Enc = typeof encounter extends fc.Arbitrary<infer T> ? T : never;
type Person = Enc['a'][number];

const line = (p: Person, name: string) =>
  `      - { name: ${name}, characteristics: { STR: ${p.STR}, CON: ${p.CON}, SIZ: ${p.SIZ}, DEX: ${p.DEX}, INT: 12, POW: 11, CHA: 10 }, skills: { close: ${p.close}, ranged: ${p.close}, dodge: ${p.dodge}, healing: ${p.healing} }, weapons: ${p.kit}, armour: ${p.armour}, tactics: { reaction: ${p.reaction}, fleeAt: ${p.fleeAt} } }\n`;

function yamlOf(e: Enc): string {
  const b = e.b.map((x, i) => ('p' in x ? line(x.p, `B${i + 1}`) : `      - { use: ${x.use} }\n`)).join('');
  return `ruleset: openquest\ndistance: ${e.distance}\noptions: ${JSON.stringify(e.options)}\n${e.surprise ? `surprise: { side: ${e.surprise}, kind: ${e.kind} }\n` : ''}sides:\n  - name: A\n    combatants:\n${e.a.map((p, i) => line(p, `A${i + 1}`)).join('')}  - name: B\n    combatants:\n${b}`;
}

/** The ruleset, checking each round that HP only fell by the damage the log reports, and that actions came in skill order. */
function watched(): Ruleset<OqSetup, OqState> {
  return {
    ...openquest,
    round(st, ctx) {
      const before = new Map(st.combatants.map((f) => [f, f.hp]));
      const taken = new Map(st.combatants.map((f) => [f, f.stats.woundsTaken]));
      openquest.round(st, ctx);
      for (const f of st.combatants) {
        const dealt = f.stats.woundsTaken - (taken.get(f) as number);
        const hp0 = before.get(f) as number;
        if (!Number.isInteger(f.hp)) throw new Error(`${f.name}: HP ${f.hp}`);
        // Healing magic lifts a mortally wounded fighter to 1 HP; nothing else raises hit points.
        if (f.hp > hp0 - dealt && !(f.hp === 1 && hp0 - dealt <= 0))
          throw new Error(`${f.name}: HP ${hp0} − ${dealt} became ${f.hp}`);
      }
    },
  };
}

const RUNS = Number(process.env.FRAY_PROPERTY_RUNS ?? 200);

describe('properties of every OpenQuest fight', () => {
  it('ends; hit points fall only by the damage dealt; the order counts down by skill', () => {
    fc.assert(
      fc.property(encounter, (e) => {
        const loaded = loadText(yamlOf(e));
        const r = runFight(watched(), loaded.setup as OqSetup, {
          driver: new AutoDriver(new SeededDice(Rng.seeded(e.seed))),
          explain: true,
          maxRounds: 60,
        });
        expect(r.outcome).not.toBe(null);
        for (const ev of r.events) {
          if (ev.type !== 'order') continue;
          const skills = [...ev.text.matchAll(/ (-?\d+)%/g)].map((m) => Number(m[1]));
          for (let i = 1; i < skills.length; i++)
            expect(skills[i]).toBeLessThanOrEqual(skills[i - 1] as number);
        }
        for (const ev of r.events) expect(ev.text).not.toMatch(/NaN|undefined|Infinity|\[object/);
      }),
      { numRuns: RUNS },
    );
  });

  it('any choice a person may make keeps them, and its log replays it', () => {
    fc.assert(
      fc.property(encounter, (e) => {
        const loaded = loadText(yamlOf(e));
        const a = runFight(watched(), loaded.setup as OqSetup, {
          driver: new RandomChoices(e.seed, 'random'),
          explain: true,
          record: true,
          maxRounds: 60,
        });
        expect(a.outcome).not.toBe(null);
        const replay = runFight(loaded.ruleset, loaded.setup, {
          inputs: a.log,
          driver: new AskingDriver(new SeededDice(Rng.seeded(0)), () => true),
          explain: true,
          maxRounds: 60,
        });
        expect(replay.pending).toBe(null);
        expect(replay.events).toEqual(a.events);
      }),
      { numRuns: RUNS },
    );
  });
});
