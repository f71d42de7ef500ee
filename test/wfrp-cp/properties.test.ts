// Properties every Combat Points fight must keep, over random encounters, options, skills, spells
// and seeds, with the tactics' suggestions or with any choice and amount a person could give.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AskingDriver, AutoDriver } from '../../src/core/context.js';
import { runFight } from '../../src/core/fight.js';
import type { Ruleset } from '../../src/core/ruleset.js';
import { Rng, SeededDice } from '../../src/dice/index.js';
import { cpLeft } from '../../src/rulesets/wfrp-cp/fighter.js';
import { wfrpCp } from '../../src/rulesets/wfrp-cp/index.js';
import { CP_OPTIONS } from '../../src/rulesets/wfrp-cp/options.js';
import type { CpSetup, CpState } from '../../src/rulesets/wfrp-cp/state.js';
import { loadText, RandomChoices } from '../helpers.js';

const STRONG =
  '{ M: 4, WS: 55, BS: 55, S: 6, T: 4, W: 12, I: 55, A: 3, Dex: 55, Ld: 55, Int: 55, Cl: 65, WP: 55, Fel: 40 }';
const KITS = [
  '[sword]',
  '[sword, shield]',
  '[sword, sword]',
  '[dagger]',
  '[]',
  '[spear]',
  '[two-handed-sword]',
  '[flail]',
  '[bow]',
  '[crossbow]',
  '[bomb]',
  '[javelin]',
  '[arquebus]',
];
const SKILLS = [
  'combat reflexes',
  'lightning strike',
  'deadly strike',
  'forceful blow',
  'parade',
  'whirlwind',
  'shieldman',
  'dodge foreseeing',
  'fear resistant',
  'barbarian strength',
  'dodge blow',
  'ambidextrous',
  'disarm',
  'strike to stun',
  'acrobatics',
  'dance',
];

const person = fc.record({
  kit: fc.constantFrom(...KITS),
  strong: fc.boolean(),
  skills: fc.subarray(SKILLS, { maxLength: 5 }),
  mage: fc.constantFrom(null, null, 1, 4),
  mounted: fc.constantFrom(false, false, false, true),
  burning: fc.constantFrom(false, false, false, true),
  falls: fc.constantFrom(0, 0, 0, 4, 9),
  sleeps: fc.constantFrom(0, 0, 0, 0, 1),
  causes: fc.constantFrom(null, null, null, 'fear', 'terror'),
});
const beast = fc.record({
  creature: fc.constantFrom('goblin', 'orc', 'wolf', 'ogre', 'troll', 'giant-rat', 'skeleton'),
  count: fc.integer({ min: 1, max: 3 }),
});

const encounter = fc.record({
  a: fc.array(person, { minLength: 1, maxLength: 2 }),
  b: fc.array(
    fc.oneof(
      person.map((p) => ({ person: p })),
      beast.map((x) => ({ beast: x })),
    ),
    { minLength: 1, maxLength: 2 },
  ),
  start: fc.constantFrom('engaged', 'charge', 'distance'),
  surprised: fc.constantFrom(null, null, 'rear', 'flank', 'front'),
  space: fc.constantFrom('open', 'crowd'),
  options: fc.record(
    Object.fromEntries(CP_OPTIONS.map((o) => [o.name, fc.constantFrom(...o.values)])) as Record<
      string,
      fc.Arbitrary<string>
    >,
  ),
  seed: fc.integer({ min: 0, max: 2 ** 31 }),
});
type Enc = typeof encounter extends fc.Arbitrary<infer T> ? T : never;
type Person = Enc['a'][number];

function personYaml(p: Person, n: number, side: string): string {
  const lines = [
    `name: ${side}${n}`,
    'use: human',
    `profile: ${p.strong ? STRONG : '{ M: 4, WS: 30, BS: 30, S: 3, T: 3, W: 8, I: 35, A: 1, Dex: 30, Ld: 30, Int: 30, Cl: 30, WP: 30, Fel: 30 }'}`,
    `weapons: ${p.kit}`,
    'carried: [dagger]',
    `abilities: { swords: 20, daggers-and-knives: 10, spears: 10, bows: 20, crossbows: 20, bombs: 20, throwing: 10, long-guns: 10, two-handed-swords: 10, flails: 10, shields: 20, unarmed: 10 }`,
  ];
  const missile = ['bow', 'crossbow', 'bomb', 'javelin', 'arquebus'].find((m) => p.kit === `[${m}]`);
  if (missile) lines.push(`ammo: { ${missile}: 4 }`);
  // Only the skills the profile allows: the weak profile takes the basic ones alone.
  const skills = p.strong
    ? p.skills
    : p.skills.filter((k) =>
        ['dodge blow', 'ambidextrous', 'disarm', 'strike to stun', 'acrobatics', 'dance'].includes(k),
      );
  if (skills.length) lines.push(`skills: [${skills.join(', ')}]`);
  if (p.mage)
    lines.push(
      `mage: { level: ${p.mage}, spells: [fireball, sleep, hand-of-dust, lightning-bolt] }`,
      'monster: false',
    );
  if (p.mounted) lines.push('mount: { use: warhorse }');
  if (p.burning) lines.push('burning: true');
  if (p.falls) lines.push(`falls: { metres: ${p.falls} }`);
  if (p.sleeps) lines.push(`sleeps: ${p.sleeps}`);
  if (p.causes) lines.push(`causes: ${p.causes}`);
  return `      - ${lines.join('\n        ')}\n`;
}

