// Properties every Fantasy Wargaming fight keeps: each step resolves all its participants before
// any effect is read; the order of combatants (and sides) in the file changes nothing; endurance
// falls only by the damage told; every fight ends, and its log replays it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AskingDriver, AutoDriver } from '../../src/core/context.js';
import type { FightEvent } from '../../src/core/events.js';
import { runFight } from '../../src/core/fight.js';
import type { Ruleset } from '../../src/core/ruleset.js';
import { Rng, SeededDice } from '../../src/dice/index.js';
import { fantasyWargaming } from '../../src/rulesets/fantasy-wargaming/index.js';
import { FW_OPTIONS } from '../../src/rulesets/fantasy-wargaming/options.js';
import type { FwSetup, FwState } from '../../src/rulesets/fantasy-wargaming/state.js';
import { loadText, RandomChoices } from '../helpers.js';

const KITS = [
  '[broadsword]',
  '[broadsword, small-shield]',
  '[spear, large-shield]',
  '[dagger]',
  '[battle-axe]',
  '[short-bow, dagger]',
  '[mace, hand-axe]',
  '[]',
];
const person = fc.record({
  kit: fc.constantFrom(...KITS),
  armour: fc.constantFrom('', ', armour: leather', ', armour: mail', ', armour: plate'),
  physique: fc.integer({ min: 5, max: 18 }),
  agility: fc.integer({ min: 5, max: 18 }),
  endurance: fc.integer({ min: 4, max: 18 }),
  intelligence: fc.integer({ min: 2, max: 18 }),
  bravery: fc.integer({ min: 2, max: 18 }),
  level: fc.integer({ min: 0, max: 6 }),
  viking: fc.boolean(),
  magic: fc.boolean(),
  defence: fc.constantFrom('never', 'parry', 'dodge', 'disengage', 'when-outnumbered'),
  lunge: fc.constantFrom('never', 'always', 'finish'),
  target: fc.constantFrom('weakest', 'strongest', 'leader'),
});
const encounter = fc.record({
  a: fc.array(person, { minLength: 1, maxLength: 3 }),
  b: fc.array(person, { minLength: 1, maxLength: 3 }),
  leaders: fc.boolean(),
  area: fc.constantFrom(10, 18, 25, 40, 60),
  volleys: fc.constantFrom(0, 0, 2),
  options: fc.record(
    Object.fromEntries(FW_OPTIONS.map((o) => [o.name, fc.constantFrom(...o.values)])) as Record<
      string,
      fc.Arbitrary<string>
    >,
  ),
  seed: fc.integer({ min: 0, max: 2 ** 31 }),
  shuffle: fc.integer({ min: 0, max: 2 ** 31 }),
});
type Enc = typeof encounter extends fc.Arbitrary<infer T> ? T : never;
type Person = Enc['a'][number];

const line = (p: Person, name: string, leader: boolean) =>
  `      - { name: ${name}, characteristics: { physique: ${p.physique}, agility: ${p.agility}, endurance: ${p.endurance}, intelligence: ${p.intelligence}, bravery: ${p.bravery} }, combatLevel: ${p.level}, weapons: ${p.kit}${p.armour}${p.viking ? ', culture: Viking' : ''}${leader ? ', leader: true' : ''}${p.magic ? ', role: mage, magic: { name: Bolt, level: 2, factor: 3, damage: 1D6 }' : ''}, tactics: { defence: ${p.defence}, lunge: ${p.lunge}, target: ${p.target} } }\n`;

