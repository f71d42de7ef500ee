// The board, death zones and facing, checked on boards drawn after the text's diagrams
// (Advanced HeroQuest house rules, Combat: Moving in Combat and Placement of miniatures).
import { describe, expect, it } from 'vitest';
import {
  drawFacingBoard,
  findPath,
  isStraight,
  lineOfSight,
  parseBoard,
  squaresApart,
  squareKey,
  type Facing,
} from '../../src/space/grid.js';
import type { Point } from '../../src/space/plane.js';
import {
  deathZoneSquares,
  engaged,
  hasDeathZone,
  settleFacing,
  stoppingSquares,
  turnedAway,
  type ZoneModel,
} from '../../src/rulesets/ahq-house/zones.js';
import {
  closeCombatNeed,
  isCharge,
  RANGED_TABLE,
  rangedNeed,
  rangeBand,
  surroundingPenalty,
  toHitRoll,
  woundsOf,
} from '../../src/rulesets/ahq-house/rules.js';

function board(map: string) {
  return parseBoard(map);
}
function model(id: string, side: number, at: Point, facing: Facing, size = 1): ZoneModel {
  return { id, side, at, size, facing, out: null, entered: [] };
}

describe('the board', () => {
  it('reads walls, floor, doors and marks, and draws models back on it', () => {
    const { board: b, marks } = board('#####\n#A.+#\n#./B#\n#####');
    expect([b.width, b.height]).toEqual([5, 4]);
    expect(marks.get('A')).toEqual({ x: 1, y: 1 });
    expect(marks.get('B')).toEqual({ x: 3, y: 2 });
    expect(drawFacingBoard(b, [{ at: { x: 1, y: 1 }, size: 1, facing: 'E', glyph: 'a' }])).toBe(
      '##########\n##a>. + ##\n##. / . ##\n##########',
    );
    // A death zone on a doorway is drawn beside the door, not hidden under it.
    const zones = new Set(['2,1', '3,1', '2,2']);
    expect(drawFacingBoard(b, [], zones)).toBe('##########\n##. * +*##\n##. /*. ##\n##########');
    expect(() => parseBoard('#?#')).toThrow(/'\?' is not a map square/);
  });
  it('finds the shortest walk around walls, without cutting corners, stopping in a death zone', () => {
    const { board: b } = board(['#######', '#.....#', '#.###.#', '#.....#', '#######'].join('\n'));
    const free = (p: Point) => b.cells[p.y * b.width + p.x] === 'floor';
    const path = findPath(
      { board: b, size: 1, free, stops: () => false },
      { x: 1, y: 1 },
      (p) => p.x === 5 && p.y === 3,
      20,
    );
    // No corner may be cut: round either end of the wall, 6 steps.
    expect(path?.length).toBe(6);
    const stop = new Set([squareKey({ x: 3, y: 1 })]);
    // Through the death zone at (3,1) the walk must stop; around the other way it takes longer.
    const around = findPath(
      { board: b, size: 1, free, stops: (p) => stop.has(squareKey(p)) },
      { x: 1, y: 1 },
      (p) => p.x === 5 && p.y === 1,
      20,
    );
    expect(around?.some((p) => p.x === 3 && p.y === 1)).toBe(false);
    expect(around?.length).toBe(8);
    expect(
      isStraight({ x: 1, y: 1 }, [
        { x: 2, y: 1 },
        { x: 3, y: 1 },
      ]),
    ).toBe(true);
    expect(
      isStraight({ x: 1, y: 1 }, [
        { x: 2, y: 1 },
        { x: 3, y: 2 },
      ]),
    ).toBe(false);
  });
  it('counts squares as a king moves; walls block sight, models do not', () => {
    const { board: b } = board(['#######', '#..#..#', '#.....#', '#######'].join('\n'));
    expect(squaresApart({ at: { x: 1, y: 1 }, size: 1 }, { at: { x: 5, y: 2 }, size: 1 })).toBe(4);
    expect(squaresApart({ at: { x: 1, y: 1 }, size: 2 }, { at: { x: 4, y: 1 }, size: 1 })).toBe(2);
    expect(lineOfSight(b, { at: { x: 1, y: 1 }, size: 1 }, { at: { x: 5, y: 1 }, size: 1 })).toBe(false);
    expect(lineOfSight(b, { at: { x: 1, y: 2 }, size: 1 }, { at: { x: 5, y: 2 }, size: 1 })).toBe(true);
  });
});

