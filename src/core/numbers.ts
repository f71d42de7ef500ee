// The one number most rulings set: a combatant's wounds, hit points or endurance, from 0 (or
// below, where the rules go there) to its full value.
import type { SettableNumber } from './rulings.js';

export function healthNumber(
  name: string,
  about: string,
  get: () => number,
  set: (v: number) => void,
  min: number,
  max: number,
): SettableNumber {
  return { name, value: get(), min, max, about: `${about} (${min}..${max})`, set };
}
