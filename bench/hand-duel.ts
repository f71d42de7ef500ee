// The reference duel written by hand, with no engine: the floor `npm run bench` measures the engine
// against (issue 19). It plays the rules of data/wfrp1e/examples/reference-duel-sudden-death.yaml
// (the warrior against the orc, Sudden Death criticals, no fumbles, nobody parries) and draws its
// dice from xoroshiro128+ stepped on local variables, one die at a time with nothing allocated, in
// the engine's order: so it gives the engine's winner and rounds for the same stream, which
// test/hand-duel.test.ts checks, and the ratio between the two is the engine's own cost.
import { reverseD100 } from '../src/dice/d100.js';

/** Sudden Death: a critical of +1 … +6 kills on D100 at or above these (§ Critical Hits). */
const SUDDEN = [51, 41, 31, 21, 10, 1];

/**
 * Plays one duel from the generator words `s` (Rng.words(): s01, s00, s11, s10), which it advances
 * in place. Returns (rounds << 2) | (winner + 1): winner 0 the warrior, 1 the orc, −1 a draw at
 * the engine's cap of 100 rounds.
 */
export function handDuel(s: Int32Array): number {
  let s01 = s[0] as number;
  let s00 = s[1] as number;
  let s11 = s[2] as number;
  let s10 = s[3] as number;
  // xoroshiro128+ and pure-rand's rejection sampling, as src/dice/rng.ts has them.
  const die = (sides: number): number => {
    const allowed = sides > 2 ? Math.floor(0x100000000 / sides) * sides : 0x100000000;
    for (;;) {
      const out = (s00 + s10) | 0;
      const a0 = s10 ^ s00;
      const a1 = s11 ^ s01;
      const n00 = (s00 << 24) ^ (s01 >>> 8) ^ a0 ^ (a0 << 16);
      s01 = (s01 << 24) ^ (s00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16));
      s00 = n00;
      s10 = (a1 << 5) ^ (a0 >>> 27);
      s11 = (a0 << 5) ^ (a1 >>> 27);
      const v = out + 0x80000000;
      if (v < allowed) return (v % sides) + 1;
    }
  };
  // The warrior (WS 41, S 3, T 3, W 7, I 40; sword, mail shirt on the body) and the orc (WS 33, S 3, T 4, W 7, I 20; axe).
  let w0 = 7;
  let w1 = 7;
  let won0 = false;
  let won1 = false;
  let winner = -1;
  let round = 0;
  while (winner < 0 && round < 100) {
    round++;
    let dealt0 = 0;
    let dealt1 = 0;
    // Effective Initiative: I, +10 for the winner; the warrior's 40 is never behind the orc's 30.
    for (let a = 0; a < 2 && winner < 0; a++) {
      const WS = a === 0 ? 41 : 33;
      const toHit = a === 0 ? 41 + (won0 ? 10 : 0) : 33 + (won1 ? 10 : 0);
      const roll = die(100);
      if (roll > toHit) continue;
      const loc = reverseD100(roll);
      let d = die(6);
      let total = d;
      if (d === 6 && die(100) <= WS) {
        let n = 1;
        do {
          d = die(6);
          total += d;
          n++;
        } while (d === 6 && n < 100);
      }
      // D6 + S 3 − T (3 or 4), less the mail shirt's 1 AP on the warrior's body (reversed 56-80).
      const armour = a === 1 && loc >= 56 && loc <= 80 ? 1 : 0;
      const wounds = Math.max(0, total + 3 - (a === 0 ? 4 : 3) - armour);
      const before = a === 0 ? w1 : w0;
      const left = before - wounds;
      if (a === 0) {
        dealt0 += wounds;
        w1 = Math.max(0, left);
      } else {
        dealt1 += wounds;
        w0 = Math.max(0, left);
      }
      if (left < 0 && die(100) >= (SUDDEN[Math.min(-left, 6) - 1] as number)) winner = a;
    }
    won0 = dealt0 > dealt1;
    won1 = dealt1 > dealt0;
  }
  s[0] = s01;
  s[1] = s00;
  s[2] = s11;
  s[3] = s10;
  return (round << 2) | (winner + 1);
}