describe('death zones and facing', () => {
  it('a death zone is the four orthogonal squares; a large creature has the squares along its sides', () => {
    expect(
      deathZoneSquares({ at: { x: 2, y: 2 }, size: 1, facing: 'N' })
        .map(squareKey)
        .sort(),
    ).toEqual(['1,2', '2,1', '2,3', '3,2']);
    expect(deathZoneSquares({ at: { x: 2, y: 2 }, size: 2, facing: 'N' }).length).toBe(8);
  });

  it('A runs to engage B; B, facing down, turns at once to face A; once engaged, neither has a death zone and others pass', () => {
    const a = model('a', 0, { x: 5, y: 2 }, 'W');
    const b = model('b', 1, { x: 2, y: 2 }, 'S');
    const all = [a, b];
    a.at = { x: 3, y: 2 };
    const turns = settleFacing(all);
    expect(turns.map((t) => `${t.model.id} ${t.from}→${t.to}`)).toEqual(['b S→E']);
    expect(engaged(a, b)).toBe(true);
    expect(hasDeathZone(a, all) || hasDeathZone(b, all)).toBe(false);
    const c = model('c', 0, { x: 2, y: 4 }, 'N');
    expect(stoppingSquares(c, [...all, c]).size).toBe(0);
  });

  it('evading 1: A turns away from B to go for C; both have death zones again; B turns to an enemy at its rear', () => {
    const a = model('a', 0, { x: 3, y: 2 }, 'W');
    const b = model('b', 1, { x: 2, y: 2 }, 'E');
    const d = model('d', 0, { x: 1, y: 2 }, 'E');
    const all = [a, b, d];
    settleFacing(all);
    expect(engaged(a, b)).toBe(true);
    expect(b.facing).toBe('E');
    // A faces away (to move off toward C): B's death zone returns, and B must face the first enemy in it: D behind it.
    a.facing = 'E';
    turnedAway(b, a);
    const turns = settleFacing(all, new Map([['a', new Set(['b'])]]));
    expect(turns.map((t) => `${t.model.id} ${t.from}→${t.to}`)).toEqual(['b E→W']);
    expect(engaged(b, d)).toBe(true);
  });

  it('evading 2: A turns from B to face C: A engages C, and B keeps facing A, now at its back', () => {
    const a = model('a', 0, { x: 2, y: 2 }, 'W');
    const b = model('b', 1, { x: 1, y: 2 }, 'E');
    const c = model('c', 1, { x: 2, y: 1 }, 'S');
    const all = [a, b, c];
    settleFacing(all);
    expect(engaged(a, b)).toBe(true);
    a.facing = 'N';
    turnedAway(b, a);
    settleFacing(all);
    expect(engaged(a, c)).toBe(true);
    expect(engaged(a, b)).toBe(false);
    expect(b.facing).toBe('E');
    expect(hasDeathZone(b, all)).toBe(true);
  });

  it("evading 3: A turns to shoot C and then must face B again; with D at B's rear, B turns to D and A is free", () => {
    const a = model('a', 0, { x: 2, y: 2 }, 'W');
    const b = model('b', 1, { x: 1, y: 2 }, 'E');
    const all = [a, b];
    settleFacing(all);
    a.facing = 'S';
    turnedAway(b, a);
    settleFacing(all, new Map([['a', new Set(['b'])]]));
    // B already faces A; after the shot A must face B again (B is in its death zone).
    expect(b.facing).toBe('E');
    settleFacing(all);
    expect(a.facing).toBe('W');
    expect(engaged(a, b)).toBe(true);
    const d = model('d', 0, { x: 0, y: 2 }, 'E');
    const three = [a, b, d];
    settleFacing(three);
    a.facing = 'S';
    turnedAway(b, a);
    settleFacing(three, new Map([['a', new Set(['b'])]]));
    expect(b.facing).toBe('W');
    expect(engaged(b, d)).toBe(true);
    // The shot done, A faces B again, at B's back: not engaged; A is free.
    settleFacing(three);
    expect(a.facing).toBe('W');
    expect(engaged(a, b)).toBe(false);
  });
});

describe('attacks', () => {
  it('close combat: D12 ≥ 7 + DS − WS, between 2 and 10 as the monster cards print it, 12 in our older reading (WS 6 against 9 needs 10)', () => {
    expect(closeCombatNeed(6, 9)).toBe(10);
    expect(closeCombatNeed(9, 2)).toBe(2);
    expect(closeCombatNeed(2, 12)).toBe(10);
    expect(closeCombatNeed(2, 12, 12)).toBe(12);
  });
  it('a hero surrounded by eight Nurglings (Infestation) is at DS −7', () => {
    expect(surroundingPenalty(8)).toBe(7);
    expect(surroundingPenalty(1)).toBe(0);
  });
  it('the ranged table in full, as the text prints it', () => {
    const printed = [
      '11* 12* - - -',
      '10 11* 12* - -',
      '9 10 11* 12* -',
      '8 9 10 11* 12*',
      '7 8 9 10 11*',
      '6 7 8 9 10',
      '5 6 7 8 9',
      '4 5 6 7 8',
      '3 4 5 6 7',
      '3 3 4 5 6',
      '3 3 3 4 5',
      '3 3 3 3 4',
    ];
    const shown = RANGED_TABLE.map((row) =>
      row.map((c) => (c.need === null ? '-' : `${c.need}${c.critical ? '' : '*'}`)).join(' '),
    );
    expect(shown).toEqual(printed);
    expect([1, 2, 3, 5, 6, 10, 11, 24, 25, 40].map(rangeBand)).toEqual([
      '1-2',
      '1-2',
      '3-5',
      '3-5',
      '6-10',
      '6-10',
      '11-24',
      '11-24',
      '25+',
      '25+',
    ]);
    expect(rangedNeed(4, 30)).toEqual({ need: 12, critical: false });
    expect(rangedNeed(1, 7)).toEqual({ need: null, critical: false });
    // The facts' pattern: 12 − BS (at least 3) at 1–2 squares, one more per further band.
    for (let bs = 1; bs <= 12; bs++) expect(rangedNeed(bs, 1).need).toBe(Math.max(3, 12 - bs));
  });
  it('a 12 to hit is a critical (unless the cell is starred), a 1 a fumble', () => {
    expect(toHitRoll(12, 11, false)).toBe('hit');
    expect(toHitRoll(12, 11, true)).toBe('critical');
    expect(toHitRoll(1, 2)).toBe('fumble');
    expect(toHitRoll(12, null)).toBe('miss');
  });
  it('each damage die at or above Toughness wounds; a 12 is a critical wound', () => {
    expect(woundsOf([3, 5, 12, 8], 5)).toEqual({ wounds: 3, criticals: 1 });
  });
  it('a charge is a straight move of two squares or more', () => {
    expect(isCharge(true, 2)).toBe(true);
    expect(isCharge(true, 1)).toBe(false);
    expect(isCharge(false, 5)).toBe(false);
  });
});
