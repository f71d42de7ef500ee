import { xoroshiro128plus, unsafeUniformIntDistribution, type RandomGenerator } from 'pure-rand';

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

function rootGenerator(seed: number): RandomGenerator {
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 0x100000000) >>> 0;
  const a = splitmix32(lo);
  const b = splitmix32(a ^ hi);
  const c = splitmix32(b ^ 0x632be59b);
  const d = splitmix32(c ^ lo);
  // xoroshiro's state must not be all zeros.
  return xoroshiro128plus.fromState([a | 1, b, c, d]);
}

/** A seeded source of unbiased whole numbers. Mutable: each call advances it. */
export class Rng {
  private constructor(private readonly gen: RandomGenerator) {}

  static seeded(seed: number): Rng {
    return new Rng(rootGenerator(checkSeed(seed)));
  }

  /** Unbiased integer in [from, to] (rejection sampling, no modulo bias). */
  int(from: number, to: number): number {
    return unsafeUniformIntDistribution(from, to, this.gen);
  }

  /** One die with `sides` faces: 1..sides. */
  die(sides: number): number {
    return unsafeUniformIntDistribution(1, sides, this.gen);
  }

  clone(): Rng {
    return new Rng(this.gen.clone());
  }

  /** Advances this generator by 2^64 draws: the start of the next independent substream. */
  jump(): void {
    // xoroshiro128plus always has unsafeJump; the interface marks it optional.
    (this.gen.unsafeJump as () => void).call(this.gen);
  }
}

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
