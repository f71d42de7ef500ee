// The OpenQuest play tests' scene: an attacker with a longsword against a defender with a short
// sword and a small shield in leather, the dice that give each result of a roll, and the state
// read back.
import type { OqState } from '../../src/rulesets/openquest/state.js';
import { playerOf } from '../script.js';

export const ATT =
  '{ name: Att, characteristics: { STR: 10, CON: 12, SIZ: 10, DEX: 14, INT: 12, POW: 11, CHA: 10 }, skills: { close: 60, dodge: 30 }, weapons: [longsword] }';
export const DEF =
  '{ name: Def, characteristics: { STR: 10, CON: 12, SIZ: 12, DEX: 10, INT: 12, POW: 12, CHA: 10 }, skills: { close: 50, dodge: 40, resilience: 50 }, weapons: [shortsword, small-shield], armour: [leather] }';

export function duel(att = ATT, def = DEF, head = '', more = ''): string {
  return `ruleset: openquest\n${head}\nsides:\n  - name: A\n    players: true\n    combatants:\n      - ${att}\n${more}  - name: D\n    combatants:\n      - ${def}\n`;
}

export const oq = (r: { state: unknown }) => r.state as OqState;
export const fight = playerOf<OqState>({});

/** D100s that give each result of the attacker's roll and of the defender's parry, as the tests below set them. */
export const ROLL = { critical: 11, success: 30, failure: 70, fumble: 77 } as const;
export const PARRY = { critical: 22, success: 40, failure: 60, fumble: 88 } as const;
