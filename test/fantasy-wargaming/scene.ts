// The Fantasy Wargaming play tests' scene: two broadswordsmen (or what a test makes them), morale
// off unless a test turns it on, and their state read back.
import type { FwState } from '../../src/rulesets/fantasy-wargaming/state.js';
import { playerOf } from '../script.js';

// WF 4 with the broadsword (agility 12 − 9 = 3 → 2, + 2 combat level); adjusted damage 1D8+1.
export const fighter = (name: string, more = '') =>
  `{ name: ${name}, characteristics: { physique: 12, agility: 12, endurance: 12, intelligence: 11, bravery: 11 }, combatLevel: 2, weapons: [broadsword]${more} }`;

export function duel(a = fighter('Ann'), b = fighter('Bob'), head = ''): string {
  return `ruleset: fantasy-wargaming\n${head}\nsides:\n  - name: A\n    players: true\n    combatants:\n      - ${a}\n  - name: B\n    combatants:\n      - ${b}\n`;
}
export const NO_MORALE = { morale: 'off' };
export const fw = (r: { state: unknown }) => r.state as FwState;
export const play = playerOf<FwState>(NO_MORALE);
/** A fighter's endurance as the fight left it. */
export const en = (r: { state: unknown }, name: string) =>
  fw(r).combatants.find((f) => f.name === name)?.endurance;
