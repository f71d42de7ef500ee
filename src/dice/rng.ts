/** Largest seed we accept: any safe integer, so `Date.now()` works as a seed. */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;

export class SeedError extends Error {}

/** Checks a seed given by a person or a file. */
export function checkSeed(seed: number): number {
  if (!Number.isSafeInteger(seed) || seed < 0) {
    throw new SeedError(`seed must be a whole number 0..${MAX_SEED}, got ${String(seed)}`);
  }
  return seed;
}

// splitmix32 spreads a 53-bit seed over the 128-bit state, so nearby seeds give unrelated streams.
function splitmix32(x: number): number {
  x = (x + 0x9e3779b9) | 0;
  let z = x;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) | 0;
}

/**
 * A seeded source of unbiased whole numbers. Mutable: each call advances it.
 *
 * xoroshiro128+ (Blackman and Vigna), kept as four 32-bit halves: s01:s00 is the first 64-bit
 * word, s11:s10 the second. The same steps, the same outputs and the same rejection sampling as
 * pure-rand's xoroshiro128plus, which Fray used before, so every seed gives the dice it always
 * gave (test/rng.test.ts compares them); written out here so that a die costs no call through an
 * object and no allocation.
 */
export class Rng {
  private constructor(
    private s01: number,
    private s00: number,
    private s11: number,
    private s10: number,
  ) {}

  static seeded(seed: number): Rng {
    checkSeed(seed);
    const lo = seed >>> 0;
    const hi = Math.floor(seed / 0x100000000) >>> 0;
    const a = splitmix32(lo);
    const b = splitmix32(a ^ hi);
    const c = splitmix32(b ^ 0x632be59b);
    const d = splitmix32(c ^ lo);
    // xoroshiro's state must not be all zeros.
    return new Rng(a | 1, b, c, d);
  }

  /** The next 32 bits, as a signed integer. */
  private next(): number {
    const s00 = this.s00;
    const s01 = this.s01;
    const out = (s00 + this.s10) | 0;
    const a0 = this.s10 ^ s00;
    const a1 = this.s11 ^ s01;
    this.s00 = (s00 << 24) ^ (s01 >>> 8) ^ a0 ^ (a0 << 16);
    this.s01 = (s01 << 24) ^ (s00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16));
    this.s10 = (a1 << 5) ^ (a0 >>> 27);
    this.s11 = (a0 << 5) ^ (a1 >>> 27);
    return out;
  }

  /** Unbiased integer in [from, to], with to − from below 2^32 (rejection sampling, no modulo bias). */
  int(from: number, to: number): number {
    const size = to - from + 1;
    if (!(size >= 1 && size <= 0x100000000)) throw new RangeError(`bad range ${from}..${to}`);
    // Draws at or above the largest multiple of `size` are thrown away, as pure-rand does.
    const allowed = size > 2 ? Math.floor(0x100000000 / size) * size : 0x100000000;
    let v = this.next() + 0x80000000;
    while (v >= allowed) v = this.next() + 0x80000000;
    return (v % size) + from;
  }

  /** One die with `sides` faces: 1..sides. */
  die(sides: number): number {
    return this.int(1, sides);
  }

  clone(): Rng {
    return new Rng(this.s01, this.s00, this.s11, this.s10);
  }

  /** The four 32-bit words of the state (s01, s00, s11, s10): for a hand-written loop to draw the same stream. */
  words(): [number, number, number, number] {
    return [this.s01, this.s00, this.s11, this.s10];
  }

  /** Advances this generator by 2^64 draws: the start of the next independent substream. */
  jump(): void {
    let n01 = 0;
    let n00 = 0;
    let n11 = 0;
    let n10 = 0;
    for (const word of JUMP) {
      for (let mask = 1; mask !== 0; mask <<= 1) {
        if (word & mask) {
          n01 ^= this.s01;
          n00 ^= this.s00;
          n11 ^= this.s11;
          n10 ^= this.s10;
        }
        this.next();
      }
    }
    this.s01 = n01;
    this.s00 = n00;
    this.s11 = n11;
    this.s10 = n10;
  }
}

/** xoroshiro128+'s jump polynomial, 2^64 steps at once, as 32-bit words. */
const JUMP = [0xd8f554a5, 0xdf900294, 0x4b3201fc, 0x170865df] as const;

/**
 * Independent substreams of one seed: stream i starts 2^64·i draws into the seed's sequence,
 * so no fight can ever consume another's dice. Reading streams in rising order costs one jump
 * each; going back restarts from the root.
 */
export class Streams {
  private readonly root: Rng;
  private cursor: Rng;
  private cursorIndex = 0;

  constructor(readonly seed: number) {
    this.root = Rng.seeded(seed);
    this.cursor = this.root.clone();
  }

  stream(index: number): Rng {
    if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`bad stream index ${index}`);
    if (index < this.cursorIndex) {
      this.cursor = this.root.clone();
      this.cursorIndex = 0;
    }
    while (this.cursorIndex < index) {
      this.cursor.jump();
      this.cursorIndex++;
    }
    return this.cursor.clone();
  }
}
