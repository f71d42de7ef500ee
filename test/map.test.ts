// The map (src/core/map.ts): each ruleset's picture of where its models stand, this round's paths
// recorded by the movement code and cleared by the next round, and a movement question's targets
// judged by the question's own free answer, point by point.
import { describe, expect, it } from 'vitest';
import { AskingDriver, AutoDriver } from '../src/core/context.js';
import { runFight } from '../src/core/fight.js';
import { answerAt, mapTargets, type FightMap, type MapTargets } from '../src/core/map.js';
import { checkInput, type ChoiceRequest, type Input, type Request } from '../src/core/request.js';
import type { FightState } from '../src/core/state.js';
import { Rng, ScriptedDice, SeededDice } from '../src/dice/index.js';
import type { AhqState } from '../src/rulesets/ahq-house/state.js';
import type { W1State } from '../src/rulesets/wfrp1e/state.js';
import { fightYaml, loadFile, loadText, profile as P, ROOT } from './helpers.js';

/** A1 at the origin facing north; B1 6 yards north of it, holding. */
const duel = fightYaml(
  [`{ name: A1, profile: ${P({ I: 50 })}, weapons: [sword], at: [0, 0] }`],
  [`{ name: B1, profile: ${P({ I: 20 })}, weapons: [sword], at: [0, 6], tactics: { melee: hold } }`],
);

/** Plays with the inputs given, then asks a person every choice of `topics` (or every choice): the fight stops at the first. */
function playTo(loaded: ReturnType<typeof loadText>, inputs: Input[], topics: string[] | null, rounds = 5) {
  return runFight(loaded.ruleset, loaded.setup, {
    inputs,
    driver: new AskingDriver(
      new SeededDice(Rng.seeded(3)),
      (q: Request) => q.kind === 'choice' && (topics === null || topics.includes(q.topic)),
    ),
    explain: true,
    record: true,
    maxRounds: rounds,
  });
}

function mapOf(loaded: ReturnType<typeof loadText>, st: FightState): FightMap {
  const map = loaded.ruleset.map?.(st);
  if (!map) throw new Error('no map');
  return map;
}

/** Every number in a value, wherever it sits: none may be NaN or infinite. */
function numbers(v: unknown): number[] {
  if (typeof v === 'number') return [v];
  if (Array.isArray(v)) return v.flatMap(numbers);
  if (v && typeof v === 'object') return Object.values(v).flatMap(numbers);
  return [];
}

/** Each judged point's verdict is what the question's own check says of that point's answer. */
function expectVerdictsOfCheck(map: FightMap, req: ChoiceRequest, t: MapTargets) {
  const free = req.free;
  if (!free) throw new Error('no free answer');
  for (const [x, y, v] of t.points) {
    const why = free.check(answerAt(map.answer, { x, y }));
    expect(v < 0 ? null : t.reasons[v], `${x},${y}`).toBe(why);
  }
}

const model = (map: FightMap, id: string) => map.models.find((m) => m.id === id);

