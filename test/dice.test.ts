import { unsafeUniformIntDistribution, xoroshiro128plus, type RandomGenerator } from 'pure-rand';
import { describe, expect, it } from 'vitest';
import {
  DiceNotationError,
  ImpossibleRollError,
  JUMP,
  Rng,
  jumpPower,
  polyOfWords,
  ScriptExhaustedError,
  ScriptedDice,
  SeedError,
  SeededDice,
  Streams,
  checkSeed,
  formatDice,
  formatD100,
  isDouble,
  parseDice,
  parseDiceScript,
  readRollEntry,
  reverseD100,
} from '../src/dice/index.js';

const req = (count: number, sides: number) => ({ count, sides, label: 'Helmut: test' });

describe('dice notation', () => {
  it('reads the forms the texts use', () => {
    expect(parseDice('D6')).toEqual({ count: 1, sides: 6, plus: 0 });
    expect(parseDice('2D10+30')).toEqual({ count: 2, sides: 10, plus: 30 });
    expect(parseDice('D100')).toEqual({ count: 1, sides: 100, plus: 0 });
    expect(parseDice('4D6')).toEqual({ count: 4, sides: 6, plus: 0 });
    expect(parseDice('D3')).toEqual({ count: 1, sides: 3, plus: 0 });
    expect(parseDice('2d4')).toEqual({ count: 2, sides: 4, plus: 0 });
    expect(parseDice(' D6 - 1 ')).toEqual({ count: 1, sides: 6, plus: -1 });
  });
  it('refuses bad notation with a clear reason', () => {
    for (const bad of ['', 'D', '2x6', 'D6+', '6', 'DD6', '2D10+3d']) {
      expect(() => parseDice(bad)).toThrow(DiceNotationError);
    }
    expect(() => parseDice('2x6')).toThrow(
      "bad dice notation '2x6': expected [count]D<sides>[+/-n], such as D6, 2D10+30 or D100",
    );
    expect(() => parseDice('0D6')).toThrow('the number of dice must be 1..100');
    expect(() => parseDice('D1')).toThrow('a die needs 2..1000 sides');
  });
  it('writes what it reads', () => {
    for (const t of ['D6', '2D10+30', 'D100', '4D6', 'D6-1']) expect(formatDice(parseDice(t))).toBe(t);
  });
});

describe('D100 helpers', () => {
  it('reverses the digits: 27 → 72, 05 → 50, 10 → 01, 00 stays 00', () => {
    expect(reverseD100(27)).toBe(72);
    expect(reverseD100(5)).toBe(50);
    expect(reverseD100(10)).toBe(1);
    expect(reverseD100(100)).toBe(100);
    expect(reverseD100(99)).toBe(99);
  });
  it('knows the doubles, 00 among them', () => {
    const doubles = [];
    for (let r = 1; r <= 100; r++) if (isDouble(r)) doubles.push(r);
    expect(doubles).toEqual([11, 22, 33, 44, 55, 66, 77, 88, 99, 100]);
  });
  it('prints as the dice show', () => {
    expect([formatD100(7), formatD100(100), formatD100(45)]).toEqual(['07', '00', '45']);
  });
});

