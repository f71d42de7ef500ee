// Every way the dice of a piece of the engine can fall, with its chance: the engine's own function
// run once per sequence of rolls (an odometer over the rolls it asks for), so that an exact chain
// follows a rule by calling it, never by a second copy of it. Choices take the tactics' pick.
import { FightContext, type Driver } from './context.js';
import type { AmountRequest, ChoiceRequest, RollRequest } from './request.js';

/** P(total = k) for `count` dice of `sides`: index k - count. */
function totals(count: number, sides: number): number[] {
  let dist = [1];
  for (let n = 0; n < count; n++) {
    const next = new Array<number>(dist.length + sides - 1).fill(0);
    for (let i = 0; i < dist.length; i++)
      for (let d = 0; d < sides; d++) next[i + d] = (next[i + d] as number) + (dist[i] as number) / sides;
    dist = next;
  }
  return dist;
}

/** One roll of a run: its dice and which total (index into `p`) it gives this time. */
interface Wheel {
  readonly count: number;
  readonly p: readonly number[];
  at: number;
}

/** Answers each roll from the odometer: the wheels met before, then a new wheel at its first total. */
class Odometer implements Driver {
  wheels: Wheel[] = [];
  next = 0;
  roll(req: RollRequest): number {
    let w = this.wheels[this.next];
    if (!w) {
      w = { count: req.count, p: totals(req.count, req.sides), at: 0 };
      this.wheels.push(w);
    } else if (w.count !== req.count || w.p.length !== req.count * (req.sides - 1) + 1) {
      // The same prefix of totals must ask for the same dice: a function that does not is not replayable.
      throw new Error(`enumerated dice: roll ${this.next + 1} asked for other dice on replay (${req.label})`);
    }
    this.next++;
    return w.count + w.at;
  }
  choose(req: ChoiceRequest): string {
    return req.suggested;
  }
  amount(req: AmountRequest): number {
    return req.suggested;
  }
}

/** The most runs `enumerateDice` makes before it gives up (a function that rolls without end). */
export const MAX_RUNS = 2_000_000;

/**
 * Runs `run` once for every sequence of totals its rolls can show, each with a fresh context whose
 * dice follow the sequence, and returns what each run gave with its chance (runs with a chance of
 * 0 are skipped). `run` must be replayable: the same totals so far, the same next roll. Its results
 * are not merged: the caller keys them.
 */
export function enumerateDice<T>(run: (ctx: FightContext) => T): { value: T; p: number }[] {
  const od = new Odometer();
  const out: { value: T; p: number }[] = [];
  for (let runs = 0; ; runs++) {
    if (runs >= MAX_RUNS) throw new Error(`enumerated dice: more than ${MAX_RUNS} runs`);
    od.next = 0;
    const ctx = new FightContext([], od, false, false, false);
    const value = run(ctx);
    // Rolls not reached this time (a shorter run) are dropped from the odometer.
    od.wheels.length = od.next;
    let p = 1;
    for (const w of od.wheels) p *= w.p[w.at] as number;
    if (p > 0) out.push({ value, p });
    // Turn the last wheel; a wheel that has shown every total is dropped and the one before turns.
    let i = od.wheels.length - 1;
    while (i >= 0) {
      const w = od.wheels[i] as Wheel;
      if (w.at + 1 < w.p.length) {
        w.at++;
        break;
      }
      od.wheels.pop();
      i--;
    }
    if (i < 0) return out;
  }
}