describe('the map of WFRP 1e’s scene of battle', () => {
  it('has every base in yards with its facing and reaches, and no path before anyone moves', () => {
    const loaded = loadText(duel);
    const r = playTo(loaded, [], ['engage']);
    const map = mapOf(loaded, r.state);
    expect(map.kind).toBe('plane');
    expect(map.unit).toBe('yard');
    expect(map.sides).toEqual(['A', 'B']);
    expect(model(map, 'a1')).toMatchObject({ at: { x: 0, y: 0 }, radius: 1, facing: 0, out: null, path: [] });
    expect(model(map, 'b1')).toMatchObject({ at: { x: 0, y: 6 }, radius: 1, facing: 180, side: 1 });
    // M 4: a standard move 16 yards, a run 64, a charge reaching a base within 4 yards of its own.
    expect(model(map, 'a1')?.ranges.filter((x) => x.kind !== 'missile')).toEqual([
      { kind: 'move', label: 'standard move: 16 yards', reach: 16 },
      { kind: 'move', label: 'run: 64 yards left this round (16 × M)', reach: 64 },
      { kind: 'charge', label: "charge: a foe's base within M 4 yards of its own", reach: 5 },
    ]);
    const b = map.bounds;
    for (const m of map.models) {
      expect(m.at.x - 1).toBeGreaterThanOrEqual(b.minX);
      expect(m.at.y + 1).toBeLessThanOrEqual(b.maxY);
    }
    expect(numbers(map).every(Number.isFinite)).toBe(true);
  });

  it('records the way a model went this round, and a new round starts with no path', () => {
    const loaded = loadText(duel);
    const asked = playTo(loaded, [], ['engage']);
    // A1 closes with B1 by a point; the round plays out and the next one stops at its first question.
    const round1 = runFight(loaded.ruleset, loaded.setup, {
      inputs: [...asked.log, 'to:0,4'],
      driver: new AutoDriver(new SeededDice(Rng.seeded(3))),
      explain: true,
      record: true,
      maxRounds: 1,
    });
    const after = mapOf(loaded, round1.state);
    expect(model(after, 'a1')?.path.slice(0, 2)).toEqual([
      { x: 0, y: 0 },
      { x: 0, y: 4 },
    ]);
    // Where the path ends is where the model stands (a step back at the round's end included).
    const a1 = model(after, 'a1');
    expect(a1?.path.at(-1)).toEqual(a1?.at);
    const round2 = playTo(loaded, [...round1.log], null);
    expect(round2.state.round).toBe(2);
    const next = mapOf(loaded, round2.state);
    expect(next.models.every((m) => m.path.length === 0)).toBe(true);
    // Last round's way is kept beside it, for the map to show faded.
    expect(model(next, 'a1')?.lastPath).toEqual(a1?.path);
  });

  it("judges a movement question's points with the question's own check, and offers a touching point on the foe", () => {
    const loaded = loadText(duel);
    const r = playTo(loaded, [], ['engage']);
    const req = r.pending as ChoiceRequest;
    expect(req.topic).toBe('engage');
    const map = mapOf(loaded, r.state);
    const t = mapTargets(map, req);
    if (!t) throw new Error('no targets');
    expect(t.mover).toBe('a1');
    expectVerdictsOfCheck(map, req, t);
    expect(t.points.some((p) => p[2] < 0)).toBe(true);
    // Inside B1's base: refused, with the engine's reason.
    const inside = t.points.find((p) => p[0] === 0 && p[1] === 6);
    expect(t.reasons[inside?.[2] ?? -1]).toBe("(0, 6) is taken: B1's base is there");
    // Every point lies within the bounds, within the run and its margin.
    for (const [x, y] of t.points) {
      expect(x).toBeGreaterThanOrEqual(map.bounds.minX);
      expect(y).toBeLessThanOrEqual(map.bounds.maxY);
      expect(Math.hypot(x, y)).toBeLessThanOrEqual(64 + 6.4 + 1e-9);
    }
    const contact = t.contacts.find((c) => c.model === 'b1');
    expect(contact?.answer).toBe('to:0,4');
    expect(checkInput(req, contact?.answer as string, 'input 1')).toBe('to:0,4');
    expect(numbers(t).every(Number.isFinite)).toBe(true);
  });

  it('is null without positions, and shows a mounted knight on its horse as one base', () => {
    const demo = loadFile(`${ROOT}/data/wfrp1e/encounters/demo.yaml`);
    expect(demo.ruleset.map?.(playTo(demo, [], null).state)).toBeNull();
    const knight = loadFile(`${ROOT}/data/wfrp1e/encounters/knight-and-spearmen.yaml`);
    const st = playTo(knight, [], null).state as W1State;
    const map = mapOf(knight, st);
    const rider = st.combatants.find((f) => f.mount);
    const m = rider && model(map, rider.id);
    expect(m?.rides).toBe(rider?.mount?.id);
    expect(m?.at).toEqual(model(map, rider?.mount?.id ?? '')?.at);
    expect(m?.radius).toBe(rider?.mount?.radius);
    // The ridden horse goes where its rider takes it: the reaches are the rider's.
    expect(model(map, rider?.mount?.id ?? '')?.ranges.filter((x) => x.kind === 'move')).toEqual([]);
  });

  it('draws burning oil where the lantern fell', () => {
    const loaded = loadText(
      fightYaml(
        [`{ name: Hans, profile: ${P({ I: 50, WS: 60, W: 12 })}, weapons: [sword], at: [0, 0] }`],
        [`{ name: Barman, profile: ${P({ I: 20, W: 1 })}, weapons: [lantern], at: [0, 2] }`],
      ),
    );
    // As in mechanics.test.ts: the Barman drops the lantern; 2D4 = 5 feet of burning oil for 2 rounds.
    const r = runFight(loaded.ruleset, loaded.setup, {
      driver: new AutoDriver(new ScriptedDice([22, 2, 5, 60, 20, 5, 2, 95])),
      explain: true,
      maxRounds: 1,
    });
    const map = mapOf(loaded, r.state);
    expect(map.areas).toEqual([
      {
        kind: 'fire',
        label: 'burning oil, 5 feet across, 1 round left',
        at: { x: 0, y: 2 },
        radius: 5 / 6,
      },
    ]);
  });
});

