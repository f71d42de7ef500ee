/** Largest seed we accept: any safe integer, so `Date.now()` works as a seed. */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;

/** A seed that is not a whole number 0..2^53 − 1. */
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

  /** The generator a seed (a whole number 0 to 2⁵³ − 1) starts; throws SeedError for any other. */
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

  /** A copy at the same place in the sequence, which goes on apart from this one. */
  clone(): Rng {
    return new Rng(this.s01, this.s00, this.s11, this.s10);
  }

  /** The four 32-bit words of the state (s01, s00, s11, s10): for a hand-written loop to draw the same stream. */
  words(): [number, number, number, number] {
    return [this.s01, this.s00, this.s11, this.s10];
  }

  /** Advances this generator by 2^64 draws: the start of the next independent substream. */
  jump(): void {
    this.leap(JUMP);
  }

  /**
   * Sets the state to q(T)·state, where T is one step and q the polynomial whose coefficients are
   * the 128 bits of `poly` (x^0 first, as 32-bit words): x^(2^64) mod the characteristic
   * polynomial is one jump, any power of it that many jumps, for the price of one.
   */
  private leap(poly: readonly number[]): void {
    let n01 = 0;
    let n00 = 0;
    let n11 = 0;
    let n10 = 0;
    for (const word of poly) {
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

  /** Advances this generator by 2^64·n draws (n jumps) in time logarithmic in n. */
  jumps(n: number): void {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`bad jump count ${n}`);
    if (n > 0) this.leap(wordsOf(jumpPower(n)));
  }

  /**
   * One step's characteristic polynomial (degree 128, bit k the coefficient of x^k): the minimal
   * polynomial (Berlekamp–Massey) of one state bit over 256 steps, which for a generator of full
   * period is the characteristic polynomial itself.
   */
  static characteristic(): bigint {
    const probe = new Rng(0x9e3779b9, 0x7f4a7c15, 0x85ebca6b, 0xc2b2ae35);
    const bits: number[] = [];
    for (let i = 0; i < 256; i++) {
      bits.push(probe.s00 & 1);
      probe.next();
    }
    return reciprocal(berlekampMassey(bits), 128);
  }
}

// ------------------------------------------------------------------ polynomials over GF(2)
// A polynomial is a bigint whose bit k is the coefficient of x^k.

/** The connection polynomial C (bit j: c_j, c_0 = 1) of the shortest linear recurrence making `bits`. */
function berlekampMassey(bits: readonly number[]): bigint {
  let c = 1n;
  let b = 1n;
  let length = 0;
  let shift = 1;
  for (let n = 0; n < bits.length; n++) {
    let d = bits[n] as number;
    for (let j = 1; j <= length; j++) if ((c >> BigInt(j)) & 1n) d ^= bits[n - j] as number;
    if (d === 0) {
      shift++;
      continue;
    }
    const t = c;
    c ^= b << BigInt(shift);
    if (2 * length <= n) {
      length = n + 1 - length;
      b = t;
      shift = 1;
    } else shift++;
  }
  return c;
}

/** x^degree · p(1/x): the characteristic polynomial from a connection polynomial. */
function reciprocal(p: bigint, degree: number): bigint {
  let out = 0n;
  for (let k = 0; k <= degree; k++) if ((p >> BigInt(k)) & 1n) out |= 1n << BigInt(degree - k);
  return out;
}

/** a·b mod m, carry-less (both below m's degree). */
function mulMod(a: bigint, b: bigint, m: bigint, degree: number): bigint {
  let product = 0n;
  for (let k = 0; b >> BigInt(k) !== 0n; k++) if ((b >> BigInt(k)) & 1n) product ^= a << BigInt(k);
  for (let k = 2 * degree; k >= degree; k--)
    if ((product >> BigInt(k)) & 1n) product ^= m << BigInt(k - degree);
  return product;
}

let characteristicPoly: bigint | null = null;

/** x^(2^64·n) mod the characteristic polynomial: n jumps as one polynomial, by squaring. */
export function jumpPower(n: number): bigint {
  characteristicPoly ??= Rng.characteristic();
  const m = characteristicPoly;
  let base = polyOfWords(JUMP);
  let out = 1n;
  for (let e = BigInt(n); e > 0n; e >>= 1n) {
    if (e & 1n) out = mulMod(out, base, m, 128);
    base = mulMod(base, base, m, 128);
  }
  return out;
}

/** The polynomial of four 32-bit words (x^0 at the first word's lowest bit). */
export function polyOfWords(words: readonly number[]): bigint {
  let out = 0n;
  words.forEach((w, i) => (out |= BigInt(w >>> 0) << BigInt(32 * i)));
  return out;
}

function wordsOf(p: bigint): number[] {
  return [0, 1, 2, 3].map((i) => Number((p >> BigInt(32 * i)) & 0xffffffffn) | 0);
}

/** xoroshiro128+'s jump polynomial, 2^64 steps at once, as 32-bit words. */
export const JUMP = [0xd8f554a5, 0xdf900294, 0x4b3201fc, 0x170865df] as const;

/** Past this many streams ahead, one leap from the root is cheaper than a jump for each. */
const STEP_AHEAD = 64;

/**
 * Independent substreams of one seed: stream i starts 2^64·i draws into the seed's sequence,
 * so no fight can ever consume another's dice. Reading streams in rising order costs one jump
 * each; any other stream (back, or far ahead: the last shard of a billion runs) is reached from
 * the root in one leap, computed in time logarithmic in its index.
 */
export class Streams {
  private readonly root: Rng;
  private cursor: Rng;
  private cursorIndex = 0;

  /** @param seed - The seed every stream comes from (a whole number 0 to 2⁵³ − 1). */
  constructor(readonly seed: number) {
    this.root = Rng.seeded(seed);
    this.cursor = this.root.clone();
  }

  /** Stream `index` (a whole number from 0), from its start: fight i of a simulation rolls on stream i. */
  stream(index: number): Rng {
    if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`bad stream index ${index}`);
    const ahead = index - this.cursorIndex;
    if (ahead < 0 || ahead > STEP_AHEAD) {
      this.cursor = this.root.clone();
      this.cursor.jumps(index);
    } else for (let i = 0; i < ahead; i++) this.cursor.jump();
    this.cursorIndex = index;
    return this.cursor.clone();
  }
}