describe('seeded generator', () => {
  it('repeats itself for a seed and differs between seeds', () => {
    const a = Rng.seeded(42);
    const b = Rng.seeded(42);
    const c = Rng.seeded(43);
    const ra = Array.from({ length: 50 }, () => a.die(100));
    expect(Array.from({ length: 50 }, () => b.die(100))).toEqual(ra);
    expect(Array.from({ length: 50 }, () => c.die(100))).not.toEqual(ra);
  });
  it('rolls every face of a D6 about equally often (chi-square, 5 degrees of freedom)', () => {
    const rng = Rng.seeded(7);
    const counts = [0, 0, 0, 0, 0, 0];
    const n = 60_000;
    for (let i = 0; i < n; i++) counts[rng.die(6) - 1]!++;
    const chi = counts.reduce((s, k) => s + (k - n / 6) ** 2 / (n / 6), 0);
    expect(chi).toBeLessThan(20.5); // p = 0.001
    expect(Math.min(...counts)).toBeGreaterThan(0);
  });
  it('accepts seeds 0 … 2^53 − 1 and nothing else', () => {
    expect(checkSeed(0)).toBe(0);
    expect(checkSeed(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => checkSeed(-1)).toThrow(SeedError);
    expect(() => checkSeed(1.5)).toThrow(SeedError);
    expect(() => Rng.seeded(2 ** 53)).toThrow(SeedError);
  });
  it("draws what pure-rand's xoroshiro128+ drew for the same state, jumps included", () => {
    // Fray wrote the generator out (issue 19); every seed must keep the dice it gave before.
    for (const seed of [0, 1, 7, 2 ** 32 + 5, Number.MAX_SAFE_INTEGER]) {
      const ours = Rng.seeded(seed);
      const theirs = pureRandGenerator(seed);
      const sides = [2, 3, 6, 10, 20, 100, 1000, 2 ** 31 + 7, 2 ** 32];
      for (let i = 0; i < 3000; i++) {
        const n = sides[i % sides.length]!;
        expect(ours.int(1, n)).toBe(unsafeUniformIntDistribution(1, n, theirs));
        if (i % 1000 === 999) {
          ours.jump();
          (theirs.unsafeJump as () => void).call(theirs);
        }
      }
    }
  });
  it('gives independent substreams, the same whatever order they are read in', () => {
    const s = new Streams(9);
    const draw = (r: Rng) => Array.from({ length: 20 }, () => r.die(1000));
    const five = draw(s.stream(5));
    const two = draw(s.stream(2));
    const fresh = new Streams(9);
    expect(draw(fresh.stream(2))).toEqual(two);
    expect(draw(fresh.stream(5))).toEqual(five);
    expect(five).not.toEqual(two);
    expect(draw(new Streams(9).stream(0))).toEqual(draw(Rng.seeded(9)));
  });
});

describe('reaching any substream at once (issue 29)', () => {
  const poly = (words: readonly number[]) => polyOfWords(words);
  it('the characteristic polynomial has degree 128, and x^(2^64) mod it is the published jump polynomial', () => {
    const p = Rng.characteristic();
    expect(p >> 128n).toBe(1n);
    expect(p & 1n).toBe(1n);
    // x squared 64 times is x^(2^64): one jump. jumpPower(1) is the same polynomial reached from JUMP.
    expect(jumpPower(1)).toBe(poly(JUMP));
    expect(jumpPower(0)).toBe(1n);
    expect(jumpPower(2)).not.toBe(poly(JUMP));
  });

  it('n jumps in one leap land where n single jumps land, for small and odd n', () => {
    for (const n of [0, 1, 2, 3, 7, 64, 65, 100, 129]) {
      const one = Rng.seeded(42);
      for (let i = 0; i < n; i++) one.jump();
      const leap = Rng.seeded(42);
      leap.jumps(n);
      expect(leap.words(), `n = ${n}`).toEqual(one.words());
    }
    expect(() => Rng.seeded(1).jumps(-1)).toThrow(RangeError);
    expect(() => Rng.seeded(1).jumps(1.5)).toThrow(RangeError);
  });

  it('streams far ahead are the streams a walk would reach: the next after a leap is one jump on', () => {
    const draw = (r: Rng) => Array.from({ length: 10 }, () => r.die(1000));
    for (const index of [1_000_000, 2 ** 40 + 3, Number.MAX_SAFE_INTEGER - 1]) {
      const s = new Streams(7);
      const at = s.stream(index).clone();
      at.jump();
      expect(draw(new Streams(7).stream(index + 1))).toEqual(draw(at));
      // Going back and forth gives the same streams.
      expect(draw(s.stream(3))).toEqual(draw(new Streams(7).stream(3)));
      expect(draw(s.stream(index))).toEqual(draw(new Streams(7).stream(index)));
    }
  });
});

describe('dice sources', () => {
  it('seeded: totals within the dice', () => {
    const d = new SeededDice(Rng.seeded(1));
    for (let i = 0; i < 200; i++) {
      const t = d.roll(req(3, 6));
      expect(t).toBeGreaterThanOrEqual(3);
      expect(t).toBeLessThanOrEqual(18);
    }
  });
  it('scripted: in order, 00 as 100 and 0 as 10, and an error naming the roll when it runs out', () => {
    const d = new ScriptedDice([27, '00', '0']);
    expect(d.roll(req(1, 100))).toBe(27);
    expect(d.roll(req(1, 100))).toBe(100);
    expect(d.roll(req(1, 10))).toBe(10);
    expect(() => d.roll({ count: 1, sides: 6, label: 'Skaven: damage (D6)' })).toThrow(ScriptExhaustedError);
    expect(() => new ScriptedDice([]).roll({ count: 1, sides: 6, label: 'Skaven: damage (D6)' })).toThrow(
      'the dice script ran out after 0 rolls, at: D6 for Skaven: damage (D6)',
    );
  });
  it('scripted: refuses a value the die cannot show', () => {
    expect(() => new ScriptedDice([7]).roll(req(1, 6))).toThrow(
      'dice script entry 1 (7): 7 is impossible on D6 (expected 1..6) for Helmut: test',
    );
    expect(() => new ScriptedDice([1]).roll(req(2, 6))).toThrow(ImpossibleRollError);
  });
  it('entered by a person: a total or each die; nonsense refused with the reason', () => {
    expect(readRollEntry(req(1, 100), '00')).toBe(100);
    expect(readRollEntry(req(1, 100), '45')).toBe(45);
    expect(readRollEntry(req(2, 6), '3 4')).toBe(7);
    expect(readRollEntry(req(2, 6), '3+4')).toBe(7);
    expect(readRollEntry(req(2, 6), '7')).toBe(7);
    expect(() => readRollEntry(req(2, 6), '13')).toThrow('13 is impossible on 2D6 (expected 2..12)');
    expect(() => readRollEntry(req(2, 6), '3 7')).toThrow('7 is impossible on D6');
    expect(() => readRollEntry(req(2, 6), '1 2 3')).toThrow('3 dice given, 2 asked');
    expect(() => readRollEntry(req(1, 6), 'six')).toThrow("'six' is not a number");
    expect(() => readRollEntry(req(1, 6), '0')).toThrow('0 is impossible on D6');
  });
  it('reads a --dice list', () => {
    expect(parseDiceScript('27,4, 00 6')).toEqual(['27', '4', '00', '6']);
    expect(() => parseDiceScript('27,x')).toThrow("dice script: 'x' is not a whole number");
  });
});

/** The generator Fray used up to issue 19: pure-rand's xoroshiro128+, seeded as src/dice/rng.ts seeds it. */
function pureRandGenerator(seed: number): RandomGenerator {
  const splitmix32 = (x: number) => {
    let z = (x + 0x9e3779b9) | 0;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) | 0;
  };
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 0x100000000) >>> 0;
  const a = splitmix32(lo);
  const b = splitmix32(a ^ hi);
  const c = splitmix32(b ^ 0x632be59b);
  const d = splitmix32(c ^ lo);
  return xoroshiro128plus.fromState([a | 1, b, c, d]);
}