describe('the map of the Combat Points rules', () => {
  it("is WFRP 1e's scene, with the run of a closing fighter as its path", () => {
    const loaded = loadFile(`${ROOT}/data/wfrp-cp/encounters/experiments/bombs-t3.yaml`);
    const r = runFight(loaded.ruleset, loaded.setup, {
      driver: new AutoDriver(new SeededDice(Rng.seeded(2))),
      explain: true,
      record: true,
      maxRounds: 1,
    });
    const map = mapOf(loaded, r.state);
    expect(map.kind).toBe('plane');
    // Seed 2: "Swordsman advances on Bomber: 5 yards to (0, 1), in contact" at its turn.
    expect(model(map, 'swordsman')?.path).toEqual([
      { x: 0, y: 6 },
      { x: 0, y: 1 },
    ]);
    expect(model(map, 'bomber')?.path).toEqual([]);
    expect(numbers(map).every(Number.isFinite)).toBe(true);
  });
});

describe('the map of the grid house rules', () => {
  const crypt = () => loadFile(`${ROOT}/data/ahq-house/encounters/crypt.yaml`);

  it('has the board, every model on its square with its facing, and the death zones in force', () => {
    const loaded = crypt();
    const r = playTo(loaded, [], ['plan']);
    const map = mapOf(loaded, r.state);
    expect(map).toMatchObject({
      kind: 'grid',
      unit: 'square',
      bounds: { minX: 0, minY: 0, maxX: 14, maxY: 6 },
    });
    expect(map.terrain).toEqual([
      '##############',
      '#....#.......#',
      '#....+.......#',
      '#............#',
      '#....#.......#',
      '##############',
    ]);
    expect(model(map, 'barbarian')).toMatchObject({ at: { x: 2, y: 3 }, size: 1, facing: 90, glyph: 'A' });
    expect(model(map, 'orc-1')).toMatchObject({ at: { x: 9, y: 2 }, facing: 270, side: 1 });
    const zone = map.zones.find((z) => z.of === 'barbarian');
    // Its four neighbours, none of them a wall here.
    expect(zone?.squares).toEqual([
      { x: 2, y: 2 },
      { x: 3, y: 3 },
      { x: 2, y: 4 },
      { x: 1, y: 3 },
    ]);
    // The Elf's bow: its range bands with the D12 each needs.
    expect(model(map, 'elf')?.ranges.filter((x) => x.kind === 'missile')[0]).toEqual({
      kind: 'missile',
      label: 'bow: 1-2 squares, D12 4 or more',
      reach: 2,
    });
  });

  it("judges every square of the board with the plan question's own check; the legal ones are its options", () => {
    const loaded = crypt();
    const r = playTo(loaded, [], ['plan']);
    const req = r.pending as ChoiceRequest;
    const map = mapOf(loaded, r.state);
    const t = mapTargets(map, req);
    if (!t) throw new Error('no targets');
    expect(t.points).toHaveLength(14 * 6);
    expectVerdictsOfCheck(map, req, t);
    const legal = t.points.filter((p) => p[2] < 0).map(([x, y]) => `to:${x},${y}`);
    expect(legal.sort()).toEqual([...(req.free?.options ?? [])].sort());
    expect(t.reasons[t.points.find((p) => p[0] === 0 && p[1] === 0)?.[2] ?? -1]).toBe('(0, 0) is a wall');
  });

  it('records the walk of a move to a square, and clears it when the next round begins', () => {
    const loaded = crypt();
    const first = playTo(loaded, [], ['plan']);
    // The Barbarian walks three squares east; the fight goes on to the Elf's plan.
    const moved = playTo(loaded, [...first.log, 'to:5,3'], ['plan']);
    const st = moved.state as AhqState;
    const map = mapOf(loaded, st);
    expect(model(map, 'barbarian')?.path).toEqual([
      { x: 2, y: 3 },
      { x: 3, y: 3 },
      { x: 4, y: 3 },
      { x: 5, y: 3 },
    ]);
    expect(loaded.ruleset.tracker(st).rows.find((x) => x.id === 'barbarian')?.place).toBe(
      '(5, 3) facing east',
    );
    // On to round 2's first plan: nobody has walked yet in it.
    let r = moved;
    for (let i = 0; i < 40 && r.state.round < 2; i++)
      r = playTo(loaded, [...r.log, (r.pending as ChoiceRequest).suggested], ['plan']);
    expect(r.state.round).toBe(2);
    const next = mapOf(loaded, r.state);
    expect(next.models.every((m) => m.path.length === 0)).toBe(true);
    expect(model(next, 'barbarian')?.lastPath.slice(0, 4)).toEqual(model(map, 'barbarian')?.path);
  });
});