function shuffled<T>(xs: readonly T[], seed: number): T[] {
  const r = Rng.seeded(seed);
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** The encounter as YAML; with `shuffle`, its sides and each side's combatants in another order. */
function yamlOf(e: Enc, shuffle: number | null = null): string {
  const side = (name: string, ps: readonly Person[]) => {
    const lines = ps.map((p, i) => line(p, `${name}${i + 1}`, e.leaders && i === 0));
    return `  - name: ${name}\n    players: ${name === 'A'}\n    combatants:\n${(shuffle === null ? lines : shuffled(lines, shuffle)).join('')}`;
  };
  const sides = [side('A', e.a), side('B', e.b)];
  return `ruleset: fantasy-wargaming\narea: ${e.area}\nvolleys: ${e.volleys}\noptions: ${JSON.stringify(e.options)}\nsides:\n${(shuffle !== null && shuffle % 2 ? sides.reverse() : sides).join('')}`;
}

/** The ruleset, checking each round that endurance only fell by the damage the fighters took. */
function watched(): Ruleset<FwSetup, FwState> {
  return {
    ...fantasyWargaming,
    round(st, ctx) {
      const before = new Map(st.combatants.map((f) => [f, [f.endurance, f.stats.woundsTaken] as const]));
      fantasyWargaming.round(st, ctx);
      for (const f of st.combatants) {
        const [en, taken] = before.get(f) as readonly [number, number];
        if (!Number.isInteger(f.endurance) || f.endurance !== en - (f.stats.woundsTaken - taken))
          throw new Error(
            `${f.name}: endurance ${en} − ${f.stats.woundsTaken - taken} became ${f.endurance}`,
          );
      }
    },
  };
}

/** Who is out after each event, read from the log; a strike by someone out before its step began fails. */
function checkSteps(events: readonly FightEvent[]): void {
  const out = new Set<string>();
  let step: string | null = null;
  let applied = false;
  for (const ev of events) {
    const s = (ev.detail as { step?: string } | undefined)?.step ?? null;
    if (ev.type === 'step') {
      step = s;
      applied = false;
      continue;
    }
    if (ev.type === 'strike' && s === step) {
      // Every blow of a step is struck before any of the step's effects is applied.
      expect(applied, `a strike after the effects in "${step}": ${ev.text}`).toBe(false);
      expect(out.has((ev.who ?? [])[0] as string), `struck while out: ${ev.text}`).toBe(false);
    }
    if (['wound', 'effect', 'breaks', 'disengage'].includes(ev.type) && s === step) applied = true;
    if (
      (ev.type === 'wound' && /falls|dead/.test(ev.text)) ||
      (ev.type === 'effect' && /knocked out/.test(ev.text)) ||
      ['disengage', 'surrender', 'fled'].includes(ev.type)
    )
      out.add((ev.who ?? [])[0] as string);
  }
}

const RUNS = Number(process.env.FRAY_PROPERTY_RUNS ?? 200);
const run = (yaml: string, seed: number) =>
  runFight(watched(), loadText(yaml).setup as FwSetup, {
    driver: new AutoDriver(new SeededDice(Rng.seeded(seed))),
    explain: true,
    maxRounds: 60,
  });

describe('properties of every Fantasy Wargaming fight', () => {
  it('ends; endurance falls only by the damage taken; every step resolves all its participants before any effect', () => {
    fc.assert(
      fc.property(encounter, (e) => {
        const r = run(yamlOf(e), e.seed);
        expect(r.outcome).not.toBe(null);
        checkSteps(r.events);
        for (const ev of r.events) expect(ev.text).not.toMatch(/NaN|undefined|Infinity|\[object/);
      }),
      { numRuns: RUNS },
    );
  });

  it('the order of combatants and of sides in the file changes nothing', () => {
    fc.assert(
      fc.property(encounter, (e) => {
        const a = run(yamlOf(e), e.seed);
        const b = run(yamlOf(e, e.shuffle), e.seed);
        const end = (r: typeof a) =>
          (r.state as FwState).combatants
            .map((f) => `${f.name}: ${f.endurance} ${f.out ?? 'standing'}`)
            .sort();
        const winner = (r: typeof a) =>
          r.outcome?.winner === null || r.outcome?.winner === undefined
            ? null
            : (r.state as FwState).sides[r.outcome.winner]?.name;
        expect(end(b)).toEqual(end(a));
        expect(winner(b)).toEqual(winner(a));
        expect(b.outcome?.rounds).toBe(a.outcome?.rounds);
        expect(b.events.map((x) => x.text).sort()).toEqual(a.events.map((x) => x.text).sort());
      }),
      { numRuns: RUNS },
    );
  });

  it('any choice a person may make keeps them, and its log replays it', () => {
    fc.assert(
      fc.property(encounter, (e) => {
        const loaded = loadText(yamlOf(e));
        const a = runFight(watched(), loaded.setup as FwSetup, {
          driver: new RandomChoices(e.seed, 'random'),
          explain: true,
          record: true,
          maxRounds: 60,
        });
        expect(a.outcome).not.toBe(null);
        checkSteps(a.events);
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