function yamlOf(e: Enc): string {
  const start = e.start === 'distance' ? '{ distance: 30 }' : e.start;
  const b = e.b
    .map((x, i) =>
      'person' in x
        ? personYaml(x.person, i + 1, 'B')
        : `      - { use: ${x.beast.creature}, count: ${x.beast.count} }\n`,
    )
    .join('');
  return `ruleset: wfrp-cp
start: ${start}
space: ${e.space}
options: ${JSON.stringify(e.options)}
sides:
  - name: A
    combatants:
${e.a.map((p, i) => personYaml(p, i + 1, 'A')).join('')}  - name: B
${e.surprised ? `    surprisedFrom: ${e.surprised}\n` : ''}    combatants:
${b}`;
}

/** The ruleset, checking after every round: W, LP and CP whole and in range, no W rising, nothing NaN. */
function watched(): Ruleset<CpSetup, CpState> {
  return {
    ...wfrpCp,
    round(st, ctx) {
      const before = st.combatants.map((f) => f.W);
      wfrpCp.round(st, ctx);
      st.combatants.forEach((f, i) => {
        if (!Number.isInteger(f.W) || f.W < 0 || f.W > f.maxW)
          throw new Error(`${f.name}: W ${f.W} out of 0..${f.maxW}`);
        if (f.W > (before[i] as number) && !(f.maxLP > 0 && f.LP === 0))
          throw new Error(`${f.name}: W rose from ${before[i]} to ${f.W}`);
        if (!Number.isInteger(f.LP) || f.LP < 0 || f.LP > f.maxLP)
          throw new Error(`${f.name}: LP ${f.LP} out of 0..${f.maxLP}`);
        const cp = cpLeft(st, f);
        if (!Number.isInteger(cp) || cp < 0) throw new Error(`${f.name}: CP left ${cp}`);
        for (const [k, v] of Object.entries(f.stats))
          if (!Number.isFinite(v)) throw new Error(`${f.name}: ${k} is ${v}`);
      });
    },
  };
}

const RUNS = Number(process.env.FRAY_PROPERTY_RUNS ?? 300);
const CAP = 40;

describe('properties of every Combat Points fight', () => {
  it('with the tactics: every fight ends, W, LP and CP stay whole and in range, every suggestion is a valid answer', () => {
    fc.assert(
      fc.property(encounter, (e) => {
        const loaded = loadText(yamlOf(e));
        const r = runFight(watched(), loaded.setup as CpSetup, {
          driver: new AutoDriver(new SeededDice(Rng.seeded(e.seed))),
          maxRounds: CAP,
        });
        expect(r.outcome).not.toBe(null);
        expect(r.outcome?.rounds).toBeLessThanOrEqual(CAP);
      }),
      { numRuns: RUNS },
    );
  });

  it('with any choice and amount a person may give: the same, and the log replays the fight without dice', () => {
    fc.assert(
      fc.property(encounter, (e) => {
        const loaded = loadText(yamlOf(e));
        const a = runFight(watched(), loaded.setup as CpSetup, {
          driver: new RandomChoices(e.seed, 'random'),
          explain: true,
          record: true,
          maxRounds: CAP,
        });
        expect(a.outcome).not.toBe(null);
        for (const ev of a.events) expect(ev.text).not.toMatch(/NaN|undefined|Infinity|\[object/);
        const replay = runFight(loaded.ruleset, loaded.setup, {
          inputs: a.log,
          driver: new AskingDriver(new SeededDice(Rng.seeded(0)), () => true),
          explain: true,
          maxRounds: CAP,
        });
        expect(replay.pending).toBe(null);
        expect(replay.events).toEqual(a.events);
      }),
      { numRuns: RUNS },
    );
  });
});
